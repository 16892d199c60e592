import Foundation

/// What one unit of a currency is worth in the base currency (config `currency`), as the user
/// set it: `subs rates set EUR 1.08` means 1 EUR = 1.08 in the base currency.
public struct ExchangeRate: Hashable, Sendable {
    public let currency: Currency
    /// Exact, as typed: never a `Double`.
    public let rate: Decimal
    /// The rate as the user typed it, normalised (`1.08`).
    public let text: String
    public let setAt: Date

    public init(currency: Currency, rate text: String, setAt: Date) throws {
        self.currency = currency
        (self.rate, self.text) = try Self.parse(text)
        self.setAt = setAt
    }

    /// The rate from the other side: `inverse` is what 1 unit of the base currency is worth in
    /// `currency` (`subs rates set TRY 34.5 --inverse`). The rate kept is 1 / inverse: exact when
    /// that has a finite decimal expansion (`0.8` gives `1.25`), otherwise rounded half up to
    /// `inverseSignificantDigits` significant digits (`34.5` gives `0.028985507246376811594`).
    public init(currency: Currency, inverse text: String, setAt: Date) throws {
        let (inverse, _) = try Self.parse(text)
        var rate = 1 / inverse
        if rate * inverse != 1 {
            var exact = rate
            NSDecimalRound(&rate, &exact, Self.inverseSignificantDigits - 1 - Self.magnitude(exact), .plain)
        }
        self.currency = currency
        self.rate = rate
        self.text = Self.plainText(rate)
        self.setAt = setAt
        // Store only what reads back: a rate past the amount grammar would read as damage.
        guard (try? ExchangeRate(currency: currency, stored: self.text, setAt: setAt)) != nil else {
            throw InputError.invalid(.inverseRate, value: text, expected: .inverseAtMost(Money.maximumMajorUnits))
        }
    }

    /// A rate as stored: any positive decimal, since an inverse may have more than 12 decimals.
    init(currency: Currency, stored text: String, setAt: Date) throws {
        guard let number = try? DecimalAmount(input: text), number.decimal > 0 else {
            throw InputError.invalid(.exchangeRate, value: text, expected: .exchangeRate)
        }
        self.currency = currency
        self.rate = number.decimal
        self.text = text
        self.setAt = setAt
    }

    /// A rate from a document another `subs` exported: as `rates set` takes it (at most 12
    /// decimals), or as `--inverse` stores it, which may be an exact reciprocal of many more
    /// digits. Nothing a `subs` could not have stored: the stored grammar is what `--inverse`
    /// checks its own rate against.
    init(currency: Currency, exported text: String, setAt: Date) throws {
        do {
            self = try ExchangeRate(currency: currency, rate: text, setAt: setAt)
        } catch let typed {
            guard let stored = try? ExchangeRate(currency: currency, stored: text, setAt: setAt) else { throw typed }
            self = stored
        }
    }

    /// How many significant digits an inverse rate without a finite decimal keeps: enough that
    /// converting any total `subs` can hold is off by far less than a minor unit.
    public static let inverseSignificantDigits = 20

    /// The power of ten of the first significant digit: 1 for 34.5, -2 for 0.029.
    private static func magnitude(_ value: Decimal) -> Int {
        var (scaled, power) = (value, 0)
        while scaled >= 10 { scaled /= 10; power += 1 }
        while scaled < 1 { scaled *= 10; power -= 1 }
        return power
    }

    /// The digits without an exponent or trailing zeros: `0.0289...`.
    private static func plainText(_ value: Decimal) -> String {
        NSDecimalNumber(decimal: value).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }

    /// A strict positive decimal (the grammar of amounts) with at most 12 decimals.
    static func parse(_ input: String) throws -> (Decimal, String) {
        guard let number = try? DecimalAmount(input: input), number.fractionDigits.count <= 12,
              number.decimal > 0
        else { throw InputError.invalid(.exchangeRate, value: input, expected: .exchangeRate) }
        return (number.decimal, number.canonical)
    }
}

/// Converts exact per-currency sums into the base currency with the user's rates.
public struct CurrencyConverter: Sendable {
    public let base: Currency
    public let rates: [Currency: Decimal]

    public init(base: Currency, rates: [ExchangeRate]) {
        self.base = base
        var table = Dictionary(rates.map { ($0.currency, $0.rate) }, uniquingKeysWith: { _, last in last })
        table[base] = 1
        self.rates = table
    }

    /// The same rates seen from `currency`: converts into it instead of the base currency.
    public func rebased(to currency: Currency) throws -> CurrencyConverter {
        guard let pivot = rates[currency] else {
            throw SettingsError.noRateToConvertInto(currency)
        }
        return CurrencyConverter(base: currency, table: rates.mapValues { $0 / pivot })
    }

    private init(base: Currency, table: [Currency: Decimal]) {
        self.base = base
        self.rates = table
    }

    /// The currencies in `totals` that have no rate.
    public func missingRates(for totals: CurrencyTotals) -> [Currency] {
        totals.currencies.filter { rates[$0] == nil }
    }

    /// The exact sum in the base currency, or nil when a rate is missing. Refuses a sum too
    /// large to show (`Money.largestTotal`).
    public func convert(_ totals: CurrencyTotals) throws -> Decimal? {
        guard missingRates(for: totals).isEmpty else { return nil }
        let sum = totals.currencies.reduce(Decimal(0)) { $0 + totals.exact($1) * rates[$1]! }
        return try Money.showable(sum, in: base)
    }

    /// The exact sum in the base currency of the currencies that have a rate: a lower bound of
    /// the whole while a rate is missing (no amount is negative).
    public func convertKnown(_ totals: CurrencyTotals) -> Decimal {
        totals.currencies.reduce(Decimal(0)) { sum, currency in
            rates[currency].map { sum + totals.exact(currency) * $0 } ?? sum
        }
    }

    /// One amount in the base currency, or nil without a rate; refused when too large to show.
    public func convert(_ amount: Decimal, from currency: Currency) throws -> Decimal? {
        try rates[currency].map { try Money.showable(amount * $0, in: base) }
    }
}
