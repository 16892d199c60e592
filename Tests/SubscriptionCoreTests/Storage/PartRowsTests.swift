import Foundation
import Testing
@testable import SubscriptionCore

/// From 2,000 subscriptions on, a store opened with a key file reads the tables of their parts on
/// a second connection, on the other core (`PartRows`): what it reads is what one connection
/// reading everything reads, and when the second cannot be used the first reads it all.
@Suite("Parts read beside the subscriptions")
struct PartRowsTests {
    let scratch = Scratch()

    private var keyFile: String { scratch.path("config/subs/key") }

    /// 2,500 subscriptions, with every kind of part on some: members, a later price, a cancelled
    /// period and a new one on another cycle, charges (with and without an amount), pauses.
    private func filledStore() throws -> SubscriptionStore {
        let store = try SubscriptionStore(location: scratch.location)
        let items = (0..<2_500).map { index in
            var item = subscription(name: "Service \(index)", price: "\(index % 50 + 1).99", start: "2024-01-\(10 + index % 18)")
            if index % 3 == 0 { item.members = [Member(name: "Ayşe", weight: 1), Member(name: "Sam \(index)", weight: 2)] }
            if index % 4 == 0 { item.prices.append(PriceChange(effective: day("2024-09-01"), amount: money("\(index % 30 + 2).49"))) }
            if index % 5 == 0 {
                item.periods = [BillingPeriod(cancelledOn: day("2024-03-01")),
                                BillingPeriod(restartedOn: day("2024-04-01"), cycle: BillingCycle(count: 1, unit: .year))]
            }
            if index % 6 == 0 {
                item.charges = [ChargeRecord(date: day("2024-02-10"), amount: money("3.10")), ChargeRecord(date: day("2024-03-10"), amount: nil)]
            }
            if index % 7 == 0 { item.pauses = [Pause(from: day("2024-05-01"), until: index % 14 == 0 ? nil : day("2024-06-01"))] }
            return ImportedSubscription(record: .path("subscriptions[\(index)]", name: nil), subscription: item)
        }
        _ = try store.apply(ParsedImport(subscriptions: items, categories: []), onDuplicate: .skip, dryRun: false, now: fixedNow)
        return store
    }

    @Test("The store reads every part of 2,500 subscriptions beside them as one connection reads them")
    func besideReadsAsOne() throws {
        let store = try filledStore()
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        let alone = try raw.readTransaction { try SubscriptionRecords(connection: raw).all() }
        #expect(alone.count == 2_500)
        #expect(alone.contains { !$0.pauses.isEmpty } && alone.contains { $0.charges.count == 2 } && alone.contains { $0.periods.count == 2 })
        #expect(try store.subscriptions() == alone)
        // The second connection did read them: with no subscription read on the first, it reads
        // them all, from the highest rowid down.
        let (path, keyFile) = (scratch.location.databasePath, keyFile)
        let beside = try raw.readTransaction { () -> PartRows? in
            _ = try raw.scalar("SELECT max(rowid) FROM subscriptions")
            return PartRows.read(beside: { try rawConnection(path, keyFile: keyFile) }, meeting: MeetingPoint())
        }
        let besideIDs = beside?.subscriptions.map(\.id) ?? []
        let stored = try raw.rows("SELECT id FROM subscriptions ORDER BY rowid").compactMap { $0.text(0) }
        #expect(besideIDs.count == 2_500 && besideIDs == stored.reversed() && Set(stored) == Set(alone.map(\.id)))
    }

    @Test("Prices, charges and pauses stored out of their order are read in it, on one connection and on two")
    func partsOutOfOrder() throws {
        let store = try filledStore()
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        let (first, last) = try raw.readTransaction {
            let all = try SubscriptionRecords(connection: raw).all()
            return (all[0].id, all[2_499].id)
        }
        // Written after the others, so read after them, yet earlier than each.
        for id in [first, last] {
            try raw.run("INSERT INTO price_changes (subscription_id, effective_date, amount_minor) VALUES (?, '2023-06-01', 100)", [.text(id)])
            try raw.run("INSERT INTO charges (subscription_id, charged_on, amount_minor) VALUES (?, '2024-03-01', 5), (?, '2023-12-01', NULL)",
                        [.text(id), .text(id)])
            try raw.run("INSERT INTO pauses (subscription_id, starts_on, ends_on) VALUES (?, '2024-08-01', NULL), (?, '2024-02-01', '2024-03-01')",
                        [.text(id), .text(id)])
        }
        let alone = try raw.readTransaction { try SubscriptionRecords(connection: raw).all() }
        for subscription in [alone[0], alone[2_499]] {
            #expect(subscription.prices.first?.effective == day("2023-06-01"))
            #expect(subscription.prices.map(\.effective) == subscription.prices.map(\.effective).sorted())
            #expect(subscription.charges.map(\.date) == subscription.charges.map(\.date).sorted())
            #expect(subscription.pauses.first?.from == day("2024-02-01") && subscription.pauses.last?.from == day("2024-08-01"))
            #expect(subscription.pauses.map(\.from) == subscription.pauses.map(\.from).sorted())
        }
        #expect(try store.subscriptions() == alone)
    }

    @Test("The subscriptions the second connection took from the top are handed on with the rest, or read again when it gave up")
    func meetingHalfway() throws {
        _ = try filledStore()
        let (path, keyFile) = (scratch.location.databasePath, keyFile)
        let raw = try rawConnection(path, keyFile: keyFile)
        let alone = try raw.readTransaction { try SubscriptionRecords(connection: raw).all() }
        let rowids = try raw.rows("SELECT rowid FROM subscriptions ORDER BY rowid").compactMap { $0.int(0) }
        #expect(rowids.count == 2_500)
        // As if the second connection had read down to the middle before the first got there.
        func halfway() -> MeetingPoint {
            let meeting = MeetingPoint()
            _ = meeting.takeGoingDown(rowids[1_250])
            return meeting
        }
        let met = try raw.readTransaction {
            try SubscriptionRecords(connection: raw).all(ids: nil, beside: { try rawConnection(path, keyFile: keyFile) }, meeting: halfway())
        }
        #expect(met == alone)
        // It gave up there: the first reads the upper half itself.
        struct Refused: Error {}
        let refused = try raw.readTransaction {
            try SubscriptionRecords(connection: raw).all(ids: nil, beside: { throw Refused() }, meeting: halfway())
        }
        #expect(refused == alone)
    }

    @Test("A subscription with no price is refused as damage, on one connection and on two")
    func noPriceIsDamage() throws {
        let store = try filledStore()
        let raw = try rawConnection(scratch.location.databasePath, keyFile: keyFile)
        let last = try raw.readTransaction { try SubscriptionRecords(connection: raw).all()[2_499].id }
        try raw.run("DELETE FROM price_changes WHERE subscription_id = ?", [.text(last)])
        #expect {
            try raw.readTransaction { try SubscriptionRecords(connection: raw).all() }
        } throws: { error in
            guard let damaged = error as? Damaged, case .noPrice(let id) = damaged.damage else { return false }
            return id == last
        }
        #expect {
            try store.subscriptions()
        } throws: { error in
            guard case .damaged(_, .noPrice(let id))? = error as? StoreError else { return false }
            return id == last
        }
    }

    @Test("Two readers of one table from both ends take every row once, wherever they meet")
    func meetingTakesEachRowOnce() async {
        for _ in 0..<20 {
            let meeting = MeetingPoint()
            let rows = Int64(1)...Int64(20_000)
            async let up = Task.detached { rows.prefix { meeting.takeGoingUp($0) } }.value
            async let down = Task.detached { rows.reversed().prefix { meeting.takeGoingDown($0) } }.value
            let (upward, downward) = await (Array(up), Array(down))
            #expect(upward + downward.reversed() == Array(rows))
        }
    }

    @Test("When the second connection cannot open, or opens another file, the first reads every part itself")
    func fallsBackToOneConnection() throws {
        _ = try filledStore()
        let (path, keyFile) = (scratch.location.databasePath, keyFile)
        let raw = try rawConnection(path, keyFile: keyFile)
        let alone = try raw.readTransaction { try SubscriptionRecords(connection: raw).all() }
        struct Refused: Error {}
        let refused = try raw.readTransaction {
            try SubscriptionRecords(connection: raw).all(ids: nil, beside: { throw Refused() })
        }
        #expect(refused == alone)
        // A restore or rekey put another file in its place: its parts (here, none) are not used.
        let other = scratch.path("other.db")
        try FileManager.default.copyItem(atPath: path, toPath: other)
        let changed = try rawConnection(other, keyFile: keyFile)
        try changed.execute("PRAGMA foreign_keys = OFF; DELETE FROM price_changes; DELETE FROM members")
        let replaced = try raw.readTransaction {
            try SubscriptionRecords(connection: raw).all(ids: nil, beside: {
                _ = rename(other, path)
                return try rawConnection(path, keyFile: keyFile)
            })
        }
        #expect(replaced == alone)
    }

    /// Counts the second connections asked for.
    private final class Opens: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var made: Int { lock.withLock { count } }
        func open(_ path: String, _ keyFile: String) throws -> Connection {
            lock.withLock { count += 1 }
            return try rawConnection(path, keyFile: keyFile)
        }
    }

    @Test("No second connection for a few subscriptions, nor for a file in WAL mode, where a writer could commit between the two")
    func besideOnlyWhereItHolds() throws {
        _ = try filledStore()
        let (path, keyFile) = (scratch.location.databasePath, keyFile)
        let raw = try rawConnection(path, keyFile: keyFile)
        let opens = Opens()
        let all = try raw.readTransaction {
            try SubscriptionRecords(connection: raw).all(ids: nil, beside: { try opens.open(path, keyFile) })
        }
        #expect(all.count == 2_500 && opens.made == 1)
        let few = try raw.readTransaction {
            try SubscriptionRecords(connection: raw).all(ids: Array(all.prefix(3).map(\.id)), beside: { try opens.open(path, keyFile) })
        }
        #expect(few.count == 3 && opens.made == 1)
        try raw.execute("PRAGMA journal_mode = WAL")
        let inWAL = try raw.readTransaction {
            try SubscriptionRecords(connection: raw).all(ids: nil, beside: { try opens.open(path, keyFile) })
        }
        #expect(inWAL == all && opens.made == 1)
    }
}
