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
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = String(line)
            for (english, translated) in replacements where line.contains(english) {
                line = line.replacingOccurrences(of: english, with: translated)
            }
            // `(values: a, b; default: a)` wrapped so that `default:` opens a line.
            if let range = line.range(of: #"^\s+default: "#, options: .regularExpression) {
                let indent = line[range].prefix { $0 == " " }
                line.replaceSubrange(range, with: indent + localized("default: "))
            }
            // The default subcommand, `  now (default)    Bu makinenin…`: its description stays
            // in its column.
            if let range = line.range(of: #"^  \S+ \(default\) *"#, options: .regularExpression) {
                let label = line[range].prefix { $0 != "(" } + localized("(default)")
                let padding = max(1, line.distance(from: range.lowerBound, to: range.upperBound) - label.count)
                line.replaceSubrange(range, with: label + String(repeating: " ", count: padding))
            }
            // `See 'subs help vault <subcommand>' for detailed help.`, for any command with subcommands.
            if let range = line.range(of: #"See '(.+) <subcommand>' for detailed help\."#, options: .regularExpression) {
                let command = line[range].dropFirst("See '".count).dropLast(" <subcommand>' for detailed help.".count)
                line.replaceSubrange(range, with: localized("See '\(String(command)) <subcommand>' for detailed help."))
            }
            return placeholders(in: line)
        }
        return reflowed(lines, width: Terminal.standardOutput.width ?? 80).joined(separator: "\n")
    }

    /// argument-parser's column for the descriptions of options and arguments.
    private static let descriptionColumn = 26

    /// An option or argument at the start of a help line: `  --remind <günler>  Her ödemeden...`
    /// gives the label and the start of its description.
    private static let entry = try! NSRegularExpression(
        pattern: #"^  ((?:-[^ ]*, )*[-<][^ ]*(?: [<\[][^ ]*)*)(?: +(.*))?$"#)

    /// The help laid out again for the language's longer or shorter words, as argument-parser lays
    /// it out: each option's description from column 26 (on the next line when its label reaches
    /// it), wrapped to `width`; any other line longer than `width` wrapped under its own indent.
    /// The usage line is left whole, as argument-parser leaves it.
    static func reflowed(_ lines: [String], width: Int) -> [String] {
        guard width > descriptionColumn + 20 else { return lines }
        let continuation = String(repeating: " ", count: descriptionColumn)
        var result: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard let match = entry.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                  let labelRange = Range(match.range(at: 1), in: line)
            else {
                result += line.hasPrefix(localized("USAGE:")) ? [line] : wrapped(line, width: width)
                continue
            }
            var words = Range(match.range(at: 2), in: line).map { line[$0].split(separator: " ").map(String.init) } ?? []
            while index < lines.count, lines[index].hasPrefix(continuation), lines[index].dropFirst(descriptionColumn).first.map({ $0 != " " }) == true {
                words += lines[index].split(separator: " ").map(String.init)
                index += 1
            }
            let label = "  " + line[labelRange]
            var current = label.count < descriptionColumn ? label.padding(toLength: descriptionColumn) : label
            if label.count >= descriptionColumn, !words.isEmpty {
                result.append(current)
                current = continuation
            }
            for word in words {
                if current.count > descriptionColumn, current.count + 1 + word.count > width {
                    result.append(current)
                    current = continuation
                }
                current += (current.count == descriptionColumn ? "" : " ") + word
            }
            result.append(current)
        }
        return result
    }

    /// A line longer than `width` wrapped under its own indent.
    static func wrapped(_ line: String, width: Int) -> [String] {
        guard line.count > width else { return [line] }
        let indent = line.prefix { $0 == " " }.count
        let characters = Array(line)
        // The last space that leaves the line within the width and something before it.
        guard indent + 1 < width, let space = (indent + 1...width).reversed().first(where: { characters[$0] == " " })
        else { return [line] }
        let first = String(characters[..<space]).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
        let rest = String(characters[space...]).drop { $0 == " " }
        guard !rest.isEmpty else { return [first] }
        return [first] + wrapped(String(repeating: " ", count: indent) + rest, width: width)
    }

    /// A help line with argument-parser's placeholders (`<name>`, `<date|none>`) in the language;
    /// `reflowed` puts the descriptions back in their column.
    static func placeholders(in line: String) -> String {
        guard line.contains("<") else { return line }
        let names = placeholderNames
        var result = ""
        var rest = line[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let token = String(rest[open...close])
            result += rest[..<open] + (names[token] ?? token)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Placeholders as argument-parser writes them, from option names and `valueName`s.
    private static var placeholderNames: [String: String] {
        [
            "<subcommand>": localized("<subcommand>"), "<options>": localized("<options>"),
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
            "<from>": localized("<from>"), "<map>": localized("<map>"),
            "<old>": localized("<old>"), "<new>": localized("<new>"), "<months>": localized("<months>"),
            "<month>": localized("<month>"),
        ]
    }

    /// The first line of a usage error of argument-parser's; nil when it has none. More than five
    /// values to choose from it lists one per line after "one of the following:", which a first
    /// line alone would cut off: they are said as it says fewer (`'a', 'b' or 'c'`).
    static func oneLine(_ message: String) -> String? {
        let lines = message.split(separator: "\n")
        guard let first = lines.first else { return nil }
        let opening = "Please provide one of the following:"
        let values = lines.dropFirst().compactMap { $0.hasPrefix("  - ") ? "'\($0.dropFirst(4))'" : nil }
        guard first.hasSuffix(opening), let last = values.last, values.count > 1 else { return String(first) }
        return first.dropLast(opening.count) + "Please provide one of " + values.dropLast().joined(separator: ", ")
            + " or \(last)."
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
            return placeholders(in: make(groups))
        }
        return placeholders(in: message)
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
