import Testing
@testable import SubsCLI
@testable import SubscriptionCore

@Suite("Text width, terminal safety and amounts")
struct TextMeasureTests {
    /// The rule, character by character, that the fast paths shortcut.
    static func reference(_ text: String) -> Int {
        text.reduce(0) { width, character in
            guard let scalar = character.unicodeScalars.first else { return width }
            if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return width + 2 }
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
                 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
                return width + 2
            default:
                return width + 1
            }
        }
    }

    @Test("Latin letters, punctuation and currency signs are as wide as the character rule says",
          arguments: ["Netflix", "Café", "Çay Kulübü", "€9.99", "₺1.086,60", "Éditions…", "a — b", "“quoted”",
                      "x\u{200D}y", "e\u{301}", "日本", "👍 ok", "soft\u{00AD}hyphen", "¥1,000", ""])
    func sample(_ text: String) {
        #expect(text.displayWidth == Self.reference(text))
    }

    @Test("Every scalar the fast paths take is one column, alone and after a letter")
    func everyFastScalar() {
        let ranges: [Range<UInt32>] = [0x20..<0x7F, 0xA0..<0x300, 0x2010..<0x2028, 0x2030..<0x205F, 0x20A0..<0x20D0]
        for value in ranges.joined() {
            let text = String(Unicode.Scalar(value)!)
            #expect(text.displayWidth == Self.reference(text), "U+\(String(value, radix: 16))")
            #expect(("a" + text).displayWidth == Self.reference("a" + text), "a U+\(String(value, radix: 16))")
        }
    }

    @Test("Latin text passes terminal safety as it is; the soft hyphen and controls do not")
    func terminalSafety() {
        #expect("Çay Kulübü".terminalSafe == "Çay Kulübü")
        #expect("soft\u{00AD}hyphen".terminalSafe == "soft\u{FFFD}hyphen")
        #expect("bell\u{07}".terminalSafe == "bell\u{FFFD}")
        #expect("esc\u{1B}[31m".terminalSafe == "esc\u{FFFD}[31m")
    }

    @Test("Amounts are grouped by thousands with the language's separators")
    func grouping() {
        #expect(MoneyText.number("1234567.50", in: .english) == "1,234,567.50")
        #expect(MoneyText.number("1234567.50", in: .turkish) == "1.234.567,50")
        #expect(MoneyText.number("999", in: .english) == "999")
        #expect(MoneyText.number("1000", in: .english) == "1,000")
        #expect(MoneyText.number("0.5", in: .turkish) == "0,5")
        #expect(MoneyText.display(Money(minorUnits: -123456, currency: Currency(code: "TRY")!), in: .turkish) == "-₺1.234,56")
    }
}
