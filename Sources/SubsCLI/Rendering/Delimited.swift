import Foundation

/// Comma- or tab-separated output with a header row, for spreadsheets and `cut`/`awk`.
struct Delimited {
    enum Kind { case csv, tsv }

    let kind: Kind
    let header: [String]
    var rows: [[String]] = []

    init(_ kind: Kind, header: [String]) {
        self.kind = kind
        self.header = header
    }

    mutating func append(_ row: [String]) {
        rows.append(row)
    }

    var rendered: String {
        ([header] + rows).map { row in
            row.map(field).joined(separator: kind == .csv ? "," : "\t")
        }.joined(separator: "\n") + "\n"
    }

    /// RFC 4180 quoting for CSV; for TSV, tabs and line breaks become spaces since TSV has no
    /// quoting. Control characters never reach the output either way, and a field a spreadsheet
    /// would run as a formula is neutralised.
    private func field(_ value: String) -> String {
        let safe = Self.formulaSafe(value.terminalSafe)
        switch kind {
        case .csv:
            guard safe.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
                return safe
            }
            return "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        case .tsv:
            return safe
        }
    }

    /// The characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@"]

    /// `=HYPERLINK(...)` becomes `'=HYPERLINK(...)`: spreadsheets show the text instead of running
    /// it. No value `subs` writes itself (amounts, dates, codes, ids) starts with these. A value
    /// that starts with `'` is guarded too: a spreadsheet hides one leading apostrophe, and
    /// `subs import` takes one off.
    static func formulaSafe(_ value: String) -> String {
        guard let first = value.first, formulaStarts.contains(first) || first == "'" else { return value }
        return "'" + value
    }
}
