import Foundation
import Testing

/// Usage errors: one line, exit 64, and the help of the command that was used.
@Suite("Usage errors and aliases")
struct UsageErrorTests {
    @Test("edit with an unknown option says so, like other commands, and changes nothing")
    func editUnknownOption() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        let result = try sandbox.run(["edit", "netflix", "--price", "17.99"])
        #expect(result.status == 64, "\(result)")
        // Argument-parser may suggest a near option (`--notice`, since contracts came).
        #expect(result.stderr.hasPrefix("subs: Unknown option '--price'") && result.stderrLines.count == 1
                && result.stderr.hasSuffix("(see 'subs help edit')\n"), "\(result)")
        let list = try sandbox.succeed(["list", "--format", "json"]).jsonArray()
        #expect(list.first?["amount"] as? String == "15.49")
        // With nothing to change at all, edit still says so.
        let empty = try sandbox.run(["edit", "netflix"])
        #expect(empty.status == 64, "\(empty)")
        #expect(empty.stderr.hasPrefix("subs: nothing to change"), "\(empty)")
    }

    @Test("a command's own usage checks come after an unknown option, and say which help to read", arguments: [
        (["upcoming", "--days", "3", "--until", "2030-01-01", "--bogus"], "subs: Unknown option '--bogus' (see 'subs help upcoming')\n"),
        (["stats", "--months", "0", "--bogus"], "subs: Unknown option '--bogus' (see 'subs help stats')\n"),
        (["upcoming", "--days", "3", "--until", "2030-01-01"], "subs: give --days or --until, not both (see 'subs help upcoming')\n"),
        (["delete", "netflix"], "subs: refusing to delete Netflix (ID) without confirmation: "
            + "pass --yes when standard input is not a terminal (see 'subs help delete')\n"),
    ])
    func ownUsageChecks(_ arguments: [String], _ message: String) throws {
        let sandbox = try Sandbox()
        let netflix = try sandbox.add("Netflix", "15.49")
        let result = try sandbox.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr == message.replacingOccurrences(of: "(ID)", with: "(\(netflix.prefix(8)))"), "\(result)")
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().count == 1)
    }

    @Test("A value not among more than five says all of them on its one line, in the language", arguments: [
        ("en", "subs: The value 'bogus' is invalid for '--status <status>'. Please provide one of 'active', 'trial', "
            + "'paused', 'cancelled', 'ended' or 'all'. (see 'subs help list')\n"),
        ("tr", "subs: 'bogus' değeri '--status <durum>' için geçersiz; şunlardan biri olmalı: 'active', 'trial', "
            + "'paused', 'cancelled', 'ended' ya da 'all' (bkz. 'subs help list')\n"),
    ])
    func manyValues(_ language: String, _ message: String) throws {
        let result = try Sandbox().run(["list", "--status", "bogus"], environment: ["SUBS_LANG": language])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr == message, "\(result)")
    }

    /// argument-parser takes `-3` for an option unless the option's value is read unconditionally:
    /// a negative count said "Missing value for '--limit <n>'", as if none were given.
    @Test("A negative count is refused for what it is", arguments: [
        (["log", "--limit", "-3"], "subs: invalid --limit '-3': expected a count from 1 (see 'subs help log')\n"),
        (["upcoming", "--days", "-3"], "subs: invalid --days '-3': expected a number of days from 0 to 36600\n"),
    ])
    func negativeCount(_ arguments: [String], _ message: String) throws {
        let result = try Sandbox().run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr == message, "\(result)")
    }

    @Test("stats --months -2 says the months are out of range")
    func negativeMonths() throws {
        let result = try Sandbox().run(["stats", "--months", "-2"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr == "subs: invalid --months '-2': expected 1 to 120 (see 'subs help stats')\n", "\(result)")
    }

    @Test("help for a command that does not exist is an error, not the main help", arguments: [
        // A word no command is near: `nope` is near `owe`, and would get a suggestion.
        (["help", "zzzz"], "subs: no command 'zzzz' (see 'subs help')\n"),
        (["help", "rates", "nope"], "subs: no command 'nope' (see 'subs help rates')\n"),
    ])
    func helpForUnknownCommand(_ arguments: [String], _ message: String) throws {
        let result = try Sandbox().run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == message, "\(result)")
    }

    @Test("help for a real command, or its alias, still prints its help")
    func helpForRealCommand() throws {
        let sandbox = try Sandbox()
        for arguments in [["help", "list"], ["help", "ls"], ["help", "rates", "set"]] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("USAGE:"), "\(result)")
        }
    }

    @Test("A usage error points at the help of the command it was in", arguments: [
        (["add", "Netflix"], "subs help add"),
        (["ls", "--bogus"], "subs help list"),
        (["rates", "set", "EUR"], "subs help rates set"),
        (["nope"], "subs help"),
    ])
    func usageErrorNamesTheCommand(_ arguments: [String], _ help: String) throws {
        let result = try Sandbox().run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.hasSuffix("(see '\(help)')\n"), "\(result)")
    }

    @Test("ls lists and rm deletes")
    func aliases() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        let listed = try sandbox.succeed(["ls", "--format", "json"])
        #expect(try listed.jsonArray().compactMap { $0["name"] as? String } == ["Netflix"])
        let removed = try sandbox.succeed(["rm", "netflix", "--yes"])
        #expect(removed.stdout.hasPrefix("Deleted Netflix"), "\(removed)")
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().isEmpty)
    }
}
