import Foundation

extension SubscriptionStore {
    /// Sets a setting; `nil` (or an empty command or URL) returns it to its default.
    @discardableResult
    public func setConfig(_ key: ConfigKey, to value: String?, now: Date = Date()) throws -> Config {
        _ = try value.map { try key.normalized($0) }
        return try write { connection in
            let settings = SettingRecords(connection: connection)
            let stored = try value.flatMap { try settings.config().setting(key, to: $0).value(of: key) }
            let previous = try settings.value(of: key)
            try settings.set(key, to: stored)
            if previous != stored {
                try History.record(
                    connection, .config, subscriptionID: nil, subject: key.rawValue,
                    detail: .setting(key: key.rawValue),
                    before: StateSlice(settings: previous.map { [key: $0] } ?? [:]),
                    after: StateSlice(settings: stored.map { [key: $0] } ?? [:]), now: now)
            }
            return try settings.config()
        }
    }

    /// The keys the user has set, as opposed to defaults.
    public func configKeysSet() throws -> Set<ConfigKey> {
        try read { connection in
            Set(try SettingRecords(connection: connection).keys().compactMap(ConfigKey.init(rawValue:)))
        }
    }

    // MARK: - Exchange rates

    /// The rates into the base currency (config `currency`), by currency code. Rates set against
    /// an earlier base currency are kept but not used.
    public func rates() throws -> [ExchangeRate] {
        try read { connection in
            try RateRecords(connection: connection).rates(into: SettingRecords(connection: connection).config().currency)
        }
    }

    /// Sets rates (1 unit of each currency = rate in the base currency), all or none.
    public func setRates(_ entries: [(currency: Currency, rate: String)], now: Date = Date()) throws {
        try setRates(try entries.map { try ExchangeRate(currency: $0.currency, rate: $0.rate, setAt: now) }, now: now)
    }

    private func setRates(_ rates: [ExchangeRate], now: Date) throws {
        try write { connection in
            let records = RateRecords(connection: connection)
            let base = try SettingRecords(connection: connection).config().currency
            if let same = rates.first(where: { $0.currency == base }) {
                throw SettingsError.rateOfBaseCurrency(same.currency)
            }
            let before = try records.rates(into: base).filter { old in rates.contains { $0.currency == old.currency } }
            for rate in rates {
                try records.set(ImportedRate(rate: rate, base: base))
            }
            let after = try records.rates(into: base).filter { new in rates.contains { $0.currency == new.currency } }
            try History.record(
                connection, .rate, subscriptionID: nil, subject: rates.map(\.currency.code).joined(separator: ", "),
                detail: .ratesSet,
                before: StateSlice(rates: before.map { ImportedRate(rate: $0, base: base) }),
                after: StateSlice(rates: after.map { ImportedRate(rate: $0, base: base) }), now: now)
        }
    }

    /// Sets the rate of `currency` from the other side: 1 unit of the base currency is worth
    /// `inverse` of it. Returns the rate stored (see `ExchangeRate.init(currency:inverse:setAt:)`).
    @discardableResult
    public func setInverseRate(_ currency: Currency, _ inverse: String, now: Date = Date()) throws -> ExchangeRate {
        let rate = try ExchangeRate(currency: currency, inverse: inverse, setAt: now)
        try setRates([rate], now: now)
        return rate
    }

    /// Deletes the rate of `currency` into the base currency; not found when none is set.
    public func deleteRate(_ currency: Currency, now: Date = Date()) throws {
        try write { connection in
            let records = RateRecords(connection: connection)
            let base = try SettingRecords(connection: connection).config().currency
            let before = try records.rates(into: base).filter { $0.currency == currency }
            guard try records.delete(currency, base: base) else { throw LookupError.noRate(currency: currency.code) }
            try History.record(connection, .rate, subscriptionID: nil, subject: currency.code, detail: .rateRemoved,
                               before: StateSlice(rates: before.map { ImportedRate(rate: $0, base: base) }),
                               after: .empty, now: now)
        }
    }

    /// The converter to the configured base currency with every known rate.
    public func converter() throws -> CurrencyConverter {
        try read { connection in
            let base = try SettingRecords(connection: connection).config().currency
            return CurrencyConverter(base: base, rates: try RateRecords(connection: connection).rates(into: base))
        }
    }
}
