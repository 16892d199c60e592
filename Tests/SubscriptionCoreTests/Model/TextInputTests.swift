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

    @Test("A bad name gets one line without control characters that names (the start of) the value",
          arguments: badNames)
    func rejected(_ bad: BadName) {
        let error = #expect(throws: InputError.self) { try TextInput.name(bad.text) }
        expectOneLineNaming(said(error), bad.text)
        #expect(said(error)?.contains("name") == true)
        #expect((said(error)?.count ?? 0) < 200, "even a 10,000-character name gives a short line")
    }

    @Test("Free text is trimmed, empty means none, and control characters are refused")
    func freeText() throws {
        #expect(try TextInput.freeText("  card ending 4242 ", what: .notes) == "card ending 4242")
        #expect(try TextInput.freeText("   ", what: .notes) == nil)
        #expect(throws: InputError.self) { try TextInput.freeText("a\u{1B}[2Jb", what: .notes) }
        #expect(throws: InputError.self) { try TextInput.freeText(String(repeating: "x", count: 2_001), what: .notes) }
        #expect(try TextInput.freeText(String(repeating: "x", count: 2_000), what: .notes)?.count == 2_000)
    }
}

@Suite("Reminder day lists")
struct RemindDaysTests {
    @Test("Reminder offsets parse to distinct days, latest first",
          arguments: [("7,1", [7, 1]), ("1,7", [7, 1]), ("2", [2]), ("0", [0]), (" 3 , 3 ,1", [3, 1]), ("365", [365])])
    func accepted(_ text: String, _ expected: [Int]) throws {
        #expect(try RemindDays.parse(text) == expected)
    }

    @Test("Bad reminder offsets get one line naming them",
          arguments: ["", "7,", "-1", "366", "a", "1;2", "1000", "7,,1"])
    func rejected(_ text: String) {
        let error = #expect(throws: InputError.self) { try RemindDays.parse(text) }
        expectOneLineNaming(said(error), text)
    }
}
