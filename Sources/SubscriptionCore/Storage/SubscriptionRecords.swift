import Foundation

/// Reads and writes subscriptions as rows of `subscriptions`, `price_changes` and `members`.
struct SubscriptionRecords {
    let connection: Connection

    private static let columns = """
        id, name, currency, cycle_count, cycle_unit, start_date, trial_end, category, url, notes,
        payment_method, remind_days, auto_renew, created_at, updated_at
        """

    /// Every subscription's id and name, in the order they were added.
    func names() throws -> [(id: String, name: String)] {
        try connection.rows("SELECT id, name FROM subscriptions ORDER BY created_at, id").map {
            (try text($0, 0), try text($0, 1))
        }
    }

    func all() throws -> [Subscription] {
        var prices: [String: [PriceChange]] = [:]
        var currencies: [String: Currency] = [:]
        let subscriptionRows = try connection.rows(
            "SELECT \(Self.columns) FROM subscriptions ORDER BY created_at, id")
        for row in subscriptionRows {
            currencies[try text(row, 0)] = try currency(row, 2)
        }
        for row in try connection.rows(
            "SELECT subscription_id, effective_date, amount_minor FROM price_changes")
        {
            let id = try text(row, 0)
            guard let currency = currencies[id] else { continue }
            prices[id, default: []].append(PriceChange(
                effective: try date(row, 1),
                amount: Money(minorUnits: Int128(try integer(row, 2)), currency: currency)))
        }
        var members: [String: [Member]] = [:]
        for row in try connection.rows(
            "SELECT subscription_id, name, weight FROM members ORDER BY subscription_id, position")
        {
            members[try text(row, 0), default: []].append(
                Member(name: try text(row, 1), weight: Int(try integer(row, 2))))
        }
        var periods: [String: [BillingPeriod]] = [:]
        for row in try connection.rows("""
            SELECT subscription_id, restarted_on, cancelled_on, cycle_count, cycle_unit FROM billing_periods
            ORDER BY subscription_id, position
            """)
        {
            let cycle = try row.int(3).map { count in
                guard let unit = row.text(4).flatMap(BillingCycle.Unit.init(rawValue:)),
                      let cycle = BillingCycle(count: Int(count), unit: unit)
                else { throw corrupt(localized("billing period cycle")) }
                return cycle
            }
            periods[try text(row, 0), default: []].append(BillingPeriod(
                restartedOn: try optionalDate(row, 1), cancelledOn: try optionalDate(row, 2), cycle: cycle))
        }
        var charges: [String: [ChargeRecord]] = [:]
        for row in try connection.rows("SELECT subscription_id, charged_on, amount_minor FROM charges") {
            let id = try text(row, 0)
            guard let currency = currencies[id] else { continue }
            charges[id, default: []].append(ChargeRecord(
                date: try date(row, 1), amount: row.int(2).map { Money(minorUnits: Int128($0), currency: currency) }))
        }
        var pauses: [String: [Pause]] = [:]
        for row in try connection.rows("SELECT subscription_id, starts_on, ends_on FROM pauses") {
            pauses[try text(row, 0), default: []].append(
                Pause(from: try date(row, 1), until: try optionalDate(row, 2)))
        }
        return try subscriptionRows.map { row in
            let id = try text(row, 0)
            guard let history = prices[id], !history.isEmpty else {
                throw StoreError.damaged(path: "", detail: localized("subscription \(id) has no price"))
            }
            return try subscription(
                row, prices: history, members: members[id] ?? [],
                periods: periods[id] ?? [BillingPeriod()], pauses: pauses[id] ?? [], charges: charges[id] ?? [])
        }
    }

    func insert(_ subscription: Subscription) throws {
        try connection.run(
            "INSERT INTO subscriptions (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            values(of: subscription))
        try insertChildren(of: subscription)
    }

    func update(_ subscription: Subscription) throws {
        var values = values(of: subscription)
        values.append(values.removeFirst())
        try connection.run("""
            UPDATE subscriptions SET name = ?, currency = ?, cycle_count = ?, cycle_unit = ?,
                start_date = ?, trial_end = ?, category = ?, url = ?, notes = ?, payment_method = ?,
                remind_days = ?, auto_renew = ?, created_at = ?, updated_at = ?
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
                    "INSERT INTO billing_periods (subscription_id, position, restarted_on, cancelled_on, cycle_count, cycle_unit) VALUES (?, ?, ?, ?, ?, ?)",
                    [.text(subscription.id), .integer(Int64(position)),
                     optional(period.restartedOn?.description), optional(period.cancelledOn?.description),
                     period.cycle.map { .integer(Int64($0.count)) } ?? .null, optional(period.cycle?.unit.rawValue)])
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
        ]
    }

    private func subscription(
        _ row: Row, prices: [PriceChange], members: [Member], periods: [BillingPeriod], pauses: [Pause],
        charges: [ChargeRecord]
    ) throws -> Subscription {
        guard let unit = BillingCycle.Unit(rawValue: try text(row, 4)),
              let cycle = BillingCycle(count: Int(try integer(row, 3)), unit: unit)
        else { throw corrupt(localized("cycle")) }
        return Subscription(
            id: try text(row, 0), name: try text(row, 1), currency: try currency(row, 2),
            prices: prices, cycle: cycle, startDate: try date(row, 5),
            trialEnd: try optionalDate(row, 6),
            category: row.text(7), url: row.text(8), notes: row.text(9), paymentMethod: row.text(10),
            remindDays: try row.text(11).map { try RemindDays.parse($0) },
            autoRenew: try integer(row, 12) != 0, members: members, periods: periods, pauses: pauses,
            charges: charges, createdAt: try timestamp(row, 13), updatedAt: try timestamp(row, 14))
    }

    // MARK: - Typed columns that refuse what a subs database never holds

    private func text(_ row: Row, _ column: Int) throws -> String {
        guard let value = row.text(column) else { throw corrupt(localized("column \(column)")) }
        return value
    }

    private func integer(_ row: Row, _ column: Int) throws -> Int64 {
        guard let value = row.int(column) else { throw corrupt(localized("column \(column)")) }
        return value
    }

    private func date(_ row: Row, _ column: Int) throws -> CivilDate {
        guard let date = CivilDate(iso: try text(row, column)) else { throw corrupt(localized("date")) }
        return date
    }

    private func optionalDate(_ row: Row, _ column: Int) throws -> CivilDate? {
        row.text(column) == nil ? nil : try date(row, column)
    }

    private func currency(_ row: Row, _ column: Int) throws -> Currency {
        guard let currency = Currency(code: try text(row, column)) else { throw corrupt(localized("currency")) }
        return currency
    }

    private func timestamp(_ row: Row, _ column: Int) throws -> Date {
        guard let date = Timestamp.parse(try text(row, column)) else { throw corrupt(localized("timestamp")) }
        return date
    }

    private func corrupt(_ what: String) -> StoreError {
        .damaged(path: "", detail: localized("unreadable \(what)"))
    }
}
