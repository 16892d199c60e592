import Foundation
import Testing

/// Sync through a git repository (PRODUCT.md §15): a bare repository on this machine, one clone
/// per home; `sync init CLONE --git` on the first, `sync join CLONE` (git found by itself) on the
/// others; and a push race, two machines committing before either pulled: the second push is
/// refused, pulled (rebase) and pushed again, nothing forced.
@Suite("Sync through a git repository", .serialized)
struct SyncGitEndToEndTests {
    /// Runs git for the test's own set-up and checks, as a person would.
    @discardableResult
    private func git(_ arguments: [String], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com",
                             "-c", "init.defaultBranch=main"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw HarnessError("git \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A bare repository (empty, as a person makes one) and a clone of it for each machine.
    private func repository(_ group: SyncGroup, clones: [String]) throws -> String {
        let bare = group.place.path("remote.git")
        try git(["init", "--quiet", "--bare", bare], in: group.place.root.path)
        for clone in clones { try git(["clone", "--quiet", bare, group.place.path(clone)], in: group.place.root.path) }
        return bare
    }

    private func filesOnRemote(_ bare: String) throws -> [String] {
        try git(["ls-tree", "-r", "--name-only", "HEAD"], in: bare).split(separator: "\n").map(String.init)
    }

    @Test("Three clones of one bare repository: changes on each, equal export documents, every file pushed")
    func threeClones() throws {
        let group = try SyncGroup()
        let bare = try repository(group, clones: ["laptop", "desk", "server"])
        let laptop = try SyncMachine("laptop"), desk = try SyncMachine("desk"), server = try SyncMachine("server")

        try laptop.succeed(["add", "Netflix", "15.99", "--start", "2026-01-05"])
        try laptop.succeed(["category", "add", "Films"])
        try group.initialize(laptop, folder: group.place.path("laptop"), extra: ["--git"])
        #expect(try filesOnRemote(bare).contains("subs-sync.json"))
        try desk.succeed(["add", "Gym", "30", "--start", "2025-12-01"])
        try group.join(desk, folder: group.place.path("desk"))
        try group.join(server, folder: group.place.path("server"))
        try laptop.sync()
        #expect(try server.names() == ["Gym", "Netflix"])
        #expect(try laptop.names() == ["Gym", "Netflix"])

        try desk.succeed(["edit", "netflix", "--amount", "17.99", "--effective", "2026-03-05", "--today", "2026-02-01"])
        try laptop.succeed(["cancel", "gym", "--on", "2026-06-01", "--today", "2026-02-01"])
        try server.succeed(["category", "rename", "Films", "Movies"])
        try server.succeed(["config", "set", "budget", "90"])
        try laptop.succeed(["rates", "set", "EUR", "1.08"])
        try desk.sync()
        try server.sync()
        try laptop.sync()
        try server.succeed(["delete", "gym", "--yes"])
        try desk.succeed(["add", "Hulu", "7.99", "--start", "2026-02-01"])

        #expect(try SyncGroup.syncUntilQuiet([laptop, server, desk]))
        try expectSameDocuments([laptop, desk, server])
        #expect(try desk.names() == ["Hulu", "Netflix"])
        // Every machine's files are on the remote, and nothing of theirs is left uncommitted.
        let remote = try filesOnRemote(bare).filter { $0.hasSuffix(".subs") }
        let devices = Set(remote.map { $0.split(separator: "/")[0] })
        #expect(devices.count == 3, "\(remote)")
        for clone in ["laptop", "desk", "server"] {
            #expect(try git(["status", "--porcelain"], in: group.place.path(clone)).isEmpty, "\(clone)")
        }
    }

    @Test("A push race: the desk commits before it sees the laptop's push; its push is refused, pulled and retried",
          arguments: [true, false])
    func pushRace(gitIdentityConfigured: Bool) throws {
        let group = try SyncGroup()
        let bare = try repository(group, clones: ["laptop", "desk"])
        let laptop = try SyncMachine("laptop"), desk = try SyncMachine("desk")
        if gitIdentityConfigured {
            // As most people have; without it, subs commits as "subs" by itself.
            for machine in [laptop, desk] {
                try machine.sandbox.write("[user]\n\tname = \(machine.name)\n\temail = \(machine.name)@example.com\n",
                                          to: machine.sandbox.home.path + "/.gitconfig")
            }
        }
        try laptop.succeed(["add", "Netflix", "15.99", "--start", "2026-01-05"])
        try group.initialize(laptop, folder: group.place.path("laptop"), extra: ["--git"])
        try group.join(desk, folder: group.place.path("desk"))

        try laptop.succeed(["add", "Spotify", "9.99", "--start", "2026-01-10"])
        try desk.succeed(["add", "Gym", "30", "--start", "2025-12-01"])

        // The desk's `subs sync` finds `git` on PATH: a wrapper that, at its first push (after
        // the desk pulled and committed), lets the laptop's whole `subs sync` run and push first.
        let realGit = try #require(Tools.find("git"))
        let subs = try SubsBinary.url().path
        let wrapperDirectory = group.place.path("bin")
        try FileManager.default.createDirectory(atPath: wrapperDirectory, withIntermediateDirectories: false)
        let marker = group.place.path("raced"), failed = group.place.path("laptop-failed")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let script = """
            #!/bin/sh
            case " $* " in
              *" push "*)
                if [ ! -e '\(marker)' ]; then
                  : > '\(marker)'
                  env -i PATH='\(path)' HOME='\(laptop.sandbox.home.path)' SUBS_TESTING_FAST_VAULT_KDF=1 \\
                    '\(subs)' sync > /dev/null 2>&1 || : > '\(failed)'
                fi ;;
            esac
            exec '\(realGit.path)' "$@"

            """
        try group.place.write(script, to: wrapperDirectory + "/git", mode: 0o755)
        let before = try git(["rev-list", "--count", "HEAD"], in: bare)
        let raced = try desk.succeed(["sync"], environment: ["PATH": wrapperDirectory + ":" + path])
        #expect(FileManager.default.fileExists(atPath: marker), "the desk never pushed")
        #expect(!FileManager.default.fileExists(atPath: failed), "the laptop's sync inside the race failed")
        // The desk applied what came with the pull before its second push.
        #expect(try desk.names() == ["Gym", "Netflix", "Spotify"], "\(raced)")
        // Both commits reached the remote, the desk's on top of the laptop's: nothing forced.
        let after = try git(["rev-list", "--count", "HEAD"], in: bare)
        #expect(Int(after.trimmingCharacters(in: .whitespacesAndNewlines)) == Int(before.trimmingCharacters(in: .whitespacesAndNewlines)).map { $0 + 2 })
        let newest = try git(["log", "-2", "--format=", "--name-only", "HEAD"], in: bare)
            .split(separator: "\n").map { $0.split(separator: "/")[0] }
        #expect(Set(newest).count == 2, "\(newest)")

        #expect(try SyncGroup.syncUntilQuiet([laptop, desk]))
        try expectSameDocuments([laptop, desk])
        #expect(try laptop.names() == ["Gym", "Netflix", "Spotify"])
    }
}
