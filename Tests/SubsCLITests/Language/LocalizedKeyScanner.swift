import Foundation
import SubscriptionCore

/// Finds every text the sources show through `localized(...)` and computes the key
/// `LocalizedText` looks it up by: literal text with `%` doubled, each interpolation `%@`.
enum LocalizedKeyScanner {
    struct Found: Hashable {
        let key: String
        let place: String
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every localized literal under `Sources/`, with the file and line it is on.
    static func scanSources() throws -> [Found] {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var found: [Found] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = file.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "")
            for (key, line) in keys(in: text) {
                found.append(Found(key: key, place: "\(name):\(line)"))
            }
        }
        return found
    }

    /// The keys of `localized("…")` calls in one source text, with their line numbers.
    static func keys(in text: String) -> [(String, Int)] {
        let chars = Array(text.unicodeScalars)
        let marker = Array("localized(".unicodeScalars)
        var results: [(String, Int)] = []
        var i = 0
        while i + marker.count < chars.count {
            guard chars[i..<(i + marker.count)].elementsEqual(marker),
                  i == 0 || !(isIdentifier(chars[i - 1])) else {
                i += 1
                continue
            }
            var j = i + marker.count
            while j < chars.count, chars[j] == " " || chars[j] == "\n" { j += 1 }
            guard j < chars.count, chars[j] == "\"" else {
                i = j
                continue
            }
            let line = chars[0..<i].filter { $0 == "\n" }.count + 1
            let (key, end) = literal(chars, from: j)
            // Text in a comment (`/// localized("…")` in documentation) is not shown.
            let lineStart = chars[0..<i].lastIndex(of: "\n").map { $0 + 1 } ?? 0
            if String(String.UnicodeScalarView(chars[lineStart..<i])).contains("//") {
                i = end
                continue
            }
            results.append((key, line))
            i = end
        }
        return results
    }

    private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
    }

    /// The key of the literal opening at `start`, and the index after it.
    static func literal(_ chars: [Unicode.Scalar], from start: Int) -> (String, Int) {
        let multiline = start + 2 < chars.count && chars[start + 1] == "\"" && chars[start + 2] == "\""
        var j = start + (multiline ? 3 : 1)
        var raw: [Unicode.Scalar] = []  // the literal's text, escapes kept, interpolations as \u{1}
        while j < chars.count {
            let c = chars[j]
            if c == "\\" {
                if chars[j + 1] == "(" {
                    j = interpolationEnd(chars, from: j + 2)
                    raw.append("\u{1}")
                    continue
                }
                raw.append(c)
                raw.append(chars[j + 1])
                j += 2
                continue
            }
            if multiline {
                if c == "\"", chars[j + 1] == "\"", chars[j + 2] == "\"" {
                    j += 3
                    break
                }
            } else if c == "\"" {
                j += 1
                break
            }
            raw.append(c)
            j += 1
        }
        var text = String(String.UnicodeScalarView(raw))
        if multiline {
            var lines = text.components(separatedBy: "\n")
            lines.removeFirst()  // what follows the opening delimiter
            let indentation = lines.removeLast()
            text = lines.map { $0.hasPrefix(indentation) ? String($0.dropFirst(indentation.count)) : $0 }
                .joined(separator: "\n")
        }
        return (unescaped(text), j)
    }

    private static func interpolationEnd(_ chars: [Unicode.Scalar], from start: Int) -> Int {
        var depth = 1
        var j = start
        while depth > 0 {
            let c = chars[j]
            if c == "\"" {
                j = literal(chars, from: j).1
                continue
            }
            if c == "(" { depth += 1 }
            if c == ")" { depth -= 1 }
            j += 1
        }
        return j
    }

    private static func unescaped(_ raw: String) -> String {
        var result = ""
        var scalars = raw.unicodeScalars[...]
        while let c = scalars.popFirst() {
            switch c {
            case "\u{1}": result += "%@"
            case "%": result += "%%"
            case "\\":
                guard let next = scalars.popFirst() else { break }
                switch next {
                case "n": result += "\n"
                case "t": result += "\t"
                case "0": result += "\0"
                case "\n": break  // a line continuation
                case "u":
                    let hex = scalars.dropFirst().prefix { $0 != "}" }
                    scalars = scalars.dropFirst(hex.count + 2)
                    if let value = UInt32(String(String.UnicodeScalarView(hex)), radix: 16),
                       let scalar = Unicode.Scalar(value) {
                        result.unicodeScalars.append(scalar)
                    }
                default: result.unicodeScalars.append(next)
                }
            default: result.unicodeScalars.append(c)
            }
        }
        return result
    }
}
