import Foundation

/// An amount as a statement cell writes it: a decimal point or comma, thousands grouped by the
/// other one or by spaces (`1,234.56`, `1.234,56`, `1 234,56`, `1'234.56`), a currency symbol
/// or code before or after (`$15.49`, `15,49 TL`, `-₺149,99`, `EUR 9.99`), and a sign (`-`,
/// `+`, `−`, parentheses, or `DR`/`CR` after the number).
struct AmountText: Equatable, Sendable {
    let negative: Bool
    /// The value without its sign, exact.
    let magnitude: Decimal
    /// The symbol or code written with the number, as written; empty when there was none.
    let mark: String

    /// The amount in `cell`; nil when it is no amount. `decimalMark` is the file's decimal
    /// separator, for a number that could be read either way (`1,234` or `1.234`).
    init?(_ cell: String, decimalMark: Character?) {
        var text = Substring(cell.trimmingCharacters(in: Self.blanks))
        var negative = false
        if text.hasPrefix("("), text.hasSuffix(")") {
            negative = true
            text = text.dropFirst().dropLast()
        }
        guard let first = text.firstIndex(where: \.isASCIIDigit),
              let last = text.lastIndex(where: \.isASCIIDigit) else { return nil }
        var before = String(text[..<first])
        var after = String(text[text.index(after: last)...])
        let number = text[first...last]

        // A sign, and DR/CR after the number, then what is left is the currency.
        let upperAfter = after.trimmingCharacters(in: Self.blanks).uppercased()
        if upperAfter.hasSuffix("DR") || upperAfter.hasSuffix("CR") {
            negative = negative || upperAfter.hasSuffix("DR")
            after = String(after.trimmingCharacters(in: Self.blanks).dropLast(2))
        }
        let signs = (before + after).filter { "-+\u{2212}".contains($0) }
        guard signs.count <= 1 else { return nil }
        negative = negative || signs == "-" || signs == "\u{2212}"
        before.removeAll { "-+\u{2212}".contains($0) }
        after.removeAll { "-+\u{2212}".contains($0) }
        before = before.trimmingCharacters(in: Self.blanks)
        after = after.trimmingCharacters(in: Self.blanks)
        guard before.isEmpty || after.isEmpty else { return nil }
        let mark = before.isEmpty ? after : before
        guard mark.isEmpty || Self.currencyCode(of: mark, fallback: .usd) != nil else { return nil }

        guard let (whole, fraction) = Self.digits(number, decimalMark: decimalMark) else { return nil }
        let significant = whole.drop { $0 == "0" }
        guard significant.count <= String(Money.maximumMajorUnits).count, fraction.count <= 12 else { return nil }
        let significand = (significant + fraction).compactMap(\.wholeNumberValue).reduce(Decimal(0)) { value, digit in
            value * 10 + Decimal(digit)
        }
        self.negative = negative
        self.magnitude = Decimal(sign: .plus, exponent: -fraction.count, significand: significand)
        self.mark = mark
    }

    /// The amount in `currency`, rounded to its minor unit (a bank's foreign amounts can carry
    /// more digits); always positive.
    func money(in currency: Currency) -> Money {
        Money(rounding: magnitude, currency: currency)
    }

    /// Spaces a bank may pad or group digits with: no-break and thin spaces among them.
    static let blanks = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\u{00A0}\u{202F}\u{2009}"))

    /// The decimal separator a cell proves, nil when it proves none: `15,49` proves a comma,
    /// `1,234.56` a point; `1,234` and `15` prove nothing.
    static func decimalEvidence(_ cell: String) -> Character? {
        let marks = cell.filter { $0 == "." || $0 == "," }
        guard let last = marks.last else { return nil }
        if Set(marks).count == 2 { return last }
        guard marks.count == 1, let index = cell.lastIndex(of: last) else { return nil }
        let digitsAfter = cell[cell.index(after: index)...].prefix(while: \.isASCIIDigit).count
        return digitsAfter == 3 || digitsAfter == 0 ? nil : last
    }

    /// The decimal separator of a file's amounts: the one more of its cells prove
    /// (`decimalEvidence`), nil when they prove none or as many of each. `detect` and
    /// `import --from csv` read a file's numbers alike.
    struct DecimalVote {
        private var commas = 0, points = 0

        mutating func count(_ cell: String) {
            switch decimalEvidence(cell) {
            case ","?: commas += 1
            case "."?: points += 1
            default: break
            }
        }

        var mark: Character? { commas == points ? nil : commas > points ? "," : "." }
    }

    /// Whole and fraction digits of a number written with separators, nil when the separators
    /// do not group thousands consistently.
    private static func digits(_ number: Substring, decimalMark: Character?) -> (String, String)? {
        var groupingOnly = Set<Character>([" ", "'", "\u{2019}", "\u{00A0}", "\u{202F}", "\u{2009}"])
        guard number.allSatisfy({ $0.isASCIIDigit || $0 == "." || $0 == "," || groupingOnly.contains($0) }) else {
            return nil
        }
        let marks = number.filter { $0 == "." || $0 == "," }
        var decimal: Character? = nil
        if let last = marks.last {
            if Set(marks).count == 2 {
                guard marks.filter({ $0 == last }).count == 1 else { return nil }
                decimal = last
            } else if marks.count == 1 {
                let digitsAfter = number.reversed().prefix { $0 != last }.count
                if digitsAfter != 3 {
                    decimal = last
                } else if let decimalMark {
                    decimal = decimalMark == last ? last : nil
                } else {
                    // Nothing in the file says: `1,234` is read as a thousand, `1.234` as one.
                    decimal = last == "." ? last : nil
                }
            }
        }
        var whole = Substring(number)
        var fraction = ""
        if let decimal, let index = number.lastIndex(of: decimal) {
            whole = number[..<index]
            fraction = String(number[number.index(after: index)...])
            guard !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { return nil }
        }
        // What is left of the whole part is digits in groups of three after the first.
        marks.forEach { if $0 != decimal { groupingOnly.insert($0) } }
        let groups = whole.split(omittingEmptySubsequences: false) { groupingOnly.contains($0) }
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              groups.count == 1 || groups[0].count <= 3 && groups.dropFirst().allSatisfy({ $0.count == 3 })
        else { return nil }
        return (groups.joined(), fraction)
    }

    /// The currency a symbol or code names: `TL` and `₺` are TRY, `€` EUR, `usd` USD. A symbol
    /// that several currencies use (`$`, `kr`, `¥`) is `fallback` when it is one of them.
    static func currencyCode(of mark: String, fallback: Currency) -> Currency? {
        switch mark.uppercased() {
        case "TL", "YTL": return Currency(code: "TRY")
        default: break
        }
        if let code = CurrencySymbols.unambiguous[mark] { return Currency(code: code) }
        if let codes = CurrencySymbols.ambiguous[mark] {
            return codes.contains(fallback.code) ? fallback : Currency(code: codes[0])
        }
        if mark.count == 3, mark.allSatisfy(\.isLetter) { return Currency(code: mark) }
        return nil
    }
}
