import Foundation

/// A small RFC 4180 reader: fields separated by commas, quoted with `"` (a doubled `""` inside is
/// one quote), line breaks inside quotes kept, CRLF or LF between records, and a leading
/// byte-order mark ignored. Enough for what spreadsheets and `subs list --format csv` write.
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

    /// Every record in `text`, blank lines skipped. Throws on a quote that is never closed.
    public static func records(_ text: String) throws -> [Record] {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var quoted = false
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar? = nil

        func next() -> Unicode.Scalar? {
            if let scalar = pending { pending = nil; return scalar }
            return iterator.next()
        }
        func endRecord() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            // A line with nothing on it is no record.
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
        }

        while let scalar = next() {
            if quoted {
                switch scalar {
                case "\"":
                    if let following = next() {
                        if following == "\"" { field.append("\"") } else { quoted = false; pending = following }
                    } else {
                        quoted = false
                    }
                case "\n":
                    line += 1
                    field.append(scalar)
                case "\r":
                    // CRLF inside a quoted field is one line break.
                    if let following = next() {
                        if following == "\n" { line += 1; field.append("\n") } else { field.append(scalar); pending = following }
                    } else {
                        field.append(scalar)
                    }
                default:
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                quoted = true
            case ",":
                fields.append(String(field))
                field = String.UnicodeScalarView()
            case "\r", "\n":
                if scalar == "\r", let following = next(), following != "\n" { pending = following }
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(scalar)
            }
        }
        if quoted { throw CSVError.unclosedQuote(line: recordLine) }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
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
