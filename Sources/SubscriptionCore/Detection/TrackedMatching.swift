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
        // What the scores below would give if every series were scored against every
        // subscription, pair by pair, best score first (then the earlier series, then the earlier
        // subscription): a series takes the first subscription not yet taken at each score in
        // turn. Tables find the few subscriptions that can score, so the work and the memory grow
        // with the statement and the subscriptions, not with their product.
        let index = SubscriptionIndex(subscriptions)
        let named = series.map { found in
            index.namedCandidates(for: found.merchant).map { t in
                let subscription = subscriptions[t]
                let price = subscription.price(on: found.latest.date) == found.latest.amount
                let cycle = subscription.cycle == found.cycle
                return (subscription: t, score: nameScore(found.merchant, subscription.name) * 4 + (price ? 2 : 0) + (cycle ? 1 : 0))
            }.filter { $0.score >= 4 }
        }
        var tracked: [Int: Int] = [:]
        var taken: Set<Int> = []
        func take(_ s: Int, _ t: Int) {
            tracked[s] = t
            taken.insert(t)
        }
        // A name that matches: 2 * 4 + price + cycle down to 1 * 4.
        for score in stride(from: 11, through: 4, by: -1) {
            for s in series.indices where tracked[s] == nil {
                if let pair = named[s].first(where: { $0.score == score && !taken.contains($0.subscription) }) {
                    take(s, pair.subscription)
                }
            }
        }
        // No name, but the price and the cycle (3): a subscription a name could have taken is taken.
        var passed: [SubscriptionIndex.CycleAndPrice: Int] = [:]
        for (s, found) in series.enumerated() where tracked[s] == nil {
            let key = SubscriptionIndex.CycleAndPrice(cycle: found.cycle, price: found.latest.amount)
            guard let candidates = index.byCycleAndPrice[key] else { continue }
            // Those taken at the front are passed for good; the others are checked for this series.
            var start = passed[key, default: 0]
            while start < candidates.count, taken.contains(candidates[start]) { start += 1 }
            passed[key] = start
            if let t = candidates[start...].first(where: { !taken.contains($0)
                && subscriptions[$0].price(on: found.latest.date) == found.latest.amount }) {
                take(s, t)
            }
        }
        return series.enumerated().map { index, found in
            Finding(series: found, tracked: tracked[index].map { subscriptions[$0] })
        }
    }

    /// The subscriptions by what a series can be matched on: the name's key, its words, and
    /// each price it has had in its cycle. Each list is in the subscriptions' order.
    private struct SubscriptionIndex {
        struct CycleAndPrice: Hashable {
            let cycle: BillingCycle
            let price: Money
        }

        var byKey: [String: [Int]] = [:]
        /// By the name's words, joined by spaces: `apple music`.
        var byWords: [String: [Int]] = [:]
        /// By each word of the name.
        var byWord: [String: [Int]] = [:]
        var byCycleAndPrice: [CycleAndPrice: [Int]] = [:]

        init(_ subscriptions: [Subscription]) {
            for (t, subscription) in subscriptions.enumerated() {
                let key = NameMatching.key(subscription.name)
                let words = TrackedWords.of(key)
                byKey[key, default: []].append(t)
                byWords[words.joined(separator: " "), default: []].append(t)
                for word in Set(words) { byWord[word, default: []].append(t) }
                for price in Set(subscription.prices.map(\.amount)) {
                    byCycleAndPrice[CycleAndPrice(cycle: subscription.cycle, price: price), default: []].append(t)
                }
            }
        }

        /// Every subscription whose name may score against `merchant` (`nameScore` decides):
        /// the same key, a name that holds the merchant's words (found by the merchant's rarest
        /// word), or a name whose words are a run of the merchant's. In order, each once.
        func namedCandidates(for merchant: String) -> [Int] {
            let key = NameMatching.key(merchant)
            let words = TrackedWords.of(key)
            var found = Set(byKey[key] ?? [])
            if let rarest = words.map({ byWord[$0] ?? [] }).min(by: { $0.count < $1.count }) {
                found.formUnion(rarest)
            }
            for start in words.indices {
                for end in (start + 1)...words.count where end - start < words.count {
                    found.formUnion(byWords[words[start..<end].joined(separator: " ")] ?? [])
                }
            }
            return found.sorted()
        }
    }

    /// 2 for the same name, 1 when one contains the other as whole words, else 0.
    private static func nameScore(_ merchant: String, _ name: String) -> Int {
        let (a, b) = (NameMatching.key(merchant), NameMatching.key(name))
        if a == b { return 2 }
        let (shorter, longer) = a.count < b.count ? (TrackedWords.of(a), TrackedWords.of(b)) : (TrackedWords.of(b), TrackedWords.of(a))
        guard !shorter.isEmpty, shorter.count < longer.count else { return 0 }
        return (0...(longer.count - shorter.count)).contains { Array(longer[$0..<($0 + shorter.count)]) == shorter } ? 1 : 0
    }
}

/// The words of a name's key, as names are matched to merchants: runs of letters and digits.
private enum TrackedWords {
    static func of(_ key: String) -> [String] {
        key.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}

/// What `--record` makes of each charge of a series on the subscription that tracks it.
public struct ChargeMatching: Sendable {
    /// The records to write: new ones, and ones whose amount the bank corrects.
    public var records: [ChargeRecord] = []
    /// Charges already recorded at the bank's amount.
    public var alreadyRecorded = 0
    /// The charges that match no payment, each with why.
    public var unmatched: [UnmatchedCharge] = []

    /// The charges of the series, however they went.
    public var chargeCount: Int { records.count + alreadyRecorded + unmatched.count }

    /// How many days from a scheduled payment a charge may be and still be its.
    public var postingDrift: Int { Subscription.postingDrift }
}

/// A charge of a statement that `--record` cannot record, and why.
public struct UnmatchedCharge: Sendable, Equatable {
    public let charge: MerchantCharge
    public let reason: Reason

    public enum Reason: Sendable, Equatable {
        /// In another currency than the subscription's.
        case otherCurrency
        /// Dated after today.
        case future
        /// No payment is scheduled within `Subscription.postingDrift` days: the subscription
        /// bills on other days. The nearest scheduled payment, if any.
        case offSchedule(nearest: CivilDate?)
        /// On a day the subscription was not running: before it started, paused or cancelled.
        case notRunning
        /// Another charge of the statement already took the payment nearest it.
        case paymentTaken(CivilDate)
        /// The subscription refuses a record on that day, with why (the error `paid` would give).
        case refused(LedgerError)
    }
}

extension Subscription {
    /// The charges of `series` as records of this subscription's payments (PRODUCT.md §10): each
    /// on the scheduled payment nearest its bank date (banks post a few days off), at the amount
    /// the bank took. Only records that are new or change an amount; charges with no scheduled
    /// payment near them, or on days the subscription was not running, are left out, and so are
    /// charges in another currency than the subscription's.
    public func records(for series: RecurringSeries, today: CivilDate) -> [ChargeRecord] {
        matching(series, today: today).records
    }

    /// What each charge of `series` comes to as `records(for:today:)` matches them: recorded,
    /// already recorded, or left out with why.
    public func matching(_ series: RecurringSeries, today: CivilDate) -> ChargeMatching {
        var matching = ChargeMatching()
        guard series.latest.amount.currency == currency else {
            matching.unmatched = series.charges.map { UnmatchedCharge(charge: $0, reason: .otherCurrency) }
            return matching
        }
        var taken: Set<CivilDate> = []
        for charge in series.charges {
            func unmatched(_ reason: UnmatchedCharge.Reason) {
                matching.unmatched.append(UnmatchedCharge(charge: charge, reason: reason))
            }
            guard charge.date <= today else { unmatched(.future); continue }
            guard let day = scheduledPayment(chargedOn: charge.date, today: today)?.date else {
                // Not running that day (before the start, paused, cancelled) is said as such: moving
                // the schedule would not help.
                let running = charge.date >= anchor && ![.cancelled, .paused].contains(status(on: charge.date))
                unmatched(running ? .offSchedule(nearest: nearestScheduledPayment(to: charge.date)) : .notRunning)
                continue
            }
            guard !taken.contains(day) else { unmatched(.paymentTaken(day)); continue }
            var probe = self
            do {
                _ = try probe.recordPaid(on: day, amount: charge.amount, today: today)
            } catch let error as LedgerError {
                unmatched(.refused(error))
                continue
            } catch {
                // `recordPaid` refuses with a `LedgerError` only; anything else is no refusal to say.
                continue
            }
            taken.insert(day)
            if self.charges.first(where: { $0.date == day })?.amount == charge.amount {
                matching.alreadyRecorded += 1
            } else {
                matching.records.append(ChargeRecord(date: day, amount: charge.amount))
            }
        }
        matching.records.sort { $0.date < $1.date }
        return matching
    }

    /// A first billing date that puts this subscription's payments on the day the bank charged
    /// `bankDate` instead of `scheduled`: the first such day on or after today's start date, so
    /// that `subs edit --start` moves the schedule and keeps the history. Nil when a trial or a
    /// restart anchors the schedule instead of the start date.
    public func startMoved(from scheduled: CivilDate, to bankDate: CivilDate) -> CivilDate? {
        guard trialEnd == nil, periods.count == 1, periods[0].restartedOn == nil else { return nil }
        switch cycle.unit {
        case .month, .year:
            // The bank's day of the month, in the first month on or after the start that is a
            // whole number of cycles from the bank's.
            let cycleMonths = cycle.count * (cycle.unit == .year ? 12 : 1)
            let bankMonth = bankDate.year * 12 + bankDate.month - 1
            let startMonth = startDate.year * 12 + startDate.month - 1
            let behind = bankMonth - startMonth
            var month = bankMonth - (behind >= 0 ? behind / cycleMonths : -((-behind + cycleMonths - 1) / cycleMonths)) * cycleMonths
            for _ in 0..<2 {
                let (year, monthOfYear) = (month / 12, month % 12 + 1)
                let day = min(bankDate.day, CivilDate.daysInMonth(year: year, month: monthOfYear))
                if let date = CivilDate(year: year, month: monthOfYear, day: day), date >= startDate { return date }
                month += cycleMonths
            }
            return nil
        case .week, .day:
            let length = cycle.unit == .week ? 7 * cycle.count : cycle.count
            let shift = ((scheduled.days(until: bankDate) % length) + length) % length
            return startDate.adding(days: shift)
        case .once:
            return nil
        }
    }
}
