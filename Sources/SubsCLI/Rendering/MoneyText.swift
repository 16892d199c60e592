import SubscriptionCore

/// Amounts as people read them in tables: the currency's symbol, grouped digits and exactly the
/// currency's minor digits, with the language's separators (`$1,234.50`, `€9.99`, `¥1,000`,
/// `CHF 12.00`; in Turkish `₺1.086,60`). JSON and CSV keep the plain form (`1234.50` and the ISO
/// code) in every language.
enum MoneyText {
    static func display(_ money: Money, in language: Language = .current) -> String {
        var prefix = prefix(for: money.currency)
        // From the amount's digits on the stack into bytes on the stack, then the string: a long
        // list shows 200,000, and an array for each cost more than the rest.
        return prefix.withUTF8 { prefix in
            money.withText { plain in
                // The sign, the prefix, the digits and at most one separator for each.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefix.count + 2 * plain.count) { bytes in
                    var count = 0
                    func put(_ byte: UInt8) {
                        bytes[count] = byte
                        count += 1
                    }
                    var digits = plain
                    if plain.first == UInt8(ascii: "-") {
                        put(UInt8(ascii: "-"))
                        digits = UnsafeBufferPointer(rebasing: plain.dropFirst())
                    }
                    prefix.forEach(put)
                    appendNumber(digits, in: language, to: put)
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<count]), as: UTF8.self)
                }
            }
        }
    }

    /// A plain decimal (`1234.5`) with the language's group and decimal separators: `1,234.5`,
    /// in Turkish `1.234,5`.
    static func number(_ plain: String, in language: Language = .current) -> String {
        var plain = plain
        return plain.withUTF8 { plain in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(plain.count + plain.count / 3)
            appendNumber(plain, in: language) { bytes.append($0) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// `number`'s bytes: digits are ASCII, grouped byte by byte.
    private static func appendNumber(_ plain: UnsafeBufferPointer<UInt8>, in language: Language, to put: (UInt8) -> Void) {
        let (group, point) = language == .turkish ? (UInt8(ascii: "."), UInt8(ascii: ",")) : (UInt8(ascii: ","), UInt8(ascii: "."))
        let whole = plain.firstIndex(of: UInt8(ascii: ".")) ?? plain.count
        for index in 0..<plain.count {
            if index > 0 && index < whole && (whole - index) % 3 == 0 { put(group) }
            put(index == whole ? point : plain[index])
        }
    }

    /// `$` where the symbol is unambiguous, else the code and a space.
    static func prefix(for currency: Currency) -> String {
        symbols[currency.code] ?? currency.code + " "
    }

    private static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CNY": "CN¥", "INR": "₹", "KRW": "₩",
        "BRL": "R$", "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "HKD": "HK$", "MXN": "MX$",
        "ILS": "₪", "TRY": "₺", "UAH": "₴", "THB": "฿", "VND": "₫", "PHP": "₱", "NGN": "₦",
        "RUB": "₽", "TWD": "NT$", "SGD": "S$",
    ]
}
