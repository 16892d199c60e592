import ArgumentParser
import Foundation
import Testing
@testable import SubsCLI

/// README.tr.md is README.md in Turkish, kept in step: both document the same commands and
/// options, in the same number of examples.
@Suite struct ReadmeParityTests {
    private static func read(_ name: String) throws -> String {
        try String(contentsOf: LocalizedKeyScanner.repositoryRoot.appendingPathComponent(name), encoding: .utf8)
    }

    /// The text inside fenced blocks and inline backticks.
    private static func code(in markdown: String) -> [String] {
        var spans: [String] = []
        let fences = markdown.components(separatedBy: "```")
        for (index, part) in fences.enumerated() {
            if index % 2 == 1 {
                spans.append(part)
            } else {
                let inline = part.components(separatedBy: "`")
                spans += inline.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            }
        }
        return spans
    }

    /// `subs add`, `subs vault set`: every command invocation that names a real command.
    private static func commands(in markdown: String) -> Set<String> {
        var found: Set<String> = []
        for span in code(in: markdown) {
            let words = span.split(whereSeparator: { $0.isWhitespace || $0 == "|" || $0 == ";" || $0 == "(" })
                .map(String.init)
            for (index, word) in words.enumerated() where word == "subs" && index + 1 < words.count {
                guard let command = Subs.configuration.subcommands.first(where: { $0._commandName == words[index + 1] })
                else { continue }
                var name = "subs " + command._commandName
                if index + 2 < words.count,
                   let sub = command.configuration.subcommands.first(where: { $0._commandName == words[index + 2] }) {
                    name += " " + sub._commandName
                }
                found.insert(name)
            }
        }
        return found
    }

    private static func options(in markdown: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: "--[a-z][a-z-]*[a-z]")
        var found: Set<String> = []
        for span in code(in: markdown) {
            for match in pattern.matches(in: span, range: NSRange(span.startIndex..., in: span)) {
                found.insert(String(span[Range(match.range, in: span)!]))
            }
        }
        return found
    }

    @Test func bothReadmesDocumentTheSameCommandsOptionsAndExamples() throws {
        let (english, turkish) = (try Self.read("README.md"), try Self.read("README.tr.md"))
        let (enCommands, trCommands) = (Self.commands(in: english), Self.commands(in: turkish))
        #expect(enCommands.count > 30, "the scan finds the commands: \(enCommands.sorted())")
        #expect(enCommands.subtracting(trCommands).isEmpty, "missing in README.tr.md: \(enCommands.subtracting(trCommands).sorted())")
        #expect(trCommands.subtracting(enCommands).isEmpty, "missing in README.md: \(trCommands.subtracting(enCommands).sorted())")
        let (enOptions, trOptions) = (Self.options(in: english), Self.options(in: turkish))
        #expect(enOptions.subtracting(trOptions).isEmpty, "options missing in README.tr.md: \(enOptions.subtracting(trOptions).sorted())")
        #expect(trOptions.subtracting(enOptions).isEmpty, "options missing in README.md: \(trOptions.subtracting(enOptions).sorted())")
        #expect(english.components(separatedBy: "```").count == turkish.components(separatedBy: "```").count,
                "the same number of fenced examples")
    }

    @Test func everyCommandIsInTheReadme() throws {
        let documented = Self.commands(in: try Self.read("README.md"))
        for command in Subs.configuration.subcommands {
            let name = "subs " + command._commandName
            #expect(documented.contains { $0 == name || $0.hasPrefix(name + " ") }, "README.md does not show \(name)")
        }
    }
}
