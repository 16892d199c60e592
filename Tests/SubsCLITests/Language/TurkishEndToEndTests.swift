import Foundation
import Testing

/// PRODUCT.md §11 from outside: the same database read in Turkish and in English.
@Suite("Turkish: tables, reports, input and names")
struct TurkishEndToEndTests {
    private let turkish: [String: String?] = ["SUBS_LANG": "tr"]

    private func household() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.add("Şahin Gıda", "1086.60", ["--currency", "TRY", "--start", "2026-11-05"], today: "2026-11-22")
        try sandbox.add("Netflix", "15.49", ["--start", "2026-01-30"], today: "2026-11-22")
        try sandbox.add("Disney+", "8.99", ["--trial-end", "2026-11-24"], today: "2026-11-22")
        return sandbox
    }

    @Test("list, summary, upcoming, remind and stats speak Turkish with Turkish money and dates")
    func reportsInTurkish() throws {
        let sandbox = try household()
        let today = ["--today", "2026-11-22"]
        let list = try sandbox.succeed(["list"] + today, environment: turkish).stdout
        #expect(list.contains("AD") && list.contains("TUTAR") && list.contains("SONRAKİ"), "\(list)")
        #expect(list.contains("₺1.086,60") && list.contains("05.12.2026") && list.contains("aylık"), "\(list)")
        #expect(list.contains("Aylık toplam:"), "\(list)")
        #expect(!list.contains("Monthly"), "\(list)")

        let summary = try sandbox.succeed(["summary"] + today, environment: turkish).stdout
        #expect(summary.contains("Abonelikler") && summary.contains("Sonraki ödemeler"), "\(summary)")
        let upcoming = try sandbox.succeed(["upcoming", "--days", "14"] + today, environment: turkish).stdout
        #expect(upcoming.contains("deneme biter, ilk ödeme") && upcoming.contains("2 gün sonra"), "\(upcoming)")
        let remind = try sandbox.succeed(["remind", "--dry-run"] + today, environment: turkish).stdout
        #expect(remind.contains("Disney+: deneme süresi 24.11.2026 tarihinde bitiyor (2 gün sonra)"), "\(remind)")
        let stats = try sandbox.succeed(["stats"] + today, environment: turkish).stdout
        #expect(stats.contains("Kategoriye göre harcama") && stats.contains("Kas 2026"), "\(stats)")
    }

    @Test("LANG=tr_TR.UTF-8 gives Turkish; SUBS_LANG=xx gives English silently; SUBS_LANG wins over LANG")
    func languageChoice() throws {
        let sandbox = try household()
        let fromLocale = try sandbox.succeed(["list", "--today", "2026-11-22"], environment: ["LANG": "tr_TR.UTF-8"])
        #expect(fromLocale.stdout.contains("Aylık toplam:"), "\(fromLocale)")
        let unknown = try sandbox.succeed(["list", "--today", "2026-11-22"], environment: ["SUBS_LANG": "xx"])
        #expect(unknown.stdout.contains("Monthly total:") && unknown.stderr.isEmpty, "\(unknown)")
        let english = try sandbox.succeed(
            ["list", "--today", "2026-11-22"], environment: ["SUBS_LANG": "en", "LANG": "tr_TR.UTF-8"])
        #expect(english.stdout.contains("Monthly total:"), "\(english)")
        try sandbox.succeed(["config", "set", "language", "tr"])
        let configured = try sandbox.succeed(["list", "--today", "2026-11-22"], environment: ["LANG": "en_US.UTF-8"])
        #expect(configured.stdout.contains("Aylık toplam:"), "\(configured)")
    }

    @Test("JSON, CSV and ICS are byte for byte the same in both languages")
    func filesDoNotChange() throws {
        let sandbox = try household()
        for arguments in [["list", "--format", "json"], ["list", "--format", "csv"], ["list", "--sort", "name", "--format", "tsv"],
                          ["upcoming", "--days", "365", "--format", "json"], ["summary", "--format", "json"],
                          ["stats", "--format", "json"], ["export", "--format", "ics"]] {
            let args = arguments + ["--today", "2026-11-22"]
            // DTSTAMP is the moment of the export, which may differ by a second between the runs.
            func withoutStamp(_ text: String) -> String {
                text.split(separator: "\r\n", omittingEmptySubsequences: false)
                    .filter { !$0.hasPrefix("DTSTAMP:") }.joined(separator: "\r\n")
            }
            let english = withoutStamp(try sandbox.succeed(args).stdout)
            let inTurkish = withoutStamp(try sandbox.succeed(args, environment: turkish).stdout)
            #expect(english == inTurkish, "\(arguments)")
        }
    }

    @Test("An error is Turkish, with the exit code it has in English")
    func errorsInTurkish() throws {
        let sandbox = try household()
        let english = try sandbox.run(["show", "Hulu"])
        let inTurkish = try sandbox.run(["show", "Hulu"], environment: turkish)
        #expect(inTurkish.status == english.status && inTurkish.status != 0)
        #expect(inTurkish.stderr != english.stderr && inTurkish.stderr.hasPrefix("subs: "), "\(inTurkish)")
        // argument-parser's list of the values it takes: its "or" too.
        let badValue = try sandbox.run(["list", "--sort", "nope"], environment: turkish)
        #expect(badValue.status == 64)
        #expect(badValue.stderr.contains("'next', 'name', 'amount' ya da 'monthly'"), "\(badValue)")
        let twoValues = try sandbox.run(["remind", "--format", "csv"], environment: turkish)
        #expect(twoValues.stderr.contains("'text' ya da 'json'"), "\(twoValues)")
        // A missing argument is named as the help names it.
        let missing = try sandbox.run(["add"], environment: turkish)
        #expect(missing.status == 64 && missing.stderrLines == ["subs: beklenen argüman eksik: '<ad>' (bkz. 'subs help add')"], "\(missing)")
        // A rate is a number like any other: a decimal comma.
        let rate = try sandbox.succeed(["rates", "set", "GBP", "1,25"], environment: turkish)
        #expect(rate.stdout == "1 GBP = 1,25 USD\n", "\(rate)")
        #expect(try sandbox.succeed(["rates", "list"], environment: turkish).stdout.contains("1,25"))
    }

    @Test("Turkish reads 9,99, 1.234,56 and 22.11.2026 besides §4's forms, and refuses 1,234.56 in Turkish")
    func turkishInput() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Market", "1.234,56", ["--currency", "TRY", "--start", "05.12.2026"], environment: turkish)
        try sandbox.add("Müzik", "9,99", environment: turkish)
        try sandbox.add("Plain", "9.99", ["--start", "2026-12-05"], environment: turkish)
        let items = try sandbox.succeed(["list", "--format", "json"]).jsonArray()
        #expect(Set(items.compactMap { $0["amount"] as? String }) == ["1234.56", "9.99"])
        #expect(items.first { $0["name"] as? String == "Market" }?["start_date"] as? String == "2026-12-05")

        let refused = try sandbox.run(["add", "Wrong", "1,234.56"], environment: turkish)
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.contains("1.234,56") && refused.stderr.contains("tutar"), "\(refused)")
        let english = try sandbox.run(["add", "Comma", "9,99"])
        #expect(english.status == 64, "a decimal comma is Turkish only: \(english)")
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().count == 3, "nothing refused was written")
    }

    @Test("Names compare with Turkish folding in every language; --sort name follows the reader's alphabet")
    func namesAndCollation() throws {
        let sandbox = try household()
        for search in ["GIDA", "ŞAHİN GIDA", "şahin gıda", "gida"] {
            let found = try sandbox.succeed(["list", "--search", search, "--format", "json"]).jsonArray()
            #expect(found.map { $0["name"] as? String } == ["Şahin Gıda"], "\(search)")
        }
        #expect(try sandbox.succeed(["show", "ŞAHİN GIDA", "--format", "json"]).jsonObject()["name"] as? String == "Şahin Gıda")
        let duplicate = try sandbox.run(["add", "ŞAHİN GIDA", "5", "--currency", "TRY"])
        #expect(duplicate.status != 0, "the duplicate check folds like search: \(duplicate)")

        for name in ["Sinema", "Zeytin", "Çiçek", "Cüzdan", "Dergi"] { try sandbox.add(name, "1", today: "2026-11-22") }
        func order(_ environment: [String: String?]) throws -> [String] {
            try sandbox.succeed(["list", "--sort", "name", "--today", "2026-11-22"], environment: environment).stdoutLines
                .dropFirst().prefix { !$0.isEmpty }.map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] }
                .map(String.init)
        }
        // English puts Ç among the c's; Turkish after them, and Ş after S.
        #expect(try order([:]).prefix(3) == ["Çiçek", "Cüzdan", "Dergi"])
        let inTurkish = try order(turkish)
        #expect(inTurkish.firstIndex(of: "Cüzdan")! < inTurkish.firstIndex(of: "Çiçek")!)
        #expect(inTurkish.firstIndex(of: "Sinema")! < inTurkish.firstIndex(of: "Şahin")!)
        #expect(inTurkish.firstIndex(of: "Şahin")! < inTurkish.firstIndex(of: "Zeytin")!)
    }
}
