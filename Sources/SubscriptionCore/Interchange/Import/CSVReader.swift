import Foundation

/// RFC 4180 records as `import` reads them: fields separated by commas (or the delimiter given),
/// quoted with `"` (a doubled `""` inside is one quote), line breaks inside quotes kept, CRLF or
/// LF between records, and a leading byte-order mark ignored. `DelimitedText` takes them apart,
/// as it does `detect`'s statements.
public enum CSVReader {
    /// One record and the line of the file it starts on (1-based), for error messages.
    public struct Record: Equatable, Sendable {
        public let line: Int
        public let fields: [String]
    }

    /// `data` as UTF-8 text, or the error that names the line where it stops being UTF-8.
    static func text(_ data: Data) throws -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var line = 1
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let encoded):
                if encoded.first == UInt8(ascii: "\n") { line += 1 }
            case .error:
                throw ImportError.unreadable(problem: localized("line \(line) is not UTF-8 text"))
            case .emptyInput:
                throw ImportError.unreadable(problem: localized("not UTF-8 text"))
            }
        }
    }

    /// Every record in `text`, fields separated by `delimiter` and kept as written, blank lines
    /// skipped: `DelimitedText`'s rules. Throws on a quote that is never closed.
    public static func records(_ text: String, delimiter: Unicode.Scalar = ",") throws -> [Record] {
        do {
            return try DelimitedText.records(text, delimiter: delimiter, trimmed: false)
                .map { Record(line: $0.line, fields: $0.fields) }
        } catch {
            throw CSVError.unclosedQuote(line: error.line)
        }
    }
}

/// A CSV file the reader cannot take apart.
public enum CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    case unclosedQuote(line: Int)

    public var description: String {
        switch self {
        case .unclosedQuote(let line): localized("line \(line): a quoted field is never closed")
        }
    }
}
