import Foundation

extension SubscriptionStore {
    /// Sets a setting; `nil` (or an empty command or URL) returns it to its default.
    @discardableResult
    public func setConfig(_ key: ConfigKey, to value: String?, now: Date = Date()) throws -> Config {
        _ = try value.map { try key.normalized($0) }
        return try write { connection in
            let stored = try value.flatMap { try Self.config(connection).setting(key, to: $0).value(of: key) }
            let previous = try connection.scalar("SELECT value FROM settings WHERE key = ?", [.text(key.rawValue)])
                .flatMap { if case .text(let text) = $0 { text } else { nil } }
            if let stored {
                // SQLite 3.15 has no UPSERT: replace the row.
                try connection.run("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                                   [.text(key.rawValue), .text(stored)])
            } else {
                try connection.run("DELETE FROM settings WHERE key = ?", [.text(key.rawValue)])
            }
            if previous != stored {
                try History.record(
                    connection, .config, subscriptionID: nil, subject: key.rawValue,
                    detail: .setting(key: key.rawValue),
                    before: StateSlice(settings: previous.map { [key: $0] } ?? [:]),
                    after: StateSlice(settings: stored.map { [key: $0] } ?? [:]), now: now)
            }
            return try Self.config(connection)
        }
    }

    /// The keys the user has set, as opposed to defaults.
    public func configKeysSet() throws -> Set<ConfigKey> {
        try read { connection in
            Set(try connection.rows("SELECT key FROM settings").compactMap { $0.text(0).flatMap(ConfigKey.init(rawValue:)) })
        }
    }

    // MARK: - Exchange rates

    /// The rates into the base currency (config `currency`), by currency code. Rates set against
    /// an earlier base currency are kept but not used.
    public func rates() throws -> [ExchangeRate] {
        try read { try Self.rates($0, base: Self.config($0).currency) }
    }

    static func rates(_ connection: Connection, base: Currency) throws -> [ExchangeRate] {
        try connection.rows(
            "SELECT currency, rate, set_at FROM exchange_rates WHERE base = ? ORDER BY currency",
            [.text(base.code)]
        ).map { row in
            guard let code = row.text(0), let currency = Currency(code: code), let rate = row.text(1),
                  let setAt = row.text(2).flatMap(Timestamp.parse),
                  let stored = try? ExchangeRate(currency: currency, stored: rate, setAt: setAt)
            else {
                throw Damaged(.exchangeRate(currency: row.text(0)))
            }
            return stored
        }
    }

    /// Sets rates (1 unit of each currency = rate in the base currency), all or none.
    public func setRates(_ entries: [(currency: Currency, rate: String)], now: Date = Date()) throws {
        try setRates(try entries.map { try ExchangeRate(currency: $0.currency, rate: $0.rate, setAt: now) }, now: now)
    }

    private func setRates(_ rates: [ExchangeRate], now: Date) throws {
        try write { connection in
            let base = try Self.config(connection).currency
            if let same = rates.first(where: { $0.currency == base }) {
                throw SettingsError.rateOfBaseCurrency(same.currency)
            }
            let before = try Self.rates(connection, base: base).filter { old in rates.contains { $0.currency == old.currency } }
            for rate in rates {
                try connection.run(
                    "INSERT OR REPLACE INTO exchange_rates (currency, base, rate, set_at) VALUES (?, ?, ?, ?)",
                    [.text(rate.currency.code), .text(base.code), .text(rate.text), .text(Timestamp.format(now))])
            }
            let after = try Self.rates(connection, base: base).filter { new in rates.contains { $0.currency == new.currency } }
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
            let base = try Self.config(connection).currency
            let before = try Self.rates(connection, base: base).filter { $0.currency == currency }
            try connection.run("DELETE FROM exchange_rates WHERE currency = ? AND base = ?",
                               [.text(currency.code), .text(base.code)])
            if connection.changes == 0 { throw LookupError.noRate(currency: currency.code) }
            try History.record(connection, .rate, subscriptionID: nil, subject: currency.code, detail: .rateRemoved,
                               before: StateSlice(rates: before.map { ImportedRate(rate: $0, base: base) }),
                               after: .empty, now: now)
        }
    }

    /// The converter to the configured base currency with every known rate.
    public func converter() throws -> CurrencyConverter {
        try read { connection in
            let base = try Self.config(connection).currency
            return CurrencyConverter(base: base, rates: try Self.rates(connection, base: base))
        }
    }
}
