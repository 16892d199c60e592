import Foundation

/// The `code,rate` CSV that `subs rates import` reads: one rate per line, an optional
/// `code,rate` header, blank lines and `#` comments ignored.
public enum RatesFile {
    /// Every rate in `text`, or the first bad line's error: a file is taken whole or not at all.
    public static func parse(_ text: String, path: String, base: Currency) throws(RatesFileError) -> [(currency: Currency, rate: String)] {
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
            func fail(_ problem: RatesFileError.Problem) -> RatesFileError {
                RatesFileError(path: path, line: index + 1, problem: problem)
            }
            guard fields.count == 2 else { throw fail(.notCodeAndRate) }
            guard let currency = Currency(code: fields[0]) else { throw fail(.unknownCurrency(fields[0])) }
            guard (try? ExchangeRate.parse(fields[1])) != nil else { throw fail(.invalidRate(fields[1])) }
            if rates.contains(where: { $0.currency == currency }) { throw fail(.twice(currency.code)) }
            if currency == base { throw fail(.baseCurrency(base.code)) }
            rates.append((currency, fields[1]))
        }
        guard !rates.isEmpty else { throw RatesFileError(path: path, line: lines.count, problem: .noRates) }
        return rates
    }
}

/// A rates file `subs rates import` refuses, at `line` of the file at `path`: nothing was imported.
public struct RatesFileError: CoreError, Equatable, Sendable {
    public enum Problem: Equatable, Sendable {
        /// A line that is not two fields.
        case notCodeAndRate
        case unknownCurrency(String)
        /// A rate `ExchangeRate.parse` refuses, as written.
        case invalidRate(String)
        /// A second line for the currency with this code.
        case twice(String)
        /// A line for the base currency (this code), whose rate is always 1.
        case baseCurrency(String)
        case noRates
    }

    public let path: String
    public let line: Int
    public let problem: Problem

    public init(path: String, line: Int, problem: Problem) {
        self.path = path
        self.line = line
        self.problem = problem
    }

    public var failure: FailureKind { .badData }
}
