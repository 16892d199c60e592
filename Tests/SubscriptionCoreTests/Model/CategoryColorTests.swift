import Testing
@testable import SubscriptionCore

@Suite("Category colours")
struct CategoryColorTests {
    @Test("A named colour or #rrggbb, in any case, is kept in lower case",
          arguments: [("cyan", "cyan"), ("MAGENTA", "magenta"), ("#FF8800", "#ff8800"), ("#00aa11", "#00aa11")])
    func accepted(_ input: String, stored: String) throws {
        #expect(try CategoryColor(input: input).description == stored)
    }

    @Test("Only a named colour has a name a terminal can paint")
    func names() throws {
        #expect(try CategoryColor(input: "Red").name == .red)
        #expect(try CategoryColor(input: "#ff0000").name == nil)
    }

    @Test("Anything else is refused as a colour, naming the value",
          arguments: ["purple", "", " red", "#ff880", "#ff88000", "#gg0000", "ff8800", "#ＦＦ0000"])
    func refused(_ input: String) {
        #expect(throws: InputError.invalid(.colour, value: input, expected: .colour)) { try CategoryColor(input: input) }
    }
}
