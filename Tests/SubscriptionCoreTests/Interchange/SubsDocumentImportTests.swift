import Foundation
import Testing
@testable import SubscriptionCore

/// The export document read back (PRODUCT.md §8): a subscription whose life no operation of
/// `subs` could have recorded is refused, naming the record and the field.
@Suite("Export document import: lives")
struct SubsDocumentImportTests {
    static let today = day("2024-10-01")

    /// One thing wrong with `LifeCheckTests.fullLife()`'s entry in an export document, and the
    /// field and problem the refusal names (SubsCLITests' ModelErrorWordingTests say each).
    struct Breakage: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let field: String
        let problem: LifeProblem
        let change: @Sendable (inout [String: Any]) -> Void

        init(_ description: String, field: String, problem: LifeProblem, _ change: @escaping @Sendable (inout [String: Any]) -> Void) {
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
                 problem: LifeProblem(.trialEnd, .dateOrder(.trialEndBeforeStart(trialEnd: day("2024-01-01"), start: day("2024-01-05"))))) {
            $0["trial_end"] = "2024-01-01"
        },
        Breakage("a restart day on the first period", field: "billing_periods[0].restarted_on",
                 problem: LifeProblem(.restart(period: 0), .firstPeriodRestarted(on: day("2024-01-10"))),
                 Breakage.set("billing_periods", 0, "restarted_on", "2024-01-10")),
        Breakage("a later period without its restart day", field: "billing_periods[1].restarted_on",
                 problem: LifeProblem(.restart(period: 1), .restartMissing),
                 Breakage.set("billing_periods", 1, "restarted_on", nil)),
        Breakage("a restart on the day the period before was cancelled", field: "billing_periods[1].restarted_on",
                 problem: LifeProblem(.restart(period: 1), .restartNotAfterCancellation(restart: day("2024-05-01"), cancelledOn: day("2024-05-01"))),
                 Breakage.set("billing_periods", 1, "restarted_on", "2024-05-01")),
        Breakage("a restart on the day the period before began", field: "billing_periods[2].restarted_on",
                 problem: LifeProblem(.restart(period: 2), .restartNotAfterPeriodStart(restart: day("2024-06-01"), periodStart: day("2024-06-01"))),
                 Breakage.set("billing_periods", 2, "restarted_on", "2024-06-01")),
        Breakage("a restart before the start", field: "billing_periods[1].restarted_on",
                 problem: LifeProblem(.restart(period: 1), .dateOrder(.startAfterLifecycleEvent(start: day("2024-01-05"), firstEvent: day("2024-01-04"))))) {
            Breakage.set("billing_periods", 0, "cancelled_on", nil)(&$0)
            Breakage.set("billing_periods", 1, "restarted_on", "2024-01-04")(&$0)
        },
        Breakage("a cancellation before the start", field: "billing_periods[0].cancelled_on",
                 problem: LifeProblem(.cancellation(period: 0), .lifecycle(.cancelBeforeStart(date: day("2024-01-01"), billingStart: day("2024-01-05")))),
                 Breakage.set("billing_periods", 0, "cancelled_on", "2024-01-01")),
        Breakage("a cancellation before its period's restart", field: "billing_periods[2].cancelled_on",
                 problem: LifeProblem(.cancellation(period: 2), .lifecycle(.cancelBeforeStart(date: day("2024-06-20"), billingStart: day("2024-07-01")))),
                 Breakage.set("billing_periods", 2, "cancelled_on", "2024-06-20")),
        Breakage("a pause that ends before it starts", field: "pauses[0].until",
                 problem: LifeProblem(.pauseEnd(0), .lifecycle(.pauseEndsBeforeItStarts(from: day("2024-02-01"), until: day("2024-01-15")))),
                 Breakage.set("pauses", 0, "until", "2024-01-15")),
        Breakage("a pause before the start", field: "pauses[0].from",
                 problem: LifeProblem(.pauseStart(0), .lifecycle(.pauseBeforeStart(from: day("2024-01-01"), billingStart: day("2024-01-05")))),
                 Breakage.set("pauses", 0, "from", "2024-01-01")),
        Breakage("overlapping pauses", field: "pauses[1].from",
                 problem: LifeProblem(.pauseStart(1), .lifecycle(.alreadyPaused(name: "Gym", pause: Pause(from: day("2024-02-01"), until: day("2024-03-01"))))),
                 Breakage.set("pauses", 1, "from", "2024-02-15")),
        Breakage("a pause after its period's cancellation", field: "pauses[1].from",
                 problem: LifeProblem(.pauseStart(1), .lifecycle(.pauseAfterCancellation(name: "Gym", from: day("2024-05-10"), cancelledOn: day("2024-05-01"))))) {
            Breakage.set("pauses", 1, "from", "2024-05-10")(&$0)
            Breakage.set("pauses", 1, "until", "2024-05-20")(&$0)
        },
        Breakage("two prices effective on one day", field: "price_history[2].effective",
                 problem: LifeProblem(.price(2), .secondPrice(on: day("2024-03-05"))),
                 Breakage.set("price_history", 2, "effective", "2024-03-05")),
        Breakage("an end before the first payment", field: "ends",
                 problem: LifeProblem(.ends, .endsBeforeFirstPayment(ends: day("2024-01-10"), firstPayment: day("2024-01-20")))) {
            $0["ends"] = "2024-01-10"
        },
        Breakage("a one-off deadline on a contract", field: "cancel_by",
                 problem: LifeProblem(.cancelBy, .deadlineWithContract)) {
            $0["contract"] = ["term": "1y", "renews": "1m", "notice": "1m"]
            $0["cancel_by"] = "2024-12-01"
        },
        Breakage("notice on a period with no end", field: "billing_periods[1].notice_given_on",
                 problem: LifeProblem(.notice(period: 1), .noticeWithoutEnd(notice: day("2024-06-10"))),
                 Breakage.set("billing_periods", 1, "notice_given_on", "2024-06-10")),
        Breakage("notice before its period began", field: "billing_periods[2].notice_given_on",
                 problem: LifeProblem(.notice(period: 2), .noticeBeforeStart(notice: day("2024-06-20"), billingStart: day("2024-07-01"))),
                 Breakage.set("billing_periods", 2, "notice_given_on", "2024-06-20")),
        Breakage("notice after the end it reached", field: "billing_periods[0].notice_given_on",
                 problem: LifeProblem(.notice(period: 0), .noticeAfterEnd(notice: day("2024-05-02"), end: day("2024-05-01"))),
                 Breakage.set("billing_periods", 0, "notice_given_on", "2024-05-02")),
    ]

    /// The export document of `LifeCheckTests.fullLife()`, as JSON objects.
    static func document() throws -> [String: Any] {
        let document = ExportDocument(subscriptions: [try LifeCheckTests.fullLife()], categories: [], settings: [:], rates: [],
                                      exportedAt: Date())
        return try JSONSerialization.jsonObject(with: JSONEncoder().encode(document)) as! [String: Any]
    }

    static func parse(_ document: [String: Any]) throws -> ParsedImport {
        try SubsDocumentFormat.parse(JSONSerialization.data(withJSONObject: document), options: ImportOptions(today: today))
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
            #expect(problem == .refused(.life(breakage.problem)))
        }
    }

    /// A subscription is labelled by its name, a rate by its currency, a settlement by who paid
    /// whom: a subscription with no name is not labelled with its currency, as if it were a rate.
    @Test func eachRecordIsLabelledByWhatNamesIt() throws {
        var document = try Self.document()
        var entries = document["subscriptions"] as! [[String: Any]]
        entries[0]["name"] = NSNull()
        document["subscriptions"] = entries
        #expect(throws: ImportError.record(.path("subscriptions[0]", name: nil), field: .named("name"), problem: .nullInsteadOf(.string))) {
            _ = try Self.parse(document)
        }
        entries[0]["name"] = "Gym"
        document["subscriptions"] = entries
        document["rates"] = [["currency": "EUR", "base": "USD", "rate": 1.08]]
        #expect(throws: ImportError.record(.path("rates[0]", name: "EUR"), field: .named("rate"), problem: .notOfKind(.string))) {
            _ = try Self.parse(document)
        }
        document["rates"] = []
        document["settlements"] = [["id": "0d7f1e52-3c4b-4f8e-9a61-2b5c8d9e0f13", "from": "Ali", "to": "Bora", "amount": 12,
                                    "currency": "EUR", "date": "2026-11-01", "created_at": "2026-11-01T10:00:00Z"]]
        #expect(throws: ImportError.record(.path("settlements[0]", name: "Ali → Bora"), field: .named("amount"), problem: .notOfKind(.string))) {
            _ = try Self.parse(document)
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
            // The refusal is the one the operation gives.
            let own = LifecycleError.pauseEndsBeforeItStarts(from: day("2024-02-01"), until: day("2024-01-15"))
            #expect(problem == .refused(.life(LifeProblem(.pauseEnd(0), .lifecycle(own)))))
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

    /// A document of 2,500 subscriptions, `broken` ones with their trial ending before they start.
    static func long(broken: [Int]) throws -> Data {
        var document = try Self.document()
        let entry = (document["subscriptions"] as! [[String: Any]])[0]
        document["subscriptions"] = (0..<2_500).map { index in
            var copy = entry
            copy["name"] = "Gym \(index)"
            if broken.contains(index) { copy["trial_end"] = "2024-01-01" }
            return copy
        }
        return try JSONSerialization.data(withJSONObject: document)
    }

    /// A long document is checked in two halves at once (and its keys beside its decoding): what
    /// is read and refused is what reading it in order reads and refuses.
    @Test("A long document reads in order, and its first wrong record is the one named", arguments: [[], [2_400], [2_400, 100]])
    func longDocument(broken: [Int]) throws {
        do {
            let parsed = try ImportFormats.parse(Self.long(broken: broken), from: nil, options: ImportOptions(today: Self.today))
            #expect(broken.isEmpty)
            #expect(parsed.subscriptions.map(\.subscription.name) == (0..<2_500).map { "Gym \($0)" })
            #expect(parsed.subscriptions.last?.record == .path("subscriptions[2499]", name: nil))
        } catch let ImportError.record(record, field, _) {
            let first = try #require(broken.min())
            #expect(record == .path("subscriptions[\(first)]", name: "Gym \(first)") && field == .named("trial_end"))
        }
    }

    @Test func aLongDocumentWithAKeyTwiceIsRefused() throws {
        var text = String(decoding: try Self.long(broken: []), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"name\":\"Gym 2000\"", with: "\"name\":\"Gym 2000\",\"name\":\"Gym\"")
        #expect(text.utf8.count >= 1 << 20, "long enough for its keys to be checked on the other core")
        #expect(throws: ImportError.record(.path("subscriptions[2000]", name: nil), field: .key("name"), problem: .duplicateKey)) {
            try ImportFormats.parse(Data(text.utf8), from: nil, options: ImportOptions(today: Self.today))
        }
    }

    /// History snapshots read back as stored: undo must bring back what an older `subs` wrote.
    @Test func aHistorySnapshotIsNotChecked() throws {
        var gym = try LifeCheckTests.fullLife()
        gym.pauses[0].until = day("2024-01-15")
        let slice = try StateSlice(decoding: StateSlice(subscriptions: [gym]).encoded(at: Date()))
        #expect(slice.subscriptions == [gym])
    }

    @Test("An id is kept only as subs writes one: lowercase 8-4-4-4-12 hex, as Foundation's UUID reads it",
          arguments: ["45b6c388-93d0-45bc-9d52-8c241de2bd04", "45B6C388-93D0-45BC-9D52-8C241DE2BD04",
                      "45b6c388-93d0-45bc-9d52-8c241de2bd0", "45b6c388-93d0-45bc-9d52-8c241de2bd044",
                      "45b6c38893d0-45bc-9d52-8c241de2bd04-", "45b6c388-93d0-45bc-9d52-8c241de2bdg4",
                      "45b6c388-93d0-45bc-9d52-8c241de2bd0é", "", "------------------------------------",
                      "{45b6c388-93d0-45bc-9d52-8c241de2bd04}"])
    func idShape(_ text: String) {
        let foundation = UUID(uuidString: text).map { $0.uuidString.lowercased() == text } ?? false
        #expect(RecordCheck.isLowercaseUUID(text) == foundation)
        #expect(RecordCheck.id(text) == text || !foundation)
    }
}
