import Foundation
import Testing
@testable import SubscriptionCore

@Suite("AMOUNT arguments and money")
struct MoneyTests {
    @Test("Amounts are read exactly, with no more fraction digits than the currency has",
          arguments: [("15.49", "USD", Int64(1549)), ("15", "USD", 1500), ("15.5", "USD", 1550),
                      ("0", "USD", 0), ("0.01", "USD", 1), ("1000", "JPY", 1000), ("1.500", "KWD", 1500),
                      ("1.5", "KWD", 1500), ("007.50", "USD", 750), (" 9.99 ", "USD", 999),
                      ("999999999.99", "USD", 99_999_999_999), ("0005", "USD", 500)] as [(String, String, Int64)])
    func accepted(_ text: String, _ code: String, _ minorUnits: Int64) throws {
        let amount = try Money(input: text, currency: currency(code))
        #expect(amount.minorUnits == Int128(minorUnits))
        #expect(amount.currency.code == code)
    }

    @Test("A bad amount gets one line that names it and changes nothing",
          arguments: [("abc", "USD"), ("-5", "USD"), ("1e5", "USD"), ("0.001", "USD"), ("12abc", "USD"),
                      ("1,000", "USD"), ("", "USD"), (".5", "USD"), ("5.", "USD"), ("10.5", "JPY"),
                      ("1.0000", "KWD"), ("+5", "USD"), ("5 USD", "USD"), ("$5", "USD"), ("1.2.3", "USD"),
                      ("nan", "USD"), ("inf", "USD"), ("0x10", "USD"), ("١٢", "USD"), ("1000000000000", "USD"), ("1000000000", "USD"),
                      ("5\u{1B}[2J", "USD"), ("1.\u{301}5", "USD"), ("1\u{301}", "USD"), ("1..5", "USD"), (".", "USD")])
    func rejected(_ text: String, _ code: String) {
        let error = #expect(throws: InputError.self) { try Money(input: text, currency: currency(code)) }
        #expect(error?.field == .amount && error?.value == text, "\(String(describing: error))")
    }

    @Test("A negative amount is told that amounts are 0 or more")
    func negativeMessage() {
        #expect(throws: InputError.invalid(.amount, value: "-5", expected: .amountNotNegative)) { try Money(input: "-5", currency: .usd) }
    }

    @Test("Too many fraction digits says how many the currency allows")
    func fractionDigitMessage() {
        #expect(throws: InputError.invalid(.amount, value: "0.001", expected: .digitsOf(.usd))) { try Money(input: "0.001", currency: .usd) }
        #expect(throws: InputError.invalid(.amount, value: "10.5", expected: .digitsOf(currency("JPY")))) {
            try Money(input: "10.5", currency: currency("JPY"))
        }
    }

    @Test("Amounts print with exactly the currency's minor digits and no symbol",
          arguments: [(Int64(1549), "USD", "15.49"), (1000, "JPY", "1000"), (1500, "KWD", "1.500"),
                      (5, "USD", "0.05"), (0, "USD", "0.00"), (0, "JPY", "0"), (1, "KWD", "0.001"),
                      (100, "USD", "1.00"), (-235, "USD", "-2.35"), (12345, "CLF", "1.2345")] as [(Int64, String, String)])
    func description(_ minorUnits: Int64, _ code: String, _ expected: String) {
        #expect(Money(minorUnits: Int128(minorUnits), currency: currency(code)).description == expected)
    }

    @Test("Parsing and printing an amount gives back the canonical text",
          arguments: [("15.49", "USD"), ("1000", "JPY"), ("1.500", "KWD"), ("0.05", "USD")])
    func roundTrip(_ text: String, _ code: String) throws {
        #expect(try Money(input: text, currency: currency(code)).description == text)
    }

    @Test("The exact decimal value of an amount is never routed through Double")
    func decimalValue() throws {
        #expect(money("0.07").decimal == Decimal(string: "0.07"))
        #expect(money("1.500", "KWD").decimal == Decimal(string: "1.5"))
        #expect(money("1000", "JPY").decimal == 1000)
    }

    @Test("Rounding is half away from zero, to the currency's minor unit",
          arguments: [("2.345", "USD", "2.35"), ("2.3449", "USD", "2.34"), ("0.005", "USD", "0.01"),
                      ("0.0049", "USD", "0.00"), ("-2.345", "USD", "-2.35"), ("333.5", "JPY", "334"),
                      ("0.0005", "KWD", "0.001"), ("43.48125", "USD", "43.48")] as [(String, String, String)])
    func rounding(_ value: String, _ code: String, _ expected: String) throws {
        let decimal = try #require(Decimal(string: value))
        #expect(Money(rounding: decimal, currency: currency(code)).description == expected)
    }

    @Test("A sum that is exactly on a half after division still rounds away from zero")
    func roundingAfterDivision() {
        // 0.03 / 2 = 0.015 exactly; three thirds of 0.045 likewise.
        #expect(Money(rounding: Decimal(string: "0.03")! / 2, currency: .usd).description == "0.02")
        let third = Decimal(string: "0.045")! / 3
        #expect(Money(rounding: third + third + third, currency: .usd).description == "0.05")
    }
}

@Suite("Currencies")
struct CurrencyTests {
    @Test("ISO 4217 codes are accepted in any case and carry their minor digits",
          arguments: [("USD", "USD", 2), ("usd", "USD", 2), (" eur ", "EUR", 2), ("JPY", "JPY", 0),
                      ("KWD", "KWD", 3), ("gbp", "GBP", 2), ("CLF", "CLF", 4)] as [(String, String, Int)])
    func accepted(_ text: String, _ code: String, _ digits: Int) throws {
        let parsed = try Currency(input: text)
        #expect(parsed.code == code)
        #expect(parsed.minorDigits == digits)
        #expect(parsed.description == code)
    }

    @Test("An unknown currency code gets one line that names it",
          arguments: ["XYZ", "", "US", "USDX", "U$D", "XAU", "€", "usd\u{1B}", "u\u{17F}d", "\u{FF35}SD", "US\u{0}", "US@"])
    func rejected(_ text: String) {
        #expect(throws: InputError.invalid(.currency, value: text, expected: .currencyCode)) { try Currency(input: text) }
    }

    @Test("Every known code is three capitals in order, read back as itself in either case, and hashed alike")
    func everyCode() throws {
        let codes = Currency.allCodes
        #expect(codes.count > 150 && codes.contains("TRY") && codes.contains("JPY") && !codes.contains("XAU"))
        #expect(codes == codes.sorted())
        for code in codes {
            #expect(code.utf8.count == 3 && code.utf8.allSatisfy { (65...90).contains($0) })
            let (upper, lower) = (try #require(Currency(code: code)), try #require(Currency(code: code.lowercased())))
            #expect(upper.code == code && upper == lower && upper.hashValue == lower.hashValue)
        }
        #expect(Set(codes.compactMap { Currency(code: $0) }).count == codes.count)
    }

    @Test("An amount keeps its minor units whole, of either sign, past 64 bits too",
          arguments: [0, 1, -1, Int128(Int64.max) + 1, -Int128(UInt64.max) - 7, Int128.max, Int128.min])
    func minorUnitsKept(_ units: Int128) {
        let money = Money(minorUnits: units, currency: .usd)
        #expect(money.minorUnits == units)
        #expect(money == Money(minorUnits: units, currency: .usd))
        #expect(money != Money(minorUnits: units, currency: currency("EUR")))
    }

    @Test("Currencies sort by code")
    func ordering() {
        #expect([currency("USD"), currency("EUR"), currency("JPY")].sorted().map(\.code) == ["EUR", "JPY", "USD"])
    }

    /// Issue 8, item 3: the largest price in a 4-digit currency, paid daily for four thousand
    /// years, sums exactly instead of trapping, and a total past 64 bits is shown, not zero.
    @Test func theLargestTotalsStayExact() throws {
        let big = subscription(price: "999999999.9999", currency: "CLF", every: cycle(1, .day), start: "0001-01-01")
        let detail = SubscriptionDetail(SubscriptionSnapshot(big, today: day("4000-01-01"), config: Config()))
        #expect(detail.paymentsMade.count == 1_460_605)
        #expect(detail.totalPaid.description == "1460604999999853.9395")
        let converted = Money(rounding: Decimal(string: "30436874969560081312.495")!, currency: .usd)
        #expect(converted.description == "30436874969560081312.50")
        #expect(Money(rounding: converted.decimal * 1_000_000, currency: .usd).description
                == "30436874969560081312500000.00")
    }
}
