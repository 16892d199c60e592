import Foundation
import Testing
@testable import SubscriptionCore
@testable import SubsCLI

/// The export document read back (PRODUCT.md §8): a subscription whose life no operation of
/// `subs` could have recorded is refused, naming the record and the field.
@Suite("Export document import: lives")
struct SubsDocumentImportTests {
    static let today = day("2024-10-01")

    /// One thing wrong with `LifeCheckTests.fullLife()`'s entry in an export document, and the
    /// field and problem the refusal names.
    struct Breakage: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let field: String
        /// The problem as the command line says it in English.
        let problem: String
        let change: @Sendable (inout [String: Any]) -> Void

        init(_ description: String, field: String, problem: String, _ change: @escaping @Sendable (inout [String: Any]) -> Void) {
            testDescription = description
            self.field = field
            self.problem = problem
            self.change = change
        }

        /// Sets `key` of item `index` of the list `list` (nil writes null).
        static func set(_ list: String, _ index: Int, _ key: String, _ value: String?) -> @Sendable (inout [String: Any]) -> Void {
            { entry in
                var items = entry[list] as! [[String: Any]]
                items[index][key] = value ?? NSNull()
                entry[list] = items
            }
        }
    }

    static let breakages: [Breakage] = [
        Breakage("trial end before the start", field: "trial_end",
                 problem: "invalid trial end '2024-01-01': expected a date on or after the start date 2024-01-05") {
            $0["trial_end"] = "2024-01-01"
        },
        Breakage("a restart day on the first period", field: "billing_periods[0].restarted_on",
                 problem: "expected none: the first billing period begins on the start date, got '2024-01-10'",
                 Breakage.set("billing_periods", 0, "restarted_on", "2024-01-10")),
        Breakage("a later period without its restart day", field: "billing_periods[1].restarted_on",
                 problem: "missing",
                 Breakage.set("billing_periods", 1, "restarted_on", nil)),
        Breakage("a restart on the day the period before was cancelled", field: "billing_periods[1].restarted_on",
                 problem: "invalid restart '2024-05-01': expected a date after 2024-05-01, when the billing period before it was cancelled",
                 Breakage.set("billing_periods", 1, "restarted_on", "2024-05-01")),
        Breakage("a restart on the day the period before began", field: "billing_periods[2].restarted_on",
                 problem: "invalid restart '2024-06-01': expected a date after 2024-06-01, when the billing period before it began",
                 Breakage.set("billing_periods", 2, "restarted_on", "2024-06-01")),
        Breakage("a restart before the start", field: "billing_periods[1].restarted_on",
                 problem: "invalid start '2024-01-05': expected a date on or before 2024-01-04, the first cancellation, pause or restart") {
            Breakage.set("billing_periods", 0, "cancelled_on", nil)(&$0)
            Breakage.set("billing_periods", 1, "restarted_on", "2024-01-04")(&$0)
        },
        Breakage("a cancellation before the start", field: "billing_periods[0].cancelled_on",
                 problem: "invalid cancel date '2024-01-01': expected a date on or after 2024-01-05, when billing starts",
                 Breakage.set("billing_periods", 0, "cancelled_on", "2024-01-01")),
        Breakage("a cancellation before its period's restart", field: "billing_periods[2].cancelled_on",
                 problem: "invalid cancel date '2024-06-20': expected a date on or after 2024-07-01, when billing starts",
                 Breakage.set("billing_periods", 2, "cancelled_on", "2024-06-20")),
        Breakage("a pause that ends before it starts", field: "pauses[0].until",
                 problem: "invalid pause end '2024-01-15': expected a date after the pause starts (2024-02-01)",
                 Breakage.set("pauses", 0, "until", "2024-01-15")),
        Breakage("a pause before the start", field: "pauses[0].from",
                 problem: "invalid pause start '2024-01-01': expected a date on or after 2024-01-05, when billing starts",
                 Breakage.set("pauses", 0, "from", "2024-01-01")),
        Breakage("overlapping pauses", field: "pauses[1].from",
                 problem: "Gym is already paused from 2024-02-01 until 2024-03-01",
                 Breakage.set("pauses", 1, "from", "2024-02-15")),
        Breakage("a pause after its period's cancellation", field: "pauses[1].from",
                 problem: "Gym is cancelled on 2024-05-01; there is nothing to pause after that") {
            Breakage.set("pauses", 1, "from", "2024-05-10")(&$0)
            Breakage.set("pauses", 1, "until", "2024-05-20")(&$0)
        },
        Breakage("two prices effective on one day", field: "price_history[2].effective",
                 problem: "a second price effective on 2024-03-05",
                 Breakage.set("price_history", 2, "effective", "2024-03-05")),
    ]

    /// The export document of `LifeCheckTests.fullLife()`, as JSON objects.
    static func document() throws -> [String: Any] {
        let document = ExportDocument(subscriptions: [try LifeCheckTests.fullLife()], categories: [], settings: [:], rates: [],
                                      exportedAt: Date())
        return try JSONSerialization.jsonObject(with: JSONEncoder().encode(document)) as! [String: Any]
    }

    static func parse(_ document: [String: Any]) throws -> ParsedImport {
        SubsTranslations.install()  // a problem is the command line's text of a core error
        return try SubsDocumentFormat.parse(JSONSerialization.data(withJSONObject: document), options: ImportOptions(today: today))
    }

    @Test func theWholeLifeReadsBack() throws {
        let parsed = try Self.parse(try Self.document())
        #expect(parsed.subscriptions.map(\.subscription) == [try LifeCheckTests.fullLife()])
    }

    @Test("One thing wrong refuses the record, naming the field", arguments: breakages)
    func oneThingWrongIsRefused(_ breakage: Breakage) throws {
        var document = try Self.document()
        var entries = document["subscriptions"] as! [[String: Any]]
        breakage.change(&entries[0])
        document["subscriptions"] = entries
        do {
            _ = try Self.parse(document)
            Issue.record("accepted")
        } catch let ImportError.record(record, field, problem) {
            #expect(record == .path("subscriptions[0]", name: "Gym"))
            #expect(field == .named(breakage.field), "\(problem)")
            #expect(Self.said(problem) == breakage.problem)
        }
    }

    /// A problem the record keeps as a value (a model refusal among them), in the words the
    /// command line gives it.
    private static func said(_ problem: RecordProblem) -> String {
        switch problem {
        case .refused(let refusal): refusal.message(in: .english)
        case .invalid(let error): error.expectation(in: .english)
        default: String(describing: problem)
        }
    }

    @Test func theLifeErrorIsTheOperationsOwn() throws {
        var document = try Self.document()
        var entries = document["subscriptions"] as! [[String: Any]]
        Breakage.set("pauses", 0, "until", "2024-01-15")(&entries[0])
        document["subscriptions"] = entries
        do {
            try Self.parse(document)
            Issue.record("accepted")
        } catch let ImportError.record(record, field, problem) {
            #expect(record == .path("subscriptions[0]", name: "Gym") && field == .named("pauses[0].until"))
            // The refusal is the one the operation gives, in its words.
            let own = LifecycleError.pauseEndsBeforeItStarts(from: day("2024-02-01"), until: day("2024-01-15"))
            #expect(Self.said(problem) == own.message(in: .english))
        }
    }

    /// Lists in any order read as the subscription keeps them; a skip may lie ahead.
    @Test func listsOutOfOrderAndASkipAheadAreTaken() throws {
        var document = try Self.document()
        var entries = document["subscriptions"] as! [[String: Any]]
        for list in ["price_history", "pauses", "charges"] {
            entries[0][list] = (entries[0][list] as! [[String: Any]]).reversed() as [[String: Any]]
        }
        entries[0]["charges"] = (entries[0]["charges"] as! [[String: Any]]) + [["date": "2024-12-01", "amount": NSNull()]]
        document["subscriptions"] = entries
        let subscription = try #require(try Self.parse(document).subscriptions.first?.subscription)
        #expect(subscription.pauses == (try LifeCheckTests.fullLife()).pauses)
        #expect(subscription.charges.last == ChargeRecord(date: day("2024-12-01"), amount: nil))
    }

    /// History snapshots read back as stored: undo must bring back what an older `subs` wrote.
    @Test func aHistorySnapshotIsNotChecked() throws {
        var gym = try LifeCheckTests.fullLife()
        gym.pauses[0].until = day("2024-01-15")
        let slice = try StateSlice(decoding: StateSlice(subscriptions: [gym]).encoded(at: Date()))
        #expect(slice.subscriptions == [gym])
    }
}
