/// Reads the charges of a bank statement (PRODUCT.md §13): CSV with a header, or OFX/QFX.
public enum StatementReader {
    /// The debits (charges) of a statement, in file order; credits (refunds, salary, card
    /// payments) are left out.
    ///
    /// - `format` nil: told from the content (OFX starts with `OFXHEADER`, `<OFX>` or an XML
    ///   declaration followed by one; anything else is CSV).
    /// - `columns` (`--map`): the CSV columns to read; those it leaves out are found from the
    ///   header's names. Ignored for OFX.
    /// - `dateFormat` (`--date-format`): the order of day and month in a CSV file whose dates do
    ///   not tell. Ignored for OFX.
    /// - `currency`: the currency of a CSV amount when nothing in the file names one (a currency
    ///   column, a symbol or code by the number, `Tutar (TL)` in the header, in that order, win),
    ///   and of an OFX file without `CURDEF`.
    /// - `path`: the file as the user named it, for messages.
    public static func debits(in text: String, path: String, format: StatementFormat?, columns: StatementColumns?,
                              dateFormat: StatementDateFormat?, currency: Currency) throws -> [StatementTransaction] {
        try read(text, path: path, format: format, columns: columns, dateFormat: dateFormat, currency: currency).charges
    }

    /// The statement in `text`, as `debits` reads it, with what `detect` says about it.
    public static func read(_ text: String, path: String, format: StatementFormat?, columns: StatementColumns?,
                            dateFormat: StatementDateFormat?, currency: Currency) throws -> BankStatement {
        switch format ?? StatementFormat.detected(in: text) {
        case .csv:
            try CSVStatement.read(text, path: path, columns: columns, dateFormat: dateFormat, currency: currency)
        case .ofx:
            try OFXStatement.read(text, path: path, fallback: currency)
        }
    }
}

/// A statement as read: its charges, and what the reader saw on the way.
public struct BankStatement: Sendable {
    /// The debits, in file order.
    public var charges: [StatementTransaction] = []
    /// How many transactions were read, credits included.
    public var transactionCount = 0
    /// The first and the last day of the transactions read; nil when there were none.
    public var firstDate: CivilDate?
    public var lastDate: CivilDate?
    /// Whether some charge is in the fallback currency because nothing in the file named one.
    public var currencyAssumed = false
    /// Transactions left out of an otherwise good file (an OFX transaction with no date), each
    /// with why, for a warning.
    public var skipped: [StatementError] = []

    /// Counts a transaction dated `date`.
    mutating func counted(_ date: CivilDate) {
        transactionCount += 1
        firstDate = min(firstDate ?? date, date)
        lastDate = max(lastDate ?? date, date)
    }
}
