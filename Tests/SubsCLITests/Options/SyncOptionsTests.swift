import Foundation
import Testing
@testable import SubsCLI
@testable import SubscriptionCore

/// The sync passphrase comes from `--sync-passphrase-file` (checked as every passphrase file is)
/// or the terminal; never from an argument, and from a script without the file it is a usage error.
@Suite("Sync passphrase options")
struct SyncOptionsTests {
    let root = NSTemporaryDirectory() + "subs-sync-options-\(UUID().uuidString)"

    private func file(_ contents: String, mode: mode_t) throws -> String {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let path = root + "/pass"
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
        return path
    }

    @Test("The file's first line, without its newline; a file others can read is refused")
    func fromFile() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try file("correct horse\n", mode: 0o600)
        let options = try SyncPassphraseOptions.parse(["--sync-passphrase-file", path])
        #expect(try options.passphrase() == Array("correct horse".utf8))
        #expect(try options.passphrase(confirm: true) == Array("correct horse".utf8))
        chmod(path, 0o644)
        #expect(throws: FileError.self) { try options.passphrase() }
    }

    @Test("No file and no terminal: one usage line naming the option")
    func noTerminal() throws {
        guard isatty(STDIN_FILENO) == 0 else { return }
        let options = try SyncPassphraseOptions.parse([])
        do {
            _ = try options.passphrase()
            Issue.record("a passphrase without a terminal")
        } catch let failure as Failure {
            #expect(failure.exitCode == 64 && failure.message.contains("--sync-passphrase-file"))
        }
    }
}
