import SubscriptionCore

// The texts of reading a statement (`detect`) and of the delimited-text reader.

extension StatementError: ErrorMessage {
    func message(in language: Language) -> String {
        // Where: the file as the user named it, and the line when the problem is on one.
        let at = line.map { localized("\(path) line \($0)", in: language) } ?? path
        switch problem {
        case .empty:
            return localized("\(at): the file is empty; expected a CSV statement with a header row, or an OFX file", in: language)
        case .columnsNotFound(let header, let missing):
            return Self.columnsNotFound(at: at, header: header, missing: missing, in: language)
        case .mappedColumnNotFound(let role, let column, let header):
            return localized("\(at): --map \(role.rawValue)=\(column.quotedForMessage) names no column of the header \"\(header)\"", in: language)
        case .unreadableDate(let value, let record, let expected?):
            return localized("\(at): cannot read the date '\(value.quotedForMessage)' as \(expected.rawValue) in \"\(record.quotedForMessage)\"", in: language)
        case .unreadableDate(let value, let record, nil):
            return localized("\(at): cannot read the date '\(value.quotedForMessage)' in \"\(record.quotedForMessage)\"", in: language)
        case .unreadableAmount(let value, let record):
            return localized("\(at): cannot read the amount '\(value.quotedForMessage)' in \"\(record.quotedForMessage)\"", in: language)
        case .ambiguousDates(let example):
            return localized("\(at): every date could be day first or month first (like '\(example.quotedForMessage)'); pass --date-format DD/MM/YYYY or MM/DD/YYYY", in: language)
        case .ambiguousAmongOtherDates(let ambiguous, let ambiguousLine, let other, let otherLine):
            return localized("\(at): the dates are in mixed formats: line \(otherLine) has '\(other.quotedForMessage)', but line \(ambiguousLine) has '\(ambiguous.quotedForMessage)', which could be day first or month first; pass --date-format DD/MM/YYYY or MM/DD/YYYY", in: language)
        case .mixedDates(let dayFirst, let dayFirstLine, let monthFirst, let monthFirstLine):
            return localized("\(at): line \(dayFirstLine) has the date '\(dayFirst.quotedForMessage)', day first, but line \(monthFirstLine) has '\(monthFirst.quotedForMessage)', month first; the dates must be in one format", in: language)
        case .unclosedQuote:
            return localized("\(at): a quoted field is never closed", in: language)
        case .notOFX:
            return localized("\(at): not an OFX file (no <OFX> element); for a CSV statement use --from csv", in: language)
        case .missingField(let field, let record):
            return localized("\(at): a transaction with no \(field) in \"\(record.quotedForMessage)\"", in: language)
        case .unknownCurrency(let code):
            return localized("\(at): unknown currency '\(code.quotedForMessage)': expected an ISO 4217 code such as USD, EUR or TRY", in: language)
        case .bankError(let code, let message?):
            return localized("\(at): not a statement but the bank's error response (status \(code.quotedForMessage): \(message.quotedForMessage)); download the statement again", in: language)
        case .bankError(let code, nil):
            return localized("\(at): not a statement but the bank's error response (status \(code.quotedForMessage)); download the statement again", in: language)
        }
    }

    /// One sentence for each set of roles a header can lack (the reader never counts debit or
    /// credit as missing: a statement without an amount column lacks the amount).
    private static func columnsNotFound(at: String, header: String, missing: [StatementColumns.Role],
                                        in language: Language) -> String {
        switch (missing.contains(.date), missing.contains(.description), missing.contains(.amount)) {
        case (true, false, false):
            localized("\(at): the header \"\(header)\" names no date column; use --map date=COL,description=COL,amount=COL", in: language)
        case (false, true, false):
            localized("\(at): the header \"\(header)\" names no description column; use --map date=COL,description=COL,amount=COL", in: language)
        case (false, false, true):
            localized("\(at): the header \"\(header)\" names no amount column; use --map date=COL,description=COL,amount=COL", in: language)
        case (true, true, false):
            localized("\(at): the header \"\(header)\" names no date or description column; use --map date=COL,description=COL,amount=COL", in: language)
        case (true, false, true):
            localized("\(at): the header \"\(header)\" names no date or amount column; use --map date=COL,description=COL,amount=COL", in: language)
        case (false, true, true):
            localized("\(at): the header \"\(header)\" names no description or amount column; use --map date=COL,description=COL,amount=COL", in: language)
        case (true, true, true), (false, false, false):
            localized("\(at): the header \"\(header)\" names no date, description or amount column; use --map date=COL,description=COL,amount=COL", in: language)
        }
    }
}

extension StatementOptionError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .invalidMap(let value):
            localized("invalid --map '\(value.quotedForMessage)': expected ROLE=COL pairs like date=Date,description=Payee,amount=Amount, each role (date, description, amount, debit, credit) once, COL a header name or a column number", in: language)
        case .invalidDateFormat(let value):
            localized("invalid --date-format '\(value.quotedForMessage)': expected one of \(StatementDateFormat.allCases.map(\.rawValue).joined(separator: ", "))", in: language)
        }
    }
}

extension CSVError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .unclosedQuote(let line): localized("line \(line): a quoted field is never closed", in: language)
        case .notUTF8(let line): localized("line \(line) is not UTF-8 text", in: language)
        }
    }
}
