import Foundation

/// The `code,rate` CSV that `subs rates import` reads: one rate per line, an optional
/// `code,rate` header, blank lines and `#` comments ignored.
public enum RatesFile {
    /// Every rate in `text`, or the first bad line's error: a file is taken whole or not at all.
    public static func parse(_ text: String, path: String, base: Currency) throws -> [(currency: Currency, rate: String)] {
        var rates: [(currency: Currency, rate: String)] = []
        // Spreadsheets write CRLF (one Character in Swift) and sometimes a byte-order mark.
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let lines = body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if index == 0, fields.map({ $0.lowercased() }) == ["code", "rate"] { continue }
            func fail(_ problem: FileDataError.Problem) -> FileDataError {
                FileDataError(path: path, line: index + 1, problem: problem)
            }
            guard fields.count == 2 else { throw fail(.notCodeAndRate) }
            guard let currency = Currency(code: fields[0]) else {
                throw fail(.unknownCurrency(fields[0]))
            }
            do {
                _ = try ExchangeRate.parse(fields[1])
            } catch {
                throw fail(.invalidRate(fields[1]))
            }
            if rates.contains(where: { $0.currency == currency }) { throw fail(.twice(currency)) }
            if currency == base { throw fail(.baseCurrency(base)) }
            rates.append((currency, fields[1]))
        }
        guard !rates.isEmpty else { throw FileDataError(path: path, line: lines.count, problem: .noRates) }
        return rates
    }
}
