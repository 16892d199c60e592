import Foundation
import Testing
@testable import SubscriptionCore
import FuzzSupport

/// The duplicate-key check every reader of a user's JSON runs before decoding (issue 21, item 2):
/// Foundation keeps one of two equal keys without a word, jq and Python the other.
@Suite("JSON key check")
struct JSONKeyCheckTests {
    static func check(_ text: String, rawMembers: Set<String> = []) throws(JSONKeyCheck.Problem) -> JSONKeyCheck.Checked {
        try JSONKeyCheck.check(Data(text.utf8), rawMembers: rawMembers)
    }

    static func problem(_ text: String) -> JSONKeyCheck.Problem? {
        do {
            _ = try check(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("A key written twice is found, with the object it is in", arguments: [
        (#"{"a": 1, "a": 2}"#, "a", ""),
        (#"{"settings": {"remind-exec": "touch x", "remind-exec": "notify-send y"}}"#, "remind-exec", "settings"),
        (#"{"subscriptions": [{"name": "A"}, {"name": "B", "x": [], "name": "C"}]}"#, "name", "subscriptions[1]"),
        (#"[[{"k": {"deep": {"z": 1, "z": 1}}}]]"#, "z", "[0][0].k.deep"),
        // Written differently, read the same: an escape, or é composed and decomposed.
        (#"{"remind-exec": "a", "remind\u002dexec": "b"}"#, "remind-exec", ""),
        ("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}", "cafe\u{301}", ""),
        (#"{"😀": 1, "\ud83d\ude00": 2}"#, "😀", ""),
        // A character that is an ASCII one (U+212A KELVIN SIGN is K), before it and after.
        ("{\"K\": 1, \"\u{212A}\": 2}", "\u{212A}", ""), ("{\"\u{212A}\": 1, \"a\": 2, \"K\": 2}", "K", ""),
    ])
    func duplicateFound(_ text: String, key: String, path: String) {
        #expect(Self.problem(text) == .duplicateKey(key: key, path: path))
    }

    @Test("Equal keys in different objects, and values equal to keys, are not duplicates")
    func noDuplicate() throws {
        try Self.check(#"{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}], "c": "a", "d": {}, "e": [], "f": [[], {}]}"#)
        try Self.check(#"{"a": 1, "A": 2, "a ": 3}"#)
        try Self.check(#"  "just a string" "#)
        try Self.check("\u{FEFF}{\"a\": 1}")
    }

    @Test("What is not JSON is refused, not passed over", arguments: [
        "", "{", "}", "[1,]", #"{"a": 1,}"#, #"{"a" 1}"#, #"{"a": 1 "b": 2}"#, #"{a: 1}"#, #"{"a": 1}}"#,
        #"{"a": 1} x"#, #"["x]"#, "[\"a\u{01}b\"]", #"{"\ud800": 1}"#, #"{"\x": 1}"#, #"{"\u12": 1}"#,
        "[1 2]", "[,]", #"{"a":}"#, "{\"a\": 1}\u{0}",
    ])
    func malformed(_ text: String) {
        guard case .malformed? = Self.problem(text) else {
            Issue.record("not refused as malformed: \(Self.problem(text).map { "\($0)" } ?? "accepted")")
            return
        }
    }

    @Test("A key that is not UTF-8 is refused, escaped or not; a long object is still checked")
    func keyBytes() throws {
        for bytes: [UInt8] in [[0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], [0x7B, 0x22, 0x5C, 0x6E, 0xC3, 0x22, 0x3A, 0x31, 0x7D]] {
            #expect(throws: JSONKeyCheck.Problem.malformed(offset: bytes.count - 4)) { try JSONKeyCheck.check(Data(bytes)) }
        }
        let many = (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        try Self.check("{\(many)}")
        #expect(Self.problem("{\(many), \"k\\u0030\": 1}") == .duplicateKey(key: "k0", path: ""))
        #expect(Self.problem("{\(many), \"k99\": 1}") == .duplicateKey(key: "k99", path: ""))
        // Past the 32 keys from which an object's keys are in a set: a character that is an
        // ASCII one, and an object inside whose keys leave the outer one's as they were.
        let thirtyTwo = (0..<32).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(Self.problem("{\(thirtyTwo), \"K\": 1, \"\u{212A}\": 2}") == .duplicateKey(key: "\u{212A}", path: ""))
        #expect(Self.problem("{\(thirtyTwo), \"in\": {\"k0\": 1, \"k40\": 2}, \"k40\": 3, \"k5\": 4}")
                == .duplicateKey(key: "k5", path: ""))
        try Self.check("{\(thirtyTwo), \"in\": {\"k0\": 1, \"k40\": 2}, \"k40\": 3}")
    }

    @Test("A bad escape is refused where it is: at the code after its backslash")
    func escapeOffset() {
        for text in [#"{"\ud800": 1}"#, #"{"\u12G4": 1}"#, #"{"\ud800\u0041": 1}"#, #"{"\udc00": 1}"#, #"{"\x": 1}"#] {
            #expect(Self.problem(text) == .malformed(offset: 3), "\(text)")
        }
    }

    @Test("Nesting is bounded, without recursion, as Foundation bounds it")
    func depth() throws {
        let limit = JSONKeyCheck.maximumDepth
        try Self.check(String(repeating: "[", count: limit) + String(repeating: "]", count: limit))
        #expect(Self.problem(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)) == .tooDeep)
        #expect(Self.problem(String(repeating: "{\"a\":", count: 200_000)) == .tooDeep)
    }

    @Test("The raw text of an outermost member: 1.0 stays 1.0")
    func rawMembers() throws {
        let checked = try Self.check(#"{"version": 1.0, "inner": {"version": 7}, "format": "subs"}"#, rawMembers: ["version", "format"])
        #expect(checked.rawMembers == ["version": "1.0", "format": "\"subs\""])
    }

    @Test("A subs export document passes, and a key seen is a key Foundation keeps")
    func exportDocumentPasses() throws {
        let document = ExportDocument(subscriptions: [try LifeCheckTests.fullLife()], categories: [ImportedCategory(name: "A", color: nil)],
                                      settings: [.budget: "100"], rates: [], exportedAt: fixedNow)
        let data = Data(document.encoded().utf8)
        let checked = try JSONKeyCheck.check(data)
        #expect(checked.keys == Self.keyCount(try JSONSerialization.jsonObject(with: data)))
    }

    /// Every key of every object in a value JSONSerialization read.
    static func keyCount(_ value: Any) -> Int {
        if let object = value as? [String: Any] { return object.count + object.values.map(keyCount).reduce(0, +) }
        if let array = value as? [Any] { return array.map(keyCount).reduce(0, +) }
        return 0
    }

    /// Mutated JSON, seeded (`SUBS_FUZZ_SEED` replays a run): whenever Foundation reads the text
    /// and the check lets it through, Foundation kept every key the check saw, so none was
    /// dropped as a duplicate; and nothing the check refuses as a duplicate is without one.
    @Test("Fuzzed JSON: what the check passes, Foundation reads with every key")
    func fuzzAgainstFoundation() throws {
        var random = SeededRandom(name: "JSON key check")
        let base = ExportDocument(subscriptions: [try LifeCheckTests.fullLife()], categories: [ImportedCategory(name: "A", color: nil)],
                                  settings: [.budget: "100", .remindDays: "3"], rates: [], exportedAt: fixedNow).encoded()
        let seeds = [Array(base.utf8), Array(#"{"a": [1, {"b": "c\u00e9", "d": null}], "e": {"f": true}}"#.utf8)]
        for _ in 0..<3_000 {
            let bytes = Mutation.mutate(random.element(seeds), random: &random)
            let data = Data(bytes)
            let foundation = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            do {
                let checked = try JSONKeyCheck.check(data)
                if let foundation {
                    #expect(checked.keys == Self.keyCount(foundation), "seed \(random.seed): \(String(decoding: bytes, as: UTF8.self))")
                }
            } catch .duplicateKey(let key, _) {
                #expect(bytes.count >= 2 * key.utf8.count, "seed \(random.seed)")
            } catch {
                // Refused as malformed or too deep: nothing gets through.
            }
        }
    }
}
