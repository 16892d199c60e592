/// Reads and writes the `exchange_rates` table: 1 unit of a currency in a base currency, as
/// exact text, by currency and base. Only the rates into the configured currency are used; those
/// set against an earlier one are kept.
struct RateRecords {
    let connection: Connection

    /// The rates into `base`, by currency code.
    func rates(into base: Currency) throws -> [ExchangeRate] {
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

    /// Every rate with its base, by base and currency.
    func all() throws -> [ImportedRate] {
        try connection.rows("SELECT currency, base, rate, set_at FROM exchange_rates ORDER BY base, currency").map { row in
            guard let currency = row.text(0).flatMap(Currency.init(code:)), let base = row.text(1).flatMap(Currency.init(code:)),
                  let text = row.text(2), let setAt = row.text(3).flatMap(Timestamp.parse)
            else { throw Damaged(.exchangeRate(currency: nil)) }
            do {
                return ImportedRate(rate: try ExchangeRate(currency: currency, stored: text, setAt: setAt), base: base)
            } catch {
                throw Damaged(.exchangeRate(currency: currency.code))
            }
        }
    }

    /// The currency and base of every rate whose codes read, whether its rate reads or not.
    func keys() throws -> Set<ImportPlan.RateKey> {
        Set(try connection.rows("SELECT currency, base FROM exchange_rates").compactMap { row in
            row.text(0).flatMap(Currency.init(code:)).flatMap { currency in
                row.text(1).flatMap(Currency.init(code:)).map { ImportPlan.RateKey(currency: currency, base: $0) }
            }
        })
    }

    /// Every currency code a rate names, as its currency or its base, as stored.
    func currencyCodes() throws -> [String] {
        try connection.rows("SELECT currency FROM exchange_rates UNION SELECT base FROM exchange_rates").compactMap { $0.text(0) }
    }

    /// Stores `rate` against its base, replacing the one there.
    func set(_ rate: ImportedRate) throws {
        try connection.run(
            "INSERT OR REPLACE INTO exchange_rates (currency, base, rate, set_at) VALUES (?, ?, ?, ?)",
            values(of: rate))
    }

    /// Stores `rate` against its base, which must have no rate of its currency yet.
    func insert(_ rate: ImportedRate) throws {
        try connection.run("INSERT INTO exchange_rates (currency, base, rate, set_at) VALUES (?, ?, ?, ?)", values(of: rate))
    }

    /// Deletes the rate of `currency` into `base`; whether there was one.
    @discardableResult
    func delete(_ currency: Currency, base: Currency) throws -> Bool {
        try connection.run("DELETE FROM exchange_rates WHERE currency = ? AND base = ?",
                           [.text(currency.code), .text(base.code)])
        return connection.changes > 0
    }

    private func values(of rate: ImportedRate) -> [SQLiteValue] {
        [.text(rate.rate.currency.code), .text(rate.base.code), .text(rate.rate.text), .text(Timestamp.format(rate.rate.setAt))]
    }
}
