/// A series found in a statement, and the subscription `subs` already tracks it as, if any.
public struct Finding: Sendable {
    public let series: RecurringSeries
    public let tracked: Subscription?

    public init(series: RecurringSeries, tracked: Subscription?) {
        self.series = series
        self.tracked = tracked
    }
}

extension RecurrenceDetector {
    /// Each series paired with the subscription that tracks it: one whose name is the merchant's
    /// (as names compare, PRODUCT.md §11) or contains it as a word (`Apple Music` for `Apple`),
    /// or one with the series' cycle and latest price. Names count most, then the price, then
    /// the cycle; a subscription tracks one series at most. A name matches in any currency: a
    /// statement read in the wrong one still finds what is tracked, and adds no second one.
    public static func match(_ series: [RecurringSeries], to subscriptions: [Subscription]) -> [Finding] {
        var pairs: [(score: Int, series: Int, subscription: Int)] = []
        for (s, found) in series.enumerated() {
            for (t, subscription) in subscriptions.enumerated() {
                let name = nameScore(found.merchant, subscription.name)
                let price = subscription.price(on: found.latest.date) == found.latest.amount
                let cycle = subscription.cycle == found.cycle
                guard name > 0 || price && cycle else { continue }
                pairs.append((name * 4 + (price ? 2 : 0) + (cycle ? 1 : 0), s, t))
            }
        }
        var tracked: [Int: Int] = [:]
        var taken: Set<Int> = []
        for pair in pairs.sorted(by: { ($0.score, -$0.series) > ($1.score, -$1.series) })
        where tracked[pair.series] == nil && !taken.contains(pair.subscription) {
            tracked[pair.series] = pair.subscription
            taken.insert(pair.subscription)
        }
        return series.enumerated().map { index, found in
            Finding(series: found, tracked: tracked[index].map { subscriptions[$0] })
        }
    }

    /// 2 for the same name, 1 when one contains the other as whole words, else 0.
    private static func nameScore(_ merchant: String, _ name: String) -> Int {
        let (a, b) = (NameMatching.key(merchant), NameMatching.key(name))
        if a == b { return 2 }
        let words = { (text: String) in text.split { !$0.isLetter && !$0.isNumber }.map(String.init) }
        let (shorter, longer) = a.count < b.count ? (words(a), words(b)) : (words(b), words(a))
        guard !shorter.isEmpty, shorter.count < longer.count else { return 0 }
        return (0...(longer.count - shorter.count)).contains { Array(longer[$0..<($0 + shorter.count)]) == shorter } ? 1 : 0
    }
}

extension Subscription {
    /// The charges of `series` as records of this subscription's payments (PRODUCT.md §10): each
    /// on the scheduled payment nearest its bank date (banks post a few days off), at the amount
    /// the bank took. Only records that are new or change an amount; charges with no scheduled
    /// payment near them, or on days the subscription was not running, are left out, and so are
    /// charges in another currency than the subscription's.
    public func records(for series: RecurringSeries, today: CivilDate) -> [ChargeRecord] {
        guard series.latest.amount.currency == currency else { return [] }
        var records: [CivilDate: ChargeRecord] = [:]
        for charge in series.charges where charge.date <= today {
            guard let from = charge.date.adding(days: -Self.postingDrift),
                  let through = charge.date.adding(days: Self.postingDrift) else { continue }
            let nearest = scheduledPayments(from: max(from, anchor), through: min(through, today))
                .min { abs($0.date.days(until: charge.date)) < abs($1.date.days(until: charge.date)) }
            guard let day = nearest?.date, records[day] == nil else { continue }
            var probe = self
            guard (try? probe.recordPaid(on: day, amount: charge.amount, today: today)) != nil,
                  self.charges.first(where: { $0.date == day })?.amount != charge.amount
            else { continue }
            records[day] = ChargeRecord(date: day, amount: charge.amount)
        }
        return records.values.sorted { $0.date < $1.date }
    }

    /// How many days from its scheduled date a bank may post a charge.
    static let postingDrift = 5
}
