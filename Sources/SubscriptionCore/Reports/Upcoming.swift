/// One thing due in the window `upcoming` looks at: a payment, or a free trial that ends.
public struct UpcomingItem: Hashable, Sendable {
    public let date: CivilDate
    public let daysUntil: Int
    public let kind: PaymentKind
    public let subscriptionID: String
    public let name: String
    public let amount: Money
    /// The name in lower case, computed once: sorting compares it many times.
    let sortName: String

    init(_ subscription: Subscription, _ payment: Payment, kind: PaymentKind, today: CivilDate) {
        date = payment.date
        daysUntil = today.days(until: payment.date)
        self.kind = kind
        subscriptionID = subscription.id
        name = subscription.name
        sortName = subscription.name.lowercased()
        amount = payment.amount
    }

    /// What a payment shows as: the payment, and before it the trial's end when this is the
    /// charge a free trial turns into. The one rule `upcoming`, `summary` and reminders share.
    static func append(
        _ payment: Payment, of subscription: Subscription, today: CivilDate, to items: inout [UpcomingItem]
    ) {
        if subscription.kind(of: payment) == .trialEnd {
            items.append(UpcomingItem(subscription, payment, kind: .trialEnd, today: today))
        }
        items.append(UpcomingItem(subscription, payment, kind: .payment, today: today))
    }

    /// Oldest first; on one day by name, and a trial's end before the charge it turns into.
    static func chronologically(_ lhs: UpcomingItem, _ rhs: UpcomingItem) -> Bool {
        (lhs.date, lhs.sortName, lhs.subscriptionID, lhs.kind == .payment ? 1 : 0)
            < (rhs.date, rhs.sortName, rhs.subscriptionID, rhs.kind == .payment ? 1 : 0)
    }
}

/// Everything due from `today` through `end`, both inclusive, oldest first (R6).
public struct UpcomingReport: Sendable {
    public let today: CivilDate
    public let end: CivilDate
    public let items: [UpcomingItem]
    /// The payments' sum per currency (trial ends are not extra charges).
    public let totals: CurrencyTotals

    public static let defaultDays = 30
    /// How far ahead a window may reach: a hundred years of payments is already a long list.
    public static let maximumDays = 36_600

    /// The last day of the window that starts `today`: `until`, else `days` ahead (default 30).
    /// Refuses a window that ends before it starts or reaches past `maximumDays`, and stops at
    /// the last supported date.
    public static func end(today: CivilDate, days: Int?, until: CivilDate?) throws -> CivilDate {
        if let days, !(0...maximumDays).contains(days) {
            throw InputError.invalid("--days", value: "\(days)", expected: localized("a number of days from 0 to \(maximumDays)"))
        }
        let lastSupported = CivilDate(year: 9999, month: 12, day: 31)!
        let limit = today.adding(days: maximumDays) ?? lastSupported
        guard let until else { return min(today.adding(days: days ?? defaultDays) ?? lastSupported, limit) }
        guard until >= today, until <= limit else {
            throw InputError.invalid("--until", value: "\(until)", expected: localized("a date from today (\(today)) to \(limit)"))
        }
        return until
    }

    public init(_ subscriptions: [Subscription], today: CivilDate, through end: CivilDate) {
        self.today = today
        self.end = end
        var items: [UpcomingItem] = []
        var totals = CurrencyTotals()
        for subscription in subscriptions {
            for payment in subscription.payments(from: today, through: end) {
                UpcomingItem.append(payment, of: subscription, today: today, to: &items)
                totals.add(payment.amount.decimal, in: payment.amount.currency)
            }
        }
        self.items = items.sorted(by: UpcomingItem.chronologically)
        self.totals = totals
    }
}
