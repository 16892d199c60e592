import Testing
@testable import SubsCLI
@testable import SubscriptionCore

@Suite("Text width, terminal safety and amounts")
struct TextMeasureTests {
    @Test("Latin letters, punctuation and currency signs are as wide as the character-by-character rule says",
          arguments: ["Netflix", "Café", "Çay Kulübü", "€9.99", "₺1.086,60", "Éditions…", "a — b", "“quoted”",
                      "x\u{200D}y", "e\u{301}", "日本", "👍 ok", "soft\u{00AD}hyphen", "¥1,000", ""])
    func sample(_ text: String) {
        #expect(text.displayWidth == text.widthByCharacter)
    }

    @Test("Every scalar the fast paths take is one column, alone and after a letter")
    func everyFastScalar() {
        let ranges: [Range<UInt32>] = [0x20..<0x7F, 0xA0..<0x300, 0x2010..<0x2028, 0x2030..<0x205F, 0x20A0..<0x20D0]
        for value in ranges.joined() {
            let text = String(Unicode.Scalar(value)!)
            #expect(text.displayWidth == 1 && text.widthByCharacter == 1, "U+\(String(value, radix: 16))")
            #expect(("a" + text).displayWidth == ("a" + text).widthByCharacter, "a U+\(String(value, radix: 16))")
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
