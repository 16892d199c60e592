/// An edit of a subscription that cannot be made as asked: nothing is changed.
public enum EditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An edit with no change in it.
    case nothingToChange
    /// A currency correction whose new currency cannot hold a recorded price (15.49 in JPY).
    case currencyLosesDecimals(price: Money, to: Currency)

    public var description: String {
        switch self {
        case .nothingToChange:
            localized("nothing to change: give at least one change")
        case .currencyLosesDecimals(let price, let currency):
            localized("""
                cannot change the currency to \(currency.code): the price \(price) \(price.currency.code) has more \
                decimals than \(currency.code) allows; give a new amount with it
                """)
        }
    }
}
