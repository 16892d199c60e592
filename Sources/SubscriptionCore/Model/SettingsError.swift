/// A setting or exchange rate that does not fit the others: nothing is changed.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A rate for the base currency, whose rate is always 1.
    case rateOfBaseCurrency(Currency)
    /// Totals asked for in a currency that has no rate to convert into it.
    case noRateToConvertInto(Currency)
    /// A budget with more decimals than the base currency has (`budget` is the setting changed).
    case budgetTooPrecise(budget: String, currency: Currency)
    /// A base currency with fewer decimals than the budget already set.
    case currencyTooCoarseForBudget(currency: Currency, budget: String)

    public var description: String {
        switch self {
        case .rateOfBaseCurrency(let currency):
            localized("\(currency.code) is the base currency (config currency); its rate is always 1")
        case .noRateToConvertInto(let currency):
            localized("no exchange rate for \(currency.code): set one with 'subs rates set \(currency.code) RATE'")
        case .budgetTooPrecise(let budget, let currency):
            InputError.invalid(
                localized("budget"), value: budget,
                expected: localized("at most \(currency.minorDigits) decimals for the base currency \(currency.code)")
            ).description
        case .currencyTooCoarseForBudget(let currency, let budget):
            localized("""
                cannot make \(currency.code) the base currency: the budget \(budget) has more decimals than it allows; \
                set the budget first
                """)
        }
    }
}
