import Foundation
import Testing
@testable import SubscriptionCore
import FuzzSupport

/// Mutated subs documents and CSV files through the store's import (issue 21): each is taken, or
/// refused with an import or usage error of one line (65 or 64 at the command line), and a
/// refused one changes nothing. Seeded: the seed is printed, `SUBS_FUZZ_SEED` replays it.
@Suite("Import fuzz")
struct ImportFuzzTests {
    static let options = ImportOptions(today: day("2024-10-01"), now: fixedNow)

    /// Valid files of each kind the fuzz starts from, and the options to read them with.
    static func seeds() throws -> [(bytes: [UInt8], options: ImportOptions)] {
        let rich = ExportDocument(
            subscriptions: [try LifeCheckTests.fullLife(),
                            Subscription(name: "Netflix", price: Money(minorUnits: 1549, currency: currency("EUR")), cycle: .monthly,
                                         startDate: day("2024-01-31"), category: "Streaming", notes: "family", createdAt: fixedNow)],
            categories: [ImportedCategory(name: "Streaming", color: CategoryColor(stored: "red"))],
            settings: [.budget: "100", .remindDays: "7,1", .remindExec: "notify-send x"],
            rates: [ImportedRate(rate: try ExchangeRate(currency: currency("EUR"), stored: "1.08", setAt: fixedNow), base: currency("USD"))],
            exportedAt: fixedNow).encoded()
        let mapped = "Service,Cost,Billing,Started\nNetflix,€15.49,monthly,2024-01-31\n\"Gym, \"\"the\"\" one\",30,2 weeks,2024-01-05\n"
        return [
            (Array(rich.utf8), options),
            (Array(ImportSafetyTests.listCSV.utf8), options),
            (Array(mapped.utf8), ImportOptions(currency: currency("USD"), today: day("2024-10-01"), now: fixedNow,
                                               map: [.name: "Service", .amount: "Cost", .every: "Billing", .start: "Started"])),
        ]
    }

    @Test("Mutated documents and CSV files: taken, or refused in one line with nothing written")
    func mutatedFiles() throws {
        var random = SeededRandom(name: "import fuzz")
        let seeds = try Self.seeds()
        var scratch = Scratch()
        var store = try SubscriptionStore(location: scratch.location)
        var outcomes = (taken: 0, refused: 0)
        for round in 0..<400 {
            let seed = random.element(seeds)
            let bytes = Mutation.mutate(seed.bytes, random: &random)
            let policy = random.element(DuplicatePolicy.allCases)
            let dryRun = Bool.random(using: &random)
            let before = try store.exportDocument(now: fixedNow)
            let entries = try store.history().count
            var refused = true
            do {
                _ = try store.importFile(Data(bytes), path: "fuzz", from: nil, options: seed.options, onDuplicate: policy, dryRun: dryRun)
                refused = false
            } catch is ImportError {
                // Data; the command line says it in one line (InterchangeErrorMessageTests fuzz it).
            } catch is ImportOptionError {
            } catch is InputError {
                // Data too; ModelErrorMessageTests show that any value is said in one line.
            } catch {
                Issue.record("seed \(random.seed), round \(round): \(type(of: error)) \(error)\n\(String(decoding: bytes, as: UTF8.self))")
            }
            if refused { outcomes.refused += 1 } else { outcomes.taken += 1 }
            // Whatever a file holds, it sets no command and no address.
            let config = try store.config()
            #expect(config.remindExec == nil && config.remindWebhook == nil, "seed \(random.seed), round \(round)")
            if refused || dryRun {
                #expect(try store.exportDocument(now: fixedNow) == before, "seed \(random.seed), round \(round)")
                #expect(try store.history().count == entries, "seed \(random.seed), round \(round)")
            }
            // A fresh database now and then, so that what was taken does not pile up.
            if round % 50 == 49 {
                scratch = Scratch()
                store = try SubscriptionStore(location: scratch.location)
            }
        }
        print("import fuzz: \(outcomes.taken) taken, \(outcomes.refused) refused")
        #expect(outcomes.taken > 0 && outcomes.refused > 0)
    }
}
