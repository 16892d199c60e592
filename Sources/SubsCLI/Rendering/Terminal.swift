import SubscriptionCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the output is going to: whether it is a terminal, whether colour is wanted, and how wide
/// tables may be. The one place that decides colour (only on a terminal, never with `NO_COLOR` or
/// `TERM=dumb`) and width.
struct Terminal {
    let isTerminal: Bool
    let usesColor: Bool
    /// The columns a table may take; nil when it may take as many as it needs.
    var width: Int? = nil

    /// Tables fit `COLUMNS` when it is set (a deliberate setting, since shells do not export it
    /// by themselves), else the terminal's width; output to a pipe or file is otherwise never cut.
    static let standardOutput: Terminal = {
        let environment = ProcessInfo.processInfo.environment
        let isTerminal = isatty(STDOUT_FILENO) == 1
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        let columns = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        return Terminal(isTerminal: isTerminal, usesColor: isTerminal && !noColor,
                        width: columns ?? (isTerminal ? windowColumns() : nil))
    }()

    static let plain = Terminal(isTerminal: false, usesColor: false)

    /// The width of the terminal on standard output, nil when it does not say.
    private static func windowColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Whether an answer to a `[y/N]` question is yes: `y` or `yes`, and in Turkish also `e` or
    /// `evet`; anything else, or no answer, is no.
    static func confirmed(_ answer: String?) -> Bool {
        guard let answer = answer?.trimmingCharacters(in: .whitespaces) else { return false }
        return ["y", "yes", "e", "evet"].contains(NameMatching.key(answer))
    }

    enum Style: String {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case magenta = "35"
        case cyan = "36"
    }

    func paint(_ text: String, _ style: Style?) -> String {
        guard usesColor, let style, !text.isEmpty else { return text }
        return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }
}

/// Writes one line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

extension String {
    /// The text with every control and invisible format character (ESC, BEL, CR, C1, bidi marks,
    /// zero-width spaces ...) replaced by a visible mark,
    /// so text that came from the database can never drive the terminal.
    var terminalSafe: String {
        // Printable ASCII, most text, is safe as it is; only the rest needs Unicode's tables.
        if printableASCIICount != nil { return self }
        // So are the Latin letters before the combining marks, but for the soft hyphen (U+00AD),
        // and the currency signs (U+20A0 to U+20CF: €, ₺, ₹), which amounts in a table are full of.
        if unicodeScalars.allSatisfy({
            (0x20..<0x7F).contains($0.value) || ((0xA0..<0x300).contains($0.value) && $0.value != 0xAD)
                || (0x20A0..<0x20D0).contains($0.value)
        }) {
            return self
        }
        guard unicodeScalars.contains(where: \.isControlOrInvisibleFormat) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map {
            $0.isControlOrInvisibleFormat ? "\u{FFFD}" : $0
        }))
    }

    /// The number of bytes when every one is printable ASCII, else nil: one pass over the bytes
    /// in place, for the cells of a table, which are nearly all ASCII.
    var printableASCIICount: Int? {
        var text = self
        return text.withUTF8 { bytes in
            for byte in bytes where !(0x20..<0x7F).contains(byte) { return nil }
            return bytes.count
        }
    }

    /// Columns the text takes on a terminal: wide (CJK, emoji) characters take two, combining
    /// marks none.
    var displayWidth: Int {
        // Printable ASCII takes a column a byte.
        if let count = printableASCIICount { return count }
        // So does every letter of the Latin alphabets before the combining marks (U+0300), and
        // the dashes, quotes, ellipsis and currency signs of General Punctuation (but its
        // invisible joiners and marks): each is a character of its own, one column wide.
        var narrow = 0
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x20..<0x7F, 0xA0..<0x300, 0x2010..<0x2028, 0x2030..<0x205F, 0x20A0..<0x20D0: narrow += 1
            default: narrow = -1
            }
            if narrow < 0 { break }
        }
        return narrow >= 0 ? narrow : widthByCharacter
    }

    /// The rule itself, character by character, that `displayWidth` shortcuts for common text.
    var widthByCharacter: Int {
        reduce(0) { width, character in
            guard let scalar = character.unicodeScalars.first else { return width }
            if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) {
                return width + 2
            }
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
                 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
                return width + 2
            default:
                return width + 1
            }
        }
    }

    /// Cut to at most `width` columns, ending in an ellipsis when cut.
    func truncated(toWidth width: Int) -> String {
        guard displayWidth > width else { return self }
        var result = ""
        var resultWidth = 0
        for character in self {
            let characterWidth = String(character).displayWidth
            if resultWidth + characterWidth > width - 1 { break }
            result.append(character)
            resultWidth += characterWidth
        }
        return result + "…"
    }
}
