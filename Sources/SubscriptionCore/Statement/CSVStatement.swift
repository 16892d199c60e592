import Foundation

/// Reads the charges of a statement a bank exported as CSV (PRODUCT.md §13).
enum CSVStatement {
    /// How many records may come before the header: banks put the account's name and number,
    /// the period and the like above it.
    static let headerSearchDepth = 20

    static func read(_ text: String, path: String, columns: StatementColumns?, dateFormat: StatementDateFormat?,
                     currency: Currency) throws(StatementError) -> BankStatement {
        let records: [DelimitedText.Record]
        do {
            records = try DelimitedText.records(sniffing: text).records
        } catch {
            // A quote never closed: statements are decoded whatever their bytes, so never `notUTF8`.
            throw StatementError(path: path, line: error.line, .unclosedQuote)
        }
        guard !records.isEmpty else { throw StatementError(path: path, .empty) }
        let (layout, rows) = try table(records, path: path, columns: columns)
        let cells = try Cells(rows: rows, layout: layout, path: path, dateFormat: dateFormat)
        return try cells.statement(path: path, fallback: currency)
    }

    /// The layout of the header row and the records after it.
    private static func table(_ records: [DelimitedText.Record], path: String, columns: StatementColumns?)
        throws(StatementError) -> (StatementLayout, ArraySlice<DelimitedText.Record>) {
        var closest: (record: DelimitedText.Record, missing: [StatementColumns.Role])? = nil
        var unmapped: (record: DelimitedText.Record, column: StatementHeader.UnmappedColumn)? = nil
        for (index, record) in records.prefix(headerSearchDepth).enumerated() {
            let result: Result<StatementLayout, StatementHeader.MissingColumns>
            do {
                result = try StatementHeader.layout(of: record.fields, map: columns)
            } catch {
                // A column `--map` names is not in this row: the header may come later.
                unmapped = unmapped ?? (record, error)
                continue
            }
            switch result {
            case .success(let layout):
                // A map by numbers on a file without a header: the first row is already a charge.
                if index == 0, StatementHeader.mapsByNumber(columns), DateText(record[layout.date]) != nil {
                    return (layout, records[...])
                }
                return (layout, records[(index + 1)...])
            case .failure(let missing):
                if missing.roles.count < closest?.missing.count ?? .max { closest = (record, missing.roles) }
            }
        }
        if closest == nil, let (record, column) = unmapped {
            throw StatementError(path: path, line: record.line, .mappedColumnNotFound(
                column.role, column: column.column, header: record.text.shortenedForMessage()))
        }
        let (record, missing) = closest ?? (records[0], StatementColumns.Role.allCases)
        throw StatementError(path: path, line: record.line,
                             .columnsNotFound(header: record.text.shortenedForMessage(), missing: missing))
    }

    /// The cells `detect` reads, checked, with what the whole file says about its dates and
    /// numbers.
    private struct Cells {
        struct Row {
            let record: DelimitedText.Record
            let date: DateText
        }

        let layout: StatementLayout
        let rows: [Row]
        let order: DateOrder?
        let dateFormat: StatementDateFormat?
        let decimalMark: Character?

        init(rows records: ArraySlice<DelimitedText.Record>, layout: StatementLayout, path: String,
             dateFormat: StatementDateFormat?) throws(StatementError) {
            var rows: [Row] = []
            var firstSkipped: DelimitedText.Record? = nil
            var dayFirst: (String, Int)? = nil
            var monthFirst: (String, Int)? = nil
            var undecided: (String, Int, Character)? = nil
            var certain: (String, Int)? = nil
            var onlyDots = true
            var decimalVote = AmountText.DecimalVote()
            // A statement writes few distinct dates (one a day at most): each is read once.
            var dates: [String: DateText] = [:]
            for record in records {
                let dateCell = record[layout.date]
                let moneyCells = [layout.amount, layout.debit, layout.credit].compactMap { $0 }.map { record[$0] }
                if record.fields.allSatisfy(\.isEmpty) { continue }
                // A row without a date is no transaction: a total, a note, a pending line.
                guard dateCell.contains(where: \.isASCIIDigit) else {
                    if !dateCell.isEmpty || moneyCells.contains(where: { !$0.isEmpty }) { firstSkipped = firstSkipped ?? record }
                    continue
                }
                guard let date = dates[dateCell] ?? DateText(dateCell) else {
                    throw StatementError(path: path, line: record.line,
                                         .unreadableDate(dateCell, record: record.text, expected: dateFormat))
                }
                dates[dateCell] = date
                switch date.evidence {
                case .dayMonthYear: dayFirst = dayFirst ?? (dateCell, record.line)
                case .monthDayYear: monthFirst = monthFirst ?? (dateCell, record.line)
                default: break
                }
                switch date {
                case .yearLast(let first, let second, _, let separator):
                    if first <= 12 && second <= 12 { undecided = undecided ?? (dateCell, record.line, separator) }
                    onlyDots = onlyDots && separator == "."
                case .certain:
                    certain = certain ?? (dateCell, record.line)
                }
                moneyCells.forEach { decimalVote.count($0) }
                rows.append(Row(record: record, date: date))
            }
            if rows.isEmpty, let record = firstSkipped {
                throw StatementError(path: path, line: record.line,
                                     .unreadableDate(record[layout.date], record: record.text, expected: dateFormat))
            }
            if let dateFormat {
                order = dateFormat.order
            } else if let (dayText, dayLine) = dayFirst, let (monthText, monthLine) = monthFirst {
                throw StatementError(path: path, .mixedDates(dayFirst: dayText, dayFirstLine: dayLine,
                                                             monthFirst: monthText, monthFirstLine: monthLine))
            } else if dayFirst != nil {
                order = .dayMonthYear
            } else if monthFirst != nil {
                order = .monthDayYear
            } else if let (text, line, _) = undecided {
                // Dots between day, month and year are written day first the world over.
                guard onlyDots else {
                    // Dates of one reading (`2026-01-03`) beside it say nothing of its order.
                    if let (certainText, certainLine) = certain {
                        throw StatementError(path: path, .ambiguousAmongOtherDates(
                            ambiguous: text, ambiguousLine: line, other: certainText, otherLine: certainLine))
                    }
                    throw StatementError(path: path, .ambiguousDates(example: text))
                }
                order = .dayMonthYear
            } else {
                order = nil
            }
            decimalMark = decimalVote.mark
            self.layout = layout
            self.rows = rows
            self.dateFormat = dateFormat
        }

        /// Whether a row is a charge, as the file says apart from the amount's sign.
        struct Side {
            /// From debit and credit columns: certain.
            var column: Bool? = nil
            /// From a type column (`Sale`, `Payment`).
            var type: Bool? = nil
        }

        /// A row's money: its amount with the sign as written.
        struct Movement {
            let row: Row
            let date: CivilDate
            let amount: AmountText
            let side: Side
            let currency: Currency
            /// Whether the currency is the fallback, nothing in the file naming one.
            let currencyAssumed: Bool
        }

        func statement(path: String, fallback: Currency) throws(StatementError) -> BankStatement {
            var movements: [Movement] = []
            // Amounts repeat (a subscription's price, round sums): each distinct cell is read once.
            var amounts: [String: AmountText] = [:]
            for row in rows {
                guard let date = row.date.date(order) else {
                    throw StatementError(path: path, line: row.record.line,
                                         .unreadableDate(row.record[layout.date], record: row.record.text, expected: dateFormat))
                }
                guard let (amount, side) = try money(row.record, path: path, amounts: &amounts),
                      amount.magnitude != 0 else { continue }
                let currency = currency(row.record, amount: amount, fallback: fallback)
                movements.append(Movement(row: row, date: date, amount: amount, side: side,
                                          currency: currency ?? fallback, currencyAssumed: currency == nil))
            }
            let signed = movements.contains { $0.side.column == nil && $0.amount.negative }
                && movements.contains { $0.side.column == nil && !$0.amount.negative }
            let debitIsNegative = Self.debitIsNegative(movements)
            var statement = BankStatement()
            for movement in movements { statement.counted(movement.date) }
            var assumed = false
            // Amounts repeat: each is rounded to its currency once.
            var rounded: [Rounding: Money] = [:]
            statement.charges = movements.compactMap { movement in
                // Where amounts carry signs, the sign says; a type column says only where they do not.
                let isDebit = movement.side.column
                    ?? (signed ? movement.amount.negative == debitIsNegative : movement.side.type ?? true)
                // Less than the currency's smallest coin (`0.001`) takes no money.
                let rounding = Rounding(magnitude: movement.amount.magnitude, currency: movement.currency)
                let amount = rounded[rounding] ?? movement.amount.money(in: movement.currency)
                rounded[rounding] = amount
                guard isDebit, amount.minorUnits != 0 else { return nil }
                if movement.currencyAssumed { assumed = true }
                return StatementTransaction(
                    line: movement.row.record.line, date: movement.date,
                    description: movement.row.record[layout.description], amount: amount)
            }
            statement.currencyAssumed = assumed
            return statement
        }

        /// An amount and the currency it is rounded to.
        private struct Rounding: Hashable {
            let magnitude: Decimal
            let currency: Currency
        }

        /// Which sign a charge has in a file with one amount column. Where a type column calls
        /// rows charges, the sign most of those rows have; otherwise the sign most rows have:
        /// people spend in more transactions than they are paid in, so charges outnumber
        /// salaries, refunds and card payments. A tie is settled for the minus sign, as most
        /// banks write charges.
        static func debitIsNegative(_ movements: [Movement]) -> Bool {
            let signed = movements.filter { $0.side.column == nil }
            let typed = signed.filter { $0.side.type == true }
            let sample = typed.isEmpty ? signed : typed
            let negatives = sample.filter(\.amount.negative).count
            return negatives * 2 >= sample.count
        }

        /// The row's amount and what the file says of its side apart from the sign; nil when the
        /// row moved no money.
        /// `amounts` holds the cells already read.
        private func money(_ record: DelimitedText.Record, path: String,
                           amounts: inout [String: AmountText]) throws(StatementError) -> (AmountText, Side)? {
            func read(_ column: Int?) throws(StatementError) -> AmountText? {
                guard let column else { return nil }
                let cell = record[column]
                guard !cell.isEmpty else { return nil }
                guard let amount = amounts[cell] ?? AmountText(cell, decimalMark: decimalMark) else {
                    throw StatementError(path: path, line: record.line, .unreadableAmount(cell, record: record.text))
                }
                amounts[cell] = amount
                return amount
            }
            if let column = layout.amount {
                // An empty amount moved no money (a note, a pending line).
                guard let amount = try read(column) else { return nil }
                return (amount, Side(type: typeSaysDebit(record)))
            }
            let debit = try read(layout.debit), credit = try read(layout.credit)
            if let debit, debit.magnitude != 0 { return (debit, Side(column: true)) }
            if let credit, credit.magnitude != 0 { return (credit, Side(column: false)) }
            return nil
        }

        /// What a type column says of a row, trusted where the amounts carry no sign of their
        /// own; nil when there is none or its value is not one of the known words.
        private func typeSaysDebit(_ record: DelimitedText.Record) -> Bool? {
            guard let column = layout.type else { return nil }
            let words = Set(StatementHeader.normalized(record[column]).split { !$0.isLetter }.map(String.init))
            let debit = !words.isDisjoint(with: Self.debitWords), credit = !words.isDisjoint(with: Self.creditWords)
            return debit == credit ? nil : debit
        }

        static let debitWords: Set<String> = [
            "sale", "sales", "debit", "purchase", "fee", "charge", "withdrawal", "dr", "d", "b", "harcama",
            "borc", "satis", "soll", "cargo", "lastschrift",
        ]
        static let creditWords: Set<String> = [
            "payment", "credit", "return", "refund", "deposit", "cr", "c", "a", "alacak", "iade", "haben",
            "abono", "gutschrift",
        ]

        /// A currency column's code or symbol if it names one, else the amount's own symbol, else
        /// the one in the amount column's header; nil when the file names none, and the fallback
        /// (`--currency`, else the config's) is taken.
        private func currency(_ record: DelimitedText.Record, amount: AmountText, fallback: Currency) -> Currency? {
            if let column = layout.currency, let named = AmountText.currencyCode(of: record[column], fallback: fallback) {
                return named
            }
            if !amount.mark.isEmpty, let named = AmountText.currencyCode(of: amount.mark, fallback: fallback) { return named }
            return layout.headerCurrency
        }
    }
}
