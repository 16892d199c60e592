import ArgumentParser
import Testing
@testable import SubsCLI

@Suite("A command parsed on its own, without the whole tree of commands")
struct DirectParseTests {
    /// Everything a parsed command holds, as `dump` writes it.
    private func contents(_ command: any ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    @Test("It gives the very command the root parse gives, aliases and nested commands included",
          arguments: [
              ["list", "--format", "json"], ["ls", "--status", "all", "--sort", "name", "--reverse"],
              ["add", "Netflix", "15.49", "--every", "3 months", "--category", "Streaming"],
              ["upcoming", "--days", "30", "--today", "2026-11-22"], ["remind", "--dry-run"],
              ["vault", "list", "--format", "json"], ["category", "list"], ["show", "--", "-odd name"], ["add"],
          ])
    func sameCommand(arguments: [String]) throws {
        let direct = try #require(Subs.parsedDirectly(arguments))
        let root = try Subs.parseAsRoot(arguments)
        #expect(type(of: direct) == type(of: root))
        #expect(contents(direct) == contents(root))
    }

    @Test("Help, versions, completions, a parent command and every error go to the root parse",
          arguments: [
              [], ["--version"], ["list", "--help"], ["list", "-h"], ["list", "--version"], ["help", "list"],
              ["list", "--format", "xml"], ["upcoming", "--days", "abc"], ["vault"], ["nosuch"], ["list", "upcoming"],
              ["list", "--generate-completion-script", "bash"], ["list", "--experimental-dump-help"],
              ["add", "X", "1", "--version"], ["add", "X", "--version"], ["rates", "set", "EUR", "--version"],
          ])
    func leftToTheRoot(arguments: [String]) {
        #expect(Subs.parsedDirectly(arguments) == nil)
    }
}
