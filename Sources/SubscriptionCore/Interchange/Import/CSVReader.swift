import Foundation

/// RFC 4180 records as `import` reads them: fields separated by commas (or the delimiter given),
/// quoted with `"` (a doubled `""` inside is one quote), line breaks inside quotes kept, CRLF or
/// LF between records, and a leading byte-order mark ignored. `DelimitedText` takes them apart,
/// as it does `detect`'s statements: this is its door for files that must be UTF-8, with their
/// fields kept as written.
enum CSVReader {
    /// One record, the line of the file it starts on (1-based) and its fields as written.
    typealias Record = DelimitedText.Record

    /// `data` as UTF-8 text, or the error that names the line where it stops being UTF-8.
    static func text(_ data: Data) throws(CSVError) -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var line = 1
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let encoded):
                if encoded.first == UInt8(ascii: "\n") { line += 1 }
            case .error, .emptyInput:
                // The end is never reached: text that is not UTF-8 has a first bad byte.
                throw .notUTF8(line: line)
            }
        }
    }

    /// Every record in `text`, fields separated by `delimiter` and kept as written, blank lines
    /// skipped: `DelimitedText`'s rules. Throws on a quote that is never closed.
    static func records(_ text: String, delimiter: Unicode.Scalar = ",") throws(CSVError) -> [Record] {
        try DelimitedText.records(text, delimiter: delimiter, trimmed: false)
    }
}
