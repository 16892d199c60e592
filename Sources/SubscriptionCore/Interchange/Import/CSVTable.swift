import Foundation

/// A CSV file with a header, each record as a lookup by column name: what the CSV formats of
/// other trackers and `--map` read.
struct CSVTable {
    let header: [String]
    let rows: [Row]
    /// What separates the fields: a comma, a semicolon or a tab.
    let delimiter: Unicode.Scalar

    struct Row {
        let line: Int
        let values: [String: String]
        let check: RecordCheck

        /// The trimmed field, nil when absent or empty. Drops the tab or quote a spreadsheet
        /// guard put before a formula character.
        func value(_ column: String) -> String? {
            guard let text = values[column]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            return SubsListCSVFormat.unneutralised(text)
        }

        func required(_ column: String) throws -> String {
            guard let text = value(column) else { throw check.fail(column, .missing) }
            return text
        }
    }

    init(_ data: Data) throws {
        let text = try CSVReader.importText(data)
        // Comma, semicolon or tab, as `detect` tells them apart: a spreadsheet saved in Turkey or
        // most of Europe writes semicolons, its decimal commas being taken.
        let records: [DelimitedText.Record], delimiter: Unicode.Scalar
        do {
            (records, delimiter) = try DelimitedText.records(sniffing: text, trimmed: false)
        } catch {
            throw ImportError.cannotRead(.unclosedQuote(line: error.line))
        }
        guard let first = records.first else { throw ImportError.cannotRead(.emptyFile) }
        self.delimiter = delimiter
        header = first.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        rows = try records.dropFirst().map { record in
            guard record.fields.count == first.fields.count else {
                throw ImportError.record(.line(record.line), field: .record,
                                         problem: .fieldCount(found: record.fields.count, header: first.fields.count,
                                                              separator: CSVSeparator(delimiter)))
            }
            return Row(line: record.line, values: Dictionary(zip(first.fields.map { $0.trimmingCharacters(in: .whitespaces) }, record.fields),
                                                             uniquingKeysWith: { first, _ in first }),
                       check: RecordCheck(.line(record.line)))
        }
    }

    /// Whether the first line of `data` starts with `columns`.
    static func header(of data: Data, startsWith columns: [String]) -> Bool {
        var head = String(decoding: data.prefix(1024), as: UTF8.self)
        if head.hasPrefix("\u{FEFF}") { head.removeFirst() }
        guard let line = head.split(whereSeparator: \.isNewline).first else { return false }
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        return fields.starts(with: columns)
    }
}

extension RecordCheck {
    /// An amount as other programs write it: `1000.00` for a currency without decimals is
    /// 1000, since only zeros are dropped; `15.999` in USD stays an error.
    func amount(_ text: String, _ currency: Currency, field: String) throws -> Money {
        var digits = Substring(text)
        if let point = digits.firstIndex(of: ".") {
            while digits.distance(from: point, to: digits.endIndex) - 1 > currency.minorDigits, digits.hasSuffix("0") {
                digits.removeLast()
            }
            if digits.hasSuffix(".") { digits.removeLast() }
        }
        return try money(String(digits), currency, field: field)
    }

    /// Refuses a trial that ends before the start, as `subs add` does: an export document with
    /// one would not read back.
    func trialDates(of subscription: Subscription, field: String) throws {
        try change(field) { try subscription.validateDates() }
    }

    /// Ends or pauses `subscription` as a status column says, on `date` or else the import day.
    func applyStatus(_ status: SubscriptionStatus?, to subscription: inout Subscription, on date: CivilDate?,
                     today: CivilDate, field: String) throws {
        let day = max(date ?? today, subscription.startDate)
        try change(field) {
            switch status {
            case .cancelled?: try subscription.cancel(on: day)
            case .paused?: try subscription.pause(from: day, until: nil)
            default: break
            }
        }
    }
}
