import Foundation
import Testing

/// Contracts, deadlines and ends in and out of files (PRODUCT.md §8, §14): the export document
/// carries them through an import into an empty database and back out unchanged; one that no
/// command could have written is refused, naming the field, in English and Turkish; list CSV
/// imports.
@Suite("Contracts in files: export, import, list CSV")
struct ContractFilesTests {
    static let today = ["--today", "2026-11-22"]

    /// An export document with a contract cancelled by notice, a contract running, a one-off
    /// deadline, a finite course and a plan renewed by hand.
    static func document(noticeOn notice: String = "2026-11-20", cancelledOn cancelled: String = "2027-03-31") -> String {
        func entry(_ id: String, _ name: String, start: String, contract: String = "null", cancelBy: String = "null",
                   ends: String = "null", autoRenew: Bool = true, periods: String = #"[{"cancelled_on": null, "cycle": null, "notice_given_on": null, "restarted_on": null}]"#) -> String {
            """
            {"id": "\(id)", "name": "\(name)", "currency": "USD", "cycle": {"count": 1, "unit": "month"},
             "price_history": [{"amount": "40.00", "effective": "\(start)"}], "start_date": "\(start)", "trial_end": null,
             "category": null, "url": null, "notes": null, "payment_method": null, "remind_days": null, "auto_renew": \(autoRenew),
             "members": [], "billing_periods": \(periods), "pauses": [], "charges": [],
             "contract": \(contract), "cancel_by": \(cancelBy), "ends": \(ends),
             "created_at": "2026-01-01T08:00:00Z", "updated_at": "2026-01-01T08:00:00Z"}
            """
        }
        let subscriptions = [
            entry("00000000-0000-4000-8000-000000000001", "Acme Insurance", start: "2025-04-01",
                  contract: #"{"notice": "3m", "renews": "1y", "term": "1y"}"#,
                  periods: #"[{"cancelled_on": "\#(cancelled)", "cycle": null, "notice_given_on": "\#(notice)", "restarted_on": null}]"#),
            entry("00000000-0000-4000-8000-000000000002", "Phone", start: "2025-01-31",
                  contract: #"{"notice": "30d", "renews": "1m", "term": "24m"}"#),
            entry("00000000-0000-4000-8000-000000000003", "Trial", start: "2026-11-01", cancelBy: #""2026-11-28""#),
            entry("00000000-0000-4000-8000-000000000004", "Course", start: "2026-09-15", ends: #""2027-02-15""#),
            entry("00000000-0000-4000-8000-000000000005", "SIM", start: "2026-06-10", autoRenew: false),
        ]
        return #"{"format": "subs", "version": 1, "exported_at": "2026-11-22T08:00:00Z", "categories": [], "settings": {}, "rates": [], "subscriptions": ["#
            + subscriptions.joined(separator: ",\n") + "]}"
    }

    private func exported(_ sandbox: Sandbox) throws -> [String: Any] {
        var document = try sandbox.succeed(["export", "--format", "json"]).jsonObject()
        document["exported_at"] = nil
        return document
    }

    @Test("Export, import into an empty database, export again: the same document, contracts, deadlines, ends and notice included")
    func roundTrip() throws {
        let first = try Sandbox()
        try first.write(Self.document(), to: first.path("in.json"))
        let imported = try first.succeed(["import", first.path("in.json")] + Self.today)
        #expect(imported.stdout.contains("5 added"), "\(imported)")
        let once = try exported(first)
        let items = Dictionary(uniqueKeysWithValues: (once["subscriptions"] as! [[String: Any]]).map { ($0["name"] as! String, $0) })
        #expect(items["Acme Insurance"]?["contract"] as? [String: String?] == ["notice": "3m", "renews": "1y", "term": "1y"])
        let periods = items["Acme Insurance"]?["billing_periods"] as? [[String: Any]]
        #expect(periods?.first?["notice_given_on"] as? String == "2026-11-20")
        #expect(periods?.first?["cancelled_on"] as? String == "2027-03-31")
        #expect(items["Trial"]?["cancel_by"] as? String == "2026-11-28")
        #expect(items["Course"]?["ends"] as? String == "2027-02-15")
        #expect(items["SIM"]?["auto_renew"] as? Bool == false)

        let second = try Sandbox()
        try second.write(try first.succeed(["export", "--format", "json"]).stdout, to: second.path("out.json"))
        try second.succeed(["import", second.path("out.json")] + Self.today)
        let twice = try exported(second)
        #expect(NSDictionary(dictionary: twice).isEqual(to: once), "\(twice)")
    }

    @Test("A notice day after the end it reached is refused, naming the record and field, in English and Turkish")
    func incoherentNoticeRefused() throws {
        let sandbox = try Sandbox()
        try sandbox.write(Self.document(noticeOn: "2027-04-02"), to: sandbox.path("bad.json"))
        let english = try sandbox.run(["import", sandbox.path("bad.json")] + Self.today)
        #expect(english.status == 65, "\(english)")
        #expect(english.stderrLines.count == 1, "\(english)")
        #expect(english.stderr.contains("subscriptions[0] (Acme Insurance): billing_periods[0].notice_given_on"), "\(english)")
        #expect(english.stderr.contains("invalid notice day '2027-04-02': expected a date on or before 2027-03-31, the end it reached"),
                "\(english)")
        let turkish = try sandbox.run(["import", sandbox.path("bad.json")] + Self.today, environment: ["SUBS_LANG": "tr"])
        #expect(turkish.status == 65 && turkish.stderr.contains("geçersiz bildirim günü"), "\(turkish)")
        #expect(try sandbox.succeed(["list", "--format", "json", "--status", "all"]).jsonArray().isEmpty)
    }

    @Test("subs list --format csv imports into an empty database: nothing breaks, and undo takes the import back")
    func listCSVImports() throws {
        let first = try Sandbox()
        try first.write(Self.document(), to: first.path("in.json"))
        try first.succeed(["import", first.path("in.json")] + Self.today)
        let csv = try first.succeed(["list", "--format", "csv", "--status", "all"] + Self.today).stdout

        let second = try Sandbox()
        try second.write(csv, to: second.path("list.csv"))
        let imported = try second.succeed(["import", second.path("list.csv")] + Self.today)
        #expect(imported.stdout.contains("5 added"), "\(imported)")
        let names = try second.succeed(["list", "--format", "json", "--status", "all"] + Self.today).jsonArray()
            .compactMap { $0["name"] as? String }.sorted()
        #expect(names == ["Acme Insurance", "Course", "Phone", "SIM", "Trial"])
        try second.succeed(["undo", "--yes"])
        #expect(try second.succeed(["list", "--format", "json", "--status", "all"]).jsonArray().isEmpty)
    }
}
