/// A statement that cannot be read: what was found and what is needed, as data; the command line
/// says it (the command exits 65 and writes nothing).
public struct StatementError: CoreError, Equatable, Sendable {
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

    public var failure: FailureKind { .badData }
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

/// `--map` or `--date-format` as given, refused before the statement is read.
public enum StatementOptionError: CoreError, Equatable, Sendable {
    /// `--map` that is not `ROLE=COL` pairs, each role once.
    case invalidMap(String)
    /// `--date-format` that is none of `StatementDateFormat`'s.
    case invalidDateFormat(String)

    public var failure: FailureKind { .refused }
}
