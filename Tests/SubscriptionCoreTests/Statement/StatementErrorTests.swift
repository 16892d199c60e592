import Foundation
import Testing
@testable import SubscriptionCore

/// PRODUCT.md §13 and §7: a statement that cannot be read is refused with what was found (the
/// header, the first bad line); `StatementErrorMessageTests` checks the line the user reads.
@Suite("Statements that cannot be read")
struct StatementErrorTests {
    @Test("A line whose amount is no number: its line number and content")
    func badAmount() {
        let lines = ["Date;Description;Amount"] + (2...13).map { "2026-01-\($0 + 10);SHOP \($0);-1,00" }
            + ["2026-01-03;NETFLIX;abc", "2026-01-04;SPOTIFY;-10,99"]
        let error = statementError(lines.joined(separator: "\n"))
        #expect(error?.line == 14)
        #expect(error?.problem == .unreadableAmount("abc", record: "2026-01-03;NETFLIX;abc"))
    }

    @Test("Amounts that are not one number", arguments: ["12abc", "1.2.3,4,5", "--5", "1,23,456.00", "$", "5 EUR USD", "12 foo"])
    func amountsRefused(_ amount: String) {
        let error = statementError("Date,Description,Amount\n2026-01-03,NETFLIX,\"\(amount)\"\n")
        #expect(error?.problem == .unreadableAmount(amount, record: "2026-01-03,NETFLIX,\"\(amount)\""))
        #expect(error?.line == 2)
    }

    @Test("A date that is no day of the calendar, or not a date at all")
    func badDate() {
        let invalid = statementError("Date,Description,Amount\n2026-01-03,A,-1\n2026-02-30,B,-1\n")
        #expect(invalid?.line == 3)
        #expect(invalid?.problem == .unreadableDate("2026-02-30", record: "2026-02-30,B,-1", expected: nil))
        let garbage = statementError("Date,Description,Amount\n3rd Jan,A,-1\n")
        #expect(garbage?.line == 2)
        let wrongFormat = statementError("Date,Description,Amount\n03/01/2026,A,-1\n", dateFormat: .iso)
        #expect(wrongFormat?.line == 2)
        #expect(wrongFormat?.problem == .unreadableDate("03/01/2026", record: "03/01/2026,A,-1", expected: .iso))
        // Both numbers over 12: no order reads it.
        #expect(statementError("Date,Description,Amount\n13/13/2026,A,-1\n")?.line == 2)
    }

    @Test("A file with no date in any row: the first of them is the bad line")
    func noDates() {
        let error = statementError("Date,Description,Amount\nyesterday,A,-1\ntoday,B,-2\n")
        #expect(error?.line == 2)
        #expect(error?.problem == .unreadableDate("yesterday", record: "yesterday,A,-1", expected: nil))
    }

    @Test("Every date could be either way round: --date-format is needed")
    func ambiguousDates() {
        let error = statementError("Date,Description,Amount\n03/01/2026,A,-1\n04/02/2026,B,-1\n")
        #expect(error?.problem == .ambiguousDates(example: "03/01/2026"))
        #expect(error?.line == nil && error?.path == "statement.csv")
    }

    @Test("Some dates can only be day first and others only month first")
    func mixedDates() {
        let error = statementError("Date,Description,Amount\n13/01/2026,A,-1\n01/02/2026,B,-1\n01/14/2026,C,-1\n")
        #expect(error?.line == nil)
        #expect(error?.problem == .mixedDates(dayFirst: "13/01/2026", dayFirstLine: 2, monthFirst: "01/14/2026", monthFirstLine: 4))
    }

    @Test("Year-first dates beside one that could be either way round: the lines named, not 'every date'")
    func ambiguousAmongYearFirst() throws {
        let text = "Date,Description,Amount\n2026-01-03,A,-1\n2026-02-03,A,-1\n2026-03-03,A,-1\n04/05/2026,A,-1\n"
        let error = statementError(text)
        #expect(error?.problem == .ambiguousAmongOtherDates(
            ambiguous: "04/05/2026", ambiguousLine: 5, other: "2026-01-03", otherLine: 2))
        #expect(error?.line == nil)
        // As the message says, the order given reads them all.
        let read = try statement(text, dateFormat: .dayMonthYearSlashes)
        #expect(read.map(\.date.description) == ["2026-01-03", "2026-02-03", "2026-03-03", "2026-05-04"])
    }

    @Test("A header without the columns detect needs: the header seen and --map")
    func columnsNotFound() {
        let error = statementError("Foo;Bar;Baz\n1;2;3\n")
        #expect(error?.problem == .columnsNotFound(header: "Foo;Bar;Baz", missing: [.date, .description, .amount]))
        #expect(error?.line == 1)
        let noAmount = statementError("Date,Description,Balance\n2026-01-03,A,10\n")
        #expect(noAmount?.line == 1)
        #expect(noAmount?.problem == .columnsNotFound(header: "Date,Description,Balance", missing: [.amount]))
    }

    @Test("--map naming a column the header does not have, by name or by number")
    func unmapped() throws {
        let text = "Date;Description;Amount\n2026-01-03;A;-1\n"
        let byName = statementError(text, map: try StatementColumns(map: "amount=Tutar"))
        #expect(byName?.line == 1)
        #expect(byName?.problem == .mappedColumnNotFound(.amount, column: "Tutar", header: "Date;Description;Amount"))
        let byNumber = statementError(text, map: try StatementColumns(map: "date=1,description=2,amount=4"))
        #expect(byNumber?.problem == .mappedColumnNotFound(.amount, column: "4", header: "Date;Description;Amount"))
    }

    @Test("An empty file, and a quote never closed")
    func emptyAndUnclosed() {
        #expect(statementError("")?.problem == .empty)
        let blank = statementError("\u{FEFF}\n\r\n")
        #expect(blank?.problem == .empty && blank?.line == nil)
        let unclosed = statementError("Date,Description,Amount\n2026-01-03,A,-1\n2026-01-04,\"B,-1\n2026-01-05,C,-1\n")
        #expect(unclosed?.line == 3 && unclosed?.problem == .unclosedQuote)
    }

    @Test("OFX: a transaction without a date or an amount, an amount or date that cannot be read, an unknown currency")
    func ofx() {
        func ofx(_ transaction: String, currency: String = "USD") -> String {
            "OFXHEADER:100\n\n<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>\(currency)\n<BANKTRANLIST>\n<STMTTRN>\n\(transaction)\n</STMTTRN>\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        }
        let noAmount = statementError(ofx("<TRNTYPE>DEBIT\n<DTPOSTED>20260103\n<NAME>NETFLIX"), path: "bank.ofx")
        #expect(noAmount?.path == "bank.ofx" && noAmount?.line == 6)
        #expect(noAmount?.problem == .missingField("TRNAMT", record: "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260103<NAME>NETFLIX"))
        let noDate = statementError(ofx("<TRNAMT>-1.00"), path: "bank.ofx")
        #expect(noDate?.problem == .missingField("DTPOSTED", record: "<STMTTRN><TRNAMT>-1.00"))
        let badAmount = statementError(ofx("<DTPOSTED>20260103\n<TRNAMT>-1.0.0"), path: "bank.ofx")
        #expect(badAmount?.line == 8 && badAmount?.problem == .unreadableAmount("-1.0.0", record: "<TRNAMT>-1.0.0"))
        let badDate = statementError(ofx("<DTPOSTED>20261303\n<TRNAMT>-1.00"), path: "bank.ofx")
        #expect(badDate?.line == 7 && badDate?.problem == .unreadableDate("20261303", record: "<DTPOSTED>20261303", expected: .compact))
        let badCurrency = statementError(ofx("<DTPOSTED>20260103\n<TRNAMT>-1.00", currency: "XYZ"), path: "bank.ofx")
        #expect(badCurrency?.line == 4 && badCurrency?.problem == .unknownCurrency("XYZ"))
    }
}
