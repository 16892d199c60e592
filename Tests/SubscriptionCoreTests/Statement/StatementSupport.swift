@testable import SubscriptionCore

/// Reads a statement as `subs detect` would, with the defaults of a plain run.
func statement(
    _ text: String, path: String = "statement.csv", format: StatementFormat? = nil, map: StatementColumns? = nil,
    dateFormat: StatementDateFormat? = nil, currency code: String = "USD"
) throws -> [StatementTransaction] {
    try StatementReader.debits(in: text, path: path, format: format, columns: map, dateFormat: dateFormat,
                               currency: currency(code))
}

/// The charges as one line each, `line date amount currency description`, for comparing whole lists.
func charges(_ transactions: [StatementTransaction]) -> [String] {
    transactions.map { "\($0.line) \($0.date) \($0.amount) \($0.amount.currency) \($0.description)" }
}

/// The error reading `text` throws, as the user sees it.
func statementError(
    _ text: String, path: String = "statement.csv", format: StatementFormat? = nil, map: StatementColumns? = nil,
    dateFormat: StatementDateFormat? = nil
) -> StatementError? {
    do {
        _ = try statement(text, path: path, format: format, map: map, dateFormat: dateFormat)
        return nil
    } catch let error as StatementError {
        return error
    } catch {
        return nil
    }
}
