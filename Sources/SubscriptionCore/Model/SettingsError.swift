/// A setting or exchange rate that does not fit the others: nothing is changed.
public enum SettingsError: CoreError, Equatable, Sendable {
    /// A rate for the base currency, whose rate is always 1.
    case rateOfBaseCurrency(Currency)
    /// Totals asked for in a currency that has no rate to convert into it.
    case noRateToConvertInto(Currency)
    /// A budget with more decimals than the base currency has (`budget` is the setting changed).
    case budgetTooPrecise(budget: String, currency: Currency)
    /// A base currency with fewer decimals than the budget already set.
    case currencyTooCoarseForBudget(currency: Currency, budget: String)

    public var failure: FailureKind { .refused }
}
