import Testing
@testable import SubscriptionCore

@Suite("Names and free text")
struct TextInputTests {
    @Test("A name is trimmed of surrounding whitespace",
          arguments: [("  Netflix  ", "Netflix"), ("\tSpotify Family\n", "Spotify Family"),
                      ("Visa ••4242", "Visa ••4242"), ("日本のサービス", "日本のサービス"), ("X", "X")])
    func trims(_ text: String, _ expected: String) throws {
        #expect(try TextInput.name(text) == expected)
    }

    @Test("White space beyond ASCII is trimmed at either end and kept inside",
          arguments: [("Netflix\u{00A0}", "Netflix"), ("\u{2003}Hulu", "Hulu"), ("Net\u{00A0}flix", "Net\u{00A0}flix"),
                      ("a b", "a b"), ("\u{0085}Proton", "Proton")])
    func trimsUnicodeWhiteSpace(_ text: String, _ expected: String) throws {
        #expect(try TextInput.name(text) == expected)
        #expect(try TextInput.freeText(text, what: .notes) == expected)
    }

    @Test("Joiners that scripts and emoji need are kept",
          arguments: ["می\u{200C}خواهم", "Family 👨\u{200D}👩\u{200D}👧"])
    func joinersAreKept(_ text: String) throws {
        #expect(try TextInput.name(text) == text)
    }

    @Test("A name of exactly 100 characters is accepted")
    func hundredCharacters() throws {
        let name = String(repeating: "n", count: 100)
        #expect(try TextInput.name(name) == name)
    }

    struct BadName: Sendable, CustomTestStringConvertible {
        let label: String
        let text: String
        var testDescription: String { label }
    }

    static let badNames: [BadName] = [
        .init(label: "empty", text: ""),
        .init(label: "only spaces", text: "   "),
        .init(label: "101 characters", text: String(repeating: "a", count: 101)),
        .init(label: "10,000 characters", text: String(repeating: "Netflix ", count: 1_250)),
        .init(label: "ANSI colour escape", text: "\u{1B}[31mNetflix"),
        .init(label: "escape in the middle", text: "Net\u{1B}]0;pwned\u{07}flix"),
        .init(label: "embedded newline", text: "Net\nflix"),
        .init(label: "NUL", text: "Net\u{0}flix"),
        .init(label: "DEL", text: "Net\u{7F}flix"),
        .init(label: "C1 CSI", text: "Net\u{9B}31mflix"),
        .init(label: "right-to-left override", text: "Net\u{202E}xilf"),
        // Issue 8, item 15: invisible format characters that make two names look alike.
        .init(label: "zero-width space", text: "Net\u{200B}flix"),
        .init(label: "left-to-right mark", text: "Netflix\u{200E}"),
        .init(label: "right-to-left mark", text: "\u{200F}Netflix"),
        .init(label: "Arabic letter mark", text: "Net\u{061C}flix"),
        .init(label: "line separator", text: "Net\u{2028}flix"),
        .init(label: "byte order mark", text: "\u{FEFF}Netflix"),
        .init(label: "tag characters", text: "Netflix\u{E0041}\u{E007F}"),
    ]

    /// How the command line says it: ModelErrorWordingTests.
    @Test("A bad name is refused as a name, with the value as given", arguments: badNames)
    func rejected(_ bad: BadName) {
        let error = #expect(throws: InputError.self) { try TextInput.name(bad.text) }
        let rule: InputError.TextRule = TextInput.nameLengths.contains(bad.text.trimmingCharacters(in: .whitespacesAndNewlines).count)
            ? .visible : .length
        #expect(error == .invalidName(.name, value: bad.text, expected: rule))
    }

    @Test("A name is refused as the name it is: a member's, a category's")
    func namesAreRefusedAsWhatTheyName() {
        #expect(throws: InputError.invalidName(.memberName, value: "", expected: .length)) { try TextInput.name("", what: .memberName) }
        #expect(throws: InputError.invalidName(.category, value: "A\u{1B}", expected: .visible)) {
            try TextInput.name("A\u{1B}", what: .category)
        }
    }

    @Test("Free text is trimmed, empty means none, and control characters are refused")
    func freeText() throws {
        #expect(try TextInput.freeText("  card ending 4242 ", what: .notes) == "card ending 4242")
        #expect(try TextInput.freeText("   ", what: .notes) == nil)
        #expect(throws: InputError.invalidText(.notes, value: "a\u{1B}[2Jb", expected: .visible)) {
            try TextInput.freeText("a\u{1B}[2Jb", what: .notes)
        }
        let long = String(repeating: "x", count: 2_001)
        #expect(throws: InputError.invalidText(.url, value: long, expected: .length)) { try TextInput.freeText(long, what: .url) }
        #expect(try TextInput.freeText(String(repeating: "x", count: 2_000), what: .notes)?.count == 2_000)
    }
}

@Suite("Reminder day lists")
struct RemindDaysTests {
    @Test("Reminder offsets parse to distinct days, latest first",
          arguments: [("7,1", [7, 1]), ("1,7", [7, 1]), ("2", [2]), ("0", [0]), (" 3 , 3 ,1", [3, 1]), ("365", [365]),
                      ("7,7,1", [7, 1]), ("30,7,1,0", [30, 7, 1, 0]), ("007,1", [7, 1]), ("1,30,7", [30, 7, 1])])
    func accepted(_ text: String, _ expected: [Int]) throws {
        #expect(try RemindDays.parse(text) == expected)
    }

    @Test("Bad reminder offsets are refused, naming them",
          arguments: ["", "7,", "-1", "366", "a", "1;2", "1000", "7,,1", ",", ",7", "366,1", "400,7", "1,366", "0007"])
    func rejected(_ text: String) {
        #expect(throws: InputError.invalid(.reminderDays, value: text, expected: .reminderDays)) { try RemindDays.parse(text) }
    }
}
