/// The currency symbols `subs` reads in imports and statements (`€15.99`, `15,99 TL`).
enum CurrencySymbols {
    /// Symbols of the currencies Wallos ships with (its `currencies` table) and other common
    /// ones that name a single currency.
    static let unambiguous: [String: String] = [
        "€": "EUR", "£": "GBP", "R$": "BRL", "₺": "TRY", "₹": "INR", "₩": "KRW", "₽": "RUB",
        "₪": "ILS", "₱": "PHP", "฿": "THB", "zł": "PLN", "Kč": "CZK", "Ft": "HUF", "лв": "BGN",
        "lei": "RON", "kn": "HRK", "Fr": "CHF", "CHF": "CHF", "HK$": "HKD", "NZ$": "NZD", "S$": "SGD",
        "Mex$": "MXN", "A$": "AUD", "C$": "CAD", "CA$": "CAD", "US$": "USD", "RM": "MYR", "Rp": "IDR",
        "R": "ZAR", "NT$": "TWD", "₫": "VND", "₴": "UAH", "₦": "NGN", "₸": "KZT", "₼": "AZN", "₾": "GEL",
    ]

    /// Symbols that several currencies use: the file alone cannot say which is meant.
    static let ambiguous: [String: [String]] = [
        "$": ["USD", "AUD", "CAD", "NZD", "SGD", "HKD", "MXN"],
        "kr": ["SEK", "NOK", "DKK", "ISK"],
        "¥": ["JPY", "CNY"],
    ]
}
