import Foundation
import Testing

/// PRODUCT.md §2: "many `subs` processes at once never lose a write".
@Suite("Many processes at once")
struct ConcurrencyTests {
    static let processCount = 8

    /// Starts `processCount` `subs add` at once and returns their results.
    static func addAtOnce(_ sandbox: Sandbox, prefix: String) throws -> [ProcessResult] {
        let running = try (1...processCount).map { index in
            try sandbox.start(["add", "\(prefix) \(index)", "\(index).00", "--today", "2024-06-15"])
        }
        return running.map { $0.wait() }
    }

    /// The race is at creation, so it is tried on a few new machines: one lost write is a bug.
    @Test("8 adds at once on a new machine all succeed and all 8 are listed", arguments: 1...3)
    func parallelAddsOnNewMachine(attempt: Int) throws {
        let sandbox = try Sandbox()
        let results = try Self.addAtOnce(sandbox, prefix: "Parallel")
        for result in results {
            #expect(result.status == 0, "\(result)")
        }
        let list = try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"]).jsonArray()
        #expect(list.count == Self.processCount, "\(list.compactMap { $0["name"] as? String })")
        // One key was made, and it opens the database.
        #expect(sandbox.bytes(sandbox.keyPath)?.count == 65)
    }

    @Test("8 adds at once on an existing database all succeed and all are listed")
    func parallelAddsOnExistingDatabase() throws {
        let sandbox = try Sandbox()
        try sandbox.add("First", "1")
        let results = try Self.addAtOnce(sandbox, prefix: "Parallel")
        for result in results {
            #expect(result.status == 0, "\(result)")
        }
        let list = try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"]).jsonArray()
        #expect(list.count == Self.processCount + 1)
    }
}
