import Foundation
import SubscriptionCore
import Testing
@testable import SubsCLI

/// Every case of the statement's errors, said in English (exactly as `detect` has always said
/// it) and in Turkish (said, and not in English).
@Suite("Statement errors in both languages")
struct StatementErrorMessageTests {
    init() { SubsTranslations.install() }

    /// One sample of every `StatementError.Problem`, with the English line the user reads.
    static let statementSamples: [(StatementError, String)] = [
        (StatementError(path: "statement.csv", .empty),
         "statement.csv: the file is empty; expected a CSV statement with a header row, or an OFX file"),
        (StatementError(path: "statement.csv", line: 1, .columnsNotFound(header: "Foo;Bar;Baz", missing: [.date, .description, .amount])),
         "statement.csv line 1: the header \"Foo;Bar;Baz\" names no date, description or amount column; use --map date=COL,description=COL,amount=COL"),
        (StatementError(path: "statement.csv", line: 1, .columnsNotFound(header: "Date,Description,Balance", missing: [.amount])),
         "statement.csv line 1: the header \"Date,Description,Balance\" names no amount column; use --map date=COL,description=COL,amount=COL"),
        (StatementError(path: "s.csv", line: 1, .columnsNotFound(header: "A", missing: [.date])),
         "s.csv line 1: the header \"A\" names no date column; use --map date=COL,description=COL,amount=COL"),
        (StatementError(path: "s.csv", line: 1, .columnsNotFound(header: "A", missing: [.description])),
         "s.csv line 1: the header \"A\" names no description column; use --map date=COL,description=COL,amount=COL"),
        (StatementError(path: "s.csv", line: 1, .columnsNotFound(header: "A", missing: [.date, .description])),
         "s.csv line 1: the header \"A\" names no date or description column; use --map date=COL,description=COL,amount=COL"),
        (StatementError(path: "s.csv", line: 1, .columnsNotFound(header: "A", missing: [.date, .amount])),
         "s.csv line 1: the header \"A\" names no date or amount column; use --map date=COL,description=COL,amount=COL"),
        (StatementError(path: "s.csv", line: 1, .columnsNotFound(header: "A", missing: [.description, .amount])),
         "s.csv line 1: the header \"A\" names no description or amount column; use --map date=COL,description=COL,amount=COL"),
        (StatementError(path: "statement.csv", line: 1, .mappedColumnNotFound(.amount, column: "Tutar", header: "Date;Description;Amount")),
         "statement.csv line 1: --map amount=Tutar names no column of the header \"Date;Description;Amount\""),
        (StatementError(path: "statement.csv", line: 2, .unreadableDate("03/01/2026", record: "03/01/2026,A,-1", expected: .iso)),
         "statement.csv line 2: cannot read the date '03/01/2026' as YYYY-MM-DD in \"03/01/2026,A,-1\""),
        (StatementError(path: "statement.csv", line: 3, .unreadableDate("2026-02-30", record: "2026-02-30,B,-1", expected: nil)),
         "statement.csv line 3: cannot read the date '2026-02-30' in \"2026-02-30,B,-1\""),
        (StatementError(path: "statement.csv", line: 14, .unreadableAmount("abc", record: "2026-01-03;NETFLIX;abc")),
         "statement.csv line 14: cannot read the amount 'abc' in \"2026-01-03;NETFLIX;abc\""),
        (StatementError(path: "statement.csv", .ambiguousDates(example: "03/01/2026")),
         "statement.csv: every date could be day first or month first (like '03/01/2026'); pass --date-format DD/MM/YYYY or MM/DD/YYYY"),
        (StatementError(path: "statement.csv", .ambiguousAmongOtherDates(ambiguous: "04/05/2026", ambiguousLine: 5, other: "2026-01-03", otherLine: 2)),
         "statement.csv: the dates are in mixed formats: line 2 has '2026-01-03', but line 5 has '04/05/2026', which could be day first or month first; pass --date-format DD/MM/YYYY or MM/DD/YYYY"),
        (StatementError(path: "statement.csv", .mixedDates(dayFirst: "13/01/2026", dayFirstLine: 2, monthFirst: "01/14/2026", monthFirstLine: 4)),
         "statement.csv: line 2 has the date '13/01/2026', day first, but line 4 has '01/14/2026', month first; the dates must be in one format"),
        (StatementError(path: "statement.csv", line: 3, .unclosedQuote),
         "statement.csv line 3: a quoted field is never closed"),
        (StatementError(path: "s.csv", .notOFX),
         "s.csv: not an OFX file (no <OFX> element); for a CSV statement use --from csv"),
        (StatementError(path: "bank.ofx", line: 6, .missingField("TRNAMT", record: "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260103<NAME>NETFLIX")),
         "bank.ofx line 6: a transaction with no TRNAMT in \"<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2026...\""),
        (StatementError(path: "bank.ofx", line: 4, .unknownCurrency("XYZ")),
         "bank.ofx line 4: unknown currency 'XYZ': expected an ISO 4217 code such as USD, EUR or TRY"),
        (StatementError(path: "s.ofx", line: 3, .bankError(code: "15500", message: "Signon rejected")),
         "s.ofx line 3: not a statement but the bank's error response (status 15500: Signon rejected); download the statement again"),
        (StatementError(path: "s.ofx", line: 3, .bankError(code: "15500", message: nil)),
         "s.ofx line 3: not a statement but the bank's error response (status 15500); download the statement again"),
    ]

    static let optionSamples: [(StatementOptionError, String)] = [
        (.invalidMap("day=Date"),
         "invalid --map 'day=Date': expected ROLE=COL pairs like date=Date,description=Payee,amount=Amount, each role (date, description, amount, debit, credit) once, COL a header name or a column number"),
        (.invalidDateFormat("DMY"),
         "invalid --date-format 'DMY': expected one of YYYY-MM-DD, YYYY/MM/DD, YYYYMMDD, DD.MM.YYYY, DD/MM/YYYY, DD-MM-YYYY, MM/DD/YYYY, MM-DD-YYYY"),
    ]

    static let csvSamples: [(CSVError, String)] = [
        (.unclosedQuote(line: 2), "line 2: a quoted field is never closed"),
        (.notUTF8(line: 3), "line 3 is not UTF-8 text"),
    ]

    @Test("Every case in English, exactly, and in Turkish, translated")
    func everyCase() {
        let samples: [(any ErrorMessage, String)] = Self.statementSamples.map { ($0.0, $0.1) }
            + Self.optionSamples.map { ($0.0, $0.1) } + Self.csvSamples.map { ($0.0, $0.1) }
        for (error, english) in samples {
            #expect(error.message(in: .english) == english)
            let turkish = error.message(in: .turkish)
            #expect(!turkish.isEmpty && turkish != english, "\(english)")
            for word in ["cannot", "expected", "column", "the file", "never closed", "line ", "invalid"] {
                #expect(!turkish.contains(word), "English '\(word)' in \(turkish.debugDescription)")
            }
        }
    }

    @Test("Each set of missing columns has its own sentence")
    func missingColumnSentences() {
        let missing: [[StatementColumns.Role]] = [[.date], [.description], [.amount], [.date, .description], [.date, .amount],
                                                  [.description, .amount], [.date, .description, .amount]]
        let english = missing.map { StatementError(path: "s.csv", line: 1, .columnsNotFound(header: "A", missing: $0)).message(in: .english) }
        let turkish = missing.map { StatementError(path: "s.csv", line: 1, .columnsNotFound(header: "A", missing: $0)).message(in: .turkish) }
        #expect(Set(english).count == missing.count && Set(turkish).count == missing.count)
    }

    @Test("A few in Turkish, exactly")
    func turkishExactly() {
        #expect(StatementError(path: "hesap.csv", line: 14, .unreadableAmount("abc", record: "2026-01-03;NETFLIX;abc")).message(in: .turkish)
            == "hesap.csv satır 14: \"2026-01-03;NETFLIX;abc\" içindeki 'abc' tutarı okunamıyor")
        #expect(StatementError(path: "hesap.csv", line: 1, .columnsNotFound(header: "Foo", missing: [.date, .amount])).message(in: .turkish)
            == "hesap.csv satır 1: \"Foo\" başlığında tarih ya da tutar sütunu yok; --map date=SÜTUN,description=SÜTUN,amount=SÜTUN ile gösterin")
        #expect(StatementOptionError.invalidDateFormat("DMY").message(in: .turkish)
            == "geçersiz --date-format 'DMY': beklenen şunlardan biri: YYYY-MM-DD, YYYY/MM/DD, YYYYMMDD, DD.MM.YYYY, DD/MM/YYYY, DD-MM-YYYY, MM/DD/YYYY, MM-DD-YYYY")
        #expect(CSVError.unclosedQuote(line: 2).message(in: .turkish) == "satır 2: tırnaklı bir alan hiç kapanmıyor")
    }

    @Test("What the file says is shown without control characters, and cut short")
    func shownSafely() throws {
        let text = "Date,Description,Amount\n2026-01-03,\u{1B}[31mNETFLIX with a very long description indeed,abc\n"
        let usd = try #require(Currency(code: "USD"))
        let error = #expect(throws: StatementError.self) {
            try StatementReader.read(text, path: "statement.csv", format: nil, columns: nil, dateFormat: nil, currency: usd)
        }
        let message = try #require(error).message(in: .english)
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(message.contains("..."))
    }

    @Test("Refused the way detect always refused them: 65 for a statement, 64 for an option")
    func exitCodes() {
        #expect(Failure(StatementError(path: "s.csv", .empty))?.exitCode == 65)
        #expect(Failure(StatementOptionError.invalidMap("x"))?.exitCode == 64)
        #expect(Failure(CSVError.unclosedQuote(line: 1))?.exitCode == 65)
    }
}
