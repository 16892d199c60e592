/// A statement that cannot be read: what was found and what is needed. Its description is the
/// one line the user sees (the command exits 65 and writes nothing).
public struct StatementError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public let path: String
    /// The line of the file the problem is on; nil when it is about the whole file.
    public let line: Int?
    public let problem: Problem

    public enum Problem: Equatable, Sendable {
        /// Nothing in the file but blank lines.
        case empty
        /// The header names no column for some of the roles `detect` needs.
        case columnsNotFound(header: String, missing: [StatementColumns.Role])
        /// `--map` names a column the header does not have (or a number past its last column).
        case mappedColumnNotFound(StatementColumns.Role, column: String, header: String)
        /// A date that is no day of the calendar, or not in the file's (or `--date-format`'s) form.
        case unreadableDate(String, record: String, expected: StatementDateFormat?)
        /// An amount that is no number.
        case unreadableAmount(String, record: String)
        /// Every date could be day first or month first, and `--date-format` was not given.
        case ambiguousDates(example: String)
        /// A date that could be day first or month first in a file whose other dates tell
        /// nothing of the order, being written another way (year first, a month's name), and
        /// `--date-format` was not given.
        case ambiguousAmongOtherDates(ambiguous: String, ambiguousLine: Int, other: String, otherLine: Int)
        /// Some dates can only be day first, others only month first.
        case mixedDates(dayFirst: String, dayFirstLine: Int, monthFirst: String, monthFirstLine: Int)
        /// A `"` that opens a field and never closes it.
        case unclosedQuote
        /// `--from ofx` on a file with no `<OFX>` element.
        case notOFX
        /// An OFX transaction without one of the fields `detect` needs (`DTPOSTED`, `TRNAMT`).
        case missingField(String, record: String)
        /// An OFX currency (`CURDEF`, `CURSYM`) that is no ISO 4217 code.
        case unknownCurrency(String)
        /// An OFX file with no transactions that is the bank's answer of an error (a failed
        /// sign-on): the `CODE` of its `STATUS`, and the `MESSAGE` if it gave one.
        case bankError(code: String, message: String?)
    }

    public init(path: String, line: Int? = nil, _ problem: Problem) {
        self.path = path
        self.line = line
        self.problem = problem
    }

    public var description: String {
        let at = line.map { localized("\(path) line \($0)") } ?? path
        switch problem {
        case .empty:
            return localized("\(at): the file is empty; expected a CSV statement with a header row, or an OFX file")
        case .columnsNotFound(let header, let missing):
            return localized("\(at): the header \"\(header)\" names no \(Self.list(missing)) column; use --map date=COL,description=COL,amount=COL")
        case .mappedColumnNotFound(let role, let column, let header):
            return localized("\(at): --map \(role.rawValue)=\(column.quotedForMessage) names no column of the header \"\(header)\"")
        case .unreadableDate(let value, let record, let expected?):
            return localized("\(at): cannot read the date '\(value.quotedForMessage)' as \(expected.rawValue) in \"\(record.quotedForMessage)\"")
        case .unreadableDate(let value, let record, nil):
            return localized("\(at): cannot read the date '\(value.quotedForMessage)' in \"\(record.quotedForMessage)\"")
        case .unreadableAmount(let value, let record):
            return localized("\(at): cannot read the amount '\(value.quotedForMessage)' in \"\(record.quotedForMessage)\"")
        case .ambiguousDates(let example):
            return localized("\(at): every date could be day first or month first (like '\(example.quotedForMessage)'); pass --date-format DD/MM/YYYY or MM/DD/YYYY")
        case .ambiguousAmongOtherDates(let ambiguous, let ambiguousLine, let other, let otherLine):
            return localized("\(at): the dates are in mixed formats: line \(otherLine) has '\(other.quotedForMessage)', but line \(ambiguousLine) has '\(ambiguous.quotedForMessage)', which could be day first or month first; pass --date-format DD/MM/YYYY or MM/DD/YYYY")
        case .mixedDates(let dayFirst, let dayFirstLine, let monthFirst, let monthFirstLine):
            return localized("\(at): line \(dayFirstLine) has the date '\(dayFirst.quotedForMessage)', day first, but line \(monthFirstLine) has '\(monthFirst.quotedForMessage)', month first; the dates must be in one format")
        case .unclosedQuote:
            return localized("\(at): a quoted field is never closed")
        case .notOFX:
            return localized("\(at): not an OFX file (no <OFX> element); for a CSV statement use --from csv")
        case .missingField(let field, let record):
            return localized("\(at): a transaction with no \(field) in \"\(record.quotedForMessage)\"")
        case .unknownCurrency(let code):
            return localized("\(at): unknown currency '\(code.quotedForMessage)': expected an ISO 4217 code such as USD, EUR or TRY")
        case .bankError(let code, let message?):
            return localized("\(at): not a statement but the bank's error response (status \(code.quotedForMessage): \(message.quotedForMessage)); download the statement again")
        case .bankError(let code, nil):
            return localized("\(at): not a statement but the bank's error response (status \(code.quotedForMessage)); download the statement again")
        }
    }

    /// `date`, `date or amount`, `date, description or amount`, in the reader's language.
    private static func list(_ roles: [StatementColumns.Role]) -> String {
        let names = roles.map(\.name)
        guard names.count > 1 else { return names.first ?? "" }
        let or = localized("or")
        return names.dropLast().joined(separator: ", ") + " \(or) " + names[names.count - 1]
    }
}

extension String {
    /// A whole line of a file inside an error message: control characters shown as `�`, and cut
    /// at `limit` characters (a header row says more than `quotedForMessage`'s 40 would keep).
    func shortenedForMessage(limit: Int = 100) -> String {
        let visible = String(String.UnicodeScalarView(unicodeScalars.map {
            $0.isControlOrInvisibleFormat ? "\u{FFFD}" : $0
        }))
        return visible.count > limit ? visible.prefix(limit - 3) + "..." : visible
    }
}
