import Foundation

/// The tables of subscriptions' parts (prices, members, billing periods, charges, pauses), read
/// apart from the subscriptions. With thousands of subscriptions they are read on another
/// connection on the other core, while the command's connection reads the subscriptions, and
/// handed to them after; each row waits with its subscription id's bytes, in a few large arrays
/// per table (many small ones, made on the other thread, would stay with its allocator after
/// they are freed and add to the command's memory; only a member's name longer than 15 bytes
/// is one). The parts take that connection less than half as long as the subscriptions take
/// the other, so it then reads subscriptions too, from the highest rowid down, until the two
/// meet; those it makes, strings and all, are kept by the command.
struct PartRows: Sendable {
    private let prices: Rows<(CivilDate, Int64)>
    private let members: Rows<Member>
    private let periods: Rows<BillingPeriod>
    private let charges: Rows<(CivilDate, Int64?)>
    private let pauses: Rows<Pause>

    /// The subscriptions read beside, from the highest rowid down to where the caller's reading
    /// met them, each waiting for its parts.
    var subscriptions: [Subscription]

    /// Reads every part on a connection `open` makes, in a read transaction of its own, then the
    /// subscriptions from the highest rowid down until `meeting` says the caller has read the rest; nil
    /// when it cannot (a passphrase, a lock, any error), and the caller reads them itself. Its
    /// lock is taken while the caller holds its own, so both see one state of the file.
    static func read(beside open: @Sendable () throws -> Connection, meeting: MeetingPoint) -> PartRows? {
        try? BusyWait.$current.withValue(BusyWait.current.atMost(0)) {
            let connection = try open()
            try connection.setPageCache(PageCache.partsInIndexOrder)
            return try connection.readTransaction {
                let records = SubscriptionRecords(connection: connection)
                let (prices, members, periods) = (try Rows(prices, records), try Rows(members, records), try Rows(periods, records))
                let (charges, pauses) = (try Rows(charges, records), try Rows(pauses, records))
                var subscriptions: [Subscription] = []
                try connection.scanRows(SubscriptionRecords.selection + " ORDER BY rowid DESC") { row in
                    guard let rowid = row.int(SubscriptionRecords.rowidColumn), meeting.takeGoingDown(rowid) else { return false }
                    subscriptions.append(try Subscription(unpricedRow: row, of: records))
                    return true
                }
                let rows = PartRows(
                    prices: prices, members: members, periods: periods, charges: charges, pauses: pauses,
                    subscriptions: subscriptions)
                // Still the file at the database's path: the caller checks its own the same way.
                return connection.hasMoved ? nil : rows
            }
        }
    }

    /// Hands each part to its subscription, the one at its id's position; a row of no
    /// subscription is left out. With thousands, on both cores: each finds the subscriptions of
    /// half of every table's rows, then each hands their parts to half of the subscriptions (on one
    /// core, this took a tenth of `list` over 100,000).
    func hand(to subscriptions: inout [Subscription], _ positions: IDPositions) {
        let parallel = subscriptions.count >= BothCores.threshold
        let tables: [any HandedRows] = [prices, members, periods, charges, pauses]
        let (upper, lower) = BothCores.run(if: parallel, {
            tables.map { $0.positions(of: $0.count / 2..<$0.count, in: positions) }
        }, while: {
            tables.map { $0.positions(of: 0..<$0.count / 2, in: positions) }
        })
        let rowPositions = zip(lower, upper).map { $0 + $1 }
        subscriptions.withUnsafeMutableBufferPointer { all in
            let half = all.count / 2
            let later = Subscriptions(buffer: UnsafeMutableBufferPointer(rebasing: all[half...]), first: half)
            _ = BothCores.run(if: parallel, {
                for (table, positions) in zip(tables, rowPositions) { table.hand(positions, to: later) }
            }, while: {
                let earlier = Subscriptions(buffer: UnsafeMutableBufferPointer(rebasing: all[..<half]), first: 0)
                for (table, positions) in zip(tables, rowPositions) { table.hand(positions, to: earlier) }
            })
        }
    }

    /// Some of the subscriptions, one after another from position `first`: one core hands parts
    /// to the earlier half while the other hands them to the later, and no subscription is in both.
    struct Subscriptions: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Subscription>
        let first: Int
    }

    /// Reads every part on `connection` and hands it to its subscription as it goes.
    static func readHere(_ connection: Connection, into subscriptions: inout [Subscription], _ positions: IDPositions) throws {
        if subscriptions.count >= BothCores.threshold { try connection.setPageCache(PageCache.partsInIndexOrder) }
        let records = SubscriptionRecords(connection: connection)
        try prices.readHere(records, into: &subscriptions, positions)
        try members.readHere(records, into: &subscriptions, positions)
        try periods.readHere(records, into: &subscriptions, positions)
        try charges.readHere(records, into: &subscriptions, positions)
        try pauses.readHere(records, into: &subscriptions, positions)
    }

    // MARK: - The tables

    /// One table of parts: what is selected (the subscription id first), what a row holds, and
    /// where that goes in its subscription.
    struct Table<Value: Sendable>: Sendable {
        let name: String
        let sql: String
        let read: @Sendable (SubscriptionRecords, Statement) throws -> Value
        let put: @Sendable (Value, inout Subscription) -> Void

        func readHere(_ records: SubscriptionRecords, into subscriptions: inout [Subscription], _ positions: IDPositions) throws {
            var last = 0
            try records.connection.forEachRow(sql) { row in
                guard let index = row.withBytes(0, { positions.position(of: $0, after: last) }) ?? nil else { return }
                last = index
                put(try read(records, row), &subscriptions[index])
            }
        }
    }

    static let prices = Table<(CivilDate, Int64)>(
        name: "price_changes",
        sql: "SELECT subscription_id, effective_date, amount_minor FROM price_changes",
        read: { records, row in (try records.date(row, 1), try records.integer(row, 2)) },
        put: { price, subscription in
            let change = PriceChange(effective: price.0, amount: Money(minorUnits: Int128(price.1), currency: subscription.currency))
            insert(change, into: &subscription.prices) { $0.effective < $1.effective }
        })

    static let members = Table<Member>(
        name: "members",
        sql: "SELECT subscription_id, name, weight FROM members ORDER BY subscription_id, position",
        read: { records, row in Member(name: try records.text(row, 1), weight: Int(try records.integer(row, 2))) },
        put: { member, subscription in subscription.members.append(member) })

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
        put: { period, subscription in subscription.periods.append(period) })

    static let charges = Table<(CivilDate, Int64?)>(
        name: "charges",
        sql: "SELECT subscription_id, charged_on, amount_minor FROM charges",
        read: { records, row in (try records.date(row, 1), row.int(2)) },
        put: { charge, subscription in
            let record = ChargeRecord(date: charge.0, amount: charge.1.map { Money(minorUnits: Int128($0), currency: subscription.currency) })
            insert(record, into: &subscription.charges) { $0.date < $1.date }
        })

    static let pauses = Table<Pause>(
        name: "pauses",
        sql: "SELECT subscription_id, starts_on, ends_on FROM pauses",
        read: { records, row in Pause(from: try records.date(row, 1), until: try records.optionalDate(row, 2)) },
        put: { pause, subscription in insert(pause, into: &subscription.pauses) { $0.from < $1.from } })

    /// Puts `value` after every element it is not ordered before: the order a stable sort of the
    /// rows as read gives (`Subscription.init` keeps prices, pauses and charges so), for one
    /// comparison when they come in order, as rows written by `subs` do.
    private static func insert<Value>(_ value: Value, into values: inout [Value], by areInIncreasingOrder: (Value, Value) -> Bool) {
        var index = values.endIndex
        while index > values.startIndex, areInIncreasingOrder(value, values[index - 1]) { index -= 1 }
        // At the end, as nearly always: appending costs a list of 1,000 a tenth of a
        // millisecond less than inserting there, which rebuilds the array through the general path.
        if index == values.endIndex { values.append(value) } else { values.insert(value, at: index) }
    }

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

        var count: Int { values.count }

        /// For each row in `rows`, its subscription's position in `positions`, or -1 for a row of
        /// no subscription.
        func positions(of rows: Range<Int>, in positions: IDPositions) -> [Int32] {
            idBytes.withUnsafeBufferPointer { bytes in
                var last = 0
                return rows.map { row in
                    let id = UnsafeBufferPointer(rebasing: bytes[(row == 0 ? 0 : idEnds[row - 1])..<idEnds[row]])
                    guard let position = positions.position(of: id, after: last) else { return -1 }
                    last = position
                    return Int32(position)
                }
            }
        }

        /// Hands each row whose subscription is among `subscriptions` to it, by the positions
        /// `positions(of:in:)` found for every row.
        func hand(_ rowPositions: [Int32], to subscriptions: Subscriptions) {
            let among = subscriptions.first..<subscriptions.first + subscriptions.buffer.count
            for (row, position) in rowPositions.enumerated() where among.contains(Int(position)) {
                table.put(values[row], &subscriptions.buffer[Int(position) - subscriptions.first])
            }
        }
    }
}

/// A table's rows waiting for their subscriptions, whatever their values.
private protocol HandedRows: Sendable {
    var count: Int { get }
    func positions(of rows: Range<Int>, in positions: IDPositions) -> [Int32]
    func hand(_ rowPositions: [Int32], to subscriptions: PartRows.Subscriptions)
}

extension PartRows.Rows: HandedRows {}
