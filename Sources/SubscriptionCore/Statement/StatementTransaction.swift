/// One charge or credit read from a statement, in file order (PRODUCT.md §13).
public struct StatementTransaction: Equatable, Sendable {
    /// The 1-based line of the CSV record, or the index (1-based) of the OFX `STMTTRN`.
    public let line: Int
    public let date: CivilDate
    /// As in the file, trimmed (OFX: `NAME` and `MEMO` joined by " " when both say something).
    public let description: String
    /// Always positive: the money that left the account.
    public let amount: Money

    public init(line: Int, date: CivilDate, description: String, amount: Money) {
        self.line = line
        self.date = date
        self.description = description
        self.amount = amount
    }
}

/// The kinds of statement files `subs detect` reads (`--from`).
public enum StatementFormat: String, Sendable, CaseIterable {
    /// A table with a header row: comma, semicolon or tab between fields.
    case csv
    /// OFX 1.x (SGML) or 2.x (XML), QFX included: `STMTTRN` records.
    case ofx

    /// What `text` holds: OFX when it opens with an OFX header or element (after a byte-order
    /// mark, blank lines and an XML declaration), CSV otherwise.
    public static func detected(in text: String) -> StatementFormat {
        var start = Substring(text)
        if start.first == "\u{FEFF}" { start = start.dropFirst() }
        start = start.drop { $0.isWhitespace }
        let opening = start.prefix(4096).uppercased()
        if opening.hasPrefix("OFXHEADER") || opening.hasPrefix("<OFX") { return .ofx }
        if opening.hasPrefix("<?XML"), opening.contains("<?OFX") || opening.contains("<OFX") { return .ofx }
        return .csv
    }
}
