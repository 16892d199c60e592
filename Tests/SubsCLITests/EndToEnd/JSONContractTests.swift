import Foundation
import Testing

/// PRODUCT.md §4, "JSON contract": what scripts can rely on.
@Suite("JSON contract")
struct JSONContractTests {
    static let subscriptionKeys: Set<String> = [
        "amount", "auto_renew", "category", "contract", "created_at", "currency", "cycle", "ends", "id", "members",
        "monthly_cost", "my_share", "name", "next_payment", "notes", "owner", "paid_by", "payment_method", "payments_left",
        "remind_days",
        "renewal", "start_date", "status", "trial_end", "updated_at", "url",
    ]

    static let upcomingKeys: Set<String> = ["amount", "currency", "date", "days_until", "id", "kind", "name"]

    static var timestamp: Regex<Substring> { /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/ }
    static var uuid: Regex<Substring> { /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/ }

    @Test("list --format json has exactly the documented keys, sorted, with the documented values")
    func listJSONMatchesContract() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--every", "month", "--start", "2024-01-31", "--category", "streaming"])
        let result = try sandbox.succeed(["list", "--format", "json", "--today", "2024-02-10"])
        let items = try result.jsonArray()
        let item = try #require(items.first)
        #expect(items.count == 1)
        #expect(Set(item.keys) == Self.subscriptionKeys,
                "extra: \(Set(item.keys).subtracting(Self.subscriptionKeys)), missing: \(Self.subscriptionKeys.subtracting(item.keys))")
        #expect(unsortedObjects(inRawJSON: result.stdout) == [], "keys out of order in:\n\(result.stdout)")

        #expect(item["amount"] as? String == "15.49")
        #expect(item["monthly_cost"] as? String == "15.49")
        #expect(item["currency"] as? String == "USD")
        #expect(item["name"] as? String == "Netflix")
        #expect(item["category"] as? String == "Streaming", "the category is stored with its canonical spelling")
        #expect(item["start_date"] as? String == "2024-01-31")
        #expect(item["next_payment"] as? String == "2024-02-29")
        #expect(item["status"] as? String == "active")
        #expect(item["auto_renew"] as? Bool == true)
        #expect(item["remind_days"] as? [Int] == [2])
        #expect((item["members"] as? [Any])?.isEmpty == true)
        for key in ["notes", "paid_by", "payment_method", "trial_end", "url"] {
            #expect(item[key] is NSNull, "\(key) is null when unset, not missing: \(String(describing: item[key]))")
        }
        let cycle = try #require(item["cycle"] as? [String: Any])
        #expect(Set(cycle.keys) == ["count", "unit"])
        #expect(cycle["count"] as? Int == 1)
        #expect(cycle["unit"] as? String == "month")
        let id = try #require(item["id"] as? String)
        #expect(id.wholeMatch(of: Self.uuid) != nil, "id is a lowercase UUID: \(id)")
        for key in ["created_at", "updated_at"] {
            let value = try #require(item[key] as? String, "\(key)")
            #expect(value.wholeMatch(of: Self.timestamp) != nil, "\(key) is ISO 8601 UTC: \(value)")
        }
        // Amounts are strings in the raw text, never numbers.
        #expect(result.stdout.contains("\"amount\": \"15.49\""), "\(result.stdout)")
    }

    @Test("Amounts carry exactly their currency's minor digits", arguments: [
        ("USD", "15.49", "15.49"), ("USD", "15", "15.00"), ("USD", "0", "0.00"),
        ("JPY", "1000", "1000"), ("KWD", "1.5", "1.500"), ("KWD", "1.500", "1.500"),
    ])
    func amountsHaveCurrencyMinorDigits(currency: String, typed: String, shown: String) throws {
        let sandbox = try Sandbox()
        try sandbox.add("Thing", typed, ["--currency", currency])
        let item = try #require(try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"]).jsonArray().first)
        #expect(item["amount"] as? String == shown)
        #expect(item["monthly_cost"] as? String == shown)
        #expect(item["currency"] as? String == currency)
    }

    @Test("Optional fields appear in JSON with the values given to add")
    func optionalFieldsRoundTrip() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", [
            "--start", "2024-01-31", "--trial-end", "2024-02-14", "--url", "https://netflix.example",
            "--notes", "family plan", "--payment-method", "Visa ••4242", "--remind", "1,7",
            "--no-auto-renew", "--every", "2 weeks",
        ])
        let item = try #require(try sandbox.succeed(["list", "--format", "json", "--today", "2024-02-01"]).jsonArray().first)
        #expect(item["trial_end"] as? String == "2024-02-14")
        #expect(item["status"] as? String == "trial")
        #expect(item["next_payment"] as? String == "2024-02-14")
        #expect(item["url"] as? String == "https://netflix.example")
        #expect(item["notes"] as? String == "family plan")
        #expect(item["payment_method"] as? String == "Visa ••4242")
        #expect(item["remind_days"] as? [Int] == [7, 1])
        #expect(item["auto_renew"] as? Bool == false)
        let cycle = try #require(item["cycle"] as? [String: Any])
        #expect(cycle["count"] as? Int == 2)
        #expect(cycle["unit"] as? String == "week")
    }

    @Test("show --format json adds price_history, payments and next_payments")
    func showJSONAddsHistory() throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31"])
        let result = try sandbox.succeed(["show", id, "--format", "json", "--today", "2024-04-15"])
        let object = try result.jsonObject()
        let required = Self.subscriptionKeys.union(["price_history", "payments", "next_payments"])
        #expect(required.isSubset(of: Set(object.keys)), "missing: \(required.subtracting(object.keys))")
        #expect(unsortedObjects(inRawJSON: result.stdout) == [], "keys out of order in:\n\(result.stdout)")
        let payments = try #require(object["payments"] as? [[String: Any]])
        #expect(payments.map { $0["date"] as? String } == ["2024-01-31", "2024-02-29", "2024-03-31"])
        let next = try #require(object["next_payments"] as? [[String: Any]])
        #expect(next.first?["date"] as? String == "2024-04-30")
        #expect(next.first?["amount"] as? String == "15.49")
        let history = try #require(object["price_history"] as? [[String: Any]])
        #expect(history.count == 1)
        #expect(history.first?["effective"] as? String == "2024-01-31")
    }

    @Test("add and edit with --format json print the subscription object")
    func addAndEditPrintObjects() throws {
        let sandbox = try Sandbox()
        let add = try sandbox.succeed(["add", "Netflix", "15.49", "--format", "json", "--today", "2024-06-15"])
        #expect(Set(try add.jsonObject().keys) == Self.subscriptionKeys)
        let edit = try sandbox.succeed(["edit", "Netflix", "--name", "Netflix HD", "--format", "json", "--today", "2024-06-15"])
        let object = try edit.jsonObject()
        #expect(Set(object.keys) == Self.subscriptionKeys)
        #expect(object["name"] as? String == "Netflix HD")
    }

    @Test("upcoming --format json items have exactly the documented keys, sorted")
    func upcomingJSONMatchesContract() throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31"])
        let result = try sandbox.succeed(["upcoming", "--format", "json", "--today", "2024-02-25", "--days", "7"])
        let items = try result.jsonArray()
        let item = try #require(items.first)
        #expect(items.count == 1)
        #expect(Set(item.keys) == Self.upcomingKeys)
        #expect(unsortedObjects(inRawJSON: result.stdout) == [], "keys out of order in:\n\(result.stdout)")
        #expect(item["amount"] as? String == "15.49")
        #expect(item["currency"] as? String == "USD")
        #expect(item["date"] as? String == "2024-02-29")
        #expect(item["days_until"] as? Int == 4)
        #expect(item["id"] as? String == id)
        #expect(item["kind"] as? String == "payment")
        #expect(item["name"] as? String == "Netflix")
    }

    @Test("upcoming --format json prints [] when nothing is due")
    func upcomingJSONEmpty() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Yearly", "99", ["--every", "yearly", "--start", "2024-01-01"])
        let result = try sandbox.succeed(["upcoming", "--format", "json", "--today", "2024-06-15"])
        #expect(result.stdout == "[]\n")
        #expect(result.stderr == "")
    }
}
