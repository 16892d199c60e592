/// An edit of a subscription that cannot be made as asked: nothing is changed.
public enum EditError: CoreError, Equatable, Sendable {
    /// An edit with no change in it.
    case nothingToChange
    /// A currency correction whose new currency cannot hold a recorded price (15.49 in JPY).
    case currencyLosesDecimals(price: Money, to: Currency)
    /// The same with a new amount from a date on: the prices before it could not be kept.
    case currencyLosesEarlierPrices(price: Money, to: Currency)
    /// A currency correction whose new currency cannot hold a recorded charge: it is what was
    /// paid, so no new amount replaces it.
    case currencyLosesCharge(charge: Money, on: CivilDate, to: Currency)

    public var failure: FailureKind { .refused }
}
