import Foundation

/// An exact amount of one currency, held as a whole number of minor units (cents, yen, fils).
///
/// Amounts are never `Double`: they are parsed with a strict grammar of our own and computed
/// with `Decimal`, and rounded once, half away from zero, only when shown.
///
/// Minor units are 128-bit so that no sum can overflow: a price is at most `maximumMajorUnits`
/// with at most 4 minor digits (under 10^13 minor units), a rate at most 10^9 with 12 decimals, so
/// even every daily payment from year 1 to 9999 of a million subscriptions, converted at the
/// largest rate, stays far below 2^127.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    public var minorUnits: Int128 { Int128(high) << 64 | Int128(low) }
    public let currency: Currency
    /// The minor units' two halves: held as two words, a `Money` is 24 bytes aligned to 8, where
    /// an `Int128` aligned it to 16 and padded it to 32. Swift 6.3 also loads an optional
    /// `Money` passed in registers as if it were so aligned on the stack, and crashes (`movaps`).
    private let high: Int64
    private let low: UInt64

    /// The largest amount accepted: more than any bill.
    public static let maximumMajorUnits: Int64 = 999_999_999

    /// The largest total a report shows, in major units (10^30): twelve of them, in a currency
    /// with 4 minor digits, still fit in 128 bits. Totals in one currency never come near it;
    /// a total converted at absurd exchange rates can, and is then refused.
    public static let largestTotal = Decimal(sign: .plus, exponent: 30, significand: 1)

    /// `value`, when a report may show it.
    static func showable(_ value: Decimal, in currency: Currency) throws -> Decimal {
        guard abs(value) <= largestTotal else { throw MoneyError.totalTooLarge(currency: currency) }
        return value
    }

    public init(minorUnits: Int128, currency: Currency) {
        self.high = Int64(truncatingIfNeeded: minorUnits >> 64)
        self.low = UInt64(truncatingIfNeeded: minorUnits)
        self.currency = currency
    }

    /// Parses an AMOUNT argument: digits with an optional point and no more fraction digits than
    /// the currency has (`15.49`, `15`, `1000` JPY, `1.500` KWD). No sign, exponent or separators.
    public init(input text: String, currency: Currency) throws {
        try self.init(DecimalAmount(input: text), currency: currency)
    }

    /// The amount in `currency`, refused when it has more fraction digits than the currency.
    public init(_ number: DecimalAmount, currency: Currency) throws {
        guard number.fractionDigits.count <= currency.minorDigits else {
            // To a Turkish reader `1.234` is one thousand two hundred thirty-four: the command
            // line, which knows the reader, says how to write that.
            throw InputError.invalid(.amount, value: number.text, expected: .digitsOf(currency))
        }
        let padded = number.fractionDigits
            + String(repeating: "0", count: currency.minorDigits - number.fractionDigits.count)
        // Digits that passed the grammar: at most 9 whole and 4 fraction digits.
        self.init(minorUnits: Int128(number.wholeDigits + padded)!, currency: currency)
    }

    /// The same value in another currency's units (15.49 USD becomes 15.49 EUR, 10.00 USD becomes
    /// 10 JPY), refused when the other currency's minor unit cannot hold it (15.49 in JPY).
    public func converted(to other: Currency) throws -> Money {
        let shift = other.minorDigits - currency.minorDigits
        let scale = (0..<abs(shift)).reduce(Int128(1)) { product, _ in product * 10 }
        guard shift < 0 else { return Money(minorUnits: minorUnits * scale, currency: other) }
        guard minorUnits % scale == 0 else {
            throw EditError.currencyLosesDecimals(price: self, to: other)
        }
        return Money(minorUnits: minorUnits / scale, currency: other)
    }

    /// The exact value, in major units.
    public var decimal: Decimal {
        Self.decimal(minorUnits, exponent: -currency.minorDigits)
    }

    /// `value` × 10^`exponent`, exactly.
    static func decimal(_ value: Int128, exponent: Int) -> Decimal {
        let magnitude = value.magnitude
        // Every price fits in 64 bits; only a total needs the high half.
        let significand = magnitude >> 64 == 0
            ? Decimal(UInt64(truncatingIfNeeded: magnitude))
            : Decimal(UInt64(magnitude >> 64)) * Self.twoToThe64 + Decimal(UInt64(truncatingIfNeeded: magnitude))
        return Decimal(sign: value < 0 ? .minus : .plus, exponent: exponent, significand: significand)
    }

    private static let twoToThe64 = Decimal(UInt64.max) + 1

    /// `value` rounded half away from zero to the currency's minor unit.
    public init(rounding value: Decimal, currency: Currency) {
        // A value with no more decimals than the currency (a monthly price) needs no rounding.
        if value.exponent >= -currency.minorDigits, value.exponent <= 18, let significand = Int128(value.significand.description) {
            var units = significand
            for _ in 0..<(value.exponent + currency.minorDigits) { units *= 10 }
            self.init(minorUnits: value.sign == .minus ? -units : units, currency: currency)
            return
        }
        // A quotient like 0.05 / 3 is cut at 38 digits, so a sum that is exactly on a half
        // (0.015) can come out as 0.01499...98. Rounding at 24 places first restores the half.
        var exact = value
        var settled = Decimal()
        NSDecimalRound(&settled, &exact, 24, .plain)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &settled, currency.minorDigits, .plain)
        var scaled = rounded
        for _ in 0..<currency.minorDigits { scaled *= 10 }
        // After rounding, `scaled` is a whole number; its plain description is its digits. Prices
        // are bounded, and converted totals are checked against `largestTotal`, so it fits.
        guard let units = Int128(scaled.description) else {
            preconditionFailure("a rounded total beyond 128 bits of minor units: \(scaled)")
        }
        self.init(minorUnits: units, currency: currency)
    }

    /// The amount with exactly the currency's minor digits and no symbol: `15.49`, `1000`, `1.500`.
    public var description: String {
        withText { String(decoding: $0, as: UTF8.self) }
    }

    /// `description`'s bytes, made on the stack, for a writer that copies them somewhere.
    /// Inlinable, so that a caller in another module gets it made for its own `Result`: called
    /// as a generic, it looked up the metadata of a type for each of a table's 200,000 amounts.
    @inlinable
    public func withText<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let digits = currency.minorDigits
        let negative = minorUnits < 0
        // Digits written right to left on the stack, then copied once into the string: every
        // row of a list has a few amounts. 39 digits hold any Int128; a currency has at most 4.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { scratch in
            var start = scratch.count
            func put(_ byte: UInt8) {
                start -= 1
                scratch[start] = byte
            }
            var written = 0
            var magnitude = minorUnits.magnitude
            var small = UInt64(truncatingIfNeeded: magnitude)
            let fits = magnitude <= UInt64.max
            // At least one digit before the point.
            while written <= digits || (fits ? small > 0 : magnitude > 0) {
                if digits > 0, written == digits { put(UInt8(ascii: ".")) }
                if fits {
                    put(UInt8(ascii: "0") + UInt8(small % 10))
                    small /= 10
                } else {
                    put(UInt8(ascii: "0") + UInt8(magnitude % 10))
                    magnitude /= 10
                }
                written += 1
            }
            if negative { put(UInt8(ascii: "-")) }
            return body(UnsafeBufferPointer(rebasing: scratch[start...]))
        }
    }
}

/// A non-negative decimal number as typed, not yet tied to a currency, validated by a strict
/// grammar (`Decimal(string:)` would read `12abc` as 12 and `1e5` as 100000).
public struct DecimalAmount: Hashable, Sendable {
    let wholeDigits: String
    let fractionDigits: String
    /// What the user typed, for error messages and `config get`.
    public let text: String

    /// The exact value.
    public var decimal: Decimal {
        // Built from the digits the grammar let through, at most 9 + 28 of them: Decimal's 38
        // significant digits hold them exactly.
        let significand = (wholeDigits + fractionDigits).utf8.reduce(Decimal(0)) { value, digit in
            value * 10 + Decimal(Int(digit - UInt8(ascii: "0")))
        }
        return Decimal(sign: .plus, exponent: -fractionDigits.count, significand: significand)
    }

    /// More fraction digits than any currency or exchange rate uses.
    static let maximumFractionDigits = 28

    /// The number without leading or trailing zeros: `1.08` for `01.080`.
    var canonical: String {
        let fraction = String(fractionDigits.reversed().drop { $0 == "0" }.reversed())
        return fraction.isEmpty ? wholeDigits : wholeDigits + "." + fraction
    }

    public init(input text: String) throws {
        self.text = text
        let trimmed = TextInput.trimmed(text, .whitespaces)
        // Read as bytes: splitting into characters cost more than the rest of an amount's check,
        // and the digits are ASCII, which no other character's bytes contain.
        let bytes = trimmed.utf8
        let point = bytes.firstIndex(of: UInt8(ascii: "."))
        let whole = trimmed[..<(point ?? bytes.endIndex)].utf8
        let fraction = point.map { trimmed[bytes.index(after: $0)...].utf8 } ?? Substring().utf8
        func digits(_ text: Substring.UTF8View) -> Bool { text.allSatisfy { (0x30...0x39).contains($0) } }
        guard !whole.isEmpty, digits(whole), digits(fraction), point == nil || !fraction.isEmpty else {
            throw InputError.invalid(.amount, value: text, expected: trimmed.hasPrefix("-") ? .amountNotNegative : .amount)
        }
        guard fraction.count <= Self.maximumFractionDigits else {
            throw InputError.invalid(.amount, value: text, expected: .fractionDigits(Self.maximumFractionDigits))
        }
        let significant = whole.drop(while: { $0 == UInt8(ascii: "0") })
        guard significant.count <= String(Money.maximumMajorUnits).count else {
            throw InputError.invalid(.amount, value: text, expected: .atMost(Money.maximumMajorUnits))
        }
        wholeDigits = significant.isEmpty ? "0" : String(Substring(significant))
        fractionDigits = String(Substring(fraction))
    }
}

/// Money that cannot be shown.
public enum MoneyError: CoreError, Equatable, Sendable {
    /// A converted total past `Money.largestTotal`: only absurd exchange rates get there.
    case totalTooLarge(currency: Currency)

    public var failure: FailureKind { .badData }
}
