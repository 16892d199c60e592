import Foundation

/// An ISO 4217 currency, known by its three-letter code.
public struct Currency: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The code's three letters as a number below 26³ (`ordinal(_:)`), and its minor digits: three
    /// bytes where a stored code and two `Int`s took 32. Every `Money` holds a currency, and a
    /// list of 100,000 subscriptions holds and copies several amounts for each; a code's string
    /// was retained at every copy.
    private let ordinal: UInt16
    private let digits: UInt8

    /// The code in upper case: `USD`.
    public var code: String { Self.code(of: Int(ordinal)) }

    /// Digits after the decimal point in amounts of this currency: 2 for USD, 0 for JPY, 3 for KWD.
    public var minorDigits: Int { Int(digits) }

    /// The currency with this ISO 4217 code (any case), or nil when the code is not in the table.
    public init?(code: String) {
        guard let ordinal = Self.ordinal(code) else { return nil }
        let digits = Self.minorDigitsByOrdinal[ordinal]
        guard digits >= 0 else { return nil }
        self.ordinal = UInt16(ordinal)
        self.digits = UInt8(digits)
    }

    /// A list looks each row's currency up in a few tables: hashing its number costs a third
    /// of hashing its code.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ordinal)
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
    public static var allCodes: [String] {
        minorDigitsByOrdinal.indices.filter { minorDigitsByOrdinal[$0] >= 0 }.map(code(of:))
    }

    /// The three letters an ordinal stands for.
    private static func code(of ordinal: Int) -> String {
        String(unsafeUninitializedCapacity: 3) { letters in
            letters[0] = UInt8(ascii: "A") + UInt8(ordinal / 676)
            letters[1] = UInt8(ascii: "A") + UInt8(ordinal / 26 % 26)
            letters[2] = UInt8(ascii: "A") + UInt8(ordinal % 26)
            return 3
        }
    }

    public var description: String { code }

    /// Alphabetical: the ordinal keeps the letters' order.
    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.ordinal < rhs.ordinal }

    /// Three ASCII letters, of either case, as a number below 26³ in their alphabetical order;
    /// nil for anything else, which no ISO 4217 code is.
    private static func ordinal(_ code: String) -> Int? {
        var (ordinal, count) = (0, 0)
        for byte in code.utf8 {
            count += 1
            // Upper and lower case differ in one bit; no other byte lands in a to z with it set.
            let letter = byte | 0x20
            guard count <= 3, letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z") else { return nil }
            ordinal = ordinal * 26 + Int(letter - UInt8(ascii: "a"))
        }
        return count == 3 ? ordinal : nil
    }

    /// The minor units of the active ISO 4217 codes, at each code's ordinal; -1 elsewhere, and
    /// for codes without minor units (gold, SDR, test).
    static let minorDigitsByOrdinal: [Int8] = {
        var table = [Int8](repeating: -1, count: 26 * 26 * 26)
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
                guard let ordinal = ordinal(String(code)) else { preconditionFailure("not a code: \(code)") }
                table[ordinal] = Int8(digits)
            }
        }
        return table
    }()
}
