import Foundation
import Testing
@testable import SubscriptionCore

/// The JSON writer puts its bytes in memory of its own: strings escaped as docs/json.md says,
/// numbers as `String(_:)` writes them, and nothing lost when it grows.
@Suite struct JSONWriterTests {
    /// The escape docs/json.md gives each code point: `"`, `\`, newline, return and tab by name,
    /// the other C0 controls, DEL and the C1 controls as `\u00XX`, everything else as it is.
    static func expected(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": return String(format: "\\u%04x", scalar.value)
        default: return String(scalar)
        }
    }

    static func written(_ value: JSONValue) -> String {
        var writer = JSONWriter()
        writer.writeCompact(value)
        return writer.text
    }

    @Test("Every code point below U+0800, alone and between plain text, escaped as docs/json.md says")
    func escapes() {
        for value in 0..<0x800 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = String(scalar)
            #expect(Self.written(.string(alone)) == "\"\(Self.expected(scalar))\"", "U+\(String(value, radix: 16))")
            let between = "ab\(alone)ç\(alone)"
            #expect(Self.written(.string(between)) == "\"ab\(Self.expected(scalar))ç\(Self.expected(scalar))\"")
        }
    }

    /// Plain text is looked at eight bytes at a time: a character to escape is found at every
    /// place in such a word, also after another one, and a plain neighbour is never escaped.
    @Test("A character to escape at every place of a long plain string, alone and with another after it")
    func escapesInLongStrings() {
        let specials: [Unicode.Scalar] = ["\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "ş", "😀", " ", "~", "!", "#", "[", "]"]
        let plain = Array("The quick brown fox jumps over".unicodeScalars)
        for special in specials {
            for place in 0...plain.count {
                for second in [nil, place + 1, place + 8, place + 9] {
                    var scalars = plain
                    scalars.insert(special, at: place)
                    if let second, second <= scalars.count { scalars.insert(special, at: second) }
                    let string = String(String.UnicodeScalarView(scalars))
                    #expect(Self.written(.string(string)) == "\"" + scalars.map(Self.expected).joined() + "\"",
                            "U+\(String(special.value, radix: 16)) at \(place), \(second ?? -1)")
                }
            }
        }
    }

    @Test("Random strings read back as they were written, and only what must be escaped is")
    func randomStrings() throws {
        var random = SystemRandomNumberGenerator()
        let alphabet: [Unicode.Scalar] = ["a", "Z", "\"", "\\", "\n", "\u{1}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}",
                                          "\u{A0}", "\u{C2}", "ş", "€", "😀", "\u{2028}"]
        for _ in 0..<500 {
            let length = Int.random(in: 0..<40, using: &random)
            var text = String.UnicodeScalarView()
            for _ in 0..<length { text.append(alphabet.randomElement(using: &random)!) }
            let string = String(text)
            let json = Self.written(.string(string))
            #expect(json == "\"" + string.unicodeScalars.map(Self.expected).joined() + "\"")
            #expect(try JSONDecoder().decode(String.self, from: Data(json.utf8)) == string)
        }
    }

    @Test("Numbers as String(_:) writes them", arguments: [0, 1, -1, 9, 10, -10, 99, 100, 12_345, Int.max, Int.min, Int.min + 1])
    func numbers(value: Int) {
        #expect(Self.written(.int(value)) == String(value))
        #expect(Self.written(.array([.int(value), .int(value / -3)])) == "[\(value),\(value / -3)]")
    }

    @Test("A writer that grows many times over keeps every byte, pretty and compact")
    func growing() {
        let long = String(repeating: "x\"y", count: 5_000)
        let value = JSONValue.array((0..<300).map { index in
            .object(["index": .int(index), "name": .string("\(index) \(long.prefix(index * 17))"), "none": .null])
        })
        var writer = JSONWriter(capacity: 1)  // the smallest it makes
        writer.write(value, indent: 0)
        let decoded = try? JSONSerialization.jsonObject(with: Data(writer.output)) as? [[String: Any]]
        #expect(decoded?.count == 300)
        #expect(decoded?[299]["name"] as? String == "299 \(long.prefix(299 * 17))")
        #expect(value.compactText.count < writer.text.count)
        #expect(value.rendered == writer.text + "\n")
    }

    /// Every member kind, as an object written as it comes and as a value.
    static func members(_ sink: inout some JSONMemberSink & ~Copyable, long: String) {
        sink.add("a", money: Money(minorUnits: -123_456, currency: Currency(code: "EUR")!))
        sink.add("b", money: nil)
        sink.add("c", date: CivilDate(iso: "2026-02-28"))
        sink.add("d", date: nil)
        sink.add("e", instant: Date(timeIntervalSince1970: 1_764_000_000))
        sink.add("f", int: Int.min)
        sink.add("g", int: nil)
        sink.add("h", ints: [])
        sink.add("i", ints: [7, -1])
        sink.add("j", bool: false)
        sink.add("k", string: nil)
        sink.add("l", string: long)
        sink.add("m") {
            $0.add("n") { _ in }
            $0.add("o") { $0.add("p", .array([.null, .object([:]), .array([])])) }
        }
        sink.add("q", .object(["r\"\n": .string("s")]))
    }

    @Test("An object written as it comes is the text of the same object as a value, growing as it goes")
    func objectWriter() {
        for long in ["", "plain", String(repeating: "wide ş \u{85} \"quoted\" ", count: 400)] {
            var object = JSONObject()
            Self.members(&object, long: long)
            var writer = JSONWriter(capacity: 1)
            writer.writeObject(indent: 1) { Self.members(&$0, long: long) }
            var value = JSONWriter()
            value.write(.object(object), indent: 1)
            #expect(writer.text == value.text)
        }
    }

    /// Keys on each side of the eight bytes `appendKey` stores at once, nested deep enough for
    /// indents past eight spaces.
    static func keyLengths(_ sink: inout some JSONMemberSink & ~Copyable) {
        sink.add("", int: 0)
        sink.add("abcdefg", int: 7)
        sink.add("abcdefgh", int: 8)
        sink.add("abcdefghi") { $0.add("j") { $0.add("k") { $0.add("l") { $0.add("abcdefghijklmnop", int: 16) } } } }
        sink.add("abcdefghijklmnopq", string: "17")
    }

    @Test("Keys of 0 to 17 bytes at indents of 2 to 16 spaces, written as they come, from a writer with no room")
    func keysAndIndents() {
        for indent in 0...3 {
            var object = JSONObject()
            Self.keyLengths(&object)
            var writer = JSONWriter(capacity: 1)
            writer.writeObject(indent: indent) { Self.keyLengths(&$0) }
            var value = JSONWriter()
            value.write(.object(object), indent: indent)
            #expect(writer.text == value.text)
            #expect(writer.text.contains("\n" + String(repeating: " ", count: 2 * indent + 10) + "\"abcdefghijklmnop\": 16"))
        }
    }

    @Test("The text docs/json.md shows, byte for byte")
    func golden() {
        var writer = JSONWriter()
        writer.writeObject(indent: 0) { Self.members(&$0, long: "x\ty") }
        #expect(writer.text == """
            {
              "a": "-1234.56",
              "b": null,
              "c": "2026-02-28",
              "d": null,
              "e": "2025-11-24T16:00:00Z",
              "f": -9223372036854775808,
              "g": null,
              "h": [],
              "i": [
                7,
                -1
              ],
              "j": false,
              "k": null,
              "l": "x\\ty",
              "m": {
                "n": {},
                "o": {
                  "p": [
                    null,
                    {},
                    []
                  ]
                }
              },
              "q": {
                "r\\"\\n": "s"
              }
            }
            """)
    }
}
