/// A subscription whose last two recorded charges were both above its scheduled price
/// (PRODUCT.md §10): the price they suggest, and the day to make it effective.
public struct PriceRise: Hashable, Sendable {
    public let subscriptionID: String
    public let name: String
    /// The price the schedule has now.
    public let scheduled: Money
    /// The latest recorded charge.
    public let charged: Money
    /// The earlier of the two charges: from then on the new price applies.
    public let since: CivilDate

    public init?(_ subscription: Subscription, today: CivilDate) {
        guard let rise = subscription.priceRise else { return nil }
        subscriptionID = subscription.id
        name = subscription.name
        scheduled = subscription.price(on: today)
        charged = rise.amount
        since = rise.since
    }

    /// The arguments of the `subs edit` that makes the schedule agree with the statements.
    public var editArguments: [String] {
        let options = ["--amount", charged.description, "--effective", since.description]
        // A name like `-dash` would read as options: it goes last, after `--`.
        return name.hasPrefix("-") ? ["edit"] + options + ["--", name] : ["edit", name] + options
    }
}
