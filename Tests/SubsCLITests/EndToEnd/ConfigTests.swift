import Foundation
import Testing

/// `subs config list|get|set|unset`: the settings that new subscriptions and `subs remind` use.
@Suite("subs config: settings, their defaults and their errors")
struct ConfigTests {
    static let keys = ["currency", "remind-days", "reminders", "remind-exec", "remind-webhook"]

    /// The `config list` line of `key`.
    private func listed(_ sandbox: Sandbox, _ key: String) throws -> String {
        let lines = try sandbox.succeed(["config", "list"]).stdoutLines
        return lines.first { $0.split(separator: " ").first.map(String.init) == key } ?? "(no line for \(key))"
    }

    @Test("config list shows every key, with the defaults marked as such")
    func listShowsEveryKey() throws {
        let sandbox = try Sandbox()
        let list = try sandbox.succeed(["config", "list"])
        #expect(list.stderr.isEmpty)
        let listedKeys = list.stdoutLines.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(Set(Self.keys).isSubset(of: listedKeys), "\(list)")
        #expect(listedKeys.count == Set(listedKeys).count, "one line per key: \(list)")
        for line in list.stdoutLines {
            #expect(line.contains("(default)") || line.contains("(not set)"), "nothing is set yet: \(list)")
        }
        #expect(try listed(sandbox, "currency").contains("USD"))
        #expect(try listed(sandbox, "remind-days").contains("2"))
        #expect(try listed(sandbox, "reminders").contains("on"))

        try sandbox.succeed(["config", "set", "currency", "EUR"])
        #expect(try listed(sandbox, "currency").contains("EUR"))
        #expect(try !listed(sandbox, "currency").contains("(default)"), "a value that is set is not a default")
        #expect(try listed(sandbox, "reminders").contains("(default)"))

        let json = try sandbox.succeed(["config", "list", "--format", "json"]).jsonObject()
        let snakeCase = { (key: String) in key.replacingOccurrences(of: "-", with: "_") }
        #expect(Set(Self.keys.map(snakeCase)).isSubset(of: json.keys), "\(json)")
        #expect(Set(json.keys) == Set(listedKeys.map(snakeCase)), "the same keys as the table, in snake_case")
        #expect(json["currency"] as? String == "EUR")
        #expect(json["remind_days"] as? String == "2")
        #expect(json["reminders"] as? String == "on")
        #expect(json["remind_exec"] is NSNull)
        #expect(json["remind_webhook"] is NSNull)
    }

    @Test("config set currency eur: get prints EUR and new subscriptions are in EUR; old ones keep theirs")
    func currency() throws {
        let sandbox = try Sandbox()
        let before = try sandbox.succeed(["add", "Netflix", "15.49", "--format", "json", "--today", "2024-01-01"]).jsonObject()
        #expect(before["currency"] as? String == "USD")
        #expect(try sandbox.succeed(["config", "get", "currency"]).stdout == "USD\n")

        try sandbox.succeed(["config", "set", "currency", "eur"])
        #expect(try sandbox.succeed(["config", "get", "currency"]).stdout == "EUR\n")
        let added = try sandbox.succeed(["add", "Spotify", "10.99", "--format", "json", "--today", "2024-01-01"]).jsonObject()
        #expect(added["currency"] as? String == "EUR")
        let chosen = try sandbox.succeed(
            ["add", "Hulu", "1000", "--currency", "JPY", "--format", "json", "--today", "2024-01-01"]).jsonObject()
        #expect(chosen["currency"] as? String == "JPY", "--currency still wins")

        let listed = try sandbox.succeed(["list", "--format", "json", "--today", "2024-01-01"]).jsonArray()
        let currencies = Dictionary(uniqueKeysWithValues: listed.map { ($0["name"] as? String ?? "?", $0["currency"] as? String) })
        #expect(currencies == ["Netflix": "USD", "Spotify": "EUR", "Hulu": "JPY"])
    }

    @Test("config set remind-days 7,1 changes the reminders of subscriptions without their own")
    func remindDays() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31"], today: "2024-01-01")
        try sandbox.add("Gym", "9.00", ["--start", "2024-01-31", "--remind", "3"], today: "2024-01-01")
        func remindDays() throws -> [String: [Int]] {
            let listed = try sandbox.succeed(["list", "--format", "json", "--today", "2024-01-01"]).jsonArray()
            return Dictionary(uniqueKeysWithValues: listed.map {
                ($0["name"] as? String ?? "?", $0["remind_days"] as? [Int] ?? [-1])
            })
        }
        #expect(try remindDays() == ["Netflix": [2], "Gym": [3]])

        try sandbox.succeed(["config", "set", "remind-days", "7,1"])
        #expect(try sandbox.succeed(["config", "get", "remind-days"]).stdout == "7,1\n")
        #expect(try remindDays() == ["Netflix": [7, 1], "Gym": [3]])
        let later = try sandbox.succeed(["add", "Hulu", "7.99", "--format", "json", "--today", "2024-01-01"]).jsonObject()
        #expect(later["remind_days"] as? [Int] == [7, 1])

        // And remind follows it: a week before, Netflix (7) is due, Gym (3) is not.
        let due = try sandbox.succeed(["remind", "--format", "json", "--today", "2024-01-24"]).jsonArray()
        #expect(due.map { $0["name"] as? String } == ["Netflix"])
        #expect(due.first?["offset"] as? Int == 7)
    }

    @Test("config unset returns a key to its default")
    func unset() throws {
        let sandbox = try Sandbox()
        try sandbox.succeed(["config", "set", "currency", "GBP"])
        try sandbox.succeed(["config", "set", "remind-days", "7,1"])
        try sandbox.succeed(["config", "set", "reminders", "off"])
        try sandbox.succeed(["config", "set", "remind-webhook", "https://example.invalid/hook"])
        try sandbox.succeed(["config", "set", "remind-exec", "notify-send subs"])
        #expect(try sandbox.succeed(["config", "get", "remind-exec"]).stdout == "notify-send subs\n")

        for key in Self.keys {
            let result = try sandbox.succeed(["config", "unset", key])
            #expect(result.stderr.isEmpty)
            let line = try listed(sandbox, key)
            #expect(line.contains("(default)") || line.contains("(not set)"), "\(line)")
        }
        #expect(try sandbox.succeed(["config", "get", "currency"]).stdout == "USD\n")
        #expect(try sandbox.succeed(["config", "get", "remind-days"]).stdout == "2\n")
        #expect(try sandbox.succeed(["config", "get", "reminders"]).stdout == "on\n")
        let json = try sandbox.succeed(["config", "list", "--format", "json"]).jsonObject()
        #expect(json["remind_exec"] is NSNull)
        #expect(json["remind_webhook"] is NSNull)
        let added = try sandbox.succeed(["add", "Netflix", "15.49", "--format", "json", "--today", "2024-01-01"]).jsonObject()
        #expect(added["currency"] as? String == "USD")
        #expect(added["remind_days"] as? [Int] == [2])
    }

    @Test("An unknown key or an invalid value exits 64 with one line and changes nothing", arguments: [
        ["set", "colour", "red"],
        ["get", "colour"],
        ["unset", "colour"],
        ["set", "remind-days", "9999"],
        ["set", "remind-days", "-1"],
        ["set", "remind-days", "7,,1"],
        ["set", "reminders", "maybe"],
        ["set", "remind-webhook", "ftp://x"],
        ["set", "remind-webhook", "not a url"],
        ["set", "currency", "XYZ"],
    ])
    func invalid(_ arguments: [String]) throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31"], today: "2024-01-01")
        try sandbox.succeed(["config", "set", "remind-webhook", "http://127.0.0.1:9/x"])
        let listBefore = try sandbox.succeed(["config", "list"]).stdout
        let before = sandbox.bytes(sandbox.databasePath)

        let result = try sandbox.run(["config"] + arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(sandbox.bytes(sandbox.databasePath) == before, "the database is unchanged")
        #expect(try sandbox.succeed(["config", "list"]).stdout == listBefore)
    }

    @Test("config set with an invalid value on a new machine creates no files", arguments: [
        ["set", "currency", "XYZ"],
        ["set", "remind-days", "9999"],
        ["set", "reminders", "maybe"],
        ["set", "remind-webhook", "ftp://x"],
        ["set", "colour", "red"],
    ])
    func invalidOnNewMachine(_ arguments: [String]) throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(["config"] + arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(sandbox.homeEntries().isEmpty, "no key, no database: \(sandbox.homeEntries())")
    }
}
