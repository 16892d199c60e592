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
    func refusal(_ objects: [String], currency: String? = nil) -> ImportError? {
        do {
            _ = try imported(objects, currency: currency)
            return nil
        } catch {
            return error as? ImportError
        }
    }

    /// The record, field and problem of a refusal of one record.
    func parts(_ error: ImportError?) -> (record: ImportRecord, field: ImportField, problem: RecordProblem)? {
        guard case .record(let record, let field, let problem)? = error else { return nil }
        return (record, field, problem)
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
        #expect(refusal(objects) == .record(.item(1, name: "Netflix"), field: .named("Price"), problem: .ambiguousSymbol(
            got: "$15.99", symbol: "$", codes: ["USD", "AUD", "CAD", "NZD", "SGD", "HKD", "MXN"])))
        #expect(parts(refusal([Self.object(["Price": #""kr99""#])]))?.problem
            == .ambiguousSymbol(got: "kr99", symbol: "kr", codes: ["SEK", "NOK", "DKK", "ISK"]))
        #expect(parts(refusal([Self.object(["Price": #""\u00a51500""#])]))?.problem
            == .ambiguousSymbol(got: "\u{a5}1500", symbol: "\u{a5}", codes: ["JPY", "CNY"]))

        let dollars = try one(["Price": #""$15.99""#], currency: "USD")
        #expect(dollars.price(on: Self.today) == Money(minorUnits: 1599, currency: Currency(code: "USD")!))
        let yen = try one(["Price": #""\u00a51500""#], currency: "JPY")
        #expect(yen.price(on: Self.today) == Money(minorUnits: 1500, currency: Currency(code: "JPY")!))
        #expect(parts(refusal([Self.object(["Price": #""\u00a515.5""#])], currency: "JPY"))?.field == .named("Price"))
    }

    @Test("--currency decides an ambiguous symbol only among the currencies that write it")
    func currencyOnlyAmongTheSymbolsCurrencies() throws {
        let refused = try #require(parts(refusal([Self.object(["Price": #""kr99""#])], currency: "USD")))
        #expect(refused.problem == .notASymbol(got: "kr99", symbol: "kr", of: "USD", codes: ["SEK", "NOK", "DKK", "ISK"]))
        #expect(refusal([Self.object(["Price": #""\u00a51500""#])], currency: "EUR") != nil)
        #expect(try one(["Price": #""kr99""#], currency: "NOK").currency.code == "NOK")
        #expect(try one(["Price": #""$5000""#], currency: "ARS").currency.code == "ARS")
        #expect(try one(["Price": #""NT$330""#], currency: "USD").currency.code == "TWD")
    }

    @Test("A price that is not one amount of 0 or more is refused, never read in part", arguments: [
        #""$-5""#, #""-\u20ac5""#, #""\u20ac1.0E+25""#, #""$1,234.50""#, #""$.99""#, #""""#, #""\u20ac""#, #""15.99 dollars""#,
    ])
    func refusedPrices(_ price: String) throws {
        let refused = try #require(parts(refusal([Self.object(["Price": price])], currency: "USD")))
        #expect(refused.record == .item(0, name: "Netflix") && refused.field == .named("Price"), "\(refused)")
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

        // Disabled with a cancellation date before both: that was a reminder day, not the end;
        // cancelled as without it, and no deadline left on it.
        let early = try one(["State": #""Disabled""#, "Active": #""No""#, "Cancellation Date": #""2026-10-01""#])
        #expect(early.periods.last?.cancelledOn == Self.today)
        #expect(early.cancelBy == nil)

        // A disabled weekly one steps back whole weeks.
        let weekly = try one(["State": #""Disabled""#, "Payment Cycle": #""Every 2 Weeks""#, "Next Payment": #""2026-12-30""#])
        #expect(weekly.startDate == CivilDate(iso: "2026-11-18"))
        #expect(weekly.periods.last?.cancelledOn == Self.today)

        // Enabled with a cancellation date: Wallos's reminder to cancel, not an end: a one-off
        // deadline, the subscription running on past it.
        let scheduled = try one(["Cancellation Date": #""2027-03-01""#])
        #expect(scheduled.status(on: Self.today) == .active)
        #expect(scheduled.periods.last?.cancelledOn == nil)
        #expect(scheduled.cancelBy == CivilDate(iso: "2027-03-01"))
        #expect(scheduled.notes == nil)
        #expect(scheduled.nextPayment(onOrAfter: CivilDate(iso: "2027-03-02")!)?.date == CivilDate(iso: "2027-03-05"))
        #expect(scheduled.nextDeadline(onOrAfter: Self.today)?.cancelBy == CivilDate(iso: "2027-03-01"))
        #expect(scheduled.status(on: CivilDate(iso: "2027-06-01")!) == .active)

        // One already past is still the deadline it was: passed, it reminds of nothing.
        let passed = try one(["Cancellation Date": #""2026-10-01""#])
        #expect(passed.status(on: Self.today) == .active)
        #expect(passed.cancelBy == CivilDate(iso: "2026-10-01"))
        #expect(passed.nextDeadline(onOrAfter: Self.today) == nil)

        // An empty cancellation date is none.
        #expect(try one(["Cancellation Date": #""""#]).periods.last?.cancelledOn == nil)
        #expect(try one(["Cancellation Date": #""""#]).cancelBy == nil)
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
        #expect(refusal([Self.object([:]), hulu])
            == .record(.item(1, name: "Hulu"), field: .named("Next Payment"), problem: .notADate(got: "20/08/2026")))
        #expect(refusal([Self.object(["State": #""Paused""#])])
            == .record(.item(0, name: "Netflix"), field: .named("State"), problem: .notAFlag(yes: "Enabled", no: "Disabled", got: "paused")))
        let cycle = try #require(parts(refusal([Self.object(["Payment Cycle": #""Every 3 Fortnights""#])])))
        #expect(cycle.record == .item(0, name: "Netflix") && cycle.field == .named("Payment Cycle"))
        #expect(refusal([Self.object(["Name": "null"])]) == .record(.item(0, name: nil), field: .named("Name"), problem: .missing))
        #expect(refusal([Self.object(), "42"]) == .record(.item(1, name: nil), field: .record, problem: .notAnObject))
    }

    @Test("The endpoint's {success, subscriptions} reads as the bare array; other JSON is not Wallos's")
    func wrapped() throws {
        let wrapped = Data(#"{"success":true,"subscriptions":[\#(Self.object())]}"#.utf8)
        #expect(WallosJSONFormat.detect(wrapped))
        let parsed = try WallosJSONFormat.parse(wrapped, options: Self.options())
        #expect(parsed.subscriptions.map(\.record) == [.item(0, name: "Netflix")])
        #expect(!WallosJSONFormat.detect(Data(#"[{"name":"Netflix","amount":"1"}]"#.utf8)))
        #expect(throws: ImportError.unknownFormat(expected: [.wallosJSON])) {
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
        #expect(gym.notes == "annual; plan; paid by Jane Doe")
        #expect(gym.cancelBy == CivilDate(iso: "2027-01-15"))
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
        func refusal(_ rows: [String], currency: String?) -> ImportError? {
            do {
                _ = try importedAPI(rows, currency: currency)
                return nil
            } catch {
                return error as? ImportError
            }
        }
        #expect(refusal([Self.apiRow()], currency: nil)
            == .record(.item(0, name: "Netflix"), field: .named("currency_id"), problem: .currencyID("2")))
        #expect(refusal([Self.apiRow(), Self.apiRow(["name": #""Gym""#, "currency_id": "1"])], currency: "EUR")
            == .record(.item(1, name: "Gym"), field: .named("currency_id"), problem: .currencyIDs("2", "1")))
        let price = try #require(parts(refusal([Self.apiRow(["price": #""abc""#])], currency: "EUR")))
        #expect(price.record == .item(0, name: "Netflix") && price.field == .named("Price"))
        #expect(refusal([Self.apiRow(["cycle": #""monthly""#])], currency: "EUR")
            == .record(.item(0, name: "Netflix"), field: .named("cycle"), problem: .notAWholeNumber))
        #expect(refusal([Self.apiRow(["name": "null"])], currency: "EUR") == .record(.item(0, name: nil), field: .named("name"), problem: .missing))
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
        #expect(records.map(\.record) == [.line(2), .line(3), .line(5)])
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
        func refusal(_ line: String, currency: String? = "USD") -> ImportError? {
            do {
                _ = try importedCSV([line], currency: currency)
                return nil
            } catch {
                return error as? ImportError
            }
        }
        #expect(refusal("Netflix,Monthly,2026-12-05,Automatic")
            == .record(.line(2), field: .record, problem: .wallosFieldCount(found: 4, expected: 14)))
        let price = try #require(parts(refusal(
            "Netflix,Monthly,2026-12-05,Automatic,Entertainment,Credit Card,Ana,$15.49,,,Enabled,Enabled,,Yes", currency: nil)))
        #expect(price.record == .line(2) && price.field == .named("Price"))
        guard case .ambiguousSymbol(got: "$15.49", symbol: "$", _) = price.problem else {
            Issue.record("\(price.problem)")
            return
        }
        #expect(!WallosCSVFormat.detect(Data("name,amount\nNetflix,1\n".utf8)))
    }

    // MARK: Issue 21

    @Test("A decimal comma or a thousands separator in a JSON price is refused, never read as another amount", arguments: [
        "R$ 15,99", "\\u20ac12,50", "R$ 1.000,00", "R$1.000", "\\u20ac2.500", "$1,599",
    ])
    func separatorsInJSON(_ price: String) throws {
        let refused = try #require(parts(refusal([Self.object(["Price": "\"\(price)\""])], currency: "USD")))
        #expect(refused.record == .item(0, name: "Netflix") && refused.field == .named("Price"), "\(refused)")
        guard case .separator = refused.problem else {
            Issue.record("\(refused.problem)")
            return
        }
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
            guard case .record(.line(2), .named("Price"), .splitPrice)? = error as? ImportError else { return false }
            return true
        }
        // A URL with commas after a price that ends the field still reads.
        let url = try importedCSV(["Netflix,Monthly,2026-12-05,Automatic,Entertainment,Credit Card,Ana,R$15.99,notes,https://x.com/a,b,Enabled,Enabled,,Yes"])
        #expect(url.first?.subscription.url == "https://x.com/a,b")
        #expect(url.first?.subscription.price(on: Self.today) == Money(minorUnits: 1599, currency: Currency(code: "BRL")!))
    }

    @Test("A NUL or another control character in a JSON name is refused, naming the record")
    func controlCharacterInName() throws {
        for (name, read) in [(#""Net\u0000flix""#, "Net\u{0}flix"), (#""Net\u001bflix""#, "Net\u{1b}flix")] {
            let refused = try #require(parts(refusal([Self.object(["Name": name])], currency: "USD")))
            // The command line shows the name as messages show values (InterchangeErrorMessageTests).
            #expect(refused.record == .item(0, name: read), "\(refused)")
            #expect(refused.field == .named("Name"))
        }
    }
}
