import Foundation

/// RFC 5545 content lines (§3.1): each `NAME;PARAMS:VALUE` line ends in CRLF and is folded at
/// 75 octets, with continuation lines starting with one space.
struct ContentLines {
    /// The longest a line may be, in UTF-8 octets, not counting its CRLF.
    static let maximumOctets = 75

    private(set) var text = ""

    /// Appends a line whose value is already in its RFC 5545 form (a date, a rule, a duration).
    mutating func append(_ name: String, _ value: String) {
        text += Self.folded(name + ":" + value)
    }

    /// Appends a line with a TEXT value, escaped.
    mutating func append(_ name: String, text value: String) {
        append(name, Self.escaped(value))
    }

    /// Appends an all-day event's start and end (the day after), as `DTSTART`/`DTEND` dates.
    mutating func appendAllDay(_ day: CivilDate) {
        append("DTSTART;VALUE=DATE", Self.date(day))
        append("DTEND;VALUE=DATE", Self.date(day.adding(days: 1) ?? day))
    }

    /// Appends a `VALARM` that shows `description` `daysBefore` days before the event.
    mutating func appendAlarm(daysBefore: Int, description: String) {
        append("BEGIN", "VALARM")
        append("ACTION", "DISPLAY")
        append("TRIGGER", "-P\(daysBefore)D")
        append("DESCRIPTION", text: description)
        append("END", "VALARM")
    }

    /// Folds a line into pieces of at most 75 octets, breaking only between Unicode scalars so a
    /// multi-byte character is never split, and ends every piece in CRLF.
    static func folded(_ line: String) -> String {
        var output = String.UnicodeScalarView()
        var octetsOnLine = 0
        for scalar in line.unicodeScalars {
            let width = UTF8.width(scalar)
            if octetsOnLine + width > maximumOctets {
                output.append(contentsOf: "\r\n ".unicodeScalars)
                octetsOnLine = 1
            }
            output.append(scalar)
            octetsOnLine += width
        }
        output.append(contentsOf: "\r\n".unicodeScalars)
        return String(output)
    }

    /// A TEXT value (§3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`. Other
    /// control characters are not allowed in TEXT and become U+FFFD, as they do on a terminal.
    static func escaped(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\\": output.append(contentsOf: #"\\"#.unicodeScalars)
            case ";": output.append(contentsOf: #"\;"#.unicodeScalars)
            case ",": output.append(contentsOf: #"\,"#.unicodeScalars)
            case "\r": output.append(contentsOf: #"\n"#.unicodeScalars)
            case "\n" where previousWasCarriageReturn: continue
            case "\n": output.append(contentsOf: #"\n"#.unicodeScalars)
            case "\t": output.append(scalar)
            default:
                output.append(scalar.properties.generalCategory == .control ? "\u{FFFD}" : scalar)
            }
        }
        return String(output)
    }

    /// A DATE value: `20240131`.
    static func date(_ date: CivilDate) -> String {
        String(date.description.filter { $0 != "-" })
    }
}
