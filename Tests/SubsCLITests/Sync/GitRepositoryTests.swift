import Foundation
import Testing
@testable import SubsCLI
@testable import SubscriptionCore

/// The sync folder as a git repository: two clones of one bare repository commit a file each;
/// the second push is refused because the first moved the remote, is pulled (rebase) and pushed
/// again, and both files reach the remote without anything forced. Nothing the folder holds
/// runs as a command.
@Suite("Git repository of a sync folder", .serialized)
struct GitRepositoryTests {
    let root = NSTemporaryDirectory() + "subs-git-\(UUID().uuidString)"

    private func cleanUp() { try? FileManager.default.removeItem(atPath: root) }

    /// Runs git for the test's own set-up, as a person would.
    @discardableResult
    private func git(_ arguments: [String], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SyncError.git(command: arguments.joined(separator: " "), status: process.terminationStatus, message: "")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A bare repository with a first commit, and two clones of it.
    private func twoClones() throws -> (bare: String, first: String, second: String) {
        let bare = root + "/remote.git"
        let seed = root + "/seed"
        try FileManager.default.createDirectory(atPath: seed, withIntermediateDirectories: true)
        try git(["init", "--quiet", "--bare", bare], in: root)
        try git(["init", "--quiet"], in: seed)
        try write("{}", to: seed + "/subs-sync.json")
        try git(["add", "subs-sync.json"], in: seed)
        try git(["commit", "--quiet", "-m", "header"], in: seed)
        try git(["push", "--quiet", bare, "HEAD:refs/heads/main"], in: seed)
        try git(["--git-dir", bare, "symbolic-ref", "HEAD", "refs/heads/main"], in: root)
        for clone in ["first", "second"] { try git(["clone", "--quiet", bare, root + "/" + clone], in: root) }
        return (bare, root + "/first", root + "/second")
    }

    @Test("The second push is refused, pulled with rebase and pushed again; both files reach the remote, nothing forced")
    func racingPushes() throws {
        defer { cleanUp() }
        let (bare, first, second) = try twoClones()
        let a = "aaaaaaaaaaaaaaaa/000000000001.subs"
        let b = "bbbbbbbbbbbbbbbb/000000000001.subs"
        try write("a", to: first + "/" + a)
        try write("b", to: second + "/" + b)
        let one = try GitRepository(directory: first)
        let two = try GitRepository(directory: second)
        #expect(one.isRepository && two.isRepository)
        let firstOutcome = try one.syncCommit(paths: [a], message: "subs sync aaaaaaaaaaaaaaaa 1")
        #expect(firstOutcome == .init(committed: true, pushed: true, attempts: 1))
        let pushedFirst = try git(["rev-parse", "main"], in: bare).trimmingCharacters(in: .whitespacesAndNewlines)
        // The second clone has not seen the first's commit: its push is refused.
        try two.commit(paths: [b], message: "subs sync bbbbbbbbbbbbbbbb 1")
        #expect(try two.push() == .rejected)
        let outcome = try two.syncCommit(paths: [b], message: "subs sync bbbbbbbbbbbbbbbb 1")
        #expect(outcome == .init(committed: false, pushed: true, attempts: 2))
        let files = try git(["ls-tree", "-r", "--name-only", "main"], in: bare).split(separator: "\n").map(String.init)
        #expect(Set(files) == ["subs-sync.json", a, b])
        // Nothing forced: the first machine's commit is still in the remote's history.
        try git(["merge-base", "--is-ancestor", pushedFirst, "main"], in: bare)
        let messages = try git(["log", "--format=%s", "main"], in: bare)
        #expect(messages.contains("subs sync aaaaaaaaaaaaaaaa 1") && messages.contains("subs sync bbbbbbbbbbbbbbbb 1"))
        // And the first machine gets the second's file by pulling.
        try one.pullRebase()
        #expect(FileManager.default.fileExists(atPath: first + "/" + b))
    }

    @Test("Both pushing in the same round: syncCommit retries on its own")
    func syncCommitRetries() throws {
        defer { cleanUp() }
        let (bare, first, second) = try twoClones()
        let one = try GitRepository(directory: first)
        let two = try GitRepository(directory: second)
        try write("a", to: first + "/aaaaaaaaaaaaaaaa/000000000001.subs")
        try write("b", to: second + "/bbbbbbbbbbbbbbbb/000000000001.subs")
        _ = try one.syncCommit(paths: ["aaaaaaaaaaaaaaaa/000000000001.subs"], message: "subs sync a 1")
        let outcome = try two.syncCommit(paths: ["bbbbbbbbbbbbbbbb/000000000001.subs"], message: "subs sync b 1")
        #expect(outcome == .init(committed: true, pushed: true, attempts: 2))
        let count = try git(["rev-list", "--count", "main"], in: bare).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(count == "3")
    }

    @Test("Only the given files are committed; nothing to commit is fine; hooks in the folder never run")
    func commitOnlyGivenNoHooks() throws {
        defer { cleanUp() }
        let folder = root + "/alone"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let repository = try GitRepository(directory: folder)
        #expect(!repository.isRepository)
        try repository.initialize()
        #expect(repository.isRepository)
        // A hook in .git/hooks and one where the folder's config points: neither runs.
        let marker = root + "/hook-ran"
        let hook = "#!/bin/sh\ntouch \(marker)\n"
        for path in [folder + "/.git/hooks/pre-commit", folder + "/.git/hooks/post-commit", folder + "/hooks/post-commit"] {
            try write(hook, to: path)
            chmod(path, 0o755)
        }
        try git(["config", "core.hooksPath", folder + "/hooks"], in: folder)
        try write("x", to: folder + "/0123456789abcdef/000000000001.subs")
        try write("not ours", to: folder + "/notes.txt")
        #expect(try repository.commit(paths: ["0123456789abcdef/000000000001.subs"], message: "subs sync 0123456789abcdef 1"))
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(try git(["ls-files"], in: folder) == "0123456789abcdef/000000000001.subs\n")
        #expect(try !repository.commit(paths: ["0123456789abcdef/000000000001.subs"], message: "again"))
        // No remote: nothing to pull or push, and that is fine.
        try repository.pullRebase()
        #expect(try repository.push() == .noRemote)
        #expect(try repository.syncCommit(paths: [], message: "x") == .init(committed: false, pushed: false, attempts: 1))
        // A removed file is committed as removed.
        try FileManager.default.removeItem(atPath: folder + "/0123456789abcdef/000000000001.subs")
        #expect(try repository.commit(paths: ["0123456789abcdef/000000000001.subs"], message: "subs sync compact"))
        #expect(try git(["ls-files"], in: folder) == "")
    }

    @Test("A failure is reported as data: the command, its exit status and the last line git said")
    func failures() throws {
        defer { cleanUp() }
        let folder = root + "/broken"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let repository = try GitRepository(directory: folder)
        try repository.initialize()
        try git(["remote", "add", "origin", root + "/no-such-remote.git"], in: folder)
        try write("x", to: folder + "/0123456789abcdef/000000000001.subs")
        do {
            _ = try repository.syncCommit(paths: ["0123456789abcdef/000000000001.subs"], message: "subs sync")
            Issue.record("pushing to a missing remote succeeded")
        } catch SyncError.git(let command, let status, let message) {
            #expect(command == "push" && status != 0 && !message.isEmpty && !message.contains("\n"))
        }
        #expect(throws: SyncError.gitMissing) { try GitRepository(directory: folder, searchPath: root + "/nowhere:relative/bin") }
    }
}
