import Foundation
import Testing

/// PRODUCT.md §14 on the command line: contracts on add and edit, notice with cancel, the
/// contract in show, list and JSON, ended subscriptions, and the log, in English and Turkish.
@Suite("Contracts on the command line")
struct ContractCommandTests {
    static let today = "2026-11-26"
    static let turkish: [String: String?] = ["SUBS_LANG": "tr"]

    /// An insurance billed monthly on a yearly contract with 3 months' notice: the first term
    /// runs 2026-04-01 to 2027-03-31, so the last day to cancel is 2026-12-31 (§14's example).
    static func insured(_ sandbox: Sandbox, environment: [String: String?] = [:]) throws -> String {
        try sandbox.add("Acme Insurance", "40", ["--start", "2026-04-01", "--term", "1y", "--notice", "3m"],
                        today: today, environment: environment)
    }

    func json(_ sandbox: Sandbox, _ reference: String, today: String = today) throws -> [String: Any] {
        try sandbox.succeed(["show", reference, "--format", "json", "--today", today]).jsonObject()
    }

    func contract(_ object: [String: Any]) -> [String: String?]? {
        (object["contract"] as? [String: Any])?.mapValues { $0 as? String }
    }

    @Test("add --term --notice works out the cancel-by day, and JSON says the contract as docs/json.md does")
    func addWithContract() throws {
        let sandbox = try Sandbox()
        let id = try Self.insured(sandbox)
        let object = try json(sandbox, id)
        #expect(contract(object) == [
            "cancel_by": "2026-12-31", "notice": "3m", "renews": "1y", "term": "1y", "term_end": "2027-03-31",
        ], "\(object)")
        #expect(object["renewal"] as? String == "automatic")
        #expect(object["ends"] is NSNull && object["payments_left"] is NSNull, "\(object)")
        let listed = try #require(try sandbox.succeed(["list", "--format", "json", "--today", Self.today]).jsonArray().first)
        #expect(contract(listed)?["cancel_by"] == "2026-12-31", "\(listed)")
    }

    @Test("--renews and a notice in days; a one-off --cancel-by; no contract is null")
    func otherShapes() throws {
        let sandbox = try Sandbox()
        let phone = try sandbox.add("Phone", "25", ["--start", "2025-01-15", "--term", "24m", "--renews", "1m", "--notice", "30d"],
                                    today: Self.today)
        // The 24 months end 2027-01-14; 30 days before the day after: cancel by 2026-12-15.
        #expect(contract(try json(sandbox, phone)) == [
            "cancel_by": "2026-12-15", "notice": "30d", "renews": "1m", "term": "24m", "term_end": "2027-01-14",
        ])
        let trial = try sandbox.add("Trial", "10", ["--cancel-by", "2026-12-10"], today: Self.today)
        #expect(contract(try json(sandbox, trial)) == [
            "cancel_by": "2026-12-10", "notice": nil, "renews": nil, "term": nil, "term_end": nil,
        ])
        let plain = try sandbox.add("Plain", "5", today: Self.today)
        #expect(try json(sandbox, plain)["contract"] is NSNull)
    }

    @Test("show tells the contract, the deadline and what missing it costs; list has a CANCEL BY column, kept when narrow")
    func showAndList() throws {
        let sandbox = try Sandbox()
        let id = try Self.insured(sandbox)
        try sandbox.add("Netflix", "15.49", today: Self.today)
        let show = try sandbox.succeed(["show", id, "--today", Self.today]).stdout
        for expected in [
            "1 year from 2026-04-01", "3 months before a term ends", "2027-03-31 (in 125 days)",
            "2026-12-31 (in 35 days), to end on 2027-03-31", "renews for 1 year to 2028-03-31: $480.00",
        ] {
            #expect(show.contains(expected), "\(expected) in \(show)")
        }
        for columns in [nil, "60"] as [String?] {
            let list = try sandbox.succeed(["list", "--today", Self.today], environment: ["COLUMNS": columns]).stdout
            #expect(list.contains("CANCEL BY") && list.contains("2026-12-31"), "COLUMNS=\(columns ?? "-"): \(list)")
        }
        let plain = try Sandbox()
        try plain.add("Netflix", "15.49", today: Self.today)
        #expect(!(try plain.succeed(["list", "--today", Self.today]).stdout.contains("CANCEL BY")))
    }

    @Test("cancel in time gives notice: the contract ends at the term end, the last payment said")
    func noticeInTime() throws {
        let sandbox = try Sandbox()
        let id = try Self.insured(sandbox)
        let result = try sandbox.succeed(["cancel", id, "--on", "2026-12-15", "--today", Self.today])
        #expect(result.stdout == """
            Notice given on 2026-12-15 for Acme Insurance: the contract ends on 2027-03-31.
            Last payment: $40.00 on 2027-03-01.

            """, "\(result)")
        let object = try json(sandbox, id)
        #expect(object["status"] as? String == "active")
        #expect(contract(object)?["cancel_by"] == .some(nil), "no deadline once notice is given: \(object)")
        let show = try sandbox.succeed(["show", id, "--today", Self.today]).stdout
        #expect(show.contains("2026-12-15; the contract ends on 2027-03-31"), "\(show)")
        let log = try sandbox.succeed(["log", id]).stdout
        #expect(log.contains("notice given on 2026-12-15, the contract ends on 2027-03-31"), "\(log)")
    }

    @Test("cancel one day late says the deadline missed and what it cost")
    func noticeLate() throws {
        let sandbox = try Sandbox()
        let id = try Self.insured(sandbox)
        let result = try sandbox.succeed(["cancel", id, "--on", "2027-01-01", "--today", Self.today])
        #expect(result.stdout == """
            Notice given on 2027-01-01 for Acme Insurance: the contract ends on 2028-03-31.
            Last payment: $40.00 on 2028-03-01.
            The deadline for the term ending 2027-03-31 was 2026-12-31; giving notice now costs $480.00 more.

            """, "\(result)")
    }

    @Test("cancel --end forces an end, said as such; without a contract --end is refused and cancel is as before")
    func forcedEnd() throws {
        let sandbox = try Sandbox()
        let id = try Self.insured(sandbox)
        let result = try sandbox.succeed(["cancel", id, "--on", "2026-12-20", "--end", "2027-01-15", "--today", Self.today])
        #expect(result.stdout.contains("the contract ends early on 2027-01-15, as --end sets."), "\(result)")
        #expect(result.stdout.contains("Last payment: $40.00 on 2027-01-01."), "\(result)")
        let json = try sandbox.succeed(["cancel", try sandbox.add("Gym", "30", ["--term", "1y"], today: Self.today),
                                        "--format", "json", "--today", Self.today]).jsonObject()
        #expect(json["name"] as? String == "Gym" && json["contract"] is [String: Any], "\(json)")

        let plain = try sandbox.add("Netflix", "15.49", ["--start", "2026-01-10"], today: Self.today)
        let refused = try sandbox.run(["cancel", plain, "--end", "2027-01-01", "--today", Self.today])
        #expect(refused.status == 64 && refused.stderr.contains("no contract term"), "\(refused)")
        let cancelled = try sandbox.succeed(["cancel", plain, "--today", Self.today])
        #expect(cancelled.stdout.hasPrefix("Cancelled Netflix on 2026-11-26"), "\(cancelled)")
    }

    @Test("edit changes the notice, the renewal and removes the contract; the log says each")
    func editAndRemove() throws {
        let sandbox = try Sandbox()
        let id = try Self.insured(sandbox)
        var object = try sandbox.succeed(["edit", id, "--notice", "1m", "--today", Self.today, "--format", "json"]).jsonObject()
        #expect(contract(object)?["cancel_by"] == "2027-02-28", "\(object)")
        object = try sandbox.succeed(["edit", id, "--renewal", "manual", "--today", Self.today, "--format", "json"]).jsonObject()
        #expect(object["renewal"] as? String == "manual" && object["auto_renew"] as? Bool == false, "\(object)")
        let show = try sandbox.succeed(["show", id, "--today", Self.today]).stdout
        #expect(show.contains("manual: renews when you pay; expires on 2026-12-01"), "\(show)")
        object = try sandbox.succeed(["edit", id, "--term", "none", "--today", Self.today, "--format", "json"]).jsonObject()
        #expect(object["contract"] is NSNull, "\(object)")
        let log = try sandbox.succeed(["log", id]).stdout
        for expected in ["notice 3m → 1m", "term 1y → none", "auto-renew yes → no"] {
            #expect(log.contains(expected), "\(expected) in \(log)")
        }
        let turkishLog = try sandbox.succeed(["log", id], environment: Self.turkish).stdout
        #expect(turkishLog.contains("bildirim süresi 3m → 1m") && turkishLog.contains("sözleşme süresi 1y → yok"), "\(turkishLog)")
    }

    @Test("Bad contract input: exit 64, one line, nothing changed",
          arguments: [
            ["--term", "0m"], ["--term", "once"], ["--term", "sometimes"], ["--notice", "3m"], ["--renews", "1m"],
            ["--term", "1y", "--cancel-by", "2026-12-01"], ["--ends", "2027-01-01", "--payments", "3"],
            ["--payments", "0"], ["--payments", "x"], ["--renewal", "sometimes"],
            ["--renewal", "auto", "--no-auto-renew"], ["--ends", "2020-01-01"], ["--cancel-by", "someday"],
          ])
    func badInput(options: [String]) throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Netflix", "15.49", ["--start", "2026-01-10"], today: Self.today)
        let before = try sandbox.succeed(["list", "--format", "json", "--today", Self.today]).stdout
        let added = try sandbox.run(["add", "Gym", "30", "--start", "2026-01-10"] + options + ["--today", Self.today])
        #expect(added.status == 64 && added.stderrLines.count == 1, "add \(options): \(added)")
        let editOptions = options.map { $0 == "--no-auto-renew" ? "--auto-renew" : $0 }
        let edited = try sandbox.run(["edit", id] + editOptions + ["--today", Self.today])
        #expect(edited.status == 64 && edited.stderrLines.count == 1, "edit \(editOptions): \(edited)")
        #expect(try sandbox.succeed(["list", "--format", "json", "--today", Self.today]).stdout == before)
    }

    @Test("--payments N ends it on the N-th payment; past the end it is ended, hidden from list unless asked for")
    func paymentsAndEnded() throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Course", "100", ["--start", "2026-10-01", "--payments", "3"], today: Self.today)
        let object = try json(sandbox, id)
        #expect(object["ends"] as? String == "2026-12-01" && object["payments_left"] as? Int == 1, "\(object)")
        let show = try sandbox.succeed(["show", id, "--today", Self.today]).stdout
        #expect(show.contains("2026-12-01, 1 payment left"), "\(show)")

        let later = "2027-01-15"
        let empty = try sandbox.succeed(["list", "--today", later]).stdout
        #expect(empty == "No subscriptions; 1 ended one matches ('subs list --status all').\n", "\(empty)")
        let ended = try sandbox.succeed(["list", "--status", "ended", "--format", "json", "--today", later]).jsonArray()
        #expect(ended.map { $0["status"] as? String } == ["ended"] && ended.first?["payments_left"] as? Int == 0)
        let turkish = try sandbox.succeed(["list", "--status", "bitti", "--today", later], environment: Self.turkish).stdout
        #expect(turkish.contains("Course"), "\(turkish)")
        let edited = try sandbox.succeed(["edit", id, "--ends", "none", "--today", Self.today, "--format", "json"]).jsonObject()
        #expect(edited["ends"] is NSNull && edited["payments_left"] is NSNull, "\(edited)")
        #expect(try sandbox.succeed(["log", id]).stdout.contains("ends 2026-12-01 → none"))
    }

    @Test("Completion scripts have the contract options, and --renewal offers auto and manual")
    func completion() throws {
        let sandbox = try Sandbox()
        let zsh = try sandbox.succeed(["--generate-completion-script", "zsh"]).stdout
        #expect(zsh.contains("('auto' 'manual')") && zsh.contains("'--renewal["), "\(zsh.prefix(400))")
        let bash = try sandbox.succeed(["--generate-completion-script", "bash"]).stdout
        for option in ["--term", "--renews", "--notice", "--cancel-by", "--ends", "--payments", "--renewal", "--end"] {
            #expect(bash.contains(option + " ") || bash.contains(option + ")"), "\(option)")
        }
    }

    @Test("Turkish: duration words are read, and cancel, show and list speak Turkish")
    func turkish() throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Sigorta", "400", ["--start", "01.04.2026", "--term", "1 yıl", "--notice", "3 ay",
                                                     "--renews", "aylık", "--currency", "TRY"],
                                 today: Self.today, environment: Self.turkish)
        #expect(contract(try json(sandbox, id)) == [
            "cancel_by": "2026-12-31", "notice": "3m", "renews": "1m", "term": "1y", "term_end": "2027-03-31",
        ])
        let phone = try sandbox.add("Telefon", "250", ["--term", "24 ay", "--notice", "4 hafta", "--currency", "TRY"],
                                    today: Self.today, environment: Self.turkish)
        #expect(contract(try json(sandbox, phone))?["notice"] == "4w")
        let manual = try sandbox.succeed(["edit", phone, "--renewal", "elle", "--format", "json", "--today", Self.today],
                                         environment: Self.turkish).jsonObject()
        #expect(manual["renewal"] as? String == "manual", "\(manual)")
        let show = try sandbox.succeed(["show", id, "--today", Self.today], environment: Self.turkish).stdout
        #expect(show.contains("Son iptal günü") && show.contains("31.12.2026"), "\(show)")
        let list = try sandbox.succeed(["list", "--today", Self.today], environment: Self.turkish).stdout
        #expect(list.contains("SON İPTAL"), "\(list)")
        let cancel = try sandbox.succeed(["cancel", id, "--on", "01.01.2027", "--today", Self.today], environment: Self.turkish)
        #expect(cancel.stdout.contains("Sigorta için 01.01.2027 tarihinde bildirim verildi"), "\(cancel)")
        #expect(cancel.stdout.contains("31.12.2026 idi"), "\(cancel)")
        let refused = try sandbox.run(["add", "X", "1", "--term", "tek sefer", "--today", Self.today], environment: Self.turkish)
        #expect(refused.status == 64 && refused.stderr.contains("tek sefer"), "\(refused)")
    }
}
