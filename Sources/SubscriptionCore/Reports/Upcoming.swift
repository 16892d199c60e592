/// One thing due in the window `upcoming` looks at: a payment, or a free trial that ends.
public struct UpcomingItem: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case payment
        case trialEnd = "trial_end"
    }

    public let date: CivilDate
    public let daysUntil: Int
    public let kind: Kind
    public let subscriptionID: String
    public let name: String
    public let amount: Money
}

/// Everything due from `today` through `end`, both inclusive, oldest first (R6).
public struct UpcomingReport: Sendable {
    public let today: CivilDate
    public let end: CivilDate
    public let items: [UpcomingItem]
    /// The payments' sum per currency (trial ends are not extra charges).
    public let totals: CurrencyTotals

    public static let defaultDays = 30

    public init(_ subscriptions: [Subscription], today: CivilDate, through end: CivilDate) {
        self.today = today
        self.end = end
        var items: [UpcomingItem] = []
        var totals = CurrencyTotals()
        for subscription in subscriptions {
            func item(_ payment: Payment, _ kind: UpcomingItem.Kind) -> UpcomingItem {
                UpcomingItem(
                    date: payment.date, daysUntil: today.days(until: payment.date), kind: kind,
                    subscriptionID: subscription.id, name: subscription.name, amount: payment.amount)
            }
            for payment in subscription.payments(from: today, through: end) {
                if payment.date == subscription.trialEnd {
                    items.append(item(payment, .trialEnd))
                }
                items.append(item(payment, .payment))
                totals.add(payment.amount.decimal, in: payment.amount.currency)
            }
        }
        self.items = items.sorted {
            ($0.date, $0.name.lowercased(), $0.subscriptionID, $0.kind == .payment ? 1 : 0)
                < ($1.date, $1.name.lowercased(), $1.subscriptionID, $1.kind == .payment ? 1 : 0)
        }
        self.totals = totals
    }
}
