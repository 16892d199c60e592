import Foundation
import Testing
import FuzzSupport

/// Backup, restore, import, rekey and undo beside other `subs` processes, and killed at random
/// moments (issue 21): nothing acknowledged is lost, nothing healthy is called damaged, a reader
/// always gets the data. Each test is a few rounds; the seed is printed, and
/// `SUBS_FUZZ_SEED=<seed>` replays a run. (`ConcurrencyTests` has parallel adds,
/// `RekeyTests` rekeys killed after each file change.)
@Suite("Storage beside other processes and under SIGKILL")
struct StorageStressTests {
    private static let today = "2024-06-15"

    /// Runs `subs` commands one after another on a background thread until stopped: what a cron
    /// job or a second terminal does meanwhile.
    final class Loop: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        private var results: [(argument: String, result: ProcessResult?)] = []
        private let finished = DispatchSemaphore(value: 0)

        /// `command(n)` is the n-th command (from 1); its first argument after the command name
        /// is what the result is recorded under.
        init(_ sandbox: Sandbox, _ command: @escaping @Sendable (Int) -> [String]) {
            DispatchQueue.global().async { [self] in
                var index = 0
                while !isStopped {
                    index += 1
                    let arguments = command(index)
                    let result = try? sandbox.run(arguments)
                    lock.withLock { results.append((arguments.count > 1 ? arguments[1] : "", result)) }
                }
                finished.signal()
            }
        }

        private var isStopped: Bool { lock.withLock { stopped } }

        /// How many commands have ended so far.
        var count: Int { lock.withLock { results.count } }

        /// Waits until `count` commands have ended (at most 30 s).
        func wait(for count: Int) {
            for _ in 0..<3000 where self.count < count { usleep(10_000) }
        }

        /// Stops the loop, waits for the command under way, and returns every result.
        func stop() -> [(argument: String, result: ProcessResult?)] {
            lock.withLock { stopped = true }
            finished.wait()
            return lock.withLock { results }
        }
    }

    /// A writer adding "`prefix` 1", "`prefix` 2", ... until stopped.
    private static func writer(_ sandbox: Sandbox, _ prefix: String) -> Loop {
        Loop(sandbox) { ["add", "\(prefix) \($0)", "1.00", "--today", today] }
    }

    /// The adds that exited 0; every other is recorded as an issue (it must wait or retry).
    private static func acknowledged(_ adds: [(argument: String, result: ProcessResult?)]) -> [String] {
        for (name, result) in adds where result?.status != 0 {
            Issue.record("add \(name) failed: \(result.map { "\($0)" } ?? "not run")")
        }
        return adds.filter { $0.result?.status == 0 }.map(\.argument)
    }

    private static func names(_ sandbox: Sandbox, database: String? = nil) throws -> Set<String> {
        let options = database.map { ["--db", $0] } ?? []
        let list = try sandbox.succeed(["list", "--status", "all", "--format", "json", "--today", today] + options)
        return Set(try list.jsonArray().compactMap { $0["name"] as? String })
    }

    private static func backupsDirectory(_ sandbox: Sandbox) -> String {
        (sandbox.databasePath as NSString).deletingLastPathComponent + "/backups"
    }

    private static func automaticBackups(_ sandbox: Sandbox) -> [String] {
        let directory = backupsDirectory(sandbox)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix("auto-") && $0.hasSuffix(".db") }.sorted().map { directory + "/" + $0 }
    }

    /// An export document holding one subscription named `name`, written to a file.
    private static func document(_ sandbox: Sandbox, naming name: String) throws -> String {
        let other = try Sandbox()
        try other.add(name, "4.99")
        let file = sandbox.path("\(name).json")
        try sandbox.write(try other.succeed(["export", "--format", "json"]).stdoutData, to: file)
        return file
    }

    @Test("restore beside a looping writer: every add it acknowledged is in the database or in an automatic backup; nothing fails")
    func restoreBesideAWriter() throws {
        var random = SeededRandom(name: "restoreBesideAWriter")
        let sandbox = try Sandbox()
        try sandbox.add("Base", "1.00")
        let file = sandbox.path("b.db")
        try sandbox.succeed(["backup", file])
        let writers = [Self.writer(sandbox, "First"), Self.writer(sandbox, "Second")]
        for writer in writers { writer.wait(for: 1) }
        for round in 0..<8 {
            random.pause(upTo: 50)
            let result = try sandbox.run(["restore", file, "--yes"])
            #expect(result.status == 0, "round \(round): \(result)")
        }
        let adds = writers.flatMap { Self.acknowledged($0.stop()) }
        var kept = try Self.names(sandbox)
        for backup in Self.automaticBackups(sandbox) { kept.formUnion(try Self.names(sandbox, database: backup)) }
        let lost = adds.filter { !kept.contains($0) }
        #expect(lost.isEmpty, "acknowledged, then lost by a restore: \(lost) of \(adds.count)")
    }

    @Test("backup, import and rekey beside a looping writer: none is called damaged, every acknowledged add is kept")
    func backupImportRekeyBesideAWriter() throws {
        var random = SeededRandom(name: "backupImportRekeyBesideAWriter")
        let sandbox = try Sandbox()
        try sandbox.add("Base", "1.00")
        let writer = Self.writer(sandbox, "Written")
        writer.wait(for: 1)
        var imported: [String] = []
        for round in 0..<3 {
            let name = "Imported \(round)"
            let document = try Self.document(sandbox, naming: name)
            for arguments in [["backup"], ["import", document], ["rekey"]] {
                random.pause(upTo: 100)
                let result = try sandbox.run(arguments)
                #expect(result.status == 0, "round \(round): \(result)")
            }
            imported.append(name)
        }
        let adds = Self.acknowledged(writer.stop())
        let names = try Self.names(sandbox)
        let lost = (adds + imported).filter { !names.contains($0) }
        #expect(lost.isEmpty, "lost: \(lost)")
    }

    @Test("subs list during rekeys always exits 0 with the data")
    func readersDuringRekeys() throws {
        let sandbox = try Sandbox()
        for name in ["Netflix", "Spotify"] { try sandbox.add(name, "9.99") }
        let readers = (0..<3).map { _ in Loop(sandbox) { _ in ["list", "--format", "json", "--today", Self.today] } }
        for round in 0..<8 {
            let rekey = try sandbox.run(["rekey"])
            #expect(rekey.status == 0, "round \(round): \(rekey)")
        }
        let reads = readers.flatMap { $0.stop() }.compactMap { $0.result }
        for list in reads {
            #expect(list.status == 0, "\(list)")
            if list.status == 0 {
                #expect(Set(try list.jsonArray().compactMap { $0["name"] as? String }) == ["Netflix", "Spotify"])
            }
        }
        print("readersDuringRekeys: \(reads.count) reads during 8 rekeys")
    }

    @Test("undo --yes beside a looping writer undoes the newest change, and never says it asked")
    func undoBesideAWriter() throws {
        var random = SeededRandom(name: "undoBesideAWriter")
        let sandbox = try Sandbox()
        try sandbox.add("Base", "1.00")
        let writer = Self.writer(sandbox, "Written")
        writer.wait(for: 1)
        for round in 0..<5 {
            random.pause(upTo: 100)
            let result = try sandbox.run(["undo", "--yes"])
            #expect(result.status == 0 && result.stdout.contains("Undone:"), "round \(round): \(result)")
        }
        _ = Self.acknowledged(writer.stop())
    }

    @Test("backup, restore, import, rekey and undo killed at random moments: the database opens, whole, with nothing lost")
    func killedAtRandomMoments() throws {
        var random = SeededRandom(name: "killedAtRandomMoments")
        let sandbox = try Sandbox()
        for name in ["Netflix", "Spotify", "Hulu"] { try sandbox.add(name, "9.99") }
        let backup = sandbox.path("b.db")
        try sandbox.succeed(["backup", backup])
        let backedUp = try Self.names(sandbox)
        let document = try Self.document(sandbox, naming: "Imported")
        for round in 0..<12 {
            // Something new for undo to take back; the add checks every page first.
            let added = "Extra \(round)"
            try sandbox.add(added, "1.00")
            let before = try Self.names(sandbox)
            let operations: [(String, [String], Set<Set<String>>)] = [
                ("backup", ["backup"], [before]),
                ("restore", ["restore", backup, "--yes"], [before, backedUp]),
                ("import", ["import", document], [before, before.union(["Imported"])]),
                ("rekey", ["rekey"], [before]),
                ("undo", ["undo", "--yes"], [before, before.subtracting([added])]),
            ]
            let (name, arguments, outcomes) = try #require(operations.randomElement(using: &random))
            let running = try sandbox.start(arguments)
            random.pause(upTo: 400)
            kill(running.process.processIdentifier, SIGKILL)
            _ = running.wait()
            let after = try Self.names(sandbox)
            #expect(outcomes.contains(after), "round \(round), \(name) killed: \(after.sorted()) from \(before.sorted())")
        }
        // A rekey that runs to the end removes what killed runs left.
        try sandbox.succeed(["rekey"])
        let directories = [(sandbox.keyPath as NSString).deletingLastPathComponent,
                           (sandbox.databasePath as NSString).deletingLastPathComponent, Self.backupsDirectory(sandbox)]
        let left = directories.flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains(".tmp-") }
        }
        #expect(left.isEmpty, "\(left)")
    }
}

extension SeededRandom {
    /// A pause of up to `milliseconds`.
    mutating func pause(upTo milliseconds: UInt32) {
        usleep(UInt32.random(in: 0...milliseconds, using: &self) * 1000)
    }
}
