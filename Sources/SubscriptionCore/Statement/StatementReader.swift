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
        switch format ?? StatementFormat.detected(in: text) {
        case .csv:
            try CSVStatement.debits(in: text, path: path, columns: columns, dateFormat: dateFormat, currency: currency)
        case .ofx:
            try OFXStatement.debits(in: text, path: path, fallback: currency)
        }
    }
}
