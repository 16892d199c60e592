import Foundation

/// Reads and writes subscriptions as rows of `subscriptions`, `price_changes` and `members`.
struct SubscriptionRecords {
    let connection: Connection

    private static let columns = """
        id, name, currency, cycle_count, cycle_unit, start_date, trial_end, category, url, notes,
        payment_method, remind_days, auto_renew, created_at, updated_at, contract_term,
        contract_renews, contract_notice, cancel_by, ends, paid_by, owner
        """

    /// Makes `owner` the owner of every subscription without one; returns their ids.
    func claimOwnerless(for owner: String) throws -> [String] {
        let ids = try connection.rows("SELECT id FROM subscriptions WHERE owner IS NULL").compactMap { $0.text(0) }
        guard !ids.isEmpty else { return [] }
        try connection.run("UPDATE subscriptions SET owner = ? WHERE owner IS NULL", [.text(owner)])
        return ids
    }

    /// Every subscription's id and name, in the order they were added.
    func names() throws -> [(id: String, name: String)] {
        try connection.rows("SELECT id, name FROM subscriptions ORDER BY created_at, id").map {
            (try text($0, 0), try text($0, 1))
        }
    }

    /// The names that read as text, in no order: completion offers what it can.
    func readableNames() throws -> [String] {
        try connection.rows("SELECT name FROM subscriptions").compactMap { $0.text(0) }
    }

    /// The currency codes the subscriptions are in, as stored.
    func currencyCodes() throws -> Set<String> {
        Set(try connection.rows("SELECT DISTINCT currency FROM subscriptions").compactMap { $0.text(0) })
    }

    /// The names of the subscriptions in the category `category` (its stored spelling), by name.
    func names(inCategory category: String) throws -> [String] {
        try connection.rows(
            "SELECT name FROM subscriptions WHERE category = ? COLLATE NOCASE ORDER BY name", [.text(category)]
        ).map { row in
            guard let name = row.text(0) else { throw Damaged(.subscriptionName) }
            return name
        }
    }

    /// Every subscription, in the order they were added. Each table is read once, row by row:
    /// the subscriptions, each made as its row is read, and each table of their parts (after
    /// them, or beside them on another connection, `all(ids:beside:)`), every part handed to its
    /// subscription by position, so nothing is looked up per subscription.
    func all() throws -> [Subscription] {
        try all(ids: nil)
    }

    /// The subscriptions with these ids (all: nil), in the order they were added; at most a few
    /// hundred ids, each a bound parameter. Inside a read transaction, as `SubscriptionStore.read`
    /// runs it, or a write transaction before it writes anything: its reads must see one state of
    /// the file, and the connection beside sees the file as it is on disk.
    /// - Parameter beside: opens another connection to the same file. With it, and thousands of
    ///   subscriptions, the tables of their parts are read on the other core while this
    ///   connection reads the subscriptions from the lowest rowid up, and then the subscriptions
    ///   from the highest rowid down to where this connection has got (`PartRows`, `MeetingPoint`).
    /// - Parameter meeting: where the two connections meet (a test hands one that a reader going
    ///   down has already reached).
    func all(
        ids: [String]?, beside: (@Sendable () throws -> Connection)? = nil, meeting: MeetingPoint = MeetingPoint()
    ) throws -> [Subscription] {
        var subscriptions = try connection.withPageCache(PageCache.readingInOrder) {
            try read(ids: ids, beside: beside, meeting: meeting)
        }
        // Almost always stored in the order they were added already: the sort then only
        // confirms it, and nothing moves.
        subscriptions.rearrange(taking: subscriptions.indices.sorted { Self.isAdded(subscriptions, $0, before: $1) })
        // A closure, not the key path `\.prices.isEmpty`: that copies each subscription.
        if let damaged = subscriptions.firstIndex(where: { $0.prices.isEmpty }) {
            throw Damaged(.noPrice(subscription: subscriptions[damaged].id))
        }
        for index in subscriptions.indices where subscriptions[index].periods.isEmpty {
            subscriptions[index].periods = Self.onePeriod
        }
        return subscriptions
    }

    /// The one open period most subscriptions have, shared rather than made 100,000 times.
    private static let onePeriod = [BillingPeriod()]

    /// The subscriptions of `all(ids:beside:)`, each with its parts, in storage order; those
    /// without a billing period have none yet. Apart, so that what finding the parts took
    /// (their ids' positions, the rows read beside) is given back before `all` goes on.
    private func read(ids: [String]?, beside: (@Sendable () throws -> Connection)?, meeting: MeetingPoint) throws -> [Subscription] {
        var subscriptions: [Subscription] = []
        // Room for them all at once: growing by doubling would copy 100,000 of them and hold
        // the old array and the new at once. The largest rowid is found at once, and is the
        // count or more (room never touched costs no memory); a damaged one reserves no more
        // than 200,000. Reading it also takes this connection's read lock, which the other
        // connection's reading relies on.
        var largest = 0
        if ids == nil, case .integer(let rowid)? = try connection.scalar("SELECT max(rowid) FROM subscriptions") {
            largest = Int(clamping: max(0, min(rowid, 200_000)))
            subscriptions.reserveCapacity(largest)
        }
        var positions = IDPositions(capacity: largest)
        let filter = ids.map { " WHERE id IN (" + repeatElement("?", count: $0.count).joined(separator: ", ") + ")" } ?? ""
        // Beside only with thousands to read, and only in SQLite's rollback-journal mode, where the
        // read lock this connection holds keeps every writer out (a file in WAL mode, say made so
        // in the sqlcipher shell, lets a writer commit between the two connections' reads).
        let inWAL = (try? connection.scalar("PRAGMA journal_mode")) == .text("wal")
        let open = largest >= BothCores.threshold && !inWAL ? beside : nil
        // The other connection reads the parts, then the subscriptions from the highest rowid down
        // until it meets this one coming up: the subscriptions are most of the file, the parts
        // less than half, so each core reads about half. The meeting is shared only with it.
        let shared: MeetingPoint? = open == nil ? nil : meeting
        var lastTaken: Int64?
        // In storage order, the rowid's (which the meeting relies on, and which SQLite reads a
        // table in without sorting): the order they were added in is restored below, where it
        // costs far less than SQLite sorting every column of every row.
        func readSubscriptions(after rowid: Int64?, claiming meeting: MeetingPoint?) throws {
            let (clause, values) = rowid.map { (" WHERE rowid > ?", [SQLiteValue.integer($0)]) } ?? (filter, (ids ?? []).map(SQLiteValue.text))
            try connection.scanRows(Self.selection + clause + " ORDER BY rowid", values) { row in
                if let meeting {
                    guard let rowid = row.int(Self.rowidColumn), meeting.takeGoingUp(rowid) else { return false }
                    lastTaken = rowid
                }
                let subscription = try Subscription(unpricedRow: row, of: self)
                positions.append(subscription.id)
                subscriptions.append(subscription)
                return true
            }
        }
        let besideRows = try BothCores.run(if: open != nil, { () -> PartRows? in
            guard let open, let shared else { return nil }
            return PartRows.read(beside: open, meeting: shared)
        }, while: {
            do {
                try readSubscriptions(after: nil, claiming: shared)
            } catch {
                shared?.abandon()
                throw error
            }
        }).side
        // The rows read beside are used only when both connections read the same file: this one
        // holds its read lock throughout, so nothing is written meanwhile, but a restore or rekey
        // may have put another file in its place before the other connection opened it.
        if var besideRows = consume besideRows, !connection.hasMoved {
            // Taken from the highest rowid down, so the last here is the first of them; each is
            // moved, not copied (every string retained).
            while let subscription = besideRows.subscriptions.popLast() {
                positions.append(subscription.id)
                subscriptions.append(subscription)
            }
            besideRows.hand(to: &subscriptions, positions)
        } else {
            // What the other connection may have taken before it gave up (only ever used without
            // `ids`, so all the rest).
            if shared != nil { try readSubscriptions(after: lastTaken ?? .min, claiming: nil) }
            try PartRows.readHere(connection, into: &subscriptions, positions)
        }
        return subscriptions
    }

    /// Whether the subscription at `left` was added before the one at `right`: by `created_at`,
    /// then by `id`, as `ORDER BY created_at, id` sorts them. A stored instant has one
    /// fixed-width form, so its text sorts as the instant does; ids compare byte by byte, as
    /// SQLite's BINARY does. Read in place: copying a row retains each of its strings.
    private static func isAdded(_ subscriptions: [Subscription], _ left: Int, before right: Int) -> Bool {
        let (leftAdded, rightAdded) = (subscriptions[left].createdAt, subscriptions[right].createdAt)
        guard leftAdded == rightAdded else { return leftAdded < rightAdded }
        return subscriptions[left].id.utf8.lexicographicallyPrecedes(subscriptions[right].id.utf8)
    }

    func insert(_ subscription: Subscription) throws {
        try connection.run(
            "INSERT INTO subscriptions (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            values(of: subscription))
        try insertChildren(of: subscription)
    }

    func update(_ subscription: Subscription) throws {
        var values = values(of: subscription)
        values.append(values.removeFirst())
        try connection.run("""
            UPDATE subscriptions SET name = ?, currency = ?, cycle_count = ?, cycle_unit = ?,
                start_date = ?, trial_end = ?, category = ?, url = ?, notes = ?, payment_method = ?,
                remind_days = ?, auto_renew = ?, created_at = ?, updated_at = ?, contract_term = ?,
                contract_renews = ?, contract_notice = ?, cancel_by = ?, ends = ?, paid_by = ?, owner = ?
            WHERE id = ?
            """, values)
        for table in ["price_changes", "members", "billing_periods", "pauses", "charges"] {
            try connection.run("DELETE FROM \(table) WHERE subscription_id = ?", [.text(subscription.id)])
        }
        try insertChildren(of: subscription)
    }

    /// Deletes the subscriptions and, through `ON DELETE CASCADE`, all that belongs to them.
    func delete(ids: [String]) throws {
        for id in ids {
            try connection.run("DELETE FROM subscriptions WHERE id = ?", [.text(id)])
        }
    }

    private func insertChildren(of subscription: Subscription) throws {
        for change in subscription.prices {
            try connection.run(
                "INSERT INTO price_changes (subscription_id, effective_date, amount_minor) VALUES (?, ?, ?)",
                [.text(subscription.id), .text(change.effective.description),
                 .integer(Int64(change.amount.minorUnits))])
        }
        for (position, member) in subscription.members.enumerated() {
            try connection.run(
                "INSERT INTO members (subscription_id, position, name, weight) VALUES (?, ?, ?, ?)",
                [.text(subscription.id), .integer(Int64(position)), .text(member.name),
                 .integer(Int64(member.weight))])
        }
        // One open period is the default and needs no row.
        if subscription.periods != [BillingPeriod()] {
            for (position, period) in subscription.periods.enumerated() {
                try connection.run(
                    "INSERT INTO billing_periods (subscription_id, position, restarted_on, cancelled_on, cycle_count, cycle_unit, notice_given_on) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [.text(subscription.id), .integer(Int64(position)),
                     optional(period.restartedOn?.description), optional(period.cancelledOn?.description),
                     period.cycle.map { .integer(Int64($0.count)) } ?? .null, optional(period.cycle?.unit.rawValue),
                     optional(period.noticeGivenOn?.description)])
            }
        }
        for pause in subscription.pauses {
            try connection.run(
                "INSERT INTO pauses (subscription_id, starts_on, ends_on) VALUES (?, ?, ?)",
                [.text(subscription.id), .text(pause.from.description), optional(pause.until?.description)])
        }
        for record in subscription.charges {
            try connection.run(
                "INSERT INTO charges (subscription_id, charged_on, amount_minor) VALUES (?, ?, ?)",
                [.text(subscription.id), .text(record.date.description),
                 record.amount.map { .integer(Int64($0.minorUnits)) } ?? .null])
        }
    }

    private func optional(_ text: String?) -> SQLiteValue { text.map(SQLiteValue.text) ?? .null }

    private func values(of subscription: Subscription) -> [SQLiteValue] {
        [
            .text(subscription.id), .text(subscription.name), .text(subscription.currency.code),
            .integer(Int64(subscription.cycle.count)), .text(subscription.cycle.unit.rawValue),
            .text(subscription.startDate.description), optional(subscription.trialEnd?.description),
            optional(subscription.category), optional(subscription.url), optional(subscription.notes),
            optional(subscription.paymentMethod),
            optional(subscription.remindDays.map(RemindDays.format)),
            .integer(subscription.autoRenew ? 1 : 0),
            .text(Timestamp.format(subscription.createdAt)),
            .text(Timestamp.format(subscription.updatedAt)),
            optional(subscription.contract?.term.description),
            optional(subscription.contract?.renewal.description),
            optional(subscription.contract?.notice?.description),
            optional(subscription.cancelBy?.description), optional(subscription.ends?.description),
            optional(subscription.paidBy), optional(subscription.owner),
        ]
    }

    /// Every column of `subscriptions`, and then the rowid, in column `rowidColumn`: what both
    /// connections read the subscriptions with (`Subscription.init(unpricedRow:of:)`).
    static let selection = "SELECT \(columns), rowid FROM subscriptions"
    static let rowidColumn = 22

    /// The contract in columns 15 to 17: a term, its renewal and its notice, each a short form.
    fileprivate func contract(_ row: some RowReading) throws -> Contract? {
        func span(_ column: Int) throws -> TimeSpan? {
            try row.text(column).map { text in
                guard let span = try? TimeSpan(input: text, field: .term), span.description == text else {
                    throw corrupt(.contract)
                }
                return span
            }
        }
        guard let term = try span(15) else { return nil }
        return Contract(term: term, renewal: try span(16), notice: try span(17))
    }

    // MARK: - Typed columns that refuse what a subs database never holds

    func text(_ row: some RowReading, _ column: Int) throws -> String {
        guard let value = row.text(column) else { throw corrupt(.column(column)) }
        return value
    }

    func integer(_ row: some RowReading, _ column: Int) throws -> Int64 {
        guard let value = row.int(column) else { throw corrupt(.column(column)) }
        return value
    }

    // Dates and instants are read from SQLite's bytes: a string of each would be thrown away.
    func date(_ row: some RowReading, _ column: Int) throws -> CivilDate {
        guard let date = try optionalDate(row, column) else { throw corrupt(.column(column)) }
        return date
    }

    func optionalDate(_ row: some RowReading, _ column: Int) throws -> CivilDate? {
        try row.withBytes(column) { bytes in
            guard let date = CivilDate(isoBytes: bytes) else { throw corrupt(.date) }
            return date
        }
    }

    fileprivate func currency(_ row: some RowReading, _ column: Int) throws -> Currency {
        guard let currency = Currency(code: try text(row, column)) else { throw corrupt(.currency) }
        return currency
    }

    fileprivate func timestamp(_ row: some RowReading, _ column: Int) throws -> Date {
        let date = try row.withBytes(column) { bytes in
            guard let date = Timestamp.parse(utf8: bytes, style: .extended) else { throw corrupt(.timestamp) }
            return date
        }
        guard let date else { throw corrupt(.column(column)) }
        return date
    }

    func corrupt(_ value: StoredValue) -> Damaged {
        Damaged(.subscriptionValue(value))
    }
}

extension Subscription {
    /// A subscription's own columns as `SubscriptionRecords.selection` reads them: one with no
    /// price and no billing period yet, whose parts are still to be handed to it, which
    /// `SubscriptionRecords.all` does or refuses it.
    init(unpricedRow row: some RowReading, of records: SubscriptionRecords) throws {
        guard let unit = row.withBytes(4, BillingCycle.Unit.init(stored:)) ?? nil,
              let cycle = BillingCycle(count: Int(try records.integer(row, 3)), unit: unit)
        else { throw records.corrupt(.cycle) }
        id = try records.text(row, 0)
        name = try records.text(row, 1)
        currency = try records.currency(row, 2)
        self.cycle = cycle
        startDate = try records.date(row, 5)
        trialEnd = try records.optionalDate(row, 6)
        category = row.text(7)
        url = row.text(8)
        notes = row.text(9)
        paymentMethod = row.text(10)
        remindDays = try row.text(11).map { try RemindDays.parse($0) }
        autoRenew = try records.integer(row, 12) != 0
        createdAt = try records.timestamp(row, 13)
        updatedAt = try records.timestamp(row, 14)
        contract = try records.contract(row)
        cancelBy = try records.optionalDate(row, 18)
        ends = try records.optionalDate(row, 19)
        paidBy = row.text(20)
        owner = row.text(21)
        prices = []
        members = []
        periods = []
        pauses = []
        charges = []
    }
}

private extension BillingCycle.Unit {
    /// The unit whose name these bytes are, matched in place: a list made a string of each
    /// row's unit only to match it.
    init?(stored bytes: UnsafeBufferPointer<UInt8>) {
        // The one unit whose name starts so, then its name (its raw value) compared in place:
        // looking along every unit's name cost a list of 1,000 twice as much.
        let unit: Self
        switch bytes.first {
        case UInt8(ascii: "d"): unit = .day
        case UInt8(ascii: "w"): unit = .week
        case UInt8(ascii: "m"): unit = .month
        case UInt8(ascii: "y"): unit = .year
        case UInt8(ascii: "o"): unit = .once
        default: return nil
        }
        guard unit.rawValue.utf8.withContiguousStorageIfAvailable({ $0.elementsEqual(bytes) }) == true else { return nil }
        self = unit
    }
}
