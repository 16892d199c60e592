import Foundation
import Testing
@testable import SubscriptionCore

/// What other trackers' files say about deadlines and ends, read as `subs` means them (PRODUCT.md
/// §14): a contract end that does not renew is an end, one that renews a last day to cancel; a
/// cancellation date on a subscription still running is a deadline, not an end.
@Suite("Imports: deadlines and ends from other trackers and from list CSV")
struct ContractImportTests {
    static let today = day("2026-11-22")
    static let options = ImportOptions(today: today, now: Date(timeIntervalSince1970: 1_700_000_000))

    static func parse<Format: ImportFormat>(_ format: Format.Type, _ text: String) throws -> [String: Subscription] {
        let parsed = try Format.parse(Data(text.utf8), options: options)
        return Dictionary(uniqueKeysWithValues: parsed.subscriptions.map { ($0.subscription.name, $0.subscription) })
    }

    static let subtrackHeader = "\u{FEFF}name,status,cycle,tags,price,currency,notes,payment_method,contract_start,contract_end,auto_renewal,vendor_name,vendor_url,plan_tier,discount_amount,discount_type\n"

    @Test("subtrack: a contract end without auto-renewal is the end; with it, the last day to cancel; cancelled stays cancelled")
    func subtrackContractEnd() throws {
        let all = try Self.parse(SubtrackFormat.self, Self.subtrackHeader
            + "Loan,active,monthly,,50,USD,,,2025-01-10,2027-06-10,false,,,,,\n"
            + "Phone,active,monthly,,25,USD,,,2025-01-10,2027-01-09,true,,,,,\n"
            + "Notion,cancelled,yearly,Work,96,USD,,,2024-02-01,2026-02-01,false,,,,,\n"
            + "Gym,active,monthly,,30,USD,,,2025-01-10,,true,,,,,\n")
        let loan = try #require(all["Loan"])
        #expect(loan.ends == day("2027-06-10"))
        #expect(loan.periods.last?.cancelledOn == nil)
        #expect(loan.status(on: Self.today) == .active)
        #expect(loan.status(on: day("2027-06-11")) == .ended)
        #expect(loan.nextPayment(onOrAfter: day("2027-06-11")) == nil)

        let phone = try #require(all["Phone"])
        #expect(phone.cancelBy == day("2027-01-09") && phone.ends == nil)
        #expect(phone.nextDeadline(onOrAfter: Self.today)?.cancelBy == day("2027-01-09"))
        #expect(phone.status(on: day("2027-03-01")) == .active)

        let notion = try #require(all["Notion"])
        #expect(notion.periods.last?.cancelledOn == day("2026-02-01") && notion.ends == nil)
        #expect(all["Gym"]?.cancelBy == nil && all["Gym"]?.ends == nil)
    }

    @Test("subtrack: a contract end before the contract start is refused, naming the line and field")
    func subtrackEndBeforeStart() throws {
        do {
            _ = try Self.parse(SubtrackFormat.self, Self.subtrackHeader + "Loan,active,monthly,,50,USD,,,2025-01-10,2024-06-10,false,,,,,\n")
            Issue.record("accepted")
        } catch let ImportError.record(record, field, problem) {
            #expect(record == .line(2) && field == .named("contract_end"))
            #expect(problem == .refused(.life(LifeProblem(.ends, .endsBeforeFirstPayment(ends: day("2024-06-10"), firstPayment: day("2025-01-10"))))))
        }
    }

    static let subtrackrHeader = "ID,Name,Category,Cost,Currency,Schedule,Schedule Interval,Status,Payment Method,Account,Start Date,Renewal Date,Cancellation Date,URL,Notes,Usage,Created At\n"

    @Test("SubTrackr: a cancellation date on an active or trial subscription is a deadline; on a cancelled one, its end")
    func subtrackrCancellationDate() throws {
        let all = try Self.parse(SubtrackrFormat.self, Self.subtrackrHeader
            + "1,Spotify,Music,10.99,USD,Monthly,1,Active,,,2024-05-20,2026-12-20,2027-01-15,,,,2024-05-20 10:00:00\n"
            + "2,Kagi,Software,10.00,USD,Monthly,1,Trial,,,2026-11-01,2026-12-01,2026-11-30,,,,2026-11-01 12:00:00\n"
            + "3,Hulu,Streaming,7.99,USD,Monthly,1,Cancelled,,,2023-01-05,,2024-06-05,,,,2023-01-05 12:00:00\n")
        let spotify = try #require(all["Spotify"])
        #expect(spotify.cancelBy == day("2027-01-15") && spotify.periods.last?.cancelledOn == nil)
        #expect(spotify.status(on: day("2027-02-01")) == .active)
        let kagi = try #require(all["Kagi"])
        #expect(kagi.cancelBy == day("2026-11-30"))
        #expect(kagi.nextDeadline(onOrAfter: Self.today)?.missed == .charged(Payment(date: day("2026-12-01"), amount: money("10.00"))))
        #expect(all["Hulu"]?.periods.last?.cancelledOn == day("2024-06-05"))
        #expect(all["Hulu"]?.cancelBy == nil)
    }

    @Test("--map reads a deadline, an end, a contract's terms and how it renews; a one-off deadline with a term is refused")
    func mappedColumns() throws {
        var options = Self.options
        options.currency = .usd
        options.map = try MappedCSVFormat.map("name=Name,amount=Cost,start=Start,cancel-by=Deadline,ends=Last,term=Term,renews=Then,notice=Notice,renewal=Renews")
        let text = "Name,Cost,Start,Deadline,Last,Term,Then,Notice,Renews\n"
            + "Insurance,$40,2025-04-01,,,1y,,3m,automatic\n"
            + "Phone,$25,2025-01-31,,,24m,1m,30d,\n"
            + "Trial,$12,2026-11-01,2026-11-28,,,,,\n"
            + "Loan,$50,2025-01-10,,2027-06-10,,,,\n"
            + "SIM,$10,2026-06-10,,,,,,manual\n"
        let parsed = try MappedCSVFormat.parse(Data(text.utf8), options: options)
        let all = Dictionary(uniqueKeysWithValues: parsed.subscriptions.map { ($0.subscription.name, $0.subscription) })
        #expect(all["Insurance"]?.contract == Contract(term: TimeSpan(count: 1, unit: .year)!, notice: TimeSpan(count: 3, unit: .month)!))
        #expect(all["Phone"]?.contract?.renewal == TimeSpan(count: 1, unit: .month)!)
        #expect(all["Trial"]?.cancelBy == day("2026-11-28"))
        #expect(all["Loan"]?.ends == day("2027-06-10"))
        #expect(all["SIM"]?.renewal == .manual && all["Insurance"]?.renewal == .automatic)

        for (row, field, problem) in [
            ("X,$1,2025-01-01,2025-06-01,,1y,,,", "Deadline", RecordProblem.refused(.life(LifeProblem(.cancelBy, .deadlineWithContract)))),
            ("X,$1,2025-01-01,,,,,,sometimes", "Renews", RecordProblem.renewal(got: "sometimes")),
            ("X,$1,2025-01-01,,2024-12-31,,,,", "Last",
             RecordProblem.refused(.life(LifeProblem(.ends, .endsBeforeFirstPayment(ends: day("2024-12-31"), firstPayment: day("2025-01-01")))))),
        ] {
            do {
                _ = try MappedCSVFormat.parse(Data("Name,Cost,Start,Deadline,Last,Term,Then,Notice,Renews\n\(row)\n".utf8), options: options)
                Issue.record("accepted: \(row)")
            } catch let ImportError.record(record, refusedField, refused) {
                #expect(record == .line(2) && refusedField == .named(field) && refused == problem, "\(row)")
            }
        }
    }

    static let listHeader = "id,name,amount,currency,cycle_count,cycle_unit,start_date,trial_end,next_payment,monthly_cost,status,category,payment_method,auto_renew,url,notes"

    @Test("list CSV with more columns than today's: the known ones read, contract columns taken, others left alone")
    func listCSVWithMoreColumns() throws {
        let text = Self.listHeader + ",cancel_by,ends,term,renews,notice,payments_left,something_new\n"
            + ",Insurance,40.00,USD,1,month,2025-04-01,,2026-12-01,40.00,active,,,true,,,2026-12-31,,1y,1y,3m,,x\n"
            + ",Trial,12.00,USD,1,month,2026-11-01,2026-12-01,2026-12-01,12.00,trial,,,true,,,2026-11-28,,,,,,\n"
            + ",Course,99.00,USD,1,month,2026-09-15,,2026-12-15,99.00,active,,,true,,,,2027-02-15,,,,3,\n"
            + ",Old,5.00,USD,1,month,2025-01-01,,,0.00,ended,,,false,,,,,,,,,\n"
        #expect(SubsListCSVFormat.detect(Data(text.utf8)))
        let all = try Self.parse(SubsListCSVFormat.self, text)
        let insurance = try #require(all["Insurance"])
        #expect(insurance.contract == Contract(term: TimeSpan(count: 1, unit: .year)!, notice: TimeSpan(count: 3, unit: .month)!))
        #expect(insurance.cancelBy == nil, "a contract's deadline comes from its terms")
        #expect(insurance.nextDeadline(onOrAfter: Self.today)?.cancelBy == day("2026-12-31"))
        #expect(all["Trial"]?.cancelBy == day("2026-11-28"))
        #expect(all["Course"]?.ends == day("2027-02-15"))
        let old = try #require(all["Old"])
        #expect(old.status(on: Self.today) == .ended)
        #expect(!old.autoRenew)
        // Today's header alone still reads, and a row the width of neither is refused.
        #expect(try Self.parse(SubsListCSVFormat.self, Self.listHeader + "\n,Plain,1.00,USD,1,month,2026-01-01,,,1.00,active,,,true,,\n").count == 1)
        #expect(throws: ImportError.self) {
            try Self.parse(SubsListCSVFormat.self, Self.listHeader + ",ends\n,Plain,1.00,USD,1,month,2026-01-01,,,1.00,active,,,true,,\n")
        }
    }
}
