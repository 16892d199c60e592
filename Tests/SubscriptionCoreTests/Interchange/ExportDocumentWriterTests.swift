import Foundation
import Testing
@testable import SubscriptionCore

/// The export document is printed by the one JSON writer (`JSONValue`), not by a re-indenter of
/// JSONEncoder's output: these check the bytes are the ones the re-indenter wrote.
@Suite("Export document writer")
struct ExportDocumentWriterTests {
    /// What `encoded()` wrote before: JSONEncoder's sorted, compact output, re-indented.
    static func reindented(_ document: ExportDocument) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let compact = String(decoding: try encoder.encode(document), as: UTF8.self)
        var output = ""
        var depth = 0
        var inString = false
        var escaped = false
        let scalars = Array(compact.unicodeScalars)
        func newline() { output += "\n" + String(repeating: "  ", count: depth) }
        for (index, scalar) in scalars.enumerated() {
            if inString {
                output.unicodeScalars.append(scalar)
                if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
                continue
            }
            switch scalar {
            case "\"":
                inString = true
                output.unicodeScalars.append(scalar)
            case "{", "[":
                output.unicodeScalars.append(scalar)
                let next = index + 1 < scalars.count ? scalars[index + 1] : " "
                if next == "}" || next == "]" { continue }
                depth += 1
                newline()
            case "}", "]":
                let previous = index > 0 ? scalars[index - 1] : " "
                if previous != "{" && previous != "[" {
                    depth -= 1
                    newline()
                }
                output.unicodeScalars.append(scalar)
            case ",":
                output += ","
                newline()
            case ":":
                output += ": "
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output + "\n"
    }

    @Test("A rich document and an empty one: the same bytes as JSONEncoder's, re-indented")
    func sameBytes() throws {
        let odd = Subscription(
            name: "Ayşe's \"Gym\" \\ 東京 / é", price: Money(minorUnits: 1549, currency: currency("EUR")), cycle: .monthly,
            startDate: day("2024-01-31"), category: "Spor", url: "https://example.com/a/b?c=1", notes: "line\tand \u{1F600}",
            paymentMethod: "Visa", remindDays: [7, 1], members: [Member(name: "Bob", weight: 2)], createdAt: fixedNow)
        let rich = ExportDocument(
            subscriptions: [try LifeCheckTests.fullLife(), odd],
            categories: [ImportedCategory(name: "Spor", color: CategoryColor(stored: "red")), ImportedCategory(name: "Other", color: nil)],
            settings: [.budget: "100", .remindDays: "7,1", .remindExec: "notify-send 'x' \"y\""],
            rates: [ImportedRate(rate: try ExchangeRate(currency: currency("EUR"), stored: "1.08", setAt: fixedNow), base: currency("USD"))],
            exportedAt: fixedNow)
        #expect(rich.encoded() == (try Self.reindented(rich)))
        let empty = ExportDocument(subscriptions: [], categories: [], settings: [:], rates: [], exportedAt: fixedNow)
        #expect(empty.encoded() == (try Self.reindented(empty)))
    }

    @Test("The encoder writes explicit nulls, empty lists and objects, and refuses a fraction")
    func encoder() throws {
        struct Shape: Encodable {
            var name: String? = nil
            var list: [Int] = []
            var map: [String: Bool] = [:]
            var nested = [["b": 2, "a": 1]]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try container.encode(list, forKey: .list)
                try container.encode(map, forKey: .map)
                try container.encode(nested, forKey: .nested)
            }

            enum CodingKeys: String, CodingKey { case name, list, map, nested }
        }
        #expect(try JSONValueEncoder.encode(Shape()) == .object([
            "name": .null, "list": .array([]), "map": .object([:]),
            "nested": .array([.object(["a": .int(1), "b": .int(2)])]),
        ]))
        #expect(throws: EncodingError.self) { try JSONValueEncoder.encode([1.5]) }
    }
}
