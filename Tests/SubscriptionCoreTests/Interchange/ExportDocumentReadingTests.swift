import Foundation
import Testing
@testable import SubscriptionCore
import FuzzSupport

/// The export document is read by `JSONPullReader` (`ExportDocument.read`), and by
/// `JSONDecoder` where that gives up: whatever the fast reader reads must be what `JSONDecoder`
/// reads, and an import must take or refuse a document as it did with `JSONDecoder` alone.
@Suite("An export document read without JSONDecoder")
struct ExportDocumentReadingTests {
    /// A document of `count` subscriptions whose strings hold what could mislead a reader:
    /// quotes, backslashes, brackets, escapes, controls, characters beyond the BMP, a key's name.
    static func document(_ count: Int) -> String {
        let names = [
            "Plain", "Comma, ] and [", "Quote \" inside", "Ends in a backslash \\", "Backslash and quote \\\"",
            "Two backslashes \\\\", "\"subscriptions\": [1, 2]", "{}", "Café ☕ 😀",
        ]
        let subscriptions = (0..<count).map { index in
            var subscription = Subscription(
                name: "\(index) \(names[index % names.count])", price: Money(minorUnits: Int128(100 + index), currency: .usd),
                cycle: .monthly, startDate: day("2024-01-31"), category: index % 4 == 0 ? "Şirket" : nil,
                notes: index % 2 == 0 ? "{\"subscriptions\": [\"x\"]}" : nil,
                createdAt: fixedNow)
            subscription.members = index % 3 == 0 ? [Member(name: "Ayşe, [1]", weight: 2), Member(name: "Bob", weight: 1)] : []
            subscription.paidBy = index % 6 == 0 ? "Ayşe" : nil
            subscription.remindDays = index % 2 == 0 ? [7, 1] : nil
            if index % 7 == 0 {
                subscription.contract = Contract(term: TimeSpan(count: 1, unit: .year)!, notice: TimeSpan(count: 3, unit: .month)!)
            }
            return subscription
        }
        return ExportDocument(
            subscriptions: subscriptions,
            categories: [ImportedCategory(name: "subscriptions", color: nil), ImportedCategory(name: "Şirket", color: CategoryColor(stored: "red"))],
            settings: [.budget: "100", .remindDays: "7,1"],
            rates: [ImportedRate(rate: try! ExchangeRate(currency: currency("EUR"), stored: "1.08", setAt: fixedNow), base: currency("USD"))],
            settlements: [Settlement(id: "5b0c2f8e-3c1d-4e6f-9a7b-1c2d3e4f5a6b", from: "Bob", to: "Ayşe",
                                     amount: money("12.50"), date: day("2024-03-01"), createdAt: fixedNow)],
            exportedAt: fixedNow).encoded()
    }

    /// What each reader makes of `text`.
    private func read(_ text: String) -> (fast: ExportDocument?, decoder: ExportDocument?) {
        let data = Data(text.utf8)
        return (ExportDocument.read(data), try? JSONDecoder().decode(ExportDocument.self, from: data))
    }

    @Test("A document subs wrote is read as JSONDecoder reads it, a full life and all")
    func written() throws {
        let full = ExportDocument(subscriptions: [try LifeCheckTests.fullLife()], categories: [], settings: [:], rates: [],
                                  exportedAt: fixedNow).encoded()
        for text in [Self.document(30), full] {
            let (fast, decoder) = read(text)
            #expect(decoder != nil)
            #expect(fast == decoder)
        }
    }

    @Test("Written otherwise but meaning the same: read as JSONDecoder reads it", arguments: [
        // On one line, in another order, the optional members left out, nulls where allowed.
        #"{"version":1,"format":"subs","exported_at":"2024-01-01T00:00:00Z","categories":[],"settings":{},"rates":[],"subscriptions":[]}"#,
        #"{"format":"subs","version":1,"exported_at":"x","subscriptions":[],"categories":[],"settings":{"a\u00e9\/":"\ud83d\ude00"},"rates":[],"settlements":null}"#,
        // Every escape, controls and all, and the least whole number there is.
        #"{"format":"s\"\\\/\b\f\n\r\t\u0000\u001F\u007f\u0085\uFFFF","version":-9223372036854775808,"exported_at":"","subscriptions":[],"categories":[],"settings":{},"rates":[]}"#,
        """
        { "format" : "subs" ,\r\n\t"version": -0, "exported_at": "", "categories": [ { "name": "\\u015eirket", "color": null } ],
          "settings": {}, "rates": [], "subscriptions": [ { "id": "a", "name": "n\\\\\\"", "currency": "USD",
          "price_history": [ { "effective": "2024-01-01", "amount": "1.00" } ], "cycle": { "unit": "month", "count": 12 },
          "start_date": "2024-01-01", "auto_renew": false, "members": [], "billing_periods": [ { "cycle": null }, {} ],
          "pauses": [ { "from": "2024-02-01" } ], "remind_days": null, "charges": [ { "date": "d" } ], "contract": { "term": "1y", "renews": "1m" },
          "created_at": "c", "updated_at": "u" } ] }
        """,
    ])
    func sameMeaning(_ text: String) {
        let (fast, decoder) = read(text)
        #expect(decoder != nil)
        #expect(fast == decoder)
    }

    /// Each of these the fast reader gives up on, so `JSONDecoder` decides: it reads some
    /// (`1.0` as 1, an escaped key, a member it does not know) and refuses the others.
    @Test("What the fast reader cannot be sure of is left to JSONDecoder", arguments: [
        ("\"count\": 1", "\"count\": 1.0"), ("\"count\": 1", "\"count\": 1e0"), ("\"count\": 1", "\"count\": 01"),
        ("\"count\": 1", "\"count\": 9223372036854775808"), ("\"count\": 1", "\"count\": 99999999999999999999"), ("\"weight\": 2", "\"weight\": \"2\""),
        ("\"name\": \"Bob\"", "\"n\\u0061me\": \"Bob\""), ("\"format\"", "\"extra\": 1, \"format\""),
        ("\"auto_renew\": true", "\"auto_renew\": null"), ("\"auto_renew\": true", "\"auto_renew\": 1"),
        ("\"start_date\": \"2024-01-31\",", ""), ("\"name\": \"Bob\"", "\"name\": \"\\ud800\""),
        ("\"name\": \"Bob\"", "\"name\": \"B\u{1}b\""), ("\"name\": \"Bob\"", "\"name\": \"B\\xb\""),
        ("\"name\": \"Bob\"", "\"name\": \"\\ud800\\u0041\""), ("\"name\": \"Bob\"", "\"name\": \"\\udc00\""),
        ("\"members\": [", "\"members\": [,"), ("\"version\": 1", "\"version\": true"),
    ])
    func givenUp(_ edit: (String, String)) throws {
        let text = Self.document(1)
        let edited = text.replacingOccurrences(of: edit.0, with: edit.1)
        try #require(edited != text, "\(edit.0) is in the document")
        #expect(read(edited).fast == nil)
        #expect(read(text).fast != nil)
    }

    @Test("Nothing but whitespace may follow the document; a byte-order mark and text that is not UTF-8 are given up on")
    func bytesAround() throws {
        let text = Self.document(3)
        #expect(read(text + " \n").fast != nil)
        // Not UTF-8 in a string without an escape, and in one with.
        var notUTF8 = Array(text.utf8)
        let plain = try #require(notUTF8.firstRange(of: Array("Plain".utf8)))
        notUTF8[plain.lowerBound + 2] = 0xFF
        var escapedNotUTF8 = Array(text.utf8)
        let quote = try #require(escapedNotUTF8.firstRange(of: Array("Quote \\\" inside".utf8)))
        escapedNotUTF8[quote.lowerBound + 1] = 0xC3
        for data in [Data((text + "x").utf8), Data((text + "{}").utf8), Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)), Data(notUTF8),
                     Data(escapedNotUTF8)] {
            #expect(ExportDocument.read(data) == nil)
        }
    }

    @Test("Mutated documents: what the fast reader reads, JSONDecoder reads the same")
    func mutatedRead() {
        var random = SeededRandom(name: "export document reading")
        let seed = Array(Self.document(6).utf8)
        var outcomes = (read: 0, givenUp: 0)
        for round in 0..<2_000 {
            let data = Data(Mutation.mutate(seed, random: &random))
            // A key written twice is the key check's to refuse, before either reader's value is used.
            guard (try? JSONKeyCheck.check(data)) != nil else { continue }
            guard let fast = ExportDocument.read(data) else {
                outcomes.givenUp += 1
                continue
            }
            outcomes.read += 1
            #expect(fast == (try? JSONDecoder().decode(ExportDocument.self, from: data)),
                    "seed \(random.seed), round \(round):\n\(String(decoding: data, as: UTF8.self))")
        }
        #expect(outcomes.read > 100 && outcomes.givenUp > 200, "\(outcomes)")
    }

    // MARK: - The import, on one core and on both

    static let options = ImportOptions(today: day("2024-10-01"), now: fixedNow)

    /// What an import makes of `data`: its subscriptions, or the error it says; with export
    /// documents of `long` bytes or more read while their keys are checked on the other core,
    /// and read by `JSONDecoder` alone unless `fast`.
    private func outcome(_ data: Data, long: Int = 0, fast: Bool = true) -> (subscriptions: [Subscription]?, error: String?) {
        do {
            return (try ImportFormats.parse(data, from: nil, options: Self.options, long: long, fast: fast).subscriptions.map(\.subscription), nil)
        } catch {
            return (nil, "\(error)")
        }
    }

    @Test("Mutated documents: the import takes or refuses each as it does with JSONDecoder alone, on one core or both")
    func mutatedImport() {
        var random = SeededRandom(name: "export document import")
        let seed = Array(Self.document(6).utf8)
        var outcomes = (taken: 0, refused: 0)
        for round in 0..<1_000 {
            let data = Data(Mutation.mutate(seed, random: &random))
            let decoder = outcome(data, long: .max, fast: false)
            if decoder.subscriptions != nil { outcomes.taken += 1 } else { outcomes.refused += 1 }
            for long in [0, Int.max] {
                #expect(outcome(data, long: long) == decoder, "seed \(random.seed), round \(round):\n\(String(decoding: data, as: UTF8.self))")
            }
        }
        #expect(outcomes.taken > 30 && outcomes.refused > 300, "\(outcomes)")
    }

    /// A key written twice: the fast reader keeps the last value, `JSONDecoder` the first. Either
    /// way round the import says what it said with `JSONDecoder` alone: not a subs document when
    /// the first `format` is another, the key written twice when it is `subs`.
    @Test("A key written twice is refused as it was with JSONDecoder alone, whichever value comes first")
    func twiceWritten() throws {
        let text = Self.document(2)
        for (first, second) in [("x", "subs"), ("subs", "x")] {
            let twice = text.replacingOccurrences(of: "\"format\": \"subs\"", with: "\"format\": \"\(first)\", \"format\": \"\(second)\"")
            try #require(twice != text)
            let decoder = outcome(Data(twice.utf8), fast: false)
            #expect(decoder.error != nil)
            #expect(outcome(Data(twice.utf8)) == decoder)
            #expect(outcome(Data(twice.utf8), long: .max) == decoder)
        }
    }

    /// A document of 3,000 subscriptions, over the megabyte from which its keys are checked on
    /// the other core.
    private static let long = document(3_000)

    @Test("A long document is read on both cores as JSONDecoder reads it")
    func longDocument() throws {
        #expect(Self.long.utf8.count > 1 << 20)
        let decoder = outcome(Data(Self.long.utf8), long: .max, fast: false)
        #expect(decoder.subscriptions?.count == 3_000)
        #expect(outcome(Data(Self.long.utf8), long: 1 << 20) == decoder)
    }

    /// Broken in ways a reader can miss: a comma first or twice, an entry at the 513th level, a
    /// key `subscriptions` escaped and twice, a wrong value last.
    @Test("A long document broken anywhere is refused as JSONDecoder alone refuses it",
          arguments: ["leading comma", "double comma", "too deep", "escaped twice", "wrong value last"])
    func brokenLongDocument(_ breakage: String) throws {
        var text = Self.long
        let list = try #require(text.range(of: "\"subscriptions\": ["))
        switch breakage {
        case "leading comma":
            text.replaceSubrange(list, with: "\"subscriptions\": [ ,")
        case "double comma":
            text = text.replacingOccurrences(of: "\n    },\n    {", with: "\n    },,\n    {")
        case "too deep":
            let deep = String(repeating: "[", count: 510) + String(repeating: "]", count: 510)
            let last = try #require(text.range(of: "\"auto_renew\"", options: .backwards))
            text.replaceSubrange(last, with: "\"deep\": \(deep),\n    \"auto_renew\"")
        case "escaped twice":
            text.replaceSubrange(list, with: "\"subscr\\u0069ptions\": [], \"subscriptions\": [")
        default:
            let last = try #require(text.range(of: "\"weight\": 1", options: .backwards))
            text.replaceSubrange(last, with: "\"weight\": \"1\"")
        }
        let decoder = outcome(Data(text.utf8), long: .max, fast: false)
        #expect(decoder.error != nil)
        #expect(outcome(Data(text.utf8), long: 1 << 20) == decoder)
    }
}
