import Foundation
import Testing

/// `list --status/--category/--search/--sort`, end to end.
@Suite("list filters and sorts")
struct ListFilterTests {
    private func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-20", "--category", "Streaming", "--notes", "family plan"])
        try sandbox.add("Backblaze", "99", ["--start", "2024-03-01", "--every", "yearly", "--category", "cloud",
                                            "--url", "https://backblaze.com"])
        try sandbox.add("Gym", "30", ["--start", "2024-06-01", "--category", "Fitness"])
        try sandbox.add("Trialware", "5", ["--start", "2024-06-10", "--trial-end", "2024-07-10"])
        try sandbox.succeed(["cancel", "Gym", "--on", "2024-06-05"])
        return sandbox
    }

    private func names(_ sandbox: Sandbox, _ arguments: [String]) throws -> [String] {
        try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"] + arguments)
            .jsonArray().compactMap { $0["name"] as? String }
    }

    @Test("By default: everything but cancelled, soonest payment first")
    func defaultList() throws {
        #expect(try names(sandbox(), []) == ["Netflix", "Trialware", "Backblaze"])
    }

    @Test("--status picks one status, or all")
    func status() throws {
        let sandbox = try sandbox()
        #expect(try names(sandbox, ["--status", "cancelled"]) == ["Gym"])
        #expect(try names(sandbox, ["--status", "trial"]) == ["Trialware"])
        #expect(try names(sandbox, ["--status", "all", "--sort", "name"]) == ["Backblaze", "Gym", "Netflix", "Trialware"])
    }

    @Test("--category matches in any case; --search looks in name, notes and URL")
    func categoryAndSearch() throws {
        let sandbox = try sandbox()
        #expect(try names(sandbox, ["--category", "CLOUD"]) == ["Backblaze"])
        #expect(try names(sandbox, ["--search", "FAMILY"]) == ["Netflix"])
        #expect(try names(sandbox, ["--search", "backblaze.com"]) == ["Backblaze"])
        #expect(try names(sandbox, ["--search", "nothing like it"]).isEmpty)
    }

    @Test("--sort amount and monthly put the largest first")
    func sortByMoney() throws {
        let sandbox = try sandbox()
        #expect(try names(sandbox, ["--sort", "amount"]) == ["Backblaze", "Netflix", "Trialware"])
        #expect(try names(sandbox, ["--sort", "monthly"]) == ["Netflix", "Backblaze", "Trialware"])
    }

    @Test("An unknown status is a usage error on one line")
    func unknownStatus() throws {
        let result = try sandbox().run(["list", "--status", "frozen"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
    }
}
