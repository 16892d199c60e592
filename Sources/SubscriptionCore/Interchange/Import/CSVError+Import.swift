import Foundation

/// The delimited-text reader's errors, as `import` refuses a file.
extension CSVError {
    var importError: ImportError {
        switch self {
        case .unclosedQuote(let line): .cannotRead(.unclosedQuote(line: line))
        case .notUTF8(let line): .cannotRead(.notUTF8Line(line))
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
