import Foundation
import Testing
@testable import SubscriptionCore
import FuzzSupport

/// An export document is decoded in two parts on the two cores (`DocumentCut`): the parts must
/// decode exactly when the whole does, to the whole's subscriptions.
@Suite("An export document cut in two")
struct DocumentCutTests {
    /// A document of `count` subscriptions whose names and notes hold what could mislead a reader
    /// of brackets: commas, brackets, quotes, backslashes and the word `subscriptions` as a key.
    static func document(_ count: Int) -> String {
        let names = [
            "Plain", "Comma, ] and [", "Quote \" inside", "Ends in a backslash \\", "Backslash and quote \\\"",
            "Two backslashes \\\\", "\"subscriptions\": [1, 2]", "{}",
        ]
        let subscriptions = (0..<count).map { index in
            var subscription = Subscription(
                name: "\(index) \(names[index % names.count])", price: Money(minorUnits: Int128(100 + index), currency: .usd),
                cycle: .monthly, startDate: day("2024-01-31"), notes: index % 2 == 0 ? "{\"subscriptions\": [\"x\"]}" : nil,
                createdAt: fixedNow)
            subscription.members = index % 3 == 0 ? [Member(name: "Ayşe, [1]", weight: 2), Member(name: "Bob", weight: 1)] : []
            return subscription
        }
        return ExportDocument(subscriptions: subscriptions, categories: [ImportedCategory(name: "subscriptions", color: nil)],
                              settings: [:], rates: [], exportedAt: fixedNow).encoded()
    }

    /// The whole decoded, or nil; and the two parts decoded and joined, or nil.
    private func decoded(_ text: String, at fraction: Double) -> (whole: ExportDocument?, cut: ExportDocument??) {
        let data = Data(text.utf8)
        let whole = try? JSONDecoder().decode(ExportDocument.self, from: data)
        guard let cut = DocumentCut(data, at: fraction) else { return (whole, .none) }
        guard var earlier = try? JSONDecoder().decode(ExportDocument.self, from: cut.earlier),
              let later = try? JSONDecoder().decode([ExportDocument.Entry].self, from: cut.later)
        else { return (whole, .some(nil)) }
        earlier.subscriptions += later
        return (whole, earlier)
    }

    @Test("Cut anywhere, the two parts joined are the document, whatever its strings hold", arguments: [0.0, 0.3, 0.7, 1.0])
    func joined(at fraction: Double) throws {
        for count in [2, 3, 7, 40] {
            let (whole, cut) = decoded(Self.document(count), at: fraction)
            let document = try #require(whole)
            #expect(cut == .some(document), "\(count) at \(fraction)")
            #expect(document.subscriptions.count == count)
        }
    }

    @Test("The later part starts where asked, give or take a subscription")
    func cutWhereAsked() throws {
        let data = Data(Self.document(100).utf8)
        let cut = try #require(DocumentCut(data, at: 0.7))
        let later = try JSONDecoder().decode([ExportDocument.Entry].self, from: cut.later)
        #expect((29...31).contains(later.count), "\(later.count)")
        #expect(later.first?.name.hasPrefix("\(100 - later.count) ") == true, "\(later.first?.name ?? "")")
        #expect(later.last?.name.hasPrefix("99 ") == true)
    }

    @Test("No cut without a list of two subscriptions in the outermost object")
    func noCut() {
        let one = Self.document(1)
        for text in [
            one, "[]", "[1, 2]", "{\"subscriptions\": []}", "{\"subscriptions\": {\"a\": 1, \"b\": 2}}",
            "{\"a\": {\"subscriptions\": [1, 2]}}", "{\"a\": \"subscriptions\", \"b\": [1, 2]}",
            "{\"subscriptions\": [1, 2}", "{\"subscriptions\": [1, 2", "{\"subscriptions\": [1, \"2]}",
            "{\"x\": \"\\\"subscriptions\\\": [1, 2]\"}", "]]]", "",
        ] {
            #expect(DocumentCut(Data(text.utf8), at: 0.5) == nil, "\(text)")
        }
        #expect(DocumentCut(Data("{\"subscriptions\" : [ 1 , 2 ] }".utf8), at: 0.5).map {
            String(decoding: $0.earlier, as: UTF8.self) + "|" + String(decoding: $0.later, as: UTF8.self)
        } == "{\"subscriptions\" : [ 1 ] }|[ 2 ]")
    }

    static let options = ImportOptions(today: day("2024-10-01"), now: fixedNow)

    /// What an import makes of `data`: its subscriptions, or the error it says, with export
    /// documents of `long` bytes or more read in two parts.
    private func outcome(_ data: Data, long: Int) -> (subscriptions: [Subscription]?, error: String?) {
        do {
            return (try ImportFormats.parse(data, from: nil, options: Self.options, long: long).subscriptions.map(\.subscription), nil)
        } catch {
            return (nil, "\(error)")
        }
    }

    @Test("Mutated documents, bytes and all: read in two parts, the import takes or refuses each as it does whole")
    func mutated() {
        var random = SeededRandom(name: "document cut")
        let seed = Array(Self.document(6).utf8)
        var outcomes = (taken: 0, refused: 0)
        for round in 0..<1_000 {
            let data = Data(Mutation.mutate(seed, random: &random))
            let whole = outcome(data, long: .max)
            if whole.subscriptions != nil { outcomes.taken += 1 } else { outcomes.refused += 1 }
            #expect(outcome(data, long: 0) == whole, "seed \(random.seed), round \(round):\n\(String(decoding: data, as: UTF8.self))")
        }
        // About one in eight mutations still imports (90 to 144 of 1,000 in nine seeds; the bound
        // was 100, which one seed in twenty or so missed): enough of each to compare.
        #expect(outcomes.taken > 30 && outcomes.refused > 300, "\(outcomes)")
    }

    /// A document of 3,000 subscriptions, over the megabyte from which the parts are decoded apart,
    /// with `edit` made to its text.
    private static let long = document(3_000)

    @Test("A long document is read on both cores as it is whole")
    func longDocument() throws {
        #expect(Self.long.utf8.count > 1 << 20)
        let whole = outcome(Data(Self.long.utf8), long: .max)
        #expect(whole.subscriptions?.count == 3_000)
        #expect(outcome(Data(Self.long.utf8), long: 1 << 20) == whole)
    }

    /// Lists each part reads but the whole does not: a comma first or twice (Foundation takes a
    /// comma last), an entry at the 513th level, a key `subscriptions` escaped and twice.
    @Test("A long document broken where each part reads but the whole does not is refused as it is whole",
          arguments: ["leading comma", "double comma", "too deep", "escaped twice", "wrong value last"])
    func brokenLongDocument(_ breakage: String) throws {
        var text = Self.long
        let list = try #require(text.range(of: "\"subscriptions\": ["))
        switch breakage {
        case "leading comma":
            text.replaceSubrange(list, with: "\"subscriptions\": [ ,")
        case "double comma":
            // Every comma between two subscriptions doubled: the cut falls on one of them.
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
        let whole = outcome(Data(text.utf8), long: .max)
        #expect(whole.error != nil)
        #expect(outcome(Data(text.utf8), long: 1 << 20) == whole)
    }
}
