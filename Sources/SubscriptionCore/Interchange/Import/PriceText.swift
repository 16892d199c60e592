/// A price written with its currency's symbol glued to the number, as Wallos exports it and
/// spreadsheets often hold it (`$15.99`, `R$10`, `€9.99`, `kr99`, or a bare `9.9`), or with the
/// symbol or code after the number (`15.99 USD`, `9.99€`). A thousands separator or a decimal
/// comma is refused, not guessed (`money(in:check:field:)` refuses `1.000` too).
struct PriceText {
    /// The price as written, for messages.
    let text: String
    let symbol: String
    let amount: String

    init(_ text: String, check: RecordCheck, field: String = "Price") throws {
        self.text = text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let expected = RecordProblem.notAPrice(got: text)
        guard let firstDigit = trimmed.firstIndex(where: \.isASCIIDigit) else { throw check.fail(field, expected) }
        let number = trimmed[firstDigit...].prefix { $0.isASCIIDigit || $0 == "." }
        let before = trimmed[..<firstDigit].trimmingCharacters(in: .whitespaces)
        let after = trimmed[number.endIndex...].trimmingCharacters(in: .whitespaces)
        // A sign would otherwise read as part of the symbol and be lost (PHP writes `$-5`).
        if before.contains("-") || before.contains("+") || after.hasPrefix("-") {
            throw check.fail(field, .negativeAmount(got: text))
        }
        if before.hasSuffix(".") { throw check.fail(field, expected) }
        if after.hasPrefix(","), after.dropFirst().first?.isASCIIDigit == true {
            throw check.fail(field, .separator(got: text))
        }
        // After the number only a symbol or code is taken (`15.99 USD`), never what is left of
        // a number such as `1,234.50` or `1.0E+25`.
        if !after.isEmpty && (!before.isEmpty || !Self.namesCurrency(after)) {
            throw check.fail(field, expected)
        }
        symbol = before.isEmpty ? after : before
        amount = String(number)
    }

    /// A price in a spreadsheet's column, read as `detect` reads a statement's amounts: a decimal
    /// point or comma and thousands grouped by the other (`229,99`, `1.299,00`, `1,299.00`),
    /// `decimalMark` being the one the column's other cells prove. A number that could be read
    /// either way (`1.299` in a file that says nothing else) is refused, not guessed.
    init(column text: String, decimalMark: Character?, check: RecordCheck, field: String) throws {
        guard let read = AmountText(text, decimalMark: decimalMark) else {
            // Not a number `detect` reads: refused with the reasons of a price.
            try self.init(text, check: check, field: field)
            return
        }
        guard !read.negative else {
            throw check.fail(field, .negativeAmount(got: text))
        }
        let marks = text.filter { $0 == "." || $0 == "," }
        if decimalMark == nil, marks.count == 1, let mark = marks.first,
           text.reversed().prefix(while: { $0 != mark }).filter(\.isASCIIDigit).count == 3 {
            throw check.fail(field, .separator(got: text))
        }
        self.init(text: text, symbol: read.mark, amount: "\(read.magnitude)")
    }

    private init(text: String, symbol: String, amount: String) {
        self.text = text
        self.symbol = symbol
        self.amount = amount
    }

    /// The amount in `currency`. Three digits after the point in a currency with fewer
    /// decimals are refused: `R$1.000` may be a thousand with a dot between thousands, and
    /// dropping its zeros (as `check.amount` does for `1000.00` in a currency without
    /// decimals) would read it as 1.
    func money(in currency: Currency, check: RecordCheck, field: String = "Price") throws -> Money {
        if let point = amount.firstIndex(of: "."), amount[point...].dropFirst().count == 3, currency.minorDigits < 3 {
            throw check.fail(field, .separator(got: text))
        }
        return try check.amount(amount, currency, field: field)
    }

    private static func namesCurrency(_ symbol: String) -> Bool {
        CurrencySymbols.unambiguous[symbol] != nil || CurrencySymbols.ambiguous[symbol] != nil
            || symbol.count == 3 && Currency(code: symbol.uppercased()) != nil
    }

    /// The currency the symbol names; `fallback` (`--currency`) decides a symbol several
    /// currencies use (among them only: `--currency USD` does not make `kr` dollars), one subs
    /// does not know, or none at all.
    func currency(check: RecordCheck, fallback: Currency?, field: String = "Price") throws -> Currency {
        if let code = CurrencySymbols.unambiguous[symbol], let currency = Currency(code: code) { return currency }
        if let currency = Currency(code: symbol.uppercased()), symbol.count == 3 { return currency }
        if let codes = CurrencySymbols.ambiguous[symbol], let fallback,
           !(codes + (Self.alsoWritten[symbol] ?? [])).contains(fallback.code) {
            throw check.fail(field, .notASymbol(got: text, symbol: symbol, of: fallback.code, codes: codes))
        }
        if let fallback { return fallback }
        if let codes = CurrencySymbols.ambiguous[symbol] {
            throw check.fail(field, .ambiguousSymbol(got: text, symbol: symbol, codes: codes))
        }
        if symbol.isEmpty {
            throw check.fail(field, .noCurrencySymbol)
        }
        throw check.fail(field, .unknownSymbol(symbol))
    }

    /// Further currencies written with an ambiguous symbol, which `--currency` may name too (the
    /// error lists only the common ones).
    static let alsoWritten: [String: [String]] = [
        "$": ["ARS", "CLP", "COP", "UYU", "TWD", "BSD", "BBD", "BZD", "BMD", "BND", "FJD", "GYD", "JMD", "KYD",
              "LRD", "NAD", "SBD", "SRD", "TTD", "XCD"],
    ]
}
