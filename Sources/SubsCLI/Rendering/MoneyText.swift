import SubscriptionCore

/// Amounts as people read them in tables: the currency's symbol, grouped digits and exactly the
/// currency's minor digits, with the language's separators (`$1,234.50`, `€9.99`, `¥1,000`,
/// `CHF 12.00`; in Turkish `₺1.086,60`). JSON and CSV keep the plain form (`1234.50` and the ISO
/// code) in every language.
enum MoneyText {
    static func display(_ money: Money, in language: Language = .current) -> String {
        let plain = money.description
        let negative = plain.hasPrefix("-")
        let digits = negative ? String(plain.dropFirst()) : plain
        return (negative ? "-" : "") + prefix(for: money.currency) + number(digits, in: language)
    }

    /// A plain decimal (`1234.5`) with the language's group and decimal separators: `1,234.5`,
    /// in Turkish `1.234,5`.
    static func number(_ plain: String, in language: Language = .current) -> String {
        let (group, point) = language == .turkish ? (UInt8(ascii: "."), UInt8(ascii: ",")) : (UInt8(ascii: ","), UInt8(ascii: "."))
        // Digits are ASCII: grouped byte by byte, in one buffer (a long list formats 200,000).
        let whole = plain.utf8.firstIndex(of: UInt8(ascii: ".")).map { plain.utf8.distance(from: plain.utf8.startIndex, to: $0) }
            ?? plain.utf8.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(plain.utf8.count + whole / 3)
        for (index, byte) in plain.utf8.enumerated() {
            if index > 0 && index < whole && (whole - index) % 3 == 0 { bytes.append(group) }
            bytes.append(index == whole ? point : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
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
