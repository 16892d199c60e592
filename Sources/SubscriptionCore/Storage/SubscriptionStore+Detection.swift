import Foundation

extension SubscriptionStore {
    /// Adds `adding` as subscriptions (each anchored on its first charge, with the prices the
    /// statement shows) and records the charges of `recording` on the subscriptions that track
    /// them, in one transaction: all of it, or nothing (PRODUCT.md §13). What it adds is
    /// config `me`'s, else `owner`'s (`NewSubscription.owner`).
    public func applyDetection(
        adding: [RecurringSeries], recording: [Finding], today: CivilDate, owner: String? = nil, now: Date = Date()
    ) throws -> DetectionOutcome {
        try write { connection in
            let config = try SettingRecords(connection: connection).config()
            let records = SubscriptionRecords(connection: connection)
            var outcome = DetectionOutcome()
            // Looked up by tables, never by scanning: a statement may add thousands.
            var names = Set(try records.names().map { NameMatching.key($0.name) })
            let recordingFirsts = Set(recording.map(\.series.first))
            for series in adding {
                var subscription = try Self.subscription(for: series, taken: names, config: config, owner: owner, now: now)
                names.insert(NameMatching.key(subscription.name))
                try records.insert(subscription)
                try History.recordSubscription(connection, .add, before: nil, after: subscription, now: now)
                if recordingFirsts.contains(series.first) {
                    subscription = try Self.record(series, on: subscription, records, connection, today: today, now: now,
                                                   outcome: &outcome)
                }
                outcome.added.append(subscription)
            }
            let trackedIDs = Set(recording.compactMap(\.tracked?.id))
            guard !trackedIDs.isEmpty else { return outcome }
            var current = Dictionary(try records.all().filter { trackedIDs.contains($0.id) }.map { ($0.id, $0) },
                                     uniquingKeysWith: { first, _ in first })
            for finding in recording {
                guard let tracked = finding.tracked, let subscription = current[tracked.id] else { continue }
                current[tracked.id] = try Self.record(finding.series, on: subscription, records, connection, today: today,
                                                      now: now, outcome: &outcome)
            }
            return outcome
        }
    }

    /// A new subscription for a series: named after the merchant (with the price when another
    /// subscription has the name: two at Apple), billing from the first charge.
    private static func subscription(
        for series: RecurringSeries, taken: Set<String>, config: Config, owner: String?, now: Date
    ) throws -> Subscription {
        var name = series.merchant
        if taken.contains(NameMatching.key(name)) {
            name += " " + series.latest.amount.description
        }
        let first = series.first.amount
        var new = NewSubscription(
            name: name, amount: try DecimalAmount(input: first.description), currency: first.currency,
            cycle: series.cycle, startDate: series.first.date)
        new.owner = owner
        var subscription = try new.subscription(config: config, category: nil, now: now)
        subscription.prices = series.prices
        return subscription
    }

    private static func record(
        _ series: RecurringSeries, on subscription: Subscription, _ records: SubscriptionRecords,
        _ connection: Connection, today: CivilDate, now: Date, outcome: inout DetectionOutcome
    ) throws -> Subscription {
        let matching = subscription.matching(series, today: today)
        let new = matching.records
        defer { outcome.matched.append((subscription, matching)) }
        guard !new.isEmpty else { return subscription }
        var updated = subscription
        for record in new {
            _ = try updated.recordPaid(on: record.date, amount: record.amount, today: today)
        }
        updated.updatedAt = now
        try records.update(updated)
        try History.recordSubscription(connection, .paid, before: subscription, after: updated, now: now)
        outcome.recorded.append((updated, new.count))
        return updated
    }
}
