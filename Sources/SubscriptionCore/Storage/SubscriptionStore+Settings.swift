import Foundation

extension SubscriptionStore {
    /// Sets a setting; `nil` (or an empty command or URL) returns it to its default.
    @discardableResult
    public func setConfig(_ key: ConfigKey, to value: String?) throws -> Config {
        _ = try value.map { try key.normalized($0) }
        return try write { connection in
            let stored = try value.flatMap { try Self.config(connection).setting(key, to: $0).value(of: key) }
            if let stored {
                // SQLite 3.15 has no UPSERT: replace the row.
                try connection.run("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                                   [.text(key.rawValue), .text(stored)])
            } else {
                try connection.run("DELETE FROM settings WHERE key = ?", [.text(key.rawValue)])
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
            guard let currency = row.text(0).flatMap(Currency.init(code:)), let rate = row.text(1),
                  let setAt = row.text(2).flatMap(Timestamp.parse),
                  let exchangeRate = try? ExchangeRate(currency: currency, rate: rate, setAt: setAt)
            else { throw StoreError.damaged(path: "", detail: "unreadable exchange rate \(row.text(0) ?? "")") }
            return exchangeRate
        }
    }

    /// Sets rates (1 unit of each currency = rate in the base currency), all or none.
    public func setRates(_ entries: [(currency: Currency, rate: String)], now: Date = Date()) throws {
        let rates = try entries.map { try ExchangeRate(currency: $0.currency, rate: $0.rate, setAt: now) }
        try write { connection in
            let base = try Self.config(connection).currency
            if let same = rates.first(where: { $0.currency == base }) {
                throw InputError("\(same.currency.code) is the base currency (config currency); its rate is always 1")
            }
            for rate in rates {
                try connection.run(
                    "INSERT OR REPLACE INTO exchange_rates (currency, base, rate, set_at) VALUES (?, ?, ?, ?)",
                    [.text(rate.currency.code), .text(base.code), .text(rate.text), .text(Timestamp.format(now))])
            }
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
