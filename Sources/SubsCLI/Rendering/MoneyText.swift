import SubscriptionCore

/// Amounts as people read them in tables: the currency's symbol, grouped digits and exactly the
/// currency's minor digits (`$1,234.50`, `€9.99`, `¥1,000`, `CHF 12.00`). JSON and CSV keep the
/// plain form (`1234.50` and the ISO code).
enum MoneyText {
    static func display(_ money: Money) -> String {
        let plain = money.description
        let negative = plain.hasPrefix("-")
        let digits = negative ? String(plain.dropFirst()) : plain
        let parts = digits.split(separator: ".", maxSplits: 1)
        let whole = grouped(String(parts[0]))
        let fraction = parts.count > 1 ? "." + parts[1] : ""
        return (negative ? "-" : "") + prefix(for: money.currency) + whole + fraction
    }

    /// `$` where the symbol is unambiguous, else the code and a space.
    static func prefix(for currency: Currency) -> String {
        symbols[currency.code] ?? currency.code + " "
    }

    private static func grouped(_ digits: String) -> String {
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
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
