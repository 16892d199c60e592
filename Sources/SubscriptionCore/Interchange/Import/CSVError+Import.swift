import Foundation

/// Until `ImportError` keeps a `CSVError` as a value (issue 23, the import's part), the reader's
/// errors reach `import` as the words `ImportError.unreadable` still carries. Goes away with them.
extension CSVError {
    var importError: ImportError {
        switch self {
        case .unclosedQuote(let line): .unreadable(problem: localized("line \(line): a quoted field is never closed"))
        case .notUTF8(let line): .unreadable(problem: localized("line \(line) is not UTF-8 text"))
        }
    }
}

extension CSVReader {
    /// `text(_:)`, refused as `import` refuses a file.
    static func importText(_ data: Data) throws(ImportError) -> String {
        do {
            return try text(data)
        } catch {
            throw error.importError
        }
    }
}
