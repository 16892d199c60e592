import Foundation
import Testing

/// `subs add … --every once`: a one-time payment, end to end.
@Suite("One-time payments, end to end")
struct OneTimePaymentEndToEndTests {
    @Test("A one-time payment is listed, due once, spent once, and adds nothing to the monthly total")
    func oneTimePayment() throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Concert", "89", ["--every", "once", "--start", "2024-07-05"])
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-10"])

        let listed = try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"]).jsonArray()
        let concert = try #require(listed.first { $0["id"] as? String == id })
        let cycle = try #require(concert["cycle"] as? [String: Any])
        #expect(cycle["count"] as? Int == 1)
        #expect(cycle["unit"] as? String == "once")
        #expect(concert["monthly_cost"] as? String == "0.00")
        #expect(concert["auto_renew"] as? Bool == false)
        #expect(concert["next_payment"] as? String == "2024-07-05")

        let upcoming = try sandbox.succeed(["upcoming", "--format", "json", "--today", "2024-06-15", "--until", "2025-06-15"])
            .jsonArray().filter { $0["id"] as? String == id }
        #expect(upcoming.map { $0["date"] as? String } == ["2024-07-05"])

        let table = try sandbox.succeed(["list", "--today", "2024-06-15"]).stdout
        #expect(table.contains("Monthly total: $15.49"), "\(table)")
        #expect(table.contains("once"), "\(table)")

        let after = try sandbox.succeed(["show", id, "--format", "json", "--today", "2024-08-01"]).jsonObject()
        #expect(after["next_payment"] is NSNull)
        #expect((after["payments"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2024-07-05"], "\(after)")
    }
}
