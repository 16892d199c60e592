import Foundation
import SubscriptionCore

/// The words argument-parser writes itself (help headings, its usage errors), in the current
/// language. It has no translations of its own, so its English is matched and made again.
enum ArgumentParserText {
    /// A help screen with its headings and built-in option help in the language.
    static func help(_ text: String) -> String {
        guard Language.current != .english else { return text }
        let replacements = [
            ("OVERVIEW:", localized("OVERVIEW:")),
            ("USAGE:", localized("USAGE:")),
            ("ARGUMENTS:", localized("ARGUMENTS:")),
            ("OPTIONS:", localized("OPTIONS:")),
            ("SUBCOMMANDS:", localized("SUBCOMMANDS:")),
            ("Show help information.", localized("Show help information.")),
            ("Show the version.", localized("Show the version.")),
            ("(default: ", localized("(default: ")),
            ("(values: ", localized("(values: ")),
            ("; default: ", localized("; default: ")),
        ]
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = String(line)
            for (english, translated) in replacements where line.contains(english) {
                line = line.replacingOccurrences(of: english, with: translated)
            }
            // `(values: a, b; default: a)` wrapped so that `default:` opens a line.
            if let range = line.range(of: #"^\s+default: "#, options: .regularExpression) {
                let indent = line[range].prefix { $0 == " " }
                line.replaceSubrange(range, with: indent + localized("default: "))
            }
            // `See 'subs help vault <subcommand>' for detailed help.`, for any command with subcommands.
            if let range = line.range(of: #"See '(.+) <subcommand>' for detailed help\."#, options: .regularExpression) {
                let command = line[range].dropFirst("See '".count).dropLast(" <subcommand>' for detailed help.".count)
                line.replaceSubrange(range, with: localized("See '\(String(command)) <subcommand>' for detailed help."))
            }
            return rewrapped(placeholders(in: line), width: Terminal.standardOutput.width ?? 80)
        }.joined(separator: "\n")
    }

    /// argument-parser's column for the descriptions of options and arguments.
    private static let descriptionColumn = 26

    /// A line the language made longer than the help's width, wrapped again: an option's
    /// description under its column, other text under its own indent. The usage line is left
    /// whole, as argument-parser leaves it.
    static func rewrapped(_ line: String, width: Int) -> String {
        guard line.count > width, width > 40, !line.hasPrefix(localized("USAGE:")) else { return line }
        let leading = line.prefix { $0 == " " }.count
        let indent = line.hasPrefix("  -") || line.hasPrefix("  <") ? descriptionColumn : leading
        let characters = Array(line)
        // The last space that leaves the line within the width and something before it.
        guard let space = (indent + 1...width).reversed().first(where: { characters[$0] == " " }) else { return line }
        let first = String(characters[..<space]).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
        let rest = String(characters[space...]).drop { $0 == " " }
        guard !rest.isEmpty else { return first }
        return first + "\n" + rewrapped(String(repeating: " ", count: indent) + rest, width: width)
    }

    /// A help line with argument-parser's placeholders (`<name>`, `<date|none>`) in the language.
    /// An option's description stays in its column: the gap before it takes up the difference.
    static func placeholders(in line: String) -> String {
        guard line.contains("<") else { return line }
        let names = placeholderNames
        var result = ""
        var delta = 0
        var rest = line[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let token = String(rest[open...close])
            let translated = names[token] ?? token
            result += rest[..<open] + translated
            delta += translated.count - token.count
            rest = rest[rest.index(after: close)...]
            // The gap between an option and its description: lengthen or shorten it, keeping two spaces.
            if delta != 0, rest.hasPrefix("  "), rest.drop(while: { $0 == " " }).first.map({ $0 != "<" && $0 != "[" }) == true,
               !result.trimmingCharacters(in: .whitespaces).isEmpty {
                let gap = rest.prefix { $0 == " " }.count
                result += String(repeating: " ", count: max(2, gap - delta))
                rest = rest.dropFirst(gap)
                delta = 0
            }
        }
        return result + rest
    }

    /// Placeholders as argument-parser writes them, from option names and `valueName`s.
    private static var placeholderNames: [String: String] {
        [
            "<subcommand>": localized("<subcommand>"),
            "<name>": localized("<name>"), "<name|none>": localized("<name|none>"),
            "<names>": localized("<names>"), "<names|none>": localized("<names|none>"),
            "<amount>": localized("<amount>"), "<rate>": localized("<rate>"),
            "<date>": localized("<date>"), "<date|none>": localized("<date|none>"),
            "<path>": localized("<path>"), "<file>": localized("<file>"),
            "<code>": localized("<code>"), "<currency>": localized("<currency>"),
            "<text>": localized("<text>"), "<key>": localized("<key>"),
            "<value>": localized("<value>"), "<format>": localized("<format>"),
            "<cycle>": localized("<cycle>"), "<status>": localized("<status>"),
            "<ref>": localized("<ref>"), "<reference>": localized("<reference>"),
            "<references>": localized("<references>"), "<length>": localized("<length>"),
            "<field=column,...>": localized("<field=column,...>"),
            "<days>": localized("<days>"), "<days|default>": localized("<days|default>"),
            "<command>": localized("<command>"), "<colour>": localized("<colour>"),
            "<category>": localized("<category>"), "<sort>": localized("<sort>"),
            "<username>": localized("<username>"), "<on-duplicate>": localized("<on-duplicate>"),
            "<old>": localized("<old>"), "<new>": localized("<new>"), "<months>": localized("<months>"),
        ]
    }

    /// A usage error of argument-parser's in the language; one it does not know stays English.
    static func error(_ message: String) -> String {
        guard Language.current != .english else { return message }
        for (pattern, make) in errors {
            guard let match = pattern.firstMatch(in: message, range: NSRange(message.startIndex..., in: message))
            else { continue }
            let groups = (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: message).map { String(message[$0]) } ?? ""
            }
            return make(groups)
        }
        return message
    }

    /// argument-parser's list of values, `'a', 'b' or 'c'` (two are `'a' and 'b'`), its last
    /// word in the language: it is a choice of one.
    private static func alternatives(_ list: String) -> String {
        guard let last = list.range(of: "' or '", options: .backwards) ?? list.range(of: "' and '", options: .backwards)
        else { return list }
        return list.replacingCharacters(in: last, with: "' " + localized("or") + " '")
    }

    nonisolated(unsafe) private static let errors: [(NSRegularExpression, ([String]) -> String)] = [
        (#"^Unknown option '(.+)'\. Did you mean '(.+)'\?$"#, { localized("Unknown option '\($0[0])'. Did you mean '\($0[1])'?") }),
        (#"^Unknown option '(.+)'$"#, { localized("Unknown option '\($0[0])'") }),
        (#"^Missing value for '(.+)'$"#, { localized("Missing value for '\($0[0])'") }),
        (#"^Unexpected argument '(.+)'$"#, { localized("Unexpected argument '\($0[0])'") }),
        (#"^(\d+) unexpected arguments: (.+)$"#, { localized("\($0[0]) unexpected arguments: \($0[1])") }),
        (#"^Missing expected argument '(.+)'$"#, { localized("Missing expected argument '\($0[0])'") }),
        (#"^Missing one of: (.+)$"#, { localized("Missing one of: \($0[0])") }),
        (#"^The value '(.*)' is invalid for '([^']+)'\. Please provide one of (.+)\.$"#,
         { localized("The value '\($0[0])' is invalid for '\($0[1])'. Please provide one of \(alternatives($0[2])).") }),
        (#"^The value '(.*)' is invalid for '([^']+)': (.+)$"#, { localized("The value '\($0[0])' is invalid for '\($0[1])': \($0[2])") }),
        (#"^The value '(.*)' is invalid for '([^']+)'$"#, { localized("The value '\($0[0])' is invalid for '\($0[1])'") }),
        (#"^Missing required subcommand\.$"#, { _ in localized("Missing required subcommand.") }),
        (#"^Invalid option: (.+)$"#, { localized("Invalid option: \($0[0])") }),
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }
}
