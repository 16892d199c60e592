import Foundation
import Testing
@testable import SubscriptionCore

/// A fresh directory under the system temporary directory, removed when the value goes away.
/// Each test suite instance (one per test) holds its own, so tests never share files.
final class Scratch {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("subs-core-tests-\(UUID().uuidString.lowercased())", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// A database in a directory that does not exist yet, keyed by a key file in another one.
    var location: StoreLocation {
        StoreLocation(databasePath: path("data/subs/subs.db"), key: .keyFile(path("config/subs/key")))
    }
}

enum Files {
    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Permission bits, e.g. 0o600.
    static func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }

    static func chmod(_ path: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Writes a file with mode 0600 (or `mode`), creating its directory.
    static func write(_ data: Data, to path: String, mode: Int = 0o600) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
        try chmod(path, mode)
    }

    /// Writes a valid key file of 64 lowercase hex digits and a newline.
    static func writeKeyFile(_ path: String, byte: UInt8) throws {
        let hex = String(repeating: String(byte, radix: 16).leftPadded(to: 2), count: 32)
        try write(Data((hex + "\n").utf8), to: path)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

/// A new subscription with every optional field set.
func fullNewSubscription(name: String = "Netflix Premium") throws -> NewSubscription {
    NewSubscription(
        name: name, amount: try DecimalAmount(input: "15.49"), currency: currency("EUR"),
        cycle: cycle(3, .month), startDate: day("2024-01-31"), trialEnd: day("2024-02-14"),
        category: "streaming", url: "https://example.com/account", notes: "family plan, shared with Ana",
        paymentMethod: "Visa ••4242", remindDays: [7, 1], autoRenew: false)
}

func simpleNewSubscription(_ name: String, amount: String = "9.99", start: String = "2024-01-31") throws -> NewSubscription {
    NewSubscription(name: name, amount: try DecimalAmount(input: amount), startDate: day(start))
}

/// A fixed, whole-second instant, since the database stores timestamps to the second.
let fixedNow = Date(timeIntervalSince1970: 1_732_262_400) // 2024-11-22T08:00:00Z

/// Opens the database file directly with the key in `keyFile`, as the `sqlcipher` shell would.
func rawConnection(_ databasePath: String, keyFile: String) throws -> Connection {
    let hex = String(decoding: try Files.bytes(keyFile), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    let connection = try Connection(path: databasePath, create: false)
    var material = Array("x'\(hex)'".utf8)
    try connection.key(with: &material)
    try connection.execute("PRAGMA cipher_page_size = \(EncryptedDatabase.pageSize)")
    return connection
}
