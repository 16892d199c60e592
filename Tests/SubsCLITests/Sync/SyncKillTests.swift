import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `subs sync` killed (SIGKILL) at random moments while many changes wait, on both sides; then
/// `sync` again until quiet: the export documents are equal and every subscription either side
/// had is there (PRODUCT.md §15: a file is written to a temporary name and renamed, applied at
/// most once).
@Suite("Sync killed at random moments", .serialized)
struct SyncKillTests {
    /// An export document of `count` subscriptions named `prefix 1`, `prefix 2`..., made from
    /// `template` (an export document holding one subscription) with new ids, names and amounts.
    private func document(from template: [String: Any], _ prefix: String, count: Int) throws -> Data {
        let model = try #require((template["subscriptions"] as? [[String: Any]])?.first)
        var document = template
        document["subscriptions"] = (1...count).map { index -> [String: Any] in
            var entry = model
            entry["id"] = UUID().uuidString.lowercased()
            entry["name"] = "\(prefix) \(index)"
            if var prices = entry["price_history"] as? [[String: Any]], !prices.isEmpty {
                prices[0]["amount"] = "\(index).\(index % 10)0"
                entry["price_history"] = prices
            }
            return entry
        }
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }

    @Test("Kill -9 during sync, several times on both sides: syncing again converges with nothing lost")
    func killedSyncs() throws {
        let group = try SyncGroup()
        let laptop = try SyncMachine("laptop"), desk = try SyncMachine("desk")
        try laptop.succeed(["add", "Netflix", "15.99", "--start", "2026-01-05"])
        let template = try laptop.exported()
        try group.initialize(laptop)
        try group.join(desk)

        try laptop.sandbox.write(document(from: template, "Laptop", count: 300), to: laptop.sandbox.path("many.json"))
        try laptop.succeed(["import", laptop.sandbox.path("many.json")])
        try desk.sandbox.write(document(from: template, "Desk", count: 120), to: desk.sandbox.path("many.json"))
        try desk.succeed(["import", desk.sandbox.path("many.json")])
        let expected = Set(try laptop.names() + desk.names())
        #expect(expected.count == 421)

        var generator = SystemRandomNumberGenerator()
        var killed = 0
        for attempt in 0..<8 {
            let machine = attempt % 2 == 0 ? laptop : desk
            let running = try machine.start(["sync"])
            usleep(UInt32.random(in: 20_000...700_000, using: &generator))
            if running.process.isRunning {
                kill(running.process.processIdentifier, SIGKILL)
                killed += 1
            }
            let result = running.wait()
            #expect(result.status == 0 || result.status == SIGKILL, "\(result)")
            // Between kills, the other side sometimes syncs in full.
            if attempt == 3 { try desk.sync() }
        }

        #expect(try SyncGroup.syncUntilQuiet([laptop, desk], rounds: 6))
        try expectSameDocuments([laptop, desk])
        let names = Set(try laptop.names())
        #expect(expected.subtracting(names).isEmpty, "lost: \(expected.subtracting(names).sorted().prefix(10))")
        #expect(names == expected)
        #expect(killed >= 0)
    }
}
