import Testing
@testable import SubscriptionCore

/// PRODUCT.md §13: OFX and QFX statements, SGML and XML, bank and credit card.
@Suite("OFX statements")
struct OFXStatementTests {
    /// OFX 1.02 as a US card issuer's "Quicken" download writes it: SGML, fields without end tags.
    static let sgml = """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        SECURITY:NONE
        ENCODING:USASCII
        CHARSET:1252
        COMPRESSION:NONE
        OLDFILEUID:NONE
        NEWFILEUID:NONE

        <OFX>
        <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260201<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
        <CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>4111111111111111</CCACCTFROM>
        <BANKTRANLIST><DTSTART>20260101<DTEND>20260131
        <STMTTRN>
        <TRNTYPE>DEBIT
        <DTPOSTED>20260103230000.000[-5:EST]
        <TRNAMT>-15.49
        <FITID>2026010301
        <NAME>NETFLIX.COM
        <MEMO>866-579-7172 CA
        </STMTTRN>
        <STMTTRN>
        <TRNTYPE>CREDIT
        <DTPOSTED>20260110
        <TRNAMT>500.00
        <FITID>2026011001
        <NAME>PAYMENT THANK YOU
        </STMTTRN>
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260114120000[+3:TRT]<TRNAMT>-42.10<FITID>2026011401<NAME>BARNES &amp; NOBLE #2231<MEMO>BARNES &amp; NOBLE #2231 NEW YORK NY</STMTTRN>
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>-57.59<DTASOF>20260131</LEDGERBAL>
        </CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>
        </OFX>

        """

    @Test("OFX 1.x SGML credit card: debits only, the day as written whatever the time zone, NAME and MEMO joined")
    func sgmlCreditCard() throws {
        #expect(charges(try statement(Self.sgml, path: "card.qfx", currency: "EUR")) == [
            "1 2026-01-03 15.49 USD NETFLIX.COM 866-579-7172 CA",
            "3 2026-01-14 42.10 USD BARNES & NOBLE #2231 NEW YORK NY",
        ])
    }

    @Test("OFX 2.x XML bank statement: CURDEF, closed tags, a transaction in another currency, DTUSER over DTPOSTED")
    func xmlBank() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
            <OFX>
              <BANKMSGSRSV1>
                <STMTTRNRS>
                  <TRNUID>1</TRNUID>
                  <STMTRS>
                    <CURDEF>EUR</CURDEF>
                    <BANKACCTFROM><BANKID>123</BANKID><ACCTID>456</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
                    <BANKTRANLIST>
                      <STMTTRN>
                        <TRNTYPE>DIRECTDEBIT</TRNTYPE>
                        <DTPOSTED>20260105</DTPOSTED>
                        <DTUSER>20260103</DTUSER>
                        <TRNAMT>-9.99</TRNAMT>
                        <FITID>A1</FITID>
                        <PAYEE><NAME>SPOTIFY AB</NAME><ADDR1>Regeringsgatan 19</ADDR1></PAYEE>
                      </STMTTRN>
                      <STMTTRN>
                        <TRNTYPE>POS</TRNTYPE>
                        <DTPOSTED>20260107000000</DTPOSTED>
                        <TRNAMT>-12.00</TRNAMT>
                        <FITID>A2</FITID>
                        <NAME>GITHUB</NAME>
                        <MEMO>GITHUB</MEMO>
                        <CURRENCY><CURRATE>0.92</CURRATE><CURSYM>USD</CURSYM></CURRENCY>
                      </STMTTRN>
                      <STMTTRN>
                        <TRNTYPE>DEP</TRNTYPE>
                        <DTPOSTED>20260115</DTPOSTED>
                        <TRNAMT>2450.00</TRNAMT>
                        <FITID>A3</FITID>
                        <NAME>SALARY</NAME>
                      </STMTTRN>
                      <STMTTRN>
                        <TRNTYPE>POS</TRNTYPE>
                        <DTPOSTED>20260120</DTPOSTED>
                        <TRNAMT>-3.50</TRNAMT>
                        <FITID>A4</FITID>
                        <NAME>CAFE</NAME>
                        <ORIGCURRENCY><CURRATE>1.1</CURRATE><CURSYM>GBP</CURSYM></ORIGCURRENCY>
                      </STMTTRN>
                    </BANKTRANLIST>
                  </STMTRS>
                </STMTTRNRS>
              </BANKMSGSRSV1>
            </OFX>

            """
        #expect(charges(try statement(text, path: "bank.ofx")) == [
            "1 2026-01-03 9.99 EUR SPOTIFY AB", "2 2026-01-07 12.00 USD GITHUB", "4 2026-01-20 3.50 EUR CAFE",
        ])
    }

    @Test("Amounts all unsigned: the transaction type says which are charges")
    func unsigned() throws {
        let text = """
            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>GBP<BANKTRANLIST>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260103<TRNAMT>9.99<NAME>NETFLIX</STMTTRN>
            <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260104<TRNAMT>100.00<NAME>REFUND</STMTTRN>
            <STMTTRN><TRNTYPE>DIRECTDEBIT<DTPOSTED>20260105<TRNAMT>24,99<NAME>PUREGYM</STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """
        #expect(charges(try statement(text, path: "x.ofx")) == [
            "1 2026-01-03 9.99 GBP NETFLIX", "3 2026-01-05 24.99 GBP PUREGYM",
        ])
    }

    @Test("A file is told OFX by its start; --from ofx on something else is refused, --from csv reads it as CSV")
    func detection() {
        #expect(StatementFormat.detected(in: Self.sgml) == .ofx)
        #expect(StatementFormat.detected(in: "\u{FEFF}\n<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\"?><OFX>") == .ofx)
        #expect(StatementFormat.detected(in: "<OFX><SIGNONMSGSRSV1>") == .ofx)
        #expect(StatementFormat.detected(in: "Date,Description,Amount\n") == .csv)
        #expect(statementError("Date,Description,Amount\n", path: "s.csv", format: .ofx)?.problem == .notOFX)
    }

    @Test("No transactions at all is an empty list, not an error")
    func noTransactions() throws {
        #expect(try statement("<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD</CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>").isEmpty)
    }

    private static func read(_ text: String) throws -> BankStatement {
        try StatementReader.read(text, path: "s.ofx", format: nil, columns: nil, dateFormat: nil, currency: currency("USD"))
    }

    @Test("Issue 22, item 23: a bank's error response (a failed sign-on, no transactions) says so")
    func bankErrorResponse() throws {
        let text = """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102

            <OFX>
            <SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Signon invalid</STATUS>
            <DTSERVER>20260201<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
            </OFX>

            """
        let error = statementError(text, path: "s.ofx")
        #expect(error?.problem == .bankError(code: "15500", message: "Signon invalid"), "\(String(describing: error))")
        // A good sign-on and no transactions is a statement with nothing in it, not an error.
        #expect(try Self.read(Self.sgml.replacingOccurrences(of: "<STMTTRN>", with: "<IGNORED>")).charges.isEmpty)
    }

    @Test("Issue 22, item 23: a transaction with no DTPOSTED is left out with its line; the others are read")
    func transactionWithoutDate() throws {
        let text = Self.sgml.replacingOccurrences(of: "<DTPOSTED>20260110\n", with: "")
        let read = try Self.read(text)
        #expect(charges(read.charges) == [
            "1 2026-01-03 15.49 USD NETFLIX.COM 866-579-7172 CA",
            "3 2026-01-14 42.10 USD BARNES & NOBLE #2231 NEW YORK NY",
        ])
        #expect(read.skipped.count == 1 && read.skipped.first?.line == 24, "\(read.skipped)")
        #expect(read.skipped.first?.problem == .missingField("DTPOSTED", record: "<STMTTRN><TRNTYPE>CREDIT<TRNAMT>500.00<FITID>2026011001<NAME>PAYMENT THANK YOU"))
        // With no transaction left, the file is refused as before.
        let only = Self.sgml.replacingOccurrences(of: "<DTPOSTED>", with: "<DTNOTHING>")
        #expect(statementError(only, path: "s.ofx")?.problem.isMissingDate == true)
        #expect(!read.currencyAssumed, "CURDEF names it")
    }
}

private extension StatementError.Problem {
    var isMissingDate: Bool { if case .missingField("DTPOSTED", _) = self { true } else { false } }
}
