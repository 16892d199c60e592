import Foundation

/// An ISO 4217 currency, known by its three-letter code.
public struct Currency: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let code: String
    /// Digits after the decimal point in amounts of this currency: 2 for USD, 0 for JPY, 3 for KWD.
    public let minorDigits: Int

    /// The currency with this ISO 4217 code (any case), or nil when the code is not in the table.
    public init?(code: String) {
        let upper = code.uppercased()
        guard let digits = Self.minorDigitsByCode[upper] else { return nil }
        self.code = upper
        self.minorDigits = digits
    }

    /// Parses a CODE argument, with a one-line error for an unknown code.
    public init(input text: String) throws {
        guard let currency = Currency(code: text.trimmingCharacters(in: .whitespaces)) else {
            throw InputError.invalid(.currency, value: text, expected: .currencyCode)
        }
        self = currency
    }

    public static let usd = Currency(code: "USD")!

    /// Every code `subs` knows, in order: for completion.
    public static var allCodes: [String] { minorDigitsByCode.keys.sorted() }

    public var description: String { code }

    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.code < rhs.code }

    /// Active ISO 4217 codes with their minor units; codes without one (gold, SDR, test) are absent.
    static let minorDigitsByCode: [String: Int] = {
        var table: [String: Int] = [:]
        let twoDigit = """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP
            BYN BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD
            FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD
            KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD
            NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP
            SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS
            VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL
            """
        let zeroDigit = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
        let threeDigit = "BHD IQD JOD KWD LYD OMR TND"
        let fourDigit = "CLF UYW"
        for (codes, digits) in [(twoDigit, 2), (zeroDigit, 0), (threeDigit, 3), (fourDigit, 4)] {
            for code in codes.split(whereSeparator: \.isWhitespace) {
                table[String(code)] = digits
            }
        }
        return table
    }()
}
