/// One thing due in the window `upcoming` looks at: a payment, or a free trial that ends.
public struct UpcomingItem: Hashable, Sendable {
    public let date: CivilDate
    public let daysUntil: Int
    public let kind: PaymentKind
    public let subscriptionID: String
    public let name: String
    public let amount: Money

    init(_ subscription: Subscription, _ payment: Payment, kind: PaymentKind, today: CivilDate) {
        date = payment.date
        daysUntil = today.days(until: payment.date)
        self.kind = kind
        subscriptionID = subscription.id
        name = subscription.name
        amount = payment.amount
    }

    /// What a payment shows as: one item, of kind `trialEnd` when it is the first charge a free
    /// trial turns into (the trial ends and the charge is made that day), else `payment`. The one
    /// rule `upcoming`, `summary` and reminders share.
    static func append(
        _ payment: Payment, of subscription: Subscription, today: CivilDate, to items: inout [UpcomingItem]
    ) {
        items.append(UpcomingItem(subscription, payment, kind: subscription.kind(of: payment), today: today))
    }
}

/// The order `upcoming` lists things in: oldest first; on one day by name in lower case, then
/// by id. The subscriptions are ranked by
/// name once, so sorting many thousands of items compares integers, not strings.
struct UpcomingOrder {
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

    /// The key `item`, of the subscription at `index`, sorts by: date, name rank.
    func key(_ item: UpcomingItem, subscriptionAt index: Int) -> UInt64 {
        // Days from 1970 are within ±3,000,000 for years 1 to 9999; ranks below 2^32.
        let day = UInt64(item.date.daysSinceEpoch + 4_000_000)
        return day << 32 | UInt64(ranks[index])
    }

    /// `items` (with the index of the subscription each belongs to) in this order; items with
    /// one key keep the order they came in.
    static func sorted(_ items: [UpcomingItem], keys: [UInt64]) -> [UpcomingItem] {
        let order = keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        return order.map { items[$0] }
    }
}

/// Everything due from `today` through `end`, both inclusive, oldest first (R6).
public struct UpcomingReport: Sendable {
    public let today: CivilDate
    public let end: CivilDate
    public let items: [UpcomingItem]
    /// The payments' sum per currency, a trial's first charge included.
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
        let order = UpcomingOrder(subscriptions)
        var items: [UpcomingItem] = []
        var keys: [UInt64] = []
        // Summed in minor units, exactly, and made Decimal once per currency.
        var sums: [Currency: Int128] = [:]
        for (index, subscription) in subscriptions.enumerated() {
            for payment in subscription.payments(from: today, through: end) {
                let first = items.count
                UpcomingItem.append(payment, of: subscription, today: today, to: &items)
                keys += items[first...].map { order.key($0, subscriptionAt: index) }
                sums[payment.amount.currency, default: 0] += payment.amount.minorUnits
            }
        }
        self.items = UpcomingOrder.sorted(items, keys: keys)
        var totals = CurrencyTotals()
        for (currency, minorUnits) in sums {
            totals.add(Money(minorUnits: minorUnits, currency: currency).decimal, in: currency)
        }
        self.totals = totals
    }
}
