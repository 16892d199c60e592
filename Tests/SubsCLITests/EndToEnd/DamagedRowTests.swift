import Foundation
import Testing

/// Issue 8, item 4: a stored value that does not read is a damaged database (65), never a
/// default that quietly changes what `subs` reports.
@Suite("Damaged rows are errors, not defaults",
       .enabled(if: Tools.sqlcipher != nil, "the sqlcipher shell is not installed (make test-deps)"))
struct DamagedRowTests {
    /// A database with one subscription, a EUR rate and a budget, then `sql` run on it by hand.
    private func damaged(_ sql: String) throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.add("Spotify", "10.99", ["--currency", "EUR", "--start", "2024-01-05"])
        try sandbox.succeed(["rates", "set", "EUR", "1.08"])
        let hex = String(decoding: try #require(sandbox.bytes(sandbox.keyPath)), as: UTF8.self)
            .trimmingCharacters(in: .newlines)
        let shell = try sandbox.runTool(try #require(Tools.sqlcipher), [sandbox.databasePath],
                                        input: Data("PRAGMA key = \"x'\(hex)'\";\nPRAGMA cipher_page_size = 4096;\n\(sql)\n".utf8))
        try #require(shell.status == 0, "\(shell)")
        return sandbox
    }

    private func expectDamaged(_ sandbox: Sandbox, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = sandbox.bytes(sandbox.databasePath)
        let result = try sandbox.run(arguments)
        #expect(result.status == 65, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("damaged"), "\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(sandbox.bytes(sandbox.databasePath) == before, sourceLocation: sourceLocation)
    }

    @Test func aDamagedCurrencySettingIsNotTakenForUSD() throws {
        let sandbox = try damaged("INSERT OR REPLACE INTO settings (key, value) VALUES ('currency', 'X\u{1}Z');")
        try expectDamaged(sandbox, ["summary", "--today", "2024-06-15"])
        try expectDamaged(sandbox, ["add", "Hulu", "7.99", "--today", "2024-06-15"])
    }

    @Test func aDamagedRateDoesNotLookMissing() throws {
        let sandbox = try damaged("UPDATE exchange_rates SET rate = 'abc';")
        try expectDamaged(sandbox, ["summary", "--today", "2024-06-15"])
        try expectDamaged(sandbox, ["rates", "list"])
    }
}
