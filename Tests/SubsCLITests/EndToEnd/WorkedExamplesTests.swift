import Foundation
import Testing

/// The worked examples of docs/billing.md ("Contracts, deadlines and ends"), run as a user types
/// them, with the figures the text computes by hand.
@Suite("docs/billing.md's contract examples at the shell")
struct WorkedExamplesTests {
    static let turkish: [String: String?] = ["SUBS_LANG": "tr"]

    func show(_ sandbox: Sandbox, _ reference: String, today: String) throws -> [String: Any] {
        try sandbox.succeed(["show", reference, "--format", "json", "--today", today]).jsonObject()
    }

    func cancelBy(_ object: [String: Any]) -> String? {
        (object["contract"] as? [String: Any])?["cancel_by"] as? String
    }

    @Test("Examples 1 to 4: the last day to cancel of an insurance, a phone, a gym and a term ending on 31 May")
    func deadlines() throws {
        let sandbox = try Sandbox()
        let today = "2026-11-26"
        try sandbox.add("Acme Insurance", "40", ["--start", "2026-04-01", "--term", "1y", "--notice", "3m"], today: today)
        try sandbox.add("Phone", "25", ["--start", "2025-01-15", "--term", "24m", "--renews", "1m", "--notice", "1m"], today: today)
        try sandbox.add("Gym", "30", ["--currency", "EUR", "--every", "4w", "--start", "2026-03-02", "--term", "12m",
                                      "--renews", "4w", "--notice", "4w"], today: today)
        try sandbox.add("Streaming Bundle", "9.99", ["--start", "2026-06-01", "--term", "1y", "--notice", "1m"], today: today)
        #expect(cancelBy(try show(sandbox, "acme", today: today)) == "2026-12-31")
        #expect(cancelBy(try show(sandbox, "phone", today: today)) == "2026-12-14")
        #expect(cancelBy(try show(sandbox, "gym", today: today)) == "2027-02-01")
        #expect(cancelBy(try show(sandbox, "streaming", today: today)) == "2027-04-30")

        let reminders = try sandbox.succeed(["remind", "--dry-run", "--today", "2026-12-01"]).stdout
        #expect(reminders.contains(
            "Cancel Acme Insurance by 2026-12-31 (in 30 days), or it renews for 1 year to 2028-03-31: $480.00"), "\(reminders)")
        let upcoming = try sandbox.succeed(["upcoming", "--format", "json", "--until", "2027-02-01", "--today", today]).jsonArray()
        let costs = upcoming.filter { $0["kind"] as? String == "cancel_by" }.map {
            "\($0["name"] as? String ?? "") \($0["date"] as? String ?? "") \($0["amount"] as? String ?? "")"
        }
        #expect(costs == ["Phone 2026-12-14 25.00", "Acme Insurance 2026-12-31 480.00", "Phone 2027-01-14 25.00",
                          "Gym 2027-02-01 30.00"], "\(costs)")
    }

    @Test("Example 5: notice one day late ends the insurance a year later, and says what that cost")
    func lateNotice() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Acme Insurance", "40", ["--start", "2026-04-01", "--term", "1y", "--notice", "3m"], today: "2026-11-26")
        let cancelled = try sandbox.succeed(["cancel", "acme", "--on", "2027-01-01", "--today", "2027-01-01"]).stdout
        #expect(cancelled.contains("the contract ends on 2028-03-31"), "\(cancelled)")
        #expect(cancelled.contains("Last payment: $40.00 on 2028-03-01"), "\(cancelled)")
        #expect(cancelled.contains("giving notice now costs $480.00 more"), "\(cancelled)")
    }

    @Test("Example 6: twelve instalments end on the twelfth payment, then the laptop is ended")
    func instalments() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Laptop", "100", ["--start", "2026-01-10", "--payments", "12"], today: "2026-11-26")
        let object = try show(sandbox, "laptop", today: "2026-11-26")
        #expect(object["ends"] as? String == "2026-12-10" && object["payments_left"] as? Int == 1, "\(object)")
        #expect(try show(sandbox, "laptop", today: "2026-12-11")["status"] as? String == "ended")
        let listed = try sandbox.succeed(["list", "--format", "json", "--today", "2026-12-11"]).jsonArray()
        #expect(listed.isEmpty, "\(listed)")
    }

    @Test("Example 7: a prepaid SIM renewed late renews from the day it was paid, in both languages")
    func prepaidRenewedLate() throws {
        let sandbox = try Sandbox()
        try sandbox.add("SIM", "10", ["--start", "2026-09-01", "--renewal", "manual"], today: "2026-09-01")
        try sandbox.succeed(["paid", "sim", "--on", "2026-09-01", "--today", "2026-09-01"])
        let renewed = try sandbox.succeed(["paid", "sim", "--on", "2026-10-11", "--today", "2026-10-11"]).stdout
        #expect(renewed == "Renewed SIM: $10.00 paid on 2026-10-11; the next renewal is due 2026-11-11.\n", "\(renewed)")
        let shown = try sandbox.succeed(["show", "sim", "--today", "2026-11-01"]).stdout
        #expect(shown.contains("manual: renews when you pay; expires on 2026-11-11"), "\(shown)")
        #expect(!shown.contains("Auto-renew"), "\(shown)")
        let payments = try show(sandbox, "sim", today: "2026-11-01")["payments"] as? [[String: Any]] ?? []
        #expect(payments.compactMap { $0["date"] as? String } == ["2026-09-01", "2026-10-11"], "\(payments)")
        let reminder = try sandbox.succeed(["remind", "--dry-run", "--today", "2026-11-09"]).stdout
        #expect(reminder == "SIM expires on 2026-11-11 (in 2 days): renew for $10.00\n", "\(reminder)")
        let turkish = try sandbox.succeed(["paid", "sim", "--on", "2026-11-09", "--today", "2026-11-09"], environment: Self.turkish).stdout
        #expect(turkish == "Yenilendi: SIM, 09.11.2026 tarihinde $10,00 ödendi; bir sonraki yenileme 09.12.2026 tarihinde.\n", "\(turkish)")
    }
}
