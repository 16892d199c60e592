import Foundation
import SubscriptionCore

/// A year and a bit of a person's card statement, made up but shaped like real ones: a dozen
/// subscriptions (drifting over weekends, at month ends, with price rises, one cancelled, one
/// yearly, two at Apple) hidden among a few hundred everyday purchases and some income. The
/// truth it was made from is kept, so a test can count what `detect` finds and gets wrong.
public struct StatementYear {
    public struct Transaction {
        public let date: CivilDate
        public let description: String
        /// Negative for money out, positive for money in.
        public let amount: Decimal
    }

    /// A subscription hidden in the statement, as `detect` should report it.
    public struct Truth {
        public let merchant: String
        public let cycle: BillingCycle
        public let latestAmount: Decimal
        public let ended: Bool
    }

    public let transactions: [Transaction]
    public let truths: [Truth]
    /// The merchant each subscription's descriptors name.
    public let merchants: [String: String]
    public let first: CivilDate
    public let last: CivilDate

    /// Which descriptors banks of a country print.
    public enum Style: Sendable { case american, european, turkish }

    public init(seed: UInt64, style: Style = .american) {
        var random = SplitMix64(seed: seed)
        first = CivilDate(year: 2025, month: 10, day: 1)!
        last = CivilDate(year: 2026, month: 11, day: 20)!
        var transactions: [Transaction] = []
        var truths: [Truth] = []
        var merchants: [String: String] = [:]
        let (first, last) = (first, last)

        /// Charges on a schedule, each moved off a weekend to the Monday (as many billers do)
        /// when `weekendShift`, with `prices` as (from, amount).
        func subscription(
            _ merchant: String, _ descriptors: [String], cycle: BillingCycle, anchor: CivilDate,
            prices texts: [(CivilDate, String)], until end: CivilDate? = nil, weekendShift: Bool = false
        ) {
            let prices = texts.map { ($0.0, Decimal(string: $0.1)!) }
            var index = 0
            var latest = prices[0].1
            while let scheduled = Self.date(anchor, cycle, index), scheduled <= last {
                index += 1
                if let end, scheduled > end { break }
                guard scheduled >= first else { continue }
                var date = scheduled
                if weekendShift {
                    let weekday = Self.weekday(date)
                    if weekday == 6 { date = date.adding(days: 2)! } else if weekday == 0 { date = date.adding(days: 1)! }
                }
                guard date <= last else { break }
                latest = prices.last { $0.0 <= scheduled }!.1
                transactions.append(Transaction(date: date, description: descriptors[index % descriptors.count],
                                                amount: -latest))
            }
            truths.append(Truth(merchant: merchant, cycle: cycle, latestAmount: latest, ended: end != nil))
            for descriptor in descriptors { merchants[descriptor] = merchant }
        }

        func day(_ year: Int, _ month: Int, _ day: Int) -> CivilDate { CivilDate(year: year, month: month, day: day)! }
        let monthly = BillingCycle.monthly
        let turkish = style == .turkish
        subscription("Netflix", turkish ? ["NETFLIX.COM AMSTERDAM NL"] : ["NETFLIX.COM 866-579-7172 CA", "NETFLIX.COM LOS GATOS CA"],
                     cycle: monthly, anchor: day(2025, 10, 7), prices: [(day(2025, 10, 7), "15.49"), (day(2026, 5, 1), "17.99")])
        subscription("Spotify", turkish ? ["SPOTIFY STOCKHOLM SE"] : ["Spotify USA 877-778-1161 NY", "SPOTIFY P2A3F81D2C"],
                     cycle: monthly, anchor: day(2025, 10, 31), prices: [(day(2025, 10, 31), "10.99")])
        subscription("Apple", ["APPLE.COM/BILL 866-712-7753 CA", "APPLE.COM/BILL ITUNES.COM"],
                     cycle: monthly, anchor: day(2025, 10, 3), prices: [(day(2025, 10, 3), "2.99")])
        subscription("Apple", ["APPLE.COM/BILL 866-712-7753 CA"],
                     cycle: monthly, anchor: day(2025, 11, 18), prices: [(day(2025, 11, 18), "10.99")])
        subscription("Adobe", ["ADOBE *CREATIVE CLOUD 408-536-6000 CA", "ADOBE *ADOBE SAN JOSE CA"],
                     cycle: monthly, anchor: day(2025, 10, 11), prices: [(day(2025, 10, 11), "22.99")], weekendShift: true)
        subscription("Hulu", ["HULU 877-8244858 CA", "HLU*HULU 1234567 SANTA MONICA CA"],
                     cycle: monthly, anchor: day(2025, 10, 15), prices: [(day(2025, 10, 15), "7.99")], until: day(2026, 4, 20))
        subscription("Namecheap", ["NAMECHEAP.COM 323-375-2822 AZ"],
                     cycle: BillingCycle(count: 1, unit: .year)!, anchor: day(2025, 10, 12), prices: [(day(2025, 10, 12), "14.98")])
        subscription("The Economist", ["THE ECONOMIST NEWSPAPER LONDON GB"],
                     cycle: BillingCycle(count: 3, unit: .month)!, anchor: day(2025, 10, 20), prices: [(day(2025, 10, 20), "69.00")])
        subscription("Puregym", ["PUREGYM LTD LEEDS GB", "PUREGYM MEMBERSHIP"],
                     cycle: BillingCycle(count: 4, unit: .week)!, anchor: day(2025, 10, 2), prices: [(day(2025, 10, 2), "24.99")])
        subscription("Dropbox", ["PAYPAL *DROPBOX 4029357733", "PAYPAL *DROPBOX"],
                     cycle: monthly, anchor: day(2025, 10, 25), prices: [(day(2025, 10, 25), "11.99")], weekendShift: true)
        subscription("YouTube Premium", ["GOOGLE *YouTubePremium g.co/helppay#", "GOOGLE *YOUTUBE PREMIUM"],
                     cycle: monthly, anchor: day(2025, 10, 9), prices: [(day(2025, 10, 9), "13.99")])
        subscription("Disney+", ["DISNEYPLUS 888-905-7888 CA", "DISNEY PLUS BURBANK CA"],
                     cycle: monthly, anchor: day(2025, 10, 28), prices: [(day(2025, 10, 28), "7.99"), (day(2026, 8, 1), "9.99")])
        subscription("OpenAI", ["OPENAI *CHATGPT SUBSCR OPENAI.COM CA", "OPENAI *CHATGPT SUBSCR"],
                     cycle: monthly, anchor: day(2025, 10, 17), prices: [(day(2025, 10, 17), "20.00")])
        subscription("Headspace", ["HEADSPACE.COM SANTA MONICA CA"],
                     cycle: BillingCycle(count: 1, unit: .week)!, anchor: day(2026, 6, 4), prices: [(day(2026, 6, 4), "2.99")])

        // Everyday spending: irregular days, amounts that vary.
        let everyday: [(descriptors: [String], perWeek: Double, low: Decimal, high: Decimal)] = [
            (turkish ? ["MIGROS SANAL MARKET ISTANBUL", "MIGROS 4421 KADIKOY"] : ["WHOLEFDS MKT 10234 SEATTLE WA", "WHOLE FOODS MARKET #102"], 1.5, 18, 160),
            (turkish ? ["A101 MAGAZA 3321 ISTANBUL"] : ["TRADER JOE S #552 QPS SEATTLE WA"], 1.0, 12, 90),
            (turkish ? ["SHELL PETROL ISTANBUL TR", "OPET AKARYAKIT"] : ["SHELL OIL 57444 SEATTLE WA", "CHEVRON 0203459 SEATTLE WA"], 0.8, 30, 75),
            (turkish ? ["STARBUCKS KADIKOY"] : ["STARBUCKS STORE 05621 SEATTLE WA", "SQ *BLUE BOTTLE COFFEE"], 2.5, 3.5, 9),
            (turkish ? ["YEMEKSEPETI ISTANBUL"] : ["UBER *EATS PENDING", "DOORDASH*CHIPOTLE"], 1.2, 11, 48),
            (turkish ? ["TRENDYOL ISTANBUL"] : ["AMZN Mktp US*2K4LL1PQ2", "AMAZON.COM*MK8T73J02 AMZN.COM/BILL WA"], 1.0, 6, 180),
            (turkish ? ["BITAKSI ISTANBUL"] : ["UBER *TRIP HELP.UBER.COM CA", "LYFT *RIDE THU 8PM"], 0.7, 8, 35),
            (turkish ? ["ECZANE KADIKOY"] : ["CVS/PHARMACY #01234 SEATTLE WA"], 0.4, 5, 60),
        ]
        var date = first
        while date <= last {
            for item in everyday where random.chance(item.perWeek / 7) {
                let cents = random.integer(in: Int(truncating: (item.low * 100) as NSNumber)...Int(truncating: (item.high * 100) as NSNumber))
                transactions.append(Transaction(
                    date: date, description: item.descriptors[random.integer(in: 0...(item.descriptors.count - 1))],
                    amount: -Decimal(cents) / 100))
            }
            if date.day == 1 || date.day == 15 {
                transactions.append(Transaction(date: date, description: turkish ? "MAAS ODEMESI ACME AS" : "ACME CORP PAYROLL",
                                                amount: 2450))
            }
            if date.day == 5 {
                // Rent recurs as a subscription does, and detect rightly finds it.
                transactions.append(Transaction(date: date, description: Self.rent(style), amount: -1800))
            }
            date = date.adding(days: 1)!
        }
        self.transactions = transactions.sorted { $0.date < $1.date }
        truths.append(Truth(merchant: Self.rentMerchant(style), cycle: .monthly, latestAmount: 1800, ended: false))
        merchants[Self.rent(style)] = Self.rentMerchant(style)
        self.truths = truths
        self.merchants = merchants
    }

    static func rent(_ style: Style) -> String { style == .turkish ? "KIRA ODEMESI" : "RENT ZELLE TO J SMITH" }

    /// The merchant `detect` names the rent line after.
    static func rentMerchant(_ style: Style) -> String { style == .turkish ? "Kira" : "Rent Zelle To J Smith" }

    /// The scheduled date `index` cycles after `anchor`.
    static func date(_ anchor: CivilDate, _ cycle: BillingCycle, _ index: Int) -> CivilDate? {
        switch cycle.unit {
        case .day: anchor.adding(days: cycle.count * index)
        case .week: anchor.adding(days: 7 * cycle.count * index)
        case .month: anchor.adding(months: cycle.count * index)
        case .year: anchor.adding(months: 12 * cycle.count * index)
        case .once: index == 0 ? anchor : nil
        }
    }

    /// 0 is Sunday, 6 Saturday.
    static func weekday(_ date: CivilDate) -> Int {
        // 1970-01-01 was a Thursday.
        ((date.daysSinceEpoch % 7) + 7 + 4) % 7
    }

    // MARK: - As a bank writes it

    /// A US bank's CSV: `Transaction Date,Post Date,Description,Category,Type,Amount`, MM/DD/YYYY,
    /// purchases negative.
    public var americanCSV: String {
        var lines = ["Transaction Date,Post Date,Description,Category,Type,Amount"]
        for transaction in transactions {
            let date = Self.format(transaction.date, "MM/DD/YYYY")
            let post = Self.format(transaction.date.adding(days: 1)!, "MM/DD/YYYY")
            let type = transaction.amount < 0 ? "Sale" : "Payment"
            let description = transaction.description.contains(",") ? "\"\(transaction.description)\"" : transaction.description
            lines.append("\(date),\(post),\(description),Shopping,\(type),\(transaction.amount)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A European bank's CSV: semicolons, DD.MM.YYYY, decimal commas, dots between thousands.
    public var europeanCSV: String {
        var lines = ["Buchungstag;Valuta;Verwendungszweck;Betrag;Währung"]
        for transaction in transactions {
            let date = Self.format(transaction.date, "DD.MM.YYYY")
            lines.append("\(date);\(date);\"\(transaction.description)\";\(Self.decimalComma(transaction.amount));EUR")
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A Turkish bank's CSV: `Tarih;Açıklama;Tutar`, GG.AA.YYYY, `-1.234,56`.
    public var turkishCSV: String {
        var lines = ["Tarih;Açıklama;Tutar"]
        for transaction in transactions {
            lines.append("\(Self.format(transaction.date, "DD.MM.YYYY"));\(transaction.description);\(Self.decimalComma(transaction.amount))")
        }
        return "\u{FEFF}" + lines.joined(separator: "\n") + "\n"
    }

    /// OFX 1.x (SGML) as US banks' "Quicken/Money" export writes it.
    public var ofx: String {
        var body = ""
        for (index, transaction) in transactions.enumerated() {
            let posted = Self.format(transaction.date, "YYYYMMDD") + "120000[-5:EST]"
            body += """
                <STMTTRN>
                <TRNTYPE>\(transaction.amount < 0 ? "DEBIT" : "CREDIT")
                <DTPOSTED>\(posted)
                <TRNAMT>\(transaction.amount)
                <FITID>2025\(index)
                <NAME>\(transaction.description.prefix(32).replacingOccurrences(of: "&", with: "&amp;"))
                </STMTTRN>

                """
        }
        return """
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
            <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261121<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
            <CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
            <CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>4111111111111111</CCACCTFROM>
            <BANKTRANLIST><DTSTART>20251001<DTEND>20261120

            """ + body + """
            </BANKTRANLIST>
            <LEDGERBAL><BALAMT>-1234.56<DTASOF>20261120</LEDGERBAL>
            </CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>
            </OFX>

            """
    }

    static func format(_ date: CivilDate, _ pattern: String) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return pattern.replacingOccurrences(of: "YYYY", with: String(date.year))
            .replacingOccurrences(of: "MM", with: two(date.month)).replacingOccurrences(of: "DD", with: two(date.day))
    }

    /// `-1.234,56`.
    static func decimalComma(_ amount: Decimal) -> String {
        var exact = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 2, .plain)
        let negative = rounded < 0
        let text = "\(abs(rounded))"
        let parts = text.split(separator: ".")
        let whole = String(parts[0])
        var grouped = ""
        for (index, digit) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { grouped += "." }
            grouped.append(digit)
        }
        let fraction = parts.count > 1 ? String(parts[1]).padding(toLength: 2, withPad: "0", startingAt: 0) : "00"
        return (negative ? "-" : "") + grouped + "," + fraction
    }
}

extension SplitMix64 {
    /// True with the chance given, from 0 to 1.
    mutating func chance(_ probability: Double) -> Bool {
        Double(next() % 1_000_000) / 1_000_000 < probability
    }

    /// A number in `range`.
    public mutating func integer(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
