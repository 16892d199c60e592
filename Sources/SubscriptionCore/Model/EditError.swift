/// An edit of a subscription that cannot be made as asked: nothing is changed.
public enum EditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An edit with no change in it.
    case nothingToChange
    /// A currency correction whose new currency cannot hold a recorded price (15.49 in JPY).
    case currencyLosesDecimals(price: Money, to: Currency)
    /// The same with a new amount from a date on: the prices before it could not be kept.
    case currencyLosesEarlierPrices(price: Money, to: Currency)
    /// A currency correction whose new currency cannot hold a recorded charge: it is what was
    /// paid, so no new amount replaces it.
    case currencyLosesCharge(charge: Money, on: CivilDate, to: Currency)

    public var description: String {
        switch self {
        case .nothingToChange:
            localized("nothing to change: give at least one change")
        case .currencyLosesDecimals(let price, let currency):
            localized("""
                cannot change the currency to \(currency.code): the price \(price) \(price.currency.code) has more \
                decimals than \(currency.code) allows; give a new amount with it
                """)
        case .currencyLosesEarlierPrices(let price, let currency):
            localized("""
                cannot change the currency to \(currency.code) from a date on: the price \(price) \(price.currency.code) \
                before it has more decimals than \(currency.code) allows; leave out --effective (or give \
                --effective start) to replace the price history
                """)
        case .currencyLosesCharge(let charge, let date, let currency):
            localized("""
                cannot change the currency to \(currency.code): the charge of \(charge) \(charge.currency.code) recorded on \
                \(date) has more decimals than \(currency.code) allows; remove that record first with subs paid --undo
                """)
        }
    }
}
