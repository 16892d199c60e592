import Foundation

/// The tables of subscriptions' parts (prices, members, billing periods, charges, pauses), read
/// apart from the subscriptions. With thousands of subscriptions they are read on another
/// connection on the other core, while the command's connection reads the subscriptions, and
/// handed to them after; each row waits with its subscription id's bytes, in a few large arrays
/// per table (many small ones, made on the other thread, would stay with its allocator after
/// they are freed and add to the command's memory; only a member's name longer than 15 bytes
/// is one).
struct PartRows: Sendable {
    typealias Parts = SubscriptionRecords.SubscriptionParts

    private let prices: Rows<(CivilDate, Int64)>
    private let members: Rows<Member>
    private let periods: Rows<BillingPeriod>
    private let charges: Rows<(CivilDate, Int64?)>
    private let pauses: Rows<Pause>

    /// Reads every part on a connection `open` makes, in a read transaction of its own; nil when
    /// it cannot (a passphrase, a lock, any error), and the caller reads them itself. Its lock
    /// is taken while the caller holds its own, so both see one state of the file.
    static func read(beside open: @Sendable () throws -> Connection) -> PartRows? {
        try? BusyWait.$current.withValue(BusyWait.current.atMost(0)) {
            let connection = try open()
            // Each page is read once, in order: a few pages of cache do, where SQLite's usual 2 MB
            // would stay with the other thread's allocator after it is closed.
            try connection.execute("PRAGMA cache_size = 16")
            return try connection.readTransaction {
                let records = SubscriptionRecords(connection: connection)
                let rows = PartRows(
                    prices: try Rows(prices, records), members: try Rows(members, records),
                    periods: try Rows(periods, records), charges: try Rows(charges, records),
                    pauses: try Rows(pauses, records))
                // Still the file at the database's path: the caller checks its own the same way.
                return connection.hasMoved ? nil : rows
            }
        }
    }

    /// Hands each part to its subscription, the one at its id's position; a row of no
    /// subscription is left out.
    func hand(to parts: inout [Parts], _ positions: IDPositions) {
        prices.hand(to: &parts, positions)
        members.hand(to: &parts, positions)
        periods.hand(to: &parts, positions)
        charges.hand(to: &parts, positions)
        pauses.hand(to: &parts, positions)
    }

    /// Reads every part on `connection` and hands it to its subscription as it goes.
    static func readHere(_ connection: Connection, into parts: inout [Parts], _ positions: IDPositions) throws {
        let records = SubscriptionRecords(connection: connection)
        try prices.readHere(records, into: &parts, positions)
        try members.readHere(records, into: &parts, positions)
        try periods.readHere(records, into: &parts, positions)
        try charges.readHere(records, into: &parts, positions)
        try pauses.readHere(records, into: &parts, positions)
    }

    // MARK: - The tables

    /// One table of parts: what is selected (the subscription id first), what a row holds, and
    /// where that goes in its subscription.
    struct Table<Value: Sendable>: Sendable {
        let name: String
        let sql: String
        let read: @Sendable (SubscriptionRecords, Statement) throws -> Value
        let put: @Sendable (Value, inout Parts) -> Void

        func readHere(_ records: SubscriptionRecords, into parts: inout [Parts], _ positions: IDPositions) throws {
            var last = 0
            try records.connection.forEachRow(sql) { row in
                guard let index = row.withBytes(0, { positions.position(of: $0, after: last) }) ?? nil else { return }
                last = index
                put(try read(records, row), &parts[index])
            }
        }
    }

    static let prices = Table<(CivilDate, Int64)>(
        name: "price_changes",
        sql: "SELECT subscription_id, effective_date, amount_minor FROM price_changes",
        read: { records, row in (try records.date(row, 1), try records.integer(row, 2)) },
        put: { price, parts in
            parts.prices.append(PriceChange(
                effective: price.0, amount: Money(minorUnits: Int128(price.1), currency: parts.currency)))
        })

    static let members = Table<Member>(
        name: "members",
        sql: "SELECT subscription_id, name, weight FROM members ORDER BY subscription_id, position",
        read: { records, row in Member(name: try records.text(row, 1), weight: Int(try records.integer(row, 2))) },
        put: { member, parts in parts.members.append(member) })

    static let periods = Table<BillingPeriod>(
        name: "billing_periods",
        sql: """
            SELECT subscription_id, restarted_on, cancelled_on, cycle_count, cycle_unit, notice_given_on FROM billing_periods
            ORDER BY subscription_id, position
            """,
        read: { records, row in
            let cycle = try row.int(3).map { count in
                guard let unit = row.text(4).flatMap(BillingCycle.Unit.init(rawValue:)),
                      let cycle = BillingCycle(count: Int(count), unit: unit)
                else { throw records.corrupt(.billingPeriodCycle) }
                return cycle
            }
            return BillingPeriod(
                restartedOn: try records.optionalDate(row, 1), cancelledOn: try records.optionalDate(row, 2),
                noticeGivenOn: try records.optionalDate(row, 5), cycle: cycle)
        },
        put: { period, parts in parts.periods.append(period) })

    static let charges = Table<(CivilDate, Int64?)>(
        name: "charges",
        sql: "SELECT subscription_id, charged_on, amount_minor FROM charges",
        read: { records, row in (try records.date(row, 1), row.int(2)) },
        put: { charge, parts in
            parts.charges.append(ChargeRecord(
                date: charge.0, amount: charge.1.map { Money(minorUnits: Int128($0), currency: parts.currency) }))
        })

    static let pauses = Table<Pause>(
        name: "pauses",
        sql: "SELECT subscription_id, starts_on, ends_on FROM pauses",
        read: { records, row in Pause(from: try records.date(row, 1), until: try records.optionalDate(row, 2)) },
        put: { pause, parts in parts.pauses.append(pause) })

    // MARK: - Rows waiting for their subscriptions

    /// A table's rows as read, each value with its subscription id: the ids' bytes one after
    /// another, where each ends, and the values.
    struct Rows<Value: Sendable>: Sendable {
        private let table: Table<Value>
        private var idBytes: [UInt8] = []
        private var idEnds: [Int] = []
        private var values: [Value] = []

        init(_ table: Table<Value>, _ records: SubscriptionRecords) throws {
            self.table = table
            // Room for them all at once (the largest rowid is the count or more): each array is
            // then made once, outside the other thread's small blocks, and given back when freed.
            if case .integer(let largest)? = try records.connection.scalar("SELECT max(rowid) FROM \(table.name)") {
                let count = Int(clamping: min(largest, 2_000_000))
                idEnds.reserveCapacity(count)
                values.reserveCapacity(count)
                idBytes.reserveCapacity(count * 36)
            }
            try records.connection.forEachRow(table.sql) { row in
                guard row.withBytes(0, { idBytes.append(contentsOf: $0) }) != nil else { return }
                idEnds.append(idBytes.count)
                values.append(try table.read(records, row))
            }
        }

        func hand(to parts: inout [Parts], _ positions: IDPositions) {
            idBytes.withUnsafeBufferPointer { bytes in
                var last = 0
                var start = 0
                for (end, value) in zip(idEnds, values) {
                    defer { start = end }
                    let id = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    guard let index = positions.position(of: id, after: last) else { continue }
                    last = index
                    table.put(value, &parts[index])
                }
            }
        }
    }
}
