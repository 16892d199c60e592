/// The records of delimited text, as banks and spreadsheets write it: RFC 4180's rules (quotes,
/// doubled quotes, line breaks inside quotes, CRLF, a byte-order mark, blank lines skipped) with
/// the delimiter the writer chose (comma, semicolon or tab), spaces before an opening quote
/// allowed, and each record's text kept for error messages. The one reader of `detect`'s
/// statements and `import`'s CSV files (`CSVReader` is its door for `import`).
struct DelimitedText {
    struct Record: Equatable, Sendable {
        /// The line of the file the record starts on, from 1.
        let line: Int
        /// The fields, trimmed unless the reader was asked to keep them as written.
        let fields: [String]
        /// The record as written, for messages.
        let text: String

        /// The field at `index`, empty when the record is short.
        subscript(index: Int) -> String { index < fields.count ? fields[index] : "" }
    }

    /// The delimiters statements use, in the order a tie is settled.
    static let delimiters: [Unicode.Scalar] = ["\t", ";", ","]

    /// Every record of `text`, at most `limit`, its fields trimmed unless `trimmed` is false.
    /// Throws the line of a quote never closed (unless `limit` cut it short).
    static func records(_ text: String, delimiter: Unicode.Scalar, limit: Int = .max,
                        trimmed: Bool = true) throws(CSVError) -> [Record] {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var quoted = false
        // A record's text is cut from the file where it ends, not copied scalar by scalar.
        var recordStart = scalars.startIndex
        var index = scalars.startIndex

        func next() -> Unicode.Scalar? {
            guard index < scalars.endIndex else { return nil }
            defer { index = scalars.index(after: index) }
            return scalars[index]
        }
        /// Gives back the scalar `next` returned last, to be read again.
        func putBack() { index = scalars.index(before: index) }
        func endField() {
            fields.append(trimmed ? Self.trimmed(field) : String(field))
            field = String.UnicodeScalarView()
        }
        /// Ends the record whose text ends before `end`.
        func endRecord(at end: String.UnicodeScalarView.Index) {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(Record(line: recordLine, fields: fields, text: String(scalars[recordStart..<end])))
            }
            fields = []
        }

        while records.count < limit, let scalar = next() {
            if quoted {
                switch scalar {
                case "\"":
                    if let following = next() {
                        if following == "\"" { field.append("\"") } else { quoted = false; putBack() }
                    } else {
                        quoted = false
                    }
                case "\n":
                    line += 1
                    field.append(scalar)
                case "\r":
                    if let following = next() {
                        if following == "\n" { line += 1; field.append("\n") } else { field.append(scalar); putBack() }
                    } else {
                        field.append(scalar)
                    }
                default:
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where String(field).allSatisfy(\.isWhitespace):
                field = String.UnicodeScalarView()
                quoted = true
            case delimiter:
                endField()
            case "\r", "\n":
                let end = scalars.index(before: index)
                if scalar == "\r", let following = next(), following != "\n" { putBack() }
                endRecord(at: end)
                line += 1
                recordLine = line
                recordStart = index
            default:
                field.append(scalar)
            }
        }
        if records.count >= limit { return records }
        if quoted { throw .unclosedQuote(line: recordLine) }
        if !field.isEmpty || !fields.isEmpty { endRecord(at: scalars.endIndex) }
        return records
    }

    /// `field` without the blanks (`AmountText.blanks`) at either end: scalar by scalar as
    /// Foundation's `trimmingCharacters` trims, without its cost for each of a file's fields.
    static func trimmed(_ field: String.UnicodeScalarView) -> String {
        guard let first = field.firstIndex(where: { !AmountText.blanks.contains($0) }),
              let last = field.lastIndex(where: { !AmountText.blanks.contains($0) }) else { return "" }
        return String(field[first...last])
    }

    /// The records of a file whose delimiter is not known: the one a `sep=X` first line names
    /// (that line is no record), else the one the first lines are written with.
    static func records(sniffing text: String, trimmed: Bool = true) throws(CSVError) -> (records: [Record], delimiter: Unicode.Scalar) {
        let declared = declaredDelimiter(text)
        let delimiter = declared ?? sniffedDelimiter(text)
        var records = try records(text, delimiter: delimiter, trimmed: trimmed)
        // Excel's `sep=;` line names the delimiter and is no record.
        if declared != nil, !records.isEmpty { records.removeFirst() }
        return (records, delimiter)
    }

    /// The delimiter an Excel `sep=X` first line names, if the file starts with one.
    static func declaredDelimiter(_ text: String) -> Unicode.Scalar? {
        var start = Substring(text)
        if start.first == "\u{FEFF}" { start = start.dropFirst() }
        guard start.lowercased().hasPrefix("sep="), let scalar = start.unicodeScalars.dropFirst(4).first,
              delimiters.contains(scalar) else { return nil }
        return scalar
    }

    /// The delimiter the first lines of `text` are written with: the one that splits the most of
    /// them into the same number of fields (two or more), and when two do as well, the one that
    /// gives more fields (a semicolon file with decimal commas splits on commas too, into
    /// fewer fields and not on its header).
    static func sniffedDelimiter(_ text: String) -> Unicode.Scalar {
        var best: (delimiter: Unicode.Scalar, lines: Int, fields: Int) = (",", 0, 0)
        for delimiter in delimiters {
            let sample = (try? records(text, delimiter: delimiter, limit: 30)) ?? []
            let counts = Dictionary(grouping: sample.map(\.fields.count).filter { $0 > 1 }, by: { $0 })
            guard let (fields, lines) = counts.map({ ($0.key, $0.value.count) })
                .max(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { continue }
            if (lines, fields) > (best.lines, best.fields) { best = (delimiter, lines, fields) }
        }
        return best.delimiter
    }
}

/// Delimited text the reader cannot take apart, and where.
public enum CSVError: CoreError, Equatable, Sendable {
    /// A `"` that opens a field on this line and is never closed.
    case unclosedQuote(line: Int)
    /// A byte on this line that is not UTF-8 (for files that must be UTF-8).
    case notUTF8(line: Int)

    public var failure: FailureKind { .badData }

    /// The line of the file the problem is on.
    public var line: Int {
        switch self {
        case .unclosedQuote(let line), .notUTF8(let line): line
        }
    }
}
