import Foundation

// TEMPORARY: the lead's stand-in until helper F's SyncFolder is merged (same API).

public struct ChangeFileName: Hashable, Sendable {
    public let device: String
    public let sequence: UInt64
    public let path: String
}

public struct SyncFolder: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public static func newDeviceID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    public func changeFiles() throws -> [ChangeFileName] {
        let manager = FileManager.default
        var files: [ChangeFileName] = []
        for device in (try? manager.contentsOfDirectory(atPath: path)) ?? [] where device.count == 16 {
            let directory = path + "/" + device
            for name in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] where name.hasSuffix(".subs") && name.count == 17 {
                guard let sequence = UInt64(name.prefix(12)) else { continue }
                files.append(ChangeFileName(device: device, sequence: sequence, path: directory + "/" + name))
            }
        }
        return files.sorted { ($0.device, $0.sequence) < ($1.device, $1.sequence) }
    }

    public func read(_ file: ChangeFileName) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: file.path))
    }

    public func write(_ sealed: Data, device: String, sequence: UInt64) throws {
        let directory = path + "/" + device
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let name = String(format: "%012llu.subs", sequence)
        let temporary = directory + "/." + name + ".tmp"
        try sealed.write(to: URL(fileURLWithPath: temporary))
        try FileManager.default.moveItem(atPath: temporary, toPath: directory + "/" + name)
    }

    public func remove(device: String, sequences: [UInt64]) throws {
        for sequence in sequences {
            try? FileManager.default.removeItem(atPath: path + "/" + device + "/" + String(format: "%012llu.subs", sequence))
        }
    }
}
