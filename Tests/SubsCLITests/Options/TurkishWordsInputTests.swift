import Foundation
import SubscriptionCore
import Testing
@testable import SubsCLI

/// The cycle and date words `subs` prints in Turkish are read by the command line, in every
/// language; the core reads §4's words only (issue 23).
@Suite("Turkish cycle and date words are read by the command line")
struct TurkishWordsInputTests {
    static let today = CivilDate(year: 2026, month: 11, day: 22)!

    @Test("Every Turkish way of writing a cycle gives the right count and unit",
          arguments: [
            ("aylık", 1, BillingCycle.Unit.month), ("AYLIK", 1, .month), ("aylik", 1, .month), ("Aylık", 1, .month),
            ("günlük", 1, .day), ("haftalık", 1, .week), ("yıllık", 1, .year), ("YILLIK", 1, .year), ("yillik", 1, .year),
            ("3 aylık", 3, .month), ("3aylık", 3, .month), ("6 aylık", 6, .month), ("90 gün", 90, .day),
            ("3 ayda bir", 3, .month), ("ayda bir", 1, .month), ("2 haftada bir", 2, .week), ("yılda bir", 1, .year),
            ("5 günde bir", 5, .day), ("her ay", 1, .month), ("her 3 ay", 3, .month), ("HER 2 HAFTA", 2, .week),
            ("her 3 months", 3, .month), ("every 3 ay", 3, .month), ("her monthly", 1, .month), ("2 yıl", 2, .year),
            ("tek sefer", 1, .once), ("TEK SEFER", 1, .once), ("tek seferlik", 1, .once), ("bir kez", 1, .once),
            ("her tek sefer", 1, .once), ("  3   ayda   bir ", 3, .month),
          ] as [(String, Int, BillingCycle.Unit)])
    func cycles(_ text: String, _ count: Int, _ unit: BillingCycle.Unit) throws {
        let cycle = try BillingCycle(typed: text)
        #expect(cycle.count == count && cycle.unit == unit, "\(text)")
        #expect(BillingCycle(argument: text) == cycle, "\(text)")
    }

    @Test("§4's cycle words are read as the core reads them")
    func englishCycles() throws {
        for text in ["monthly", "every 2 weeks", "90d", "once", "EVERY 3 MONTHS"] {
            #expect(try BillingCycle(typed: text) == BillingCycle(input: text), "\(text)")
        }
    }

    @Test("A refused Turkish cycle is named as typed, with what is expected",
          arguments: [
            ("1000 aylık", InputError.Expected.cycleCount), ("0 ayda bir", .cycleCount), ("3 ay fazla", .cycle),
            ("her", .cycle), ("tek sefer bir", .cycle), ("aylık 3", .cycle), ("1234567aylık", .cycle),
          ] as [(String, InputError.Expected)])
    func refusedCycles(_ text: String, _ expected: InputError.Expected) {
        #expect(throws: InputError.invalid(.cycle, value: text, expected: expected)) { try BillingCycle(typed: text) }
    }

    @Test("The core reads no Turkish cycle word")
    func coreCycles() {
        for text in ["aylık", "3 ayda bir", "tek sefer", "her ay"] {
            #expect(throws: InputError.invalid(.cycle, value: text, expected: .cycle)) { try BillingCycle(input: text) }
        }
    }

    @Test("Turkish date words and offsets are counted from today, in either language",
          arguments: [
            ("bugün", 0), ("BUGÜN", 0), ("yarın", 1), ("YARIN", 1), ("yarin", 1), ("Yarın", 1), (" yarın ", 1),
            ("dün", -1), ("DÜN", -1), ("+3g", 3), ("+3G", 3), ("-2g", -2), ("+2h", 14), ("-1h", -7),
          ])
    func dates(_ text: String, _ days: Int) throws {
        for language in [Language.english, .turkish] {
            #expect(try CivilDate(typed: text, today: Self.today, in: language) == Self.today.adding(days: days), "\(text)")
        }
    }

    @Test("A month offset in Turkish clamps like billing dates")
    func monthOffsets() throws {
        let today = try #require(CivilDate(iso: "2024-01-31"))
        #expect(try CivilDate(typed: "+1a", today: today, in: .english) == CivilDate(iso: "2024-02-29"))
        #expect(try CivilDate(typed: "-1a", today: today, in: .english) == CivilDate(iso: "2023-12-31"))
    }

    @Test("A refused Turkish date is named as typed, with what is expected",
          arguments: [("+99999a", InputError.Expected.supportedYear), ("+g", .date), ("+-3g", .date),
                      ("+1000000g", .date), ("yarın sabah", .date)] as [(String, InputError.Expected)])
    func refusedDates(_ text: String, _ expected: InputError.Expected) {
        #expect(throws: InputError.invalid(.date, value: text, expected: expected)) {
            try CivilDate(typed: text, today: Self.today, in: .english)
        }
    }

    @Test("The core reads no Turkish date word")
    func coreDates() {
        for text in ["bugün", "yarın", "dün", "+3g", "+2h", "+1a"] {
            #expect(throws: InputError.self) { try CivilDate(input: text, today: Self.today) }
        }
    }

    @Test("A --map CSV reads Turkish cycles and date words through the command line's readers")
    func mappedCSV() throws {
        let csv = "Service,Cost,Cycle,Start\nBluTV,99.90,3 ayda bir,yarın\nExxen,49.90,aylık,2026-11-01\n"
        let map: [MappedCSVFormat.Field: String] = [.name: "Service", .amount: "Cost", .every: "Cycle", .start: "Start"]
        let options = ImportOptions(currency: Currency(code: "USD"), today: Self.today, map: map,
                                    readDate: { try CivilDate(typed: $0, today: $1, in: .english) },
                                    readCycle: { try BillingCycle(typed: $0) })
        let parsed = try MappedCSVFormat.parse(Data(csv.utf8), options: options)
        let subscriptions = parsed.subscriptions.map(\.subscription)
        #expect(subscriptions.map(\.cycle) == [BillingCycle(count: 3, unit: .month), .monthly])
        #expect(subscriptions.map(\.startDate) == [Self.today.adding(days: 1), CivilDate(iso: "2026-11-01")])
        // Without the command line's readers the core reads §4's words only.
        #expect(throws: ImportError.self) {
            try MappedCSVFormat.parse(Data(csv.utf8), options: ImportOptions(currency: Currency(code: "USD"), today: Self.today, map: map))
        }
    }
}
