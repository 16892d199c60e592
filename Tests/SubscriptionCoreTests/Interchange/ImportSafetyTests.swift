import Foundation
import Testing
@testable import SubscriptionCore

/// What an imported file may not do, and how a bad one is refused (issue 21, items 2, 11, 14, 17).
@Suite("Import safety")
struct ImportSafetyTests {
    let scratch = Scratch()
    static let options = ImportOptions(today: day("2024-10-01"), now: fixedNow)

    private func store() throws -> SubscriptionStore { try SubscriptionStore(location: scratch.location) }

    /// An export document holding `fullLife()` and what else is given, as the text `export` writes.
    static func documentText(settings: [ConfigKey: String] = [:], rates: [ImportedRate] = [],
                             subscriptions: [Subscription]? = nil) throws -> String {
        ExportDocument(subscriptions: try subscriptions ?? [LifeCheckTests.fullLife()],
                       categories: [ImportedCategory(name: "Fitness", color: nil)],
                       settings: settings, rates: rates, exportedAt: fixedNow).encoded()
    }

    static func parse(_ text: String) throws -> ParsedImport {
        try SubsDocumentFormat.parse(Data(text.utf8), options: options)
    }

    static func rate(_ code: String, _ text: String, base: String = "USD") throws -> ImportedRate {
        ImportedRate(rate: try ExchangeRate(currency: currency(code), stored: text, setAt: fixedNow), base: currency(base))
    }

    // MARK: - Item 2: no command or address from a file

    @Test("A document's remind-exec and remind-webhook are left out and said; its other settings are taken")
    func commandsAreLeftOut() throws {
        let text = try Self.documentText(settings: [.remindExec: "touch /tmp/pwned", .remindWebhook: "https://evil.example/hook",
                                                    .budget: "100"])
        let store = try store()
        for dryRun in [true, false] {
            let outcome = try store.importFile(Data(text.utf8), path: "export.json", from: nil, options: Self.options,
                                               onDuplicate: .skip, dryRun: dryRun)
            #expect(Set(outcome.settingsLeftOut) == [.remindExec, .remindWebhook])
            #expect(outcome.settingsSet == [.budget])
        }
        let config = try store.config()
        #expect(config.remindExec == nil && config.remindWebhook == nil)
        #expect(config.budget?.text == "100")
        // Undo takes back what the import set, and has nothing of what it left out.
        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        #expect(try store.config() == Config.defaults)
    }

    @Test("Only settings naming a command or an address are kept from a file")
    func whichKeysAreLeftOut() {
        #expect(ConfigKey.allCases.filter(\.runsOrCalls) == [.remindExec, .remindWebhook])
    }

    @Test("A key written twice anywhere in a document refuses it, naming the key and where it is", arguments: [
        (#""settings": {"remind-exec": "touch a", "remind-exec": "notify-send b"}"#, "settings", "remind-exec"),
        (#""settings": {}, "settings": {"remind-exec": "x"}"#, "document", "settings"),
    ])
    func duplicateKeysInADocument(_ replacement: String, record: String, field: String) throws {
        let text = try Self.documentText().replacingOccurrences(of: #""settings": {}"#, with: replacement)
        #expect(text.contains(replacement))
        #expect(throws: ImportError.record(.path(record, name: nil), field: .key(field), problem: .duplicateKey)) {
            try Self.parse(text)
        }
    }

    @Test("A key twice inside a subscription names the subscription's place")
    func duplicateKeyInASubscription() throws {
        let text = try Self.documentText().replacingOccurrences(of: #""name": "Gym""#, with: #""name": "Gym", "name": "Spa""#)
        #expect(throws: ImportError.record(.path("subscriptions[0]", name: nil), field: .key("name"), problem: .duplicateKey)) {
            try Self.parse(text)
        }
    }

    @Test("Wallos's JSON export with a key twice is refused too")
    func duplicateKeyInWallosJSON() {
        let text = #"[{"Name": "Netflix", "Payment Cycle": "Monthly", "Next Payment": "2024-11-01", "Price": "€9.99", "Price": "€1.00"}]"#
        #expect(throws: ImportError.record(.path("[0]", name: nil), field: .key("Price"), problem: .duplicateKey)) {
            try WallosJSONFormat.parse(Data(text.utf8), options: Self.options)
        }
    }

    // MARK: - Item 17: versions and rates

    @Test("Only the document version 1 is read, as written", arguments: ["0", "-1", "1.0", "1e0", "10e-1", "-0"])
    func unknownVersionsRefused(_ version: String) throws {
        let text = try Self.documentText().replacingOccurrences(of: #""version": 1"#, with: #""version": \#(version)"#)
        #expect(throws: ImportError.record(.path("document", name: nil), field: .named("version"),
                                           problem: .unknownVersion(got: version, newest: 1))) {
            try Self.parse(text)
        }
    }

    @Test("A newer version says so; version 1 reads")
    func newerVersion() throws {
        let text = try Self.documentText()
        #expect(try Self.parse(text).subscriptions.count == 1)
        #expect(throws: ImportError.cannotRead(.newerVersion(2, newest: 1))) {
            try Self.parse(text.replacingOccurrences(of: #""version": 1"#, with: #""version": 2"#))
        }
    }

    @Test("Two rates for one currency and base refuse the document, naming the second")
    func duplicateRates() throws {
        let text = try Self.documentText(rates: [try Self.rate("EUR", "1.08"), try Self.rate("EUR", "1.10"), try Self.rate("EUR", "0.9", base: "GBP")])
        #expect(throws: ImportError.record(.path("rates[1]", name: "EUR"), field: .named("currency"),
                                           problem: .secondRate(currency: "EUR", base: "USD"))) {
            try Self.parse(text)
        }
        // Through the store: 65's error, not the database's, and nothing written.
        let store = try store()
        #expect(throws: ImportError.self) {
            try store.importFile(Data(text.utf8), path: "x.json", from: nil, options: Self.options, onDuplicate: .skip, dryRun: false)
        }
        #expect(try store.exportRates().isEmpty)
    }

    // MARK: - Item 11: replace, and undo back to exactly what was

    /// A document of the subscriptions named, each `amount` USD monthly from 2024-01-01.
    static func namedDocument(_ entries: [(String, String)], currencyCode: String = "USD") throws -> Data {
        let subscriptions = entries.map { name, amount in
            Subscription(name: name, price: Money(minorUnits: Int128(Int(amount)! * 100), currency: currency(currencyCode)),
                         cycle: .monthly, startDate: day("2024-01-01"), createdAt: fixedNow)
        }
        return Data(try documentText(subscriptions: subscriptions).utf8)
    }

    @Test("With --on-duplicate replace, two records of one file for one subscription refuse the file, naming both")
    func replaceTwiceRefused() throws {
        let store = try store()
        let twice = try Self.namedDocument([("Dup", "1"), ("dup", "2")])
        // Nothing there yet: the first would be added, the second would overwrite it.
        #expect(throws: ImportError.inFile(path: "x.json", .record(
            .path("subscriptions[1]", name: nil), field: .subscriptionName,
            problem: .sameNameAndCurrency(as: .path("subscriptions[0]", name: nil))))) {
            try store.importFile(twice, path: "x.json", from: nil, options: Self.options, onDuplicate: .replace, dryRun: false)
        }
        #expect(try store.history().isEmpty)
        // One there: both would replace it.
        _ = try store.importFile(try Self.namedDocument([("Dup", "5")]), path: "x.json", from: nil, options: Self.options,
                                 onDuplicate: .replace, dryRun: false)
        let before = try store.exportDocument(now: fixedNow)
        #expect(throws: ImportError.self) {
            try store.importFile(twice, path: "x.json", from: nil, options: Self.options, onDuplicate: .replace, dryRun: true)
        }
        #expect(throws: ImportError.self) {
            try store.importFile(twice, path: "x.json", from: nil, options: Self.options, onDuplicate: .replace, dryRun: false)
        }
        #expect(try store.exportDocument(now: fixedNow) == before)
        // Skip and add still take such a file, as they always did.
        let skipped = try store.importFile(twice, path: "x.json", from: nil, options: Self.options, onDuplicate: .skip, dryRun: true)
        #expect(skipped.skipped == 2)
        let added = try store.importFile(twice, path: "x.json", from: nil, options: Self.options, onDuplicate: .add, dryRun: true)
        #expect(added.items.map(\.subscription.name) == ["Dup (2)", "dup (3)"])
    }

    @Test("A record that would overwrite one this import renamed and added is refused too")
    func replaceOfARenamedAddition() throws {
        let store = try store()
        _ = try store.importFile(try Self.namedDocument([("X", "5")]), path: "x.json", from: nil, options: Self.options,
                                 onDuplicate: .skip, dryRun: false)
        // X in EUR is added as "X (2)" (the name is taken); the next record, "X (2)" in EUR, would overwrite it.
        let subscriptions = [("X", "1"), ("X (2)", "2")].map { name, amount in
            Subscription(name: name, price: Money(minorUnits: Int128(Int(amount)! * 100), currency: currency("EUR")),
                         cycle: .monthly, startDate: day("2024-01-01"), createdAt: fixedNow)
        }
        #expect(throws: ImportError.self) {
            try store.importFile(Data(try Self.documentText(subscriptions: subscriptions).utf8), path: "x.json", from: nil,
                                 options: Self.options, onDuplicate: .replace, dryRun: false)
        }
    }

    @Test("Undo of an import that replaced brings back exactly the state before it")
    func undoOfReplaceIsExact() throws {
        let store = try store()
        _ = try store.importFile(try Self.namedDocument([("Dup", "5"), ("Other", "3")]), path: "x.json", from: nil,
                                 options: Self.options, onDuplicate: .skip, dryRun: false)
        let before = try store.exportDocument(now: fixedNow)
        let outcome = try store.importFile(try Self.namedDocument([("Dup", "1"), ("New", "2"), ("other", "4")]), path: "x.json",
                                           from: nil, options: Self.options, onDuplicate: .replace, dryRun: false)
        #expect((outcome.added, outcome.replaced) == (1, 2))
        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        #expect(try store.exportDocument(now: fixedNow) == before)
    }

    // MARK: - Item 14: many rows stay right (their speed is measured by hand)

    @Test("Many rows of one name with --on-duplicate add take the next free numbers, around those taken")
    func manySameNames() throws {
        let store = try store()
        _ = try store.importFile(try Self.namedDocument([("Dup", "1"), ("Dup (3)", "1")]), path: "x.json", from: nil,
                                 options: Self.options, onDuplicate: .add, dryRun: false)
        let outcome = try store.importFile(try Self.namedDocument(Array(repeating: ("dup", "2"), count: 40)), path: "x.json",
                                           from: nil, options: Self.options, onDuplicate: .add, dryRun: false)
        let expected = ["dup (2)"] + (4...42).map { "dup (\($0))" }
        #expect(outcome.items.map(\.subscription.name) == expected)
        #expect(Set(try store.subscriptions().map { NameMatching.key($0.name) }).count == 42)
    }

    @Test("Many categories are each created once, and a colourless one takes the file's colour")
    func manyCategories() throws {
        let store = try store()
        try store.addCategory("c7", color: nil, now: fixedNow)
        let before = try store.categoryUsage()
        let categories = (0..<300).map { ImportedCategory(name: "C\($0)", color: $0 == 7 ? CategoryColor(stored: "red") : nil) }
        let text = ExportDocument(subscriptions: [], categories: categories, settings: [:], rates: [], exportedAt: fixedNow).encoded()
        let outcome = try store.importFile(Data(text.utf8), path: "x.json", from: nil, options: Self.options,
                                           onDuplicate: .skip, dryRun: false)
        #expect(outcome.categoriesCreated.count == 299)
        let usage = try store.categoryUsage()
        #expect(usage.count == before.count + 299)
        #expect(usage.first { $0.name == "c7" }?.color == CategoryColor(stored: "red"))
        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        #expect(try store.categoryUsage() == before)
    }

    // MARK: - Item 17: a CSV that is not UTF-8 names its line

    @Test("A byte that is not UTF-8 in a CSV field names its line", arguments: [false, true])
    func invalidUTF8NamesTheLine(_ mapped: Bool) throws {
        var data = Data((mapped ? "Service,Cost\nNetflix,9.99\n\"Two\nlines\",1\nSpotify," : Self.listCSV + "Spotify,").utf8)
        data.append(contentsOf: [0xFF, 0xFE])
        data.append(contentsOf: Array((mapped ? "1\n" : ",...\n").utf8))
        let line = 5
        do {
            _ = try ImportFormats.parse(data, from: nil, options: mapped
                ? ImportOptions(currency: currency("USD"), today: day("2024-10-01"), map: [.name: "Service", .amount: "Cost"])
                : Self.options)
            Issue.record("accepted")
        } catch let error as ImportError {
            #expect(error == .cannotRead(.notUTF8Line(line)))
        }
    }

    @Test("A --map column the header lacks is said in one line, however the header is written")
    func mapErrorIsOneLine() throws {
        let header = "\"Ser\nvice\"," + (0..<40).map { "c\($0)" }.joined(separator: ",")
        let data = Data((header + "\n" + Array(repeating: "1", count: 41).joined(separator: ",") + "\n").utf8)
        do {
            _ = try ImportFormats.parse(data, from: nil, options: ImportOptions(today: day("2024-10-01"), map: [.name: "Service", .amount: "c1"]))
            Issue.record("accepted")
        } catch let error as ImportOptionError {
            // Said in one line by the command line (InterchangeErrorMessageTests).
            guard case .columnNotInHeader("Service", let columns, more: true) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(columns.count == 20 && columns.last == "c18" && columns.first == "Ser\nvice")
        }
    }

    static let listCSV = #"""
        id,name,amount,currency,cycle_count,cycle_unit,start_date,trial_end,next_payment,monthly_cost,status,category,payment_method,auto_renew,url,notes
        ,Netflix,15.49,USD,1,month,2024-01-31,,2024-11-30,15.49,active,Streaming,Visa,true,https://netflix.com,"two, ""quoted"""
        ,Gym,30,EUR,2,week,2024-01-05,,,65.00,paused,Fitness,,false,,"a note
        on two lines"

        """#
}

extension SubscriptionStore {
    /// The rates as the export document holds them.
    func exportRates() throws -> [ExportDocument.RateEntry] { try exportDocument(now: fixedNow).rates }
}
