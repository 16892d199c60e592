import Foundation
import Testing
@testable import SubscriptionCore

/// Wallos's JSON and CSV exports as `endpoints/subscriptions/export.php` and `scripts/profile.js`
/// write them, and the rules that turn a record into a subscription.
@Suite("Wallos exports")
struct WallosExportTests {
    static let today = CivilDate(iso: "2026-11-22")!

    /// One record as export.php writes it (PHP's json_encode: `\/` and `\u20ac`), with
    /// `overrides` as JSON literals.
    static func object(_ overrides: [String: String] = [:]) -> String {
        let fields: KeyValuePairs = [
            "Name": #""Netflix""#, "Payment Cycle": #""Monthly""#, "Next Payment": #""2026-12-05""#,
            "Renewal": #""Automatic""#, "Category": #""Entertainment""#, "Payment Method": #""Credit Card""#,
            "Paid By": #""Ana""#, "Price": #""\u20ac15.49""#, "Notes": #""""#, "URL": #""https:\/\/netflix.com""#,
            "State": #""Enabled""#, "Notifications": #""Enabled""#, "Cancellation Date": "null", "Active": #""Yes""#,
        ]
        return "{" + fields.map { #""\#($0.key)":\#(overrides[$0.key] ?? $0.value)"# }.joined(separator: ",") + "}"
    }

    static func options(_ currency: String? = nil) -> ImportOptions {
        ImportOptions(currency: currency.map { Currency(code: $0)! }, today: today, now: Date(timeIntervalSince1970: 0))
    }

    /// The subscriptions of a JSON export of `objects`.
    func imported(_ objects: [String], currency: String? = nil) throws -> [Subscription] {
        let data = Data("[\(objects.joined(separator: ","))]".utf8)
        #expect(WallosJSONFormat.detect(data))
        return try WallosJSONFormat.parse(data, options: Self.options(currency)).subscriptions.map(\.subscription)
    }

    func one(_ overrides: [String: String], currency: String? = nil) throws -> Subscription {
        try #require(try imported([Self.object(overrides)], currency: currency).first)
    }

    /// The error a JSON export of `objects` is refused with.
    func refusal(_ objects: [String], currency: String? = nil) -> String? {
        do {
            _ = try imported(objects, currency: currency)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test("Every cycle word Wallos writes", arguments: [
        ("Daily", 1, BillingCycle.Unit.day), ("Weekly", 1, .week), ("Monthly", 1, .month), ("Yearly", 1, .year),
        ("Every 2 Days", 2, .day), ("Every 3 Weeks", 3, .week), ("Every 3 Months", 3, .month),
        ("Every 2 Years", 2, .year), ("One-time", 1, .once),
        // PHP's text for a one-time purchase with a frequency above 1: its cycle map has no plural.
        ("Every 2 ", 1, .once),
    ])
    func cycles(_ word: String, _ count: Int, _ unit: BillingCycle.Unit) throws {
        let subscription = try one(["Payment Cycle": "\"\(word)\""])
        #expect(subscription.cycle == BillingCycle(count: count, unit: unit))
        #expect(subscription.autoRenew == (unit != .once))
    }

    @Test("The next payment is the billing anchor; Renewal, Notifications, category, method, URL and notes map")
    func fields() throws {
        let netflix = try one([:])
        #expect(netflix.startDate == CivilDate(iso: "2026-12-05"))
        #expect(netflix.name == "Netflix")
        #expect(netflix.category == "Entertainment")
        #expect(netflix.paymentMethod == "Credit Card")
        #expect(netflix.url == "https://netflix.com")
        #expect(netflix.notes == nil)
        #expect(netflix.autoRenew)
        #expect(netflix.remindDays == nil)

        let manual = try one(["Renewal": #""Manual""#, "Notifications": #""Disabled""#, "Category": #""No category""#,
                              "Notes": #""first line\nsecond""#])
        #expect(!manual.autoRenew)
        #expect(manual.remindDays == [])
        #expect(manual.category == nil)
        #expect(manual.notes == "first line; second")
    }

    @Test("Prices: the symbol names the currency, the amount is exact in its minor units", arguments: [
        (#""\u20ac24.9""#, "EUR", 2490), (#""R$10""#, "BRL", 1000), (#""\u00a37.99""#, "GBP", 799),
        (#""\u20ba99.99""#, "TRY", 9999), (#""\u20b9149""#, "INR", 14900), (#""\u20a99900""#, "KRW", 9900),
        (#""Fr12.5""#, "CHF", 1250), (#""CHF12.5""#, "CHF", 1250), (#""z\u014224.99""#, "PLN", 2499),
        (#""HK$68""#, "HKD", 6800), (#""15.99 USD""#, "USD", 1599), (#""9.99\u20ac""#, "EUR", 999),
        (#""0.1""#, "SEK", 10),
    ])
    func prices(_ price: String, _ code: String, _ minorUnits: Int) throws {
        // --currency SEK decides only what the text leaves open (here the bare 0.1).
        let subscription = try one(["Price": price], currency: "SEK")
        #expect(subscription.currency.code == code)
        #expect(subscription.price(on: Self.today) == Money(minorUnits: Int128(minorUnits), currency: Currency(code: code)!))
    }

    @Test("A symbol several currencies use needs --currency; the error names the record, the price and the choices")
    func ambiguousSymbols() throws {
        let objects = [Self.object(["Name": #""Spotify""#]), Self.object(["Price": #""$15.99""#])]
        #expect(refusal(objects) == "record 1 (Netflix): Price: '$15.99': '$' is used by several currencies "
            + "(USD, AUD, CAD, NZD, SGD, HKD, MXN, …); say which with --currency CODE; nothing was imported")
        #expect(refusal([Self.object(["Price": #""kr99""#])])?.contains("'kr' is used by several currencies (SEK, NOK, DKK, ISK") == true)
        #expect(refusal([Self.object(["Price": #""\u00a51500""#])])?.contains("(JPY, CNY") == true)

        let dollars = try one(["Price": #""$15.99""#], currency: "USD")
        #expect(dollars.price(on: Self.today) == Money(minorUnits: 1599, currency: Currency(code: "USD")!))
        let yen = try one(["Price": #""\u00a51500""#], currency: "JPY")
        #expect(yen.price(on: Self.today) == Money(minorUnits: 1500, currency: Currency(code: "JPY")!))
        #expect(refusal([Self.object(["Price": #""\u00a515.5""#])], currency: "JPY")?.contains("Price") == true)
    }

    @Test("--currency decides an ambiguous symbol only among the currencies that write it")
    func currencyOnlyAmongTheSymbolsCurrencies() throws {
        let message = try #require(refusal([Self.object(["Price": #""kr99""#])], currency: "USD"))
        #expect(message.contains("'kr' is not a symbol of USD (it is one of SEK, NOK, DKK, ISK)"), "\(message)")
        #expect(refusal([Self.object(["Price": #""\u00a51500""#])], currency: "EUR") != nil)
        #expect(try one(["Price": #""kr99""#], currency: "NOK").currency.code == "NOK")
        #expect(try one(["Price": #""$5000""#], currency: "ARS").currency.code == "ARS")
        #expect(try one(["Price": #""NT$330""#], currency: "USD").currency.code == "TWD")
    }

    @Test("A price that is not one amount of 0 or more is refused, never read in part", arguments: [
        #""$-5""#, #""-\u20ac5""#, #""\u20ac1.0E+25""#, #""$1,234.50""#, #""$.99""#, #""""#, #""\u20ac""#, #""15.99 dollars""#,
    ])
    func refusedPrices(_ price: String) throws {
        let message = try #require(refusal([Self.object(["Price": price])], currency: "USD"))
        #expect(message.hasPrefix("record 0 (Netflix): Price: "), "\(message)")
        #expect(message.hasSuffix("; nothing was imported"))
    }

    @Test("A disabled subscription has ended by the import day, before its next payment; an enabled one with a cancellation date stays in force")
    func states() throws {
        // Disabled, its next payment past: ended the day before it, which it never paid, its
        // schedule running from the payment before (Wallos stops moving the date once disabled).
        let lapsed = try one(["State": #""Disabled""#, "Active": #""No""#, "Next Payment": #""2026-08-20""#,
                              "Cancellation Date": #""2026-09-30""#])
        #expect(lapsed.periods.last?.cancelledOn == CivilDate(iso: "2026-08-19"))
        #expect(lapsed.startDate == CivilDate(iso: "2026-07-20"))
        #expect(lapsed.status(on: Self.today) == .cancelled)

        // Disabled with its next payment still to come (issue 22): cancelled on the import day,
        // so neither reminded nor totalled.
        let recent = try one(["State": #""Disabled""#, "Active": #""No""#])
        #expect(recent.status(on: Self.today) == .cancelled)
        #expect(recent.periods.last?.cancelledOn == Self.today)
        #expect(recent.startDate == CivilDate(iso: "2026-11-05"))
        #expect(recent.nextPayment(onOrAfter: Self.today) == nil)
        #expect(try one(["Active": #""No""#]).status(on: Self.today) == .cancelled)

        // Disabled with a cancellation date before both: ended then.
        let early = try one(["State": #""Disabled""#, "Active": #""No""#, "Cancellation Date": #""2026-10-01""#])
        #expect(early.periods.last?.cancelledOn == CivilDate(iso: "2026-10-01"))
        #expect(early.startDate == CivilDate(iso: "2026-09-05"))

        // A disabled weekly one steps back whole weeks.
        let weekly = try one(["State": #""Disabled""#, "Payment Cycle": #""Every 2 Weeks""#, "Next Payment": #""2026-12-30""#])
        #expect(weekly.startDate == CivilDate(iso: "2026-11-18"))
        #expect(weekly.periods.last?.cancelledOn == Self.today)

        // Enabled with a cancellation date: Wallos's reminder to cancel, not an end.
        let scheduled = try one(["Cancellation Date": #""2027-03-01""#])
        #expect(scheduled.status(on: Self.today) == .active)
        #expect(scheduled.periods.last?.cancelledOn == nil)
        #expect(scheduled.notes == "cancel by 2027-03-01")
        #expect(scheduled.nextPayment(onOrAfter: CivilDate(iso: "2027-03-02")!)?.date == CivilDate(iso: "2027-03-05"))

        // An empty cancellation date is none.
        #expect(try one(["Cancellation Date": #""""#]).periods.last?.cancelledOn == nil)
        #expect(try one(["Cancellation Date": #""""#]).notes == nil)
    }

    @Test("Paid By goes to the notes only when the household has more than one payer")
    func payers() throws {
        let two = try imported([Self.object(["Notes": #""family plan""#]), Self.object(["Name": #""Hulu""#, "Paid By": #""Bruno""#])])
        #expect(two.map(\.notes) == ["family plan; paid by Ana", "paid by Bruno"])
        let one = try imported([Self.object([:]), Self.object(["Name": #""Hulu""#])])
        #expect(one.map(\.notes) == [nil, nil])
    }

    @Test("A bad record names its index, name and field; a bad flag says what was expected")
    func badRecords() throws {
        let hulu = Self.object(["Name": #""Hulu""#, "Next Payment": #""20/08/2026""#])
        #expect(refusal([Self.object([:]), hulu]) == "record 1 (Hulu): Next Payment: expected a date YYYY-MM-DD, "
            + "got '20/08/2026'; nothing was imported")
        #expect(refusal([Self.object(["State": #""Paused""#])])
            == "record 0 (Netflix): State: expected Enabled or Disabled, got 'paused'; nothing was imported")
        #expect(refusal([Self.object(["Payment Cycle": #""Every 3 Fortnights""#])])?.hasPrefix("record 0 (Netflix): Payment Cycle: ") == true)
        #expect(refusal([Self.object(["Name": "null"])]) == "record 0: Name: missing; nothing was imported")
        #expect(refusal([Self.object(), "42"]) == "record 1: record: expected an object; nothing was imported")
    }

    @Test("The endpoint's {success, subscriptions} reads as the bare array; other JSON is not Wallos's")
    func wrapped() throws {
        let wrapped = Data(#"{"success":true,"subscriptions":[\#(Self.object())]}"#.utf8)
        #expect(WallosJSONFormat.detect(wrapped))
        let parsed = try WallosJSONFormat.parse(wrapped, options: Self.options())
        #expect(parsed.subscriptions.map(\.record) == ["record 0 (Netflix)"])
        #expect(!WallosJSONFormat.detect(Data(#"[{"name":"Netflix","amount":"1"}]"#.utf8)))
        #expect(throws: ImportError.unknownFormat(expected: WallosJSONFormat.expected)) {
            try WallosJSONFormat.parse(Data(#"{"success":false,"message":"Session expired"}"#.utf8), options: Self.options())
        }
    }

    /// One subscription as Wallos's API (`api/subscriptions/get_subscriptions.php`) writes it:
    /// the database row, with the names of its category, payer and payment method beside the ids.
    static func apiRow(_ overrides: [String: String] = [:]) -> String {
        let fields: KeyValuePairs = [
            "id": "1", "name": #""Netflix""#, "logo": #""netflix.png""#, "price": "15.49", "currency_id": "2",
            "start_date": #""2024-01-05""#, "next_payment": #""2026-12-05""#, "cycle": "3", "frequency": "1",
            "auto_renew": "1", "notes": #""""#, "payment_method_id": "1", "payer_user_id": "1", "category_id": "2",
            "notify": "1", "url": #""https:\/\/netflix.com""#, "inactive": "0", "notify_days_before": "3",
            "user_id": "1", "cancelation_date": "null", "cancellation_date": #""""#, "category_name": #""Entertainment""#,
            "payer_user_name": #""John Doe""#, "payment_method_name": #""PayPal""#,
        ]
        return "{" + fields.map { #""\#($0.key)":\#(overrides[$0.key] ?? $0.value)"# }.joined(separator: ",") + "}"
    }

    func importedAPI(_ rows: [String], currency: String? = "EUR") throws -> [Subscription] {
        let data = Data(#"{"success":true,"title":"subscriptions","subscriptions":[\#(rows.joined(separator: ","))],"notes":[]}"#.utf8)
        #expect(WallosJSONFormat.detect(data))
        return try ImportFormats.parse(data, from: nil, options: Self.options(currency)).subscriptions.map(\.subscription)
    }

    @Test("Wallos's API output imports: ids for cycle and state, numbers for price, names beside ids")
    func apiOutput() throws {
        let rows = [
            Self.apiRow(),
            Self.apiRow(["id": "2", "name": #""Gym""#, "price": "300", "cycle": "4", "start_date": "null",
                         "next_payment": #""2027-02-01""#, "cancellation_date": #""2027-01-15""#, "notify_days_before": "-1",
                         "category_name": #""No category""#, "payment_method_name": #""Unknown payment method""#,
                         "payer_user_name": #""Jane Doe""#, "notes": #""annual\nplan""#]),
            Self.apiRow(["id": "3", "name": #""Hulu""#, "price": "7.99", "inactive": "1", "notify": "0",
                         "next_payment": #""2026-08-20""#, "start_date": #""2025-02-20""#, "auto_renew": "0"]),
            Self.apiRow(["id": "4", "name": #""Coffee""#, "price": "2.5", "cycle": "2", "frequency": "2",
                         "start_date": #""2026-11-03""#, "next_payment": #""2026-12-01""#, "payer_user_name": #""Unknown member""#]),
        ]
        let all = try importedAPI(rows)
        #expect(all.map(\.name) == ["Netflix", "Gym", "Hulu", "Coffee"])
        let (netflix, gym, hulu, coffee) = (all[0], all[1], all[2], all[3])
        #expect(netflix.cycle == cycle(1, .month))
        #expect(netflix.startDate == CivilDate(iso: "2024-01-05"))
        #expect(netflix.price(on: Self.today) == money("15.49", "EUR"))
        #expect(netflix.category == "Entertainment")
        #expect(netflix.paymentMethod == "PayPal")
        #expect(netflix.url == "https://netflix.com")
        #expect(netflix.remindDays == [3])
        #expect(netflix.notes == "paid by John Doe")
        #expect(netflix.status(on: Self.today) == .active)

        #expect(gym.cycle == cycle(1, .year))
        #expect(gym.price(on: Self.today) == money("300.00", "EUR"))
        #expect(gym.startDate == CivilDate(iso: "2027-02-01"))
        #expect(gym.category == nil && gym.paymentMethod == nil)
        #expect(gym.remindDays == nil)
        #expect(gym.notes == "annual; plan; paid by Jane Doe; cancel by 2027-01-15")
        #expect(gym.status(on: Self.today) == .active)

        #expect(hulu.status(on: Self.today) == .cancelled)
        #expect(hulu.periods.last?.cancelledOn == CivilDate(iso: "2026-08-19"))
        #expect(hulu.remindDays == [])
        #expect(!hulu.autoRenew)

        #expect(coffee.cycle == cycle(2, .week))
        #expect(coffee.startDate == CivilDate(iso: "2026-11-03"))
        #expect(coffee.price(on: Self.today) == money("2.50", "EUR"))
        #expect(coffee.notes == nil)
    }

    @Test("Wallos's API names currencies only by number: one needs --currency, several are refused")
    func apiCurrencies() throws {
        func refusal(_ rows: [String], currency: String?) -> String? {
            do {
                _ = try importedAPI(rows, currency: currency)
                return nil
            } catch {
                return String(describing: error)
            }
        }
        let missing = try #require(refusal([Self.apiRow()], currency: nil))
        #expect(missing.hasPrefix("record 0 (Netflix): currency_id: Wallos's API names the currency by its number in Wallos (2)"), "\(missing)")
        #expect(missing.contains("--currency CODE"))
        let mixed = try #require(refusal([Self.apiRow(), Self.apiRow(["name": #""Gym""#, "currency_id": "1"])], currency: "EUR"))
        #expect(mixed.hasPrefix("record 1 (Gym): currency_id: "), "\(mixed)")
        #expect(mixed.contains("(here 2 and 1)"), "\(mixed)")
        #expect(refusal([Self.apiRow(["price": #""abc""#])], currency: "EUR")?.hasPrefix("record 0 (Netflix): Price: ") == true)
        #expect(refusal([Self.apiRow(["cycle": #""monthly""#])], currency: "EUR")
            == "record 0 (Netflix): cycle: expected a whole number; nothing was imported")
        #expect(refusal([Self.apiRow(["name": "null"])], currency: "EUR") == "record 0: name: missing; nothing was imported")
    }

    /// What profile.js's exportAsCsv writes: the keys, then each record's values, joined by
    /// commas, nothing quoted.
    static let csvHeader = "Name,Payment Cycle,Next Payment,Renewal,Category,Payment Method,Paid By,Price,Notes,URL,State,Notifications,Cancellation Date,Active"

    func importedCSV(_ lines: [String], currency: String? = "USD") throws -> [ImportedSubscription] {
        let data = Data(([Self.csvHeader] + lines).joined(separator: "\n").utf8)
        #expect(WallosCSVFormat.detect(data))
        return try WallosCSVFormat.parse(data, options: Self.options(currency)).subscriptions
    }

    @Test("The unquoted CSV: commas stay in the URL, a note over lines is joined back, records name their line")
    func csv() throws {
        let records = try importedCSV([
            "Netflix,Monthly,2026-12-05,Automatic,Entertainment,Credit Card,Ana,$15.49,,https://example.com/?a=1,b=2,Enabled,Enabled,,Yes",
            "Amazon Prime,Every 3 Months,2027-01-31,Automatic,Shopping,PayPal,Ana,€24.9,two",
            "lines,,Enabled,Disabled,,Yes",
            "Hulu,Monthly,2026-08-20,Manual,Entertainment,Credit Card,Ana,R$7.99,,,Disabled,Enabled,2026-09-30,No",
        ])
        #expect(records.map(\.record) == ["line 2", "line 3", "line 5"])
        let (netflix, prime, hulu) = (records[0].subscription, records[1].subscription, records[2].subscription)
        #expect(netflix.url == "https://example.com/?a=1,b=2")
        #expect(netflix.currency.code == "USD")
        #expect(prime.notes == "two; lines")
        #expect(prime.cycle == BillingCycle(count: 3, unit: .month))
        #expect(prime.remindDays == [])
        #expect(hulu.currency.code == "BRL")
        #expect(!hulu.autoRenew)
        #expect(hulu.status(on: Self.today) == .cancelled)
    }

    @Test("A CSV line that cannot be taken apart is refused with its line number")
    func csvRefusals() throws {
        func refusal(_ line: String, currency: String? = "USD") -> String? {
            do {
                _ = try importedCSV([line], currency: currency)
                return nil
            } catch {
                return String(describing: error)
            }
        }
        #expect(refusal("Netflix,Monthly,2026-12-05,Automatic") == "line 2: record: expected 14 fields, found 4; nothing was imported")
        #expect(refusal("Netflix,Monthly,2026-12-05,Automatic,Entertainment,Credit Card,Ana,$15.49,,,Enabled,Enabled,,Yes", currency: nil)?
            .hasPrefix("line 2: Price: '$15.49': '$' is used by several currencies") == true)
        #expect(!WallosCSVFormat.detect(Data("name,amount\nNetflix,1\n".utf8)))
    }

    // MARK: Issue 21

    @Test("A decimal comma or a thousands separator in a JSON price is refused, never read as another amount", arguments: [
        "R$ 15,99", "\\u20ac12,50", "R$ 1.000,00", "R$1.000", "\\u20ac2.500", "$1,599",
    ])
    func separatorsInJSON(_ price: String) throws {
        let message = try #require(refusal([Self.object(["Price": "\"\(price)\""])], currency: "USD"))
        #expect(message.hasPrefix("record 0 (Netflix): Price: '"), "\(message)")
        #expect(message.contains("has a decimal comma or a thousands separator: subs does not guess which"), "\(message)")
        // Three decimals in a currency that has three, and what Wallos writes, still read.
        #expect(try one(["Price": #""BHD 1.500""#]).price(on: Self.today) == Money(minorUnits: 1500, currency: Currency(code: "BHD")!))
        #expect(try one(["Price": #""R$1000""#]).price(on: Self.today) == Money(minorUnits: 100_000, currency: Currency(code: "BRL")!))
    }

    @Test("A CSV price split by its comma is refused naming the line, not read with its cents in the notes", arguments: [
        "R$ 15,99", "€12,50", "R$ 1.000,00", "$1,234.50", "\"R$ 15,99\"",
    ])
    func separatorsInCSV(_ price: String) throws {
        let line = "Netflix,Monthly,2026-12-05,Automatic,Entertainment,Credit Card,Ana,\(price),notes,https://netflix.com,Enabled,Enabled,,Yes"
        #expect {
            _ = try importedCSV([line], currency: "USD")
        } throws: { error in
            guard case .badRecord(let record, let field, let problem)? = error as? ImportError else { return false }
            return record == "line 2" && field == "Price" && problem.contains("splits the price in Wallos's unquoted CSV")
        }
        // A URL with commas after a price that ends the field still reads.
        let url = try importedCSV(["Netflix,Monthly,2026-12-05,Automatic,Entertainment,Credit Card,Ana,R$15.99,notes,https://x.com/a,b,Enabled,Enabled,,Yes"])
        #expect(url.first?.subscription.url == "https://x.com/a,b")
        #expect(url.first?.subscription.price(on: Self.today) == Money(minorUnits: 1599, currency: Currency(code: "BRL")!))
    }

    @Test("A NUL or another control character in a JSON name is refused, naming the record")
    func controlCharacterInName() throws {
        for name in [#""Net\u0000flix""#, #""Net\u001bflix""#] {
            let message = try #require(refusal([Self.object(["Name": name])], currency: "USD"))
            #expect(message.hasPrefix("record 0 (Net\u{FFFD}flix): Name: "), "\(message)")
        }
    }
}
