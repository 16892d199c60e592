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
        let (group, point) = language == .turkish ? (".", ",") : (",", ".")
        let parts = plain.split(separator: ".", maxSplits: 1)
        let whole = grouped(String(parts[0]), separator: group)
        return whole + (parts.count > 1 ? point + parts[1] : "")
    }

    /// `$` where the symbol is unambiguous, else the code and a space.
    static func prefix(for currency: Currency) -> String {
        symbols[currency.code] ?? currency.code + " "
    }

    private static func grouped(_ digits: String, separator: String) -> String {
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(separator) }
            result.append(character)
        }
        return result
    }

    private static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CNY": "CN¥", "INR": "₹", "KRW": "₩",
        "BRL": "R$", "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "HKD": "HK$", "MXN": "MX$",
        "ILS": "₪", "TRY": "₺", "UAH": "₴", "THB": "฿", "VND": "₫", "PHP": "₱", "NGN": "₦",
        "RUB": "₽", "TWD": "NT$", "SGD": "S$",
    ]
}
