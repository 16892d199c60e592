/// One thing due in the window `upcoming` looks at: a payment, a free trial that ends, the last
/// day to cancel, or the end of a finite subscription (PRODUCT.md §14).
public struct UpcomingItem: Hashable, Sendable {
    public let date: CivilDate
    public let daysUntil: Int
    public let kind: PaymentKind
    public let subscriptionID: String
    public let name: String
    /// A payment's amount; for `cancelBy`, what missing the day costs (zero when nothing is
    /// charged after it); for `ends`, the last payment on or before the end (zero when none).
    public let amount: Money
    /// For `cancelBy`: the deadline, with the term end and what missing it costs.
    public var deadline: Deadline? { deadlines.first }
    /// The deadline, when there is one: an array keeps the item small (a deadline with what
    /// missing it costs is larger than all the rest), and a year ahead is tens of thousands of
    /// items to gather and sort.
    private let deadlines: [Deadline]

    init(
        _ subscription: Subscription, date: CivilDate, kind: PaymentKind, amount: Money, deadline: Deadline? = nil,
        today: CivilDate
    ) {
        self.date = date
        daysUntil = today.days(until: date)
        self.kind = kind
        subscriptionID = subscription.id
        name = subscription.name
        self.amount = amount
        deadlines = deadline.map { [$0] } ?? []
    }

    init(_ subscription: Subscription, _ payment: Payment, kind: PaymentKind, today: CivilDate) {
        self.init(subscription, date: payment.date, kind: kind, amount: payment.amount, today: today)
    }

    /// A last day to cancel, priced at what missing it costs (zero when nothing is charged).
    init(_ subscription: Subscription, _ deadline: Deadline, today: CivilDate) {
        self.init(
            subscription, date: deadline.cancelBy, kind: .cancelBy,
            amount: deadline.cost ?? Money(minorUnits: 0, currency: subscription.currency), deadline: deadline,
            today: today)
    }

    /// Whether it is money that leaves the account (a payment, or a trial's first charge), which
    /// totals count; a deadline or an end is not.
    public var isPayment: Bool { kind == .payment || kind == .trialEnd }

    /// What a payment shows as: one item, of kind `trialEnd` when it is the first charge a free
    /// trial turns into (the trial ends and the charge is made that day), else `payment`. The one
    /// rule `upcoming`, `summary` and reminders share.
    static func append(
        _ payment: Payment, of subscription: Subscription, today: CivilDate, to items: inout [UpcomingItem]
    ) {
        items.append(UpcomingItem(subscription, payment, kind: subscription.kind(of: payment), today: today))
    }

    /// Everything of `subscription` dated from `start` through `end`, both inclusive, appended to
    /// `items`: its payments, the deadlines that still matter, and its end when it falls there.
    /// The one rule `upcoming` and `calendar` share.
    static func appendAll(
        of subscription: Subscription, from start: CivilDate, through end: CivilDate, today: CivilDate,
        to items: inout [UpcomingItem]
    ) {
        for payment in subscription.payments(from: start, through: end, today: today) {
            append(payment, of: subscription, today: today, to: &items)
        }
        let zero = Money(minorUnits: 0, currency: subscription.currency)
        for deadline in subscription.deadlines(from: start, through: end) {
            items.append(UpcomingItem(subscription, deadline, today: today))
        }
        if let ends = subscription.endDay, start <= ends, ends <= end {
            let last = subscription.payments(from: subscription.startDate, through: ends, today: today).last
            items.append(UpcomingItem(subscription, date: ends, kind: .ends, amount: last?.amount ?? zero, today: today))
        }
    }
}

extension Subscription {
    /// The day a finite subscription ends on its own (`--ends`, `--payments`), shown as an item of
    /// kind `ends`; nil without an end, or once it is cancelled on or before that day (cancelled
    /// wins, as in `status(on:)`).
    var endDay: CivilDate? {
        guard let ends else { return nil }
        if let cancelled = currentPeriod.cancelledOn, cancelled <= ends { return nil }
        return ends
    }
}

/// The order `upcoming` lists things in: oldest first; on one day by name in lower case, then
/// by id, and for one subscription the deadline first, then the payment, then the end. The
/// subscriptions are ranked by
/// name once, so sorting many thousands of items compares integers, not strings.
struct UpcomingOrder: Sendable {
    /// Each subscription's place by name and id, by its index in the list given.
    private let ranks: [Int]

    init(_ subscriptions: [Subscription]) {
        let names = subscriptions.map { $0.name.lowercased() }
        let byName = subscriptions.indices.sorted {
            (names[$0], subscriptions[$0].id) < (names[$1], subscriptions[$1].id)
        }
        var ranks = [Int](repeating: 0, count: subscriptions.count)
        for (rank, index) in byName.enumerated() { ranks[index] = rank }
        self.ranks = ranks
    }

    /// The key `item`, of the subscription at `index`, sorts by: date, name rank, kind.
    func key(_ item: UpcomingItem, subscriptionAt index: Int) -> UInt64 {
        key(date: item.date, kind: item.kind, subscriptionAt: index)
    }

    private func key(date: CivilDate, kind: PaymentKind, subscriptionAt index: Int) -> UInt64 {
        // Days from 1970 are within ±3,000,000 for years 1 to 9999 (23 bits); ranks below 2^32;
        // the kind takes 2 bits.
        let day = UInt64(date.daysSinceEpoch + 4_000_000)
        return day << 34 | UInt64(ranks[index]) << 2 | Self.kindRank(kind)
    }

    /// The keys of `items[range]`, all of the subscription at `index`, appended to `keys`; read
    /// in place, as tens of thousands of items are.
    func appendKeys(
        of items: [UpcomingItem], _ range: Range<Int>, subscriptionAt index: Int, to keys: inout [UInt64]
    ) {
        for position in range {
            keys.append(key(date: items[position].date, kind: items[position].kind, subscriptionAt: index))
        }
    }

    private static func kindRank(_ kind: PaymentKind) -> UInt64 {
        switch kind {
        case .cancelBy: 0
        case .payment, .trialEnd: 1
        case .ends: 2
        }
    }

    /// A few items in this order, worked out from the items alone, with no ranking of every
    /// subscription; items alike keep the order they came in.
    static func sorted(_ items: [UpcomingItem]) -> [UpcomingItem] {
        let names = items.map { $0.name.lowercased() }
        return items.indices.sorted { a, b in
            let (left, right) = (items[a], items[b])
            guard left.date == right.date else { return left.date < right.date }
            guard left.subscriptionID != right.subscriptionID else { return kindRank(left.kind) < kindRank(right.kind) }
            return (names[a], left.subscriptionID) < (names[b], right.subscriptionID)
        }.map { items[$0] }
    }

    /// Puts `items` in this order in place, by their `keys`; items with one key keep the order
    /// they came in.
    static func sort(_ items: inout [UpcomingItem], keys: [UInt64]) {
        // Each key with its item's index below it: plain integers to sort, with no closure to
        // call, and no two alike.
        var order = keys.enumerated().map { UInt128($1) << 64 | UInt128($0) }
        order.sort()
        items.rearrange(taking: order.map { Int(truncatingIfNeeded: $0) })
    }
}

/// Everything due from `today` through `end`, both inclusive, oldest first (R6): payments, trial
/// ends, deadlines and ends.
public struct UpcomingReport: Sendable {
    public let today: CivilDate
    public let end: CivilDate
    public let items: [UpcomingItem]
    /// The payments' sum per currency, a trial's first charge included; deadlines and ends are
    /// not money paid, and not counted.
    public let totals: CurrencyTotals

    public static let defaultDays = 30
    /// How far ahead a window may reach: a hundred years of payments is already a long list.
    public static let maximumDays = 36_600

    /// The last day of the window that starts `today`: `until`, else `days` ahead (default 30).
    /// Refuses a window that ends before it starts or reaches past `maximumDays`, and stops at
    /// the last supported date.
    public static func end(today: CivilDate, days: Int?, until: CivilDate?) throws -> CivilDate {
        if let days, !(0...maximumDays).contains(days) {
            throw InputError.invalid(.days, value: "\(days)", expected: .dayCount(maximum: maximumDays))
        }
        let lastSupported = CivilDate(year: 9999, month: 12, day: 31)!
        let limit = today.adding(days: maximumDays) ?? lastSupported
        guard let until else { return min(today.adding(days: days ?? defaultDays) ?? lastSupported, limit) }
        guard until >= today, until <= limit else {
            throw InputError.invalid(.until, value: "\(until)", expected: .dateInWindow(today: today, limit: limit))
        }
        return until
    }

    public init(_ subscriptions: [Subscription], today: CivilDate, through end: CivilDate) {
        self.today = today
        self.end = end
        (items, totals) = Self.items(of: subscriptions, from: today, through: end, today: today)
    }

    /// Every item of `subscriptions` from `start` through `end`, in `upcoming`'s order, and the
    /// payments' totals per currency.
    static func items(
        of subscriptions: [Subscription], from start: CivilDate, through end: CivilDate, today: CivilDate
    ) -> (items: [UpcomingItem], totals: CurrencyTotals) {
        // The subscriptions are ranked by name on the other core while their items are gathered
        // here (of 100,000, each takes a tenth of `upcoming`).
        let order: UpcomingOrder
        var gathered: Gathered
        (order, gathered) = BothCores.run(if: subscriptions.count >= BothCores.threshold, { UpcomingOrder(subscriptions) }, while: {
            Gathered(subscriptions, from: start, through: end, today: today)
        })
        var keys: [UInt64] = []
        keys.reserveCapacity(gathered.items.count)
        for (index, range) in gathered.ranges {
            order.appendKeys(of: gathered.items, range, subscriptionAt: index, to: &keys)
        }
        // In place: the items are not copied.
        UpcomingOrder.sort(&gathered.items, keys: keys)
        return (gathered.items, gathered.totals)
    }

    /// Every item of some subscriptions in a window, in the order of the subscriptions, with
    /// where each subscription's items are (for those that have some), and the payments' totals.
    private struct Gathered {
        var items: [UpcomingItem] = []
        var ranges: [(subscription: Int, items: Range<Int>)] = []
        var totals = CurrencyTotals()

        init(_ subscriptions: [Subscription], from start: CivilDate, through end: CivilDate, today: CivilDate) {
            // Summed in minor units, exactly, and made Decimal once per currency.
            var sums: [Currency: Int128] = [:]
            // About one item each in a month: room for them at once, not grown by copying.
            items.reserveCapacity(subscriptions.count)
            for index in subscriptions.indices {
                let first = items.count
                UpcomingItem.appendAll(of: subscriptions[index], from: start, through: end, today: today, to: &items)
                guard items.count > first else { continue }
                ranges.append((index, first..<items.count))
                // Summed here in the subscription's currency, and added to `sums` once: a
                // dictionary of currencies is not looked up for every payment. Each item is read
                // where it lies: a copy of it, to ask its kind, retained its strings.
                let currency = subscriptions[index].currency
                var paid = false
                var sum: Int128 = 0
                items.withUnsafeBufferPointer { gathered in
                    for position in first..<gathered.count where gathered[position].isPayment {
                        let amount = gathered[position].amount
                        if amount.currency == currency {
                            paid = true
                            sum += amount.minorUnits
                        } else {
                            sums[amount.currency, default: 0] += amount.minorUnits
                        }
                    }
                }
                if paid { sums[currency, default: 0] += sum }
            }
            for (currency, minorUnits) in sums {
                totals.add(Money(minorUnits: minorUnits, currency: currency).decimal, in: currency)
            }
        }
    }
}
