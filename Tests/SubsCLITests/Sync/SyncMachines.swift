import Foundation
import Testing

// Machines of one sync group for the end-to-end sync tests: each a `subs` with its own home
// (its own database and key), all reaching one shared folder, as Syncthing or Dropbox would
// leave it on each of them. Scrypt is made fast for the debug build.

/// One machine: a home of its own and the `subs` it runs.
final class SyncMachine: @unchecked Sendable {
    let sandbox: Sandbox
    let name: String
    static let fastKDF: [String: String?] = ["SUBS_TESTING_FAST_VAULT_KDF": "1"]

    init(_ name: String) throws {
        self.name = name
        sandbox = try Sandbox()
    }

    @discardableResult
    func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> ProcessResult {
        try sandbox.run(arguments, environment: Self.fastKDF.merging(environment) { $1 })
    }

    @discardableResult
    func succeed(_ arguments: [String], environment: [String: String?] = [:],
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
        try sandbox.succeed(arguments, environment: Self.fastKDF.merging(environment) { $1 }, sourceLocation: sourceLocation)
    }

    func start(_ arguments: [String]) throws -> ProcessRunner.Running {
        try sandbox.start(arguments, environment: Self.fastKDF)
    }

    /// `subs sync`, required to succeed.
    @discardableResult
    func sync(sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
        try succeed(["sync"], sourceLocation: sourceLocation)
    }

    /// The export document without its `exported_at` line: what must be equal on machines that
    /// applied the same files.
    func document(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try succeed(["export", "--format", "json"], sourceLocation: sourceLocation).stdoutLines
            .filter { !$0.contains("\"exported_at\"") }.joined(separator: "\n")
    }

    /// The export document parsed.
    func exported() throws -> [String: Any] {
        try succeed(["export", "--format", "json"]).jsonObject()
    }

    /// The subscriptions' names, sorted.
    func names() throws -> [String] {
        let items = try exported()["subscriptions"] as? [[String: Any]] ?? []
        return items.compactMap { $0["name"] as? String }.sorted()
    }

    /// One subscription of the export document, by name.
    func subscription(_ name: String) throws -> [String: Any]? {
        let items = try exported()["subscriptions"] as? [[String: Any]] ?? []
        return items.first { $0["name"] as? String == name }
    }

    /// The history as JSON.
    func log() throws -> [[String: Any]] {
        try succeed(["log", "--format", "json"]).jsonArray()
    }
}

/// A shared folder, the passphrase file every machine reads, and the machines.
final class SyncGroup: @unchecked Sendable {
    /// Holds the shared folder and the passphrase files (outside every machine's home).
    let place: Sandbox
    let folder: String
    let passphraseFile: String

    init(passphrase: String = "correct horse battery staple") throws {
        place = try Sandbox()
        folder = place.path("share")
        passphraseFile = place.path("passphrase")
        try place.write(passphrase + "\n", to: passphraseFile)
    }

    /// `sync init` of the folder on `machine`.
    @discardableResult
    func initialize(_ machine: SyncMachine, folder: String? = nil, extra: [String] = [],
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
        try machine.succeed(["sync", "init", folder ?? self.folder, "--device", machine.name,
                             "--sync-passphrase-file", passphraseFile] + extra, sourceLocation: sourceLocation)
    }

    /// `sync join` of the folder on `machine`.
    @discardableResult
    func join(_ machine: SyncMachine, folder: String? = nil,
              sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
        try machine.succeed(["sync", "join", folder ?? self.folder, "--device", machine.name,
                             "--sync-passphrase-file", passphraseFile], sourceLocation: sourceLocation)
    }

    /// Syncs the machines in turn, round after round, until a whole round says "Up to date."
    /// on every machine (at most `rounds` rounds); returns whether it got quiet.
    @discardableResult
    static func syncUntilQuiet(_ machines: [SyncMachine], rounds: Int = 5,
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        for _ in 0..<rounds {
            var quiet = true
            for machine in machines {
                let result = try machine.sync(sourceLocation: sourceLocation)
                if result.stdout != "Up to date.\n" { quiet = false }
            }
            if quiet { return true }
        }
        return false
    }

    /// Every file under `directory` (recursively), as paths.
    static func files(under directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        for case let relative as String in enumerator {
            var isDirectory: ObjCBool = false
            let path = directory + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }

    /// The change files of the device directories of the folder, sorted by path.
    func changeFiles() -> [String] {
        Self.files(under: folder).filter { $0.hasSuffix(".subs") && !$0.contains("/.git/") }
    }
}

/// Expects the machines' export documents to be equal (apart from `exported_at`).
func expectSameDocuments(_ machines: [SyncMachine], sourceLocation: SourceLocation = #_sourceLocation) throws {
    guard let first = machines.first else { return }
    let reference = try first.document(sourceLocation: sourceLocation)
    for machine in machines.dropFirst() {
        let document = try machine.document(sourceLocation: sourceLocation)
        let left = reference.split(separator: "\n"), right = document.split(separator: "\n")
        let differing = zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(document == reference,
                "\(first.name) and \(machine.name) differ (\(left.count) and \(right.count) lines), first at line \(differing.map { "\($0.offset + 1): \($0.element.0) | \($0.element.1)" } ?? "end")",
                sourceLocation: sourceLocation)
    }
}
