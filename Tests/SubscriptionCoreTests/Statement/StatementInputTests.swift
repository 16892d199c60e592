import Foundation
import Testing
@testable import SubscriptionCore

/// The pieces of a statement as banks write them: amounts, `--map` and `--date-format`.
@Suite("Statement amounts, --map and --date-format")
struct StatementInputTests {
    @Test("Amounts with a decimal point or comma, grouped thousands, symbols, codes and signs", arguments: [
        ("15.49", nil, false, "15.49", ""), ("-15.49", nil, true, "15.49", ""), ("+15.49", nil, false, "15.49", ""),
        ("(15.49)", nil, true, "15.49", ""), ("$15.49", nil, false, "15.49", "$"), ("-$15.49", nil, true, "15.49", "$"),
        ("$-15.49", nil, true, "15.49", "$"), ("15,49 TL", nil, false, "15.49", "TL"), ("-₺149,99", nil, true, "149.99", "₺"),
        ("1,234.56", nil, false, "1234.56", ""), ("1.234,56", nil, false, "1234.56", ""), ("-1.234,56", nil, true, "1234.56", ""),
        ("1 234,56", nil, false, "1234.56", ""), ("1\u{00A0}234,56 €", nil, false, "1234.56", "€"), ("1'234.50", nil, false, "1234.5", ""),
        ("EUR 9.99", nil, false, "9.99", "EUR"), ("9.99 usd", nil, false, "9.99", "usd"), ("−7,00", nil, true, "7", ""),
        ("1.234.567", nil, false, "1234567", ""), ("1,234", nil, false, "1234", ""), ("1,234", ",", false, "1.234", ""),
        ("1.234", ",", false, "1234", ""), ("1.234", nil, false, "1.234", ""), ("15.49 DR", nil, true, "15.49", ""),
        ("15.49CR", nil, false, "15.49", ""), ("1.234,56-", nil, true, "1234.56", ""), ("0,5", nil, false, "0.5", ""),
    ] as [(String, Character?, Bool, String, String)])
    func amounts(_ text: String, _ decimalMark: Character?, _ negative: Bool, _ magnitude: String, _ mark: String) throws {
        let amount = try #require(AmountText(text, decimalMark: decimalMark), "\(text)")
        #expect(amount.negative == negative, "\(text)")
        #expect(amount.magnitude == Decimal(string: magnitude), "\(text)")
        #expect(amount.mark == mark, "\(text)")
    }

    @Test("A symbol or code names a currency; a shared symbol is --currency's when it is one of them")
    func currencies() {
        #expect(AmountText.currencyCode(of: "TL", fallback: .usd)?.code == "TRY")
        #expect(AmountText.currencyCode(of: "₺", fallback: .usd)?.code == "TRY")
        #expect(AmountText.currencyCode(of: "€", fallback: .usd)?.code == "EUR")
        #expect(AmountText.currencyCode(of: "gbp", fallback: .usd)?.code == "GBP")
        #expect(AmountText.currencyCode(of: "$", fallback: currency("CAD"))?.code == "CAD")
        #expect(AmountText.currencyCode(of: "$", fallback: currency("TRY"))?.code == "USD")
        #expect(AmountText.currencyCode(of: "Bucks", fallback: .usd) == nil)
    }

    @Test("--map: roles and columns, in English or Turkish, quoted when a name has a comma")
    func mapAccepted() throws {
        #expect(try StatementColumns(map: "date=Tarih,description=Açıklama,amount=Tutar")
            == StatementColumns(date: "Tarih", description: "Açıklama", amount: "Tutar"))
        #expect(try StatementColumns(map: " date = 1 , description=3,debit=Borç, credit = Alacak ")
            == StatementColumns(date: "1", description: "3", debit: "Borç", credit: "Alacak"))
        #expect(try StatementColumns(map: "TARİH=Date,açıklama=\"Payee, Name\",tutar=Amount")
            == StatementColumns(date: "Date", description: "Payee, Name", amount: "Amount"))
        #expect(try StatementColumns(map: "description=Memo") == StatementColumns(description: "Memo"))
    }

    @Test("--map refused: one line naming it and what is accepted", arguments: [
        "", "date", "date=", "day=Date", "date=A,date=B", "date=A,", "date=\"open", "date=\"A\" x,amount=B", ",",
    ])
    func mapRefused(_ text: String) {
        #expect(throws: StatementOptionError.invalidMap(text)) { try StatementColumns(map: text) }
    }

    @Test("--date-format takes the formats listed, in any case, GG/AA for Turkish, YY for two-digit years", arguments: [
        ("YYYY-MM-DD", StatementDateFormat.iso), ("dd.mm.yyyy", .dayMonthYearDots), ("GG.AA.YYYY", .dayMonthYearDots),
        ("DD/MM/YYYY", .dayMonthYearSlashes), ("MM/DD/YYYY", .monthDayYearSlashes), ("AA/GG/YY", .monthDayYearSlashes),
        ("DD-MM-YYYY", .dayMonthYearDashes), ("MM-DD-YY", .monthDayYearDashes), ("YYYYMMDD", .compact),
        ("YYYY/MM/DD", .isoSlashes),
    ] as [(String, StatementDateFormat)])
    func dateFormatAccepted(_ text: String, _ format: StatementDateFormat) throws {
        #expect(try StatementDateFormat(input: text) == format)
    }

    @Test("--date-format refused names the formats", arguments: ["DMY", "DD MM YYYY", "", "YYYY-DD-MM"])
    func dateFormatRefused(_ text: String) {
        #expect(throws: StatementOptionError.invalidDateFormat(text)) { try StatementDateFormat(input: text) }
    }

    @Test("Header names are compared folded: case, Turkish i's, accents and a parenthesised unit")
    func headerNames() {
        #expect(StatementHeader.normalized("İŞLEM TARİHİ") == "islem tarihi")
        #expect(StatementHeader.normalized("Açıklama") == "aciklama")
        #expect(StatementHeader.normalized("Tutar (TL)") == "tutar")
        #expect(StatementHeader.normalized("Auftraggeber / Empfänger") == "auftraggeber/empfanger")
        #expect(StatementHeader.normalized("Transaction_Date:") == "transaction date")
        #expect(StatementHeader.role(of: "transaction date")?.0 == .date)
        #expect(StatementHeader.role(of: "running balance") == nil)
        #expect(StatementHeader.role(of: "original transaction amount")?.0 == .amount)
        #expect(StatementHeader.role(of: "tarih/saat")?.0 == .date)
    }

    @Test("Statement files in UTF-8, UTF-16 and the Windows code pages banks still export")
    func encodings() {
        let text = "Tarih;Açıklama;Tutar\n03.01.2026;İŞ BANKASI ÖDEME ğüşıöç;-1,00 €\n"
        #expect(StatementText.decoded(Data(text.utf8)) == text)
        #expect(StatementText.decoded(Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))).hasSuffix(text))
        #expect(StatementText.decoded(Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!) == text)
        #expect(StatementText.decoded(Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!) == text)
        // Windows-1254: Turkish letters, the euro sign; Windows-1252's Western letters where they agree.
        let windows: [UInt8] = [0xDD, 0xDE, 0xD0, 0xFD, 0xFE, 0xF0, 0xC7, 0xE7, 0xD6, 0xF6, 0xDC, 0xFC, 0x20, 0x80, 0x20, 0xE4, 0xDF]
        #expect(StatementText.decoded(Data(windows)) == "İŞĞışğÇçÖöÜü € äß")
    }
}
