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

    @Test("Mutated documents: the parts decode exactly when the whole does, to the same document")
    func mutated() {
        var random = SeededRandom(name: "document cut")
        let seed = Array(Self.document(6).utf8)
        var outcomes = (decoded: 0, refused: 0)
        for round in 0..<1_500 {
            let text = String(decoding: Mutation.mutate(seed, random: &random), as: UTF8.self)
            let fraction = Double.random(in: 0...1, using: &random)
            let (whole, cut) = decoded(text, at: fraction)
            if whole != nil { outcomes.decoded += 1 } else { outcomes.refused += 1 }
            // No cut: the whole is decoded as before. A cut: the same outcome as the whole.
            guard case .some(let joined) = cut else { continue }
            #expect(joined == whole, "seed \(random.seed), round \(round), at \(fraction):\n\(text)")
        }
        #expect(outcomes.decoded > 100 && outcomes.refused > 100, "\(outcomes)")
    }

    @Test("A long document is read on both cores as the whole is, and refused when the whole is")
    func longDocument() throws {
        // Past the megabyte from which the parts are decoded apart.
        let text = Self.document(3_000)
        #expect(text.utf8.count > 1 << 20)
        let read = SubsDocumentFormat.decodedDocument(checking: Data(text.utf8))
        #expect(read.document == (try JSONDecoder().decode(ExportDocument.self, from: Data(text.utf8))))
        #expect((try? read.checked.get()) != nil)
        // A wrong value in the later part: no document, and the import says what the whole says.
        let last = try #require(text.range(of: "\"weight\": 1", options: .backwards))
        let broken = text.replacingCharacters(in: last, with: "\"weight\": \"1\"")
        #expect(SubsDocumentFormat.decodedDocument(checking: Data(broken.utf8)).document == nil)
        #expect(throws: ImportError.self) {
            try ImportFormats.parse(Data(broken.utf8), from: nil, options: ImportOptions(today: day("2024-10-01"), now: fixedNow))
        }
    }
}
