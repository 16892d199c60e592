import Testing
@testable import SubscriptionCore

/// PRODUCT.md §13: the CSV statements banks export, read into their charges.
@Suite("CSV statements")
struct CSVStatementTests {
    @Test("A US card: transaction date over post date, MM/DD/YYYY, sales negative, payments and returns left out")
    func americanCard() throws {
        let text = """
            Transaction Date,Post Date,Description,Category,Type,Amount
            01/03/2026,01/04/2026,NETFLIX.COM 866-579-7172 CA,Entertainment,Sale,-15.49
            01/14/2026,01/15/2026,"AMAZON.COM*MK8T73J02, AMZN.COM/BILL WA",Shopping,Sale,"-1,234.56"
            01/15/2026,01/15/2026,Payment Thank You-Mobile,,Payment,500.00
            01/20/2026,01/21/2026,AMAZON.COM REFUND,Shopping,Return,12.99
            02/03/2026,02/04/2026,NETFLIX.COM 866-579-7172 CA,Entertainment,Sale,-15.49

            """
        #expect(charges(try statement(text)) == [
            "2 2026-01-03 15.49 USD NETFLIX.COM 866-579-7172 CA",
            "3 2026-01-14 1234.56 USD AMAZON.COM*MK8T73J02, AMZN.COM/BILL WA",
            "6 2026-02-03 15.49 USD NETFLIX.COM 866-579-7172 CA",
        ])
    }

    @Test("A European account: semicolons, DD.MM.YYYY, decimal commas, a currency column that wins")
    func europeanAccount() throws {
        let text = "Buchungstag;Valuta;Verwendungszweck;Betrag;Währung\r\n"
            + "01.10.2025;02.10.2025;\"NETFLIX.COM AMSTERDAM NL\";-15,49;EUR\r\n"
            + "01.10.2025;01.10.2025;\"ACME GMBH GEHALT\";2.450,00;EUR\r\n"
            + "05.10.2025;05.10.2025;\"MIETE\";-1.800,00;EUR\r\n"
            + "31.10.2025;31.10.2025;\"SPOTIFY STOCKHOLM SE\";-10,99;SEK\r\n"
        #expect(charges(try statement(text)) == [
            "2 2025-10-01 15.49 EUR NETFLIX.COM AMSTERDAM NL",
            "4 2025-10-05 1800.00 EUR MIETE",
            "5 2025-10-31 10.99 SEK SPOTIFY STOCKHOLM SE",
        ])
    }

    @Test("A Turkish account: Tarih;Açıklama;Tutar, GG.AA.YYYY whose days are all 12 or less, -1.234,56, a BOM")
    func turkishAccount() throws {
        let text = "\u{FEFF}Tarih;Açıklama;Tutar\n"
            + "03.01.2026;NETFLIX.COM AMSTERDAM NL;-149,99\n"
            + "05.01.2026;KIRA ODEMESI;-12.500,00\n"
            + "10.01.2026;MAAS ODEMESI ACME AS;45.000,00\n"
            + "03.02.2026;NETFLIX.COM AMSTERDAM NL;-149,99\n"
        #expect(charges(try statement(text, currency: "TRY")) == [
            "2 2026-01-03 149.99 TRY NETFLIX.COM AMSTERDAM NL",
            "3 2026-01-05 12500.00 TRY KIRA ODEMESI",
            "5 2026-02-03 149.99 TRY NETFLIX.COM AMSTERDAM NL",
        ])
    }

    @Test("Turkish headers in any case and spelling, money with ₺ and TL, the currency a header names")
    func turkishSpellings() throws {
        let text = """
            İŞLEM TARİHİ;Islem Aciklamasi;İşlem Tutarı (TL);Bakiye
            13.01.2026;IYZICO/YEMEKSEPETI ISTANBUL TR;-₺149,99;1.000,00
            14.01.2026;TURKCELL FATURA;-1.234,56 TL;900,00
            15.01.2026;İADE;20,00;920,00

            """
        #expect(charges(try statement(text, currency: "USD")) == [
            "2 2026-01-13 149.99 TRY IYZICO/YEMEKSEPETI ISTANBUL TR",
            "3 2026-01-14 1234.56 TRY TURKCELL FATURA",
        ])
    }

    @Test("Debit and credit columns: money out is a charge, money in is not, either may be blank")
    func debitAndCredit() throws {
        let english = """
            Date,Description,Debit,Credit,Balance
            2026-01-03,SPOTIFY P2A3F81D2C,10.99,,1000.00
            2026-01-04,PAYROLL,,2450.00,3450.00
            2026-01-05,HULU 877-8244858 CA,7.99,0.00,3442.01

            """
        #expect(charges(try statement(english)) == [
            "2 2026-01-03 10.99 USD SPOTIFY P2A3F81D2C", "4 2026-01-05 7.99 USD HULU 877-8244858 CA",
        ])
        let turkish = "Tarih;Açıklama;Borç;Alacak\n03.01.2026;SPOTIFY;59,99;\n04.01.2026;MAAS;;45.000,00\n"
        #expect(charges(try statement(turkish, currency: "TRY")) == ["2 2026-01-03 59.99 TRY SPOTIFY"])
    }

    @Test("Tab-separated, with a money-out column that has a sign of its own")
    func tabSeparated() throws {
        let text = "Posted Date\tPayee\tMoney Out\tMoney In\n2026-03-01\tDROPBOX*QV9J3L2KPT5M\t-11.99\t\n2026-03-02\tREFUND\t\t5.00\n"
        #expect(charges(try statement(text)) == ["2 2026-03-01 11.99 USD DROPBOX*QV9J3L2KPT5M"])
    }

    @Test("A BOM, CRLF, quoted fields with commas, quotes and a line break; records keep their first line")
    func quotedFields() throws {
        let text = "\u{FEFF}\"Date\",\"Description\",\"Amount\"\r\n"
            + "\"2026-01-03\",\"SQ *BLUE BOTTLE COFFEE, OAKLAND\",\"-4.50\"\r\n"
            + "\"2026-01-04\",\"TRADER JOE\"\"S \r\n#552\",\"-23.10\"\r\n"
            + "\"2026-01-05\", \"PAYPAL *NETFLIX\" ,\"-15.49\"\r\n"
        #expect(charges(try statement(text)) == [
            "2 2026-01-03 4.50 USD SQ *BLUE BOTTLE COFFEE, OAKLAND",
            "3 2026-01-04 23.10 USD TRADER JOE\"S \n#552",
            "5 2026-01-05 15.49 USD PAYPAL *NETFLIX",
        ])
    }

    @Test("Charges written positive (as American Express does): the sign most rows have is the charge's")
    func positiveCharges() throws {
        let text = """
            Date,Description,Amount
            01/03/2026,NETFLIX.COM,15.49
            01/05/2026,WHOLEFDS MKT 10234,82.10
            01/09/2026,ONLINE PAYMENT - THANK YOU,-500.00
            01/13/2026,HULU,7.99

            """
        #expect(charges(try statement(text)).map { String($0.prefix(17)) } == [
            "2 2026-01-03 15.4", "3 2026-01-05 82.1", "5 2026-01-13 7.99",
        ])
    }

    @Test("A type column says which unsigned amounts are charges; signed amounts keep their sign")
    func typeColumn() throws {
        let unsigned = """
            Date,Description,Amount,Transaction Type
            2026-01-03,NETFLIX.COM,15.49,Debit
            2026-01-04,PAYROLL,2450.00,Credit
            2026-01-05,HULU,7.99,DEBIT_CARD
            2026-01-06,BRANCH,100.00,Other

            """
        #expect(charges(try statement(unsigned)).map { String($0.prefix(12)) } == ["2 2026-01-03", "4 2026-01-05", "5 2026-01-06"])
        // Mostly income, but the rows called sales are negative: negative is a charge.
        let signed = """
            Date,Description,Type,Amount
            2026-01-01,SALARY,Payment,2000
            2026-01-02,BONUS,Payment,300
            2026-01-03,TRANSFER IN,Payment,50
            2026-01-04,NETFLIX.COM,Sale,-15.49

            """
        #expect(charges(try statement(signed)) == ["5 2026-01-04 15.49 USD NETFLIX.COM"])
    }

    @Test("Lines before the header (account, period) and rows without a date (totals, notes) are passed over")
    func preambleAndTotals() throws {
        let text = """
            Account;DE12 3456 7890
            Period;01.01.2026 - 31.01.2026

            Datum;Beschreibung;Betrag
            13.01.2026;NETFLIX;-15,49
            ;Vorgemerkt: SPOTIFY;-10,99
            Summe;;-15,49

            """
        #expect(charges(try statement(text)) == ["5 2026-01-13 15.49 USD NETFLIX"])
    }

    @Test("A date or amount written again is read as it was the first time, though later rows decide its reading")
    func repeatedCells() throws {
        // Each distinct cell is read once (issue 22, item 6): `-1.234` and `02.01.2026` first come
        // before the rows that tell a decimal comma and the day first, and every copy is read so.
        let text = "Datum;Beschreibung;Betrag\n02.01.2026;A;-1.234\n02.01.2026;B;-1.234\n"
            + "13.01.2026;C;-15,49\n02.01.2026;D;-1.234\n13.01.2026;E;-15,49\n"
        #expect(charges(try statement(text)) == [
            "2 2026-01-02 1234.00 USD A", "3 2026-01-02 1234.00 USD B", "4 2026-01-13 15.49 USD C",
            "5 2026-01-02 1234.00 USD D", "6 2026-01-13 15.49 USD E",
        ])
    }

    @Test("--map names columns by name (compared as names are) or by number, and may leave some to the header")
    func map() throws {
        let text = "When;What;Who;How much\n2026-01-03;Streaming;NETFLIX.COM;-15,49\n"
        let byName = try StatementColumns(map: "date=WHEN,description=who,amount=How Much")
        #expect(charges(try statement(text, map: byName)) == ["2 2026-01-03 15.49 USD NETFLIX.COM"])
        let byNumber = try StatementColumns(map: "date=1,description=3,amount=4")
        #expect(charges(try statement(text, map: byNumber)) == ["2 2026-01-03 15.49 USD NETFLIX.COM"])
        let partly = "Date;Category;Merchant;Notes;Amount\n2026-01-03;TV;NETFLIX.COM;x;-15,49\n"
        #expect(charges(try statement(partly, map: StatementColumns(description: "Notes"))) == ["2 2026-01-03 15.49 USD x"])
        // A file with no header at all, mapped by numbers.
        let bare = "2026-01-03;NETFLIX.COM;-15,49\n2026-02-03;NETFLIX.COM;-15,49\n"
        let bareMap = try StatementColumns(map: "date=1,description=2,amount=3")
        #expect(try statement(bare, map: bareMap).map(\.line) == [1, 2])
    }

    @Test("An Excel sep= line names the delimiter")
    func excelSeparatorLine() throws {
        let text = "sep=;\nDate;Description;Amount\n2026-01-03;NETFLIX, INC.;-15.49\n"
        #expect(charges(try statement(text)) == ["3 2026-01-03 15.49 USD NETFLIX, INC."])
    }

    @Test("Dates are told apart from the data", arguments: [
        ("13/01/2026", "02/01/2026", nil, "2026-01-13", "2026-01-02"),
        ("01/13/2026", "02/01/2026", nil, "2026-01-13", "2026-02-01"),
        ("2026-01-13", "2026-02-01", nil, "2026-01-13", "2026-02-01"),
        ("2026/01/13", "20260201", nil, "2026-01-13", "2026-02-01"),
        ("13-01-26", "02-01-26", nil, "2026-01-13", "2026-01-02"),
        ("03 Jan 2026", "Feb 1, 2026", nil, "2026-01-03", "2026-02-01"),
        ("03 Ocak 2026", "1 Şubat 2026", nil, "2026-01-03", "2026-02-01"),
        ("2026-01-03 14:22:05", "2026-02-01T09:00:00Z", nil, "2026-01-03", "2026-02-01"),
        ("03/01/2026", "02/01/2026", .dayMonthYearSlashes, "2026-01-03", "2026-01-02"),
        ("03/01/2026", "02/01/2026", .monthDayYearSlashes, "2026-03-01", "2026-02-01"),
        ("03.01.2026", "02.01.2026", .monthDayYearSlashes, "2026-03-01", "2026-02-01"),
    ] as [(String, String, StatementDateFormat?, String, String)])
    func dates(_ first: String, _ second: String, _ format: StatementDateFormat?, _ expectedFirst: String, _ expectedSecond: String) throws {
        let text = "Date,Description,Amount\n\"\(first)\",A,-1.00\n\"\(second)\",B,-2.00\n"
        #expect(try statement(text, dateFormat: format).map(\.date.description) == [expectedFirst, expectedSecond])
    }

    @Test("A yen statement has no minor unit; a foreign amount with more digits is rounded once")
    func minorUnits() throws {
        let text = "Date,Description,Amount\n2026-01-03,NETFLIX,\"-1,490\"\n2026-01-04,STEAM,-12.345\n"
        #expect(try statement(text, currency: "JPY").map(\.amount.description) == ["1490", "12"])
    }

    @Test("Exports shaped like real banks' and apps'", arguments: [
        // Chase checking: Details is DEBIT/CREDIT, Type ACH_DEBIT..., a comma after each record.
        ("Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #\nDEBIT,01/03/2026,\"NETFLIX.COM\",-15.49,ACH_DEBIT,1234.56,,\n"
            + "CREDIT,01/13/2026,\"PAYROLL\",2000.00,ACH_CREDIT,3234.56,,\nDEBIT,01/14/2026,\"HULU\",-7.99,DEBIT_CARD,3226.57,,\n",
         ["2 2026-01-03 15.49 USD NETFLIX.COM", "4 2026-01-14 7.99 USD HULU"]),
        // Bank of America: a summary above the table.
        ("Description,,Summary Amt.\nBeginning balance as of 01/01/2026,,\"1,000.00\"\nTotal credits,,\"2,000.00\"\n"
            + "Ending balance as of 01/31/2026,,\"2,500.00\"\n\nDate,Description,Amount,Running Bal.\n"
            + "01/03/2026,\"NETFLIX.COM\",\"-15.49\",\"984.51\"\n01/15/2026,\"PAYROLL\",\"2,000.00\",\"2,984.51\"\n",
         ["7 2026-01-03 15.49 USD NETFLIX.COM"]),
        // Revolut: the day it started over the day it completed, times after the dates.
        ("Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance\n"
            + "CARD_PAYMENT,Current,2026-01-03 10:22:11,2026-01-04 09:00:00,Netflix,-15.49,0.00,EUR,COMPLETED,100.00\n"
            + "TOPUP,Current,2026-01-05 10:22:11,2026-01-05 10:22:12,Top-Up by *1234,200.00,0.00,EUR,COMPLETED,300.00\n",
         ["2 2026-01-03 15.49 EUR Netflix"]),
        // N26: two amount columns, the first the account's, its currency in the header.
        ("\"Date\",\"Payee\",\"Account number\",\"Transaction type\",\"Payment reference\",\"Amount (EUR)\",\"Amount (Foreign Currency)\"\n"
            + "\"2026-01-03\",\"Netflix\",\"\",\"MasterCard Payment\",\"\",\"-15.49\",\"\"\n"
            + "\"2026-01-04\",\"Acme\",\"DE123\",\"Income\",\"Salary\",\"2000.0\",\"\"\n",
         ["2 2026-01-03 15.49 EUR Netflix"]),
        // Wise: a Merchant column says it better than the Description.
        ("TransferWise ID,Date,Amount,Currency,Description,Payment Reference,Running Balance,Merchant\n"
            + "CARD-1,13-01-2026,-15.49,EUR,\"Card transaction of 15.49 EUR issued by Netflix.com\",,100.00,Netflix.com\n",
         ["2 2026-01-13 15.49 EUR Netflix.com"]),
        // Garanti BBVA card: charges positive, the card payment negative, TL in the header.
        ("Tarih;Açıklama;Etiket;Bonus;Tutar(TL)\n03.01.2026;NETFLIX.COM;Eğlence;0,00;149,99\n15.01.2026;ÖDEME-TEŞEKKÜRLER;;;-1.000,00\n"
            + "20.01.2026;SPOTIFY;Müzik;0,00;59,99\n",
         ["2 2026-01-03 149.99 TRY NETFLIX.COM", "4 2026-01-20 59.99 TRY SPOTIFY"]),
        // İş Bankası: Tarih/Saat with the time, İşlem the kind, Açıklama the merchant.
        ("Tarih/Saat;İşlem;Tutar;Bakiye;Açıklama\n03.01.2026 14:22;Harcama;-149,99;1.000,00;NETFLIX.COM\n"
            + "05.01.2026 09:00;EFT;5.000,00;6.000,00;MAAS\n13.01.2026 10:00;Harcama;-59,99;940,01;SPOTIFY\n",
         ["2 2026-01-03 149.99 USD NETFLIX.COM", "4 2026-01-13 59.99 USD SPOTIFY"]),
        // N26 since 2023 (issue 22, item 23): Partner Name the merchant, the currency in the amount's header.
        ("\"Booking Date\",\"Value Date\",\"Partner Name\",\"Partner Iban\",Type,\"Payment Reference\",\"Account Name\","
            + "\"Amount (EUR)\",\"Original Amount\",\"Original Currency\",\"Exchange Rate\"\n"
            + "2026-01-03,2026-01-03,Netflix,,Presentment,,\"Main Account\",-15.49,,,\n"
            + "2026-01-04,2026-01-04,\"Acme GmbH\",DE89370400440532013000,Credit Transfer,Salary,\"Main Account\",2000.00,,,\n"
            + "2026-01-05,2026-01-05,\"Steam\",,Presentment,,\"Main Account\",-10.30,-12.00,USD,0.858\n",
         ["2 2026-01-03 15.49 EUR Netflix", "4 2026-01-05 10.30 EUR Steam"]),
    ] as [(String, [String])])
    func bankExports(_ text: String, _ expected: [String]) throws {
        #expect(charges(try statement(text)) == expected)
    }

    @Test("Issue 22, item 3: whether the statement names its currency or the fallback is taken")
    func currencyNamed() throws {
        func assumed(_ text: String) throws -> Bool {
            try StatementReader.read(text, path: "s.csv", format: nil, columns: nil, dateFormat: nil, currency: currency("USD"))
                .currencyAssumed
        }
        #expect(try assumed("Tarih;Açıklama;Tutar\n03.01.2026;BLUTV;-159,90\n"))
        #expect(try !assumed("Tarih;Açıklama;Tutar (TL)\n03.01.2026;BLUTV;-159,90\n"))
        #expect(try !assumed("Date,Description,Amount,Currency\n2026-01-03,NETFLIX,-15.49,EUR\n"))
        #expect(try !assumed("Date,Description,Amount\n2026-01-03,NETFLIX,-€15.49\n"))
        // One charge with no currency of its own is enough.
        #expect(try assumed("Date,Description,Amount\n2026-01-03,NETFLIX,-€15.49\n2026-01-04,HULU,-7.99\n"))
    }

    @Test("Issue 22, item 23: what was read, counted and dated, credits included")
    func readSummary() throws {
        let read = try StatementReader.read(
            "Date,Description,Amount\n2026-01-03,NETFLIX,-15.49\n2025-12-30,PAYROLL,2000.00\n2026-02-01,HULU,-7.99\n",
            path: "s.csv", format: nil, columns: nil, dateFormat: nil, currency: currency("USD"))
        #expect(read.transactionCount == 3 && read.charges.count == 2)
        #expect(read.firstDate?.description == "2025-12-30" && read.lastDate?.description == "2026-02-01")
    }
}
