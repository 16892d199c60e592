import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import FuzzSupport
#endif

/// Issue 21 on Wallos imports: SIGKILL at random moments leaves no reader child and no copy of
/// the database; mutated files import or are refused in one line, writing nothing; a large but
/// well-formed database is refused for its size. Random tests print their seed; set
/// SUBS_FUZZ_SEED to replay one.
@Suite("Wallos imports under attack")
struct WallosStressTests {
    /// Builds a Wallos file with Tests/wallos/make_backup.py.
    private func backup(_ kind: String, in sandbox: Sandbox) throws -> String {
        let python = try #require(Tools.find("python3"), "python3 builds the Wallos fixtures")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("wallos/make_backup.py").path
        let path = sandbox.path("wallos-\(kind.replacingOccurrences(of: ":", with: "-"))")
        let result = try sandbox.runTool(python, [script, path, kind])
        try #require(result.status == 0, "\(result)")
        return path
    }

    /// The processes reading a Wallos database for `parent`: the child's command line names
    /// its parent.
    private func readers(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry),
                  let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let words = line.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            return words.count >= 3 && words[1] == "--read-wallos-database-in-child" && words[2] == String(parent) ? pid : nil
        }
    }

    private func waitUntil(seconds: Double, _ done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if done() { return true }
            usleep(20_000)
        }
        return done()
    }

    private func temporaryDirectory(in sandbox: Sandbox) throws -> String {
        let path = sandbox.path("tmp")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("SIGKILL at any moment of an import: no reader child survives, no copy of wallos.db is left")
    func killedImports() throws {
        var random = SeededRandom(name: "Wallos kill test")
        let seed = random.seed
        let sandbox = try Sandbox()
        try sandbox.add("Existing", "1.00")
        let temporary = try temporaryDirectory(in: sandbox)
        let files = [try backup("endless", in: sandbox), try backup("zip", in: sandbox), try backup("db", in: sandbox)]
        var childrenKilled = 0
        for round in 0..<14 {
            let endless = round % 2 == 0
            let file = endless ? files[0] : files[1 + Int(random.next() % 2)]
            let running = try sandbox.start(["import", file, "--today", "2026-11-22"], environment: ["TMPDIR": temporary])
            let parent = running.process.processIdentifier
            if endless {
                // Killed while its reader runs a query that never ends.
                _ = waitUntil(seconds: 20) { !readers(of: parent).isEmpty }
                usleep(UInt32(random.next() % 300_000))
                childrenKilled += readers(of: parent).isEmpty ? 0 : 1
            } else {
                usleep(UInt32(random.next() % 900_000))
            }
            kill(parent, SIGKILL)
            // Looked for before waiting: a reader holding a descriptor it inherited would make
            // the wait last as long as the reader.
            let gone = waitUntil(seconds: 5) { readers(of: parent).isEmpty }
            #expect(gone, "seed \(seed), round \(round): the reader outlived its killed parent")
            for survivor in readers(of: parent) { kill(survivor, SIGKILL) }
            _ = running.wait()
            let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
            #expect(left.isEmpty, "seed \(seed), round \(round): left in TMPDIR: \(left)")
        }
        #expect(childrenKilled > 0, "seed \(seed): no round killed a running reader")
        // The database is whole: the next command reads it.
        try sandbox.succeed(["list"])
    }

    @Test("A large but well-formed wallos.db is refused for its size, naming the limit, not as made to crash SQLite")
    func largeDatabase() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Existing", "1.00")
        let database = sandbox.bytes(sandbox.databasePath)
        let result = try sandbox.run(["import", try backup("many:100001", in: sandbox)])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains("wallos.db holds 100001 subscriptions, more than the 100000 subs imports at once"), "\(result)")
        #expect(sandbox.bytes(sandbox.databasePath) == database)
    }

    // MARK: Fuzzing

    @Test("Mutated Wallos files (JSON, CSV, zip, wallos.db) import or are refused in one line (65), writing nothing")
    func mutatedFiles() throws {
        var random = SeededRandom(name: "Wallos fuzz test")
        let seed = random.seed
        let sandbox = try Sandbox()
        try sandbox.add("Existing", "1.00")
        let temporary = try temporaryDirectory(in: sandbox)
        let json = Data(WallosImportTests.householdJSON.utf8)
        let csv = Data("""
            Name,Payment Cycle,Next Payment,Renewal,Category,Payment Method,Paid By,Price,Notes,URL,State,Notifications,Cancellation Date,Active
            Netflix,Monthly,2026-12-05,Automatic,Entertainment,Credit Card,Ana,$15.49,,https://example.com/a,b,Enabled,Enabled,,Yes
            Amazon Prime,Every 3 Months,2027-01-31,Automatic,Shopping,PayPal,Ana,€24.9,two
            lines,,Enabled,Disabled,,Yes
            Hulu,Monthly,2026-08-20,Automatic,Entertainment,Credit Card,Ana,R$7.99,,,Disabled,Enabled,2026-09-30,No
            """.utf8)
        let zip = try #require(sandbox.bytes(try backup("zip", in: sandbox)))
        let database = try #require(sandbox.bytes(try backup("db", in: sandbox)))
        let originals = [("json", json), ("csv", csv), ("zip", zip), ("db", database)]
        let file = sandbox.path("mutant")
        for round in 0..<48 {
            let (kind, original) = originals[round % originals.count]
            let mutant = Data(Mutation.mutate([UInt8](original), random: &random))
            try sandbox.write(mutant, to: file)
            let before = sandbox.bytes(sandbox.databasePath)
            let result = try sandbox.run(["import", file, "--currency", "USD", "--on-duplicate", "add", "--today", "2026-11-22"],
                                         environment: ["TMPDIR": temporary])
            let context = "seed \(seed), round \(round) (\(kind), \(mutant.count) bytes): \(result)"
            #expect(!result.timedOut, "\(context)")
            #expect(result.status == 0 || result.status == 65, "\(context)")
            if result.status != 0 {
                #expect(result.stderrLines.count == 1, "\(context)")
                #expect(sandbox.bytes(sandbox.databasePath) == before, "\(context)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "\(context)")
        }
    }
}
