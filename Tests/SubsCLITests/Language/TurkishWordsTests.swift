import Foundation
import SubscriptionCore
import Testing
@testable import SubsCLI

/// Issue 22, items 7, 8, 9 and 17: what `subs` prints in Turkish is read back as input, every
/// text a Turkish reader sees is Turkish, and a date that is not in the calendar says so.
@Suite("Turkish: the words subs prints are input, and nothing stays English")
struct TurkishWordsTests {
    private let turkish: [String: String?] = ["SUBS_LANG": "tr"]

    // MARK: Item 7: the words subs prints are accepted

    @Test("Every cycle and status word Turkish prints is read back, in any case, with Turkish casing")
    func printedWordsParse() throws {
        SubsTranslations.install()
        try Language.$current.withValue(.turkish) { try printedWordsParseInTurkish() }
    }

    private func printedWordsParseInTurkish() throws {
        var cycles: [BillingCycle] = [.once]
        for unit in [BillingCycle.Unit.day, .week, .month, .year] {
            for count in [1, 2, 3, 12] { cycles.append(try #require(BillingCycle(count: count, unit: unit))) }
        }
        for cycle in cycles {
            let printed = SubscriptionText.cycle(cycle)
            for written in [printed, printed.uppercased(with: Locale(identifier: "tr")), printed.uppercased()] {
                #expect(try BillingCycle(typed: written) == cycle, "\(written)")
            }
        }
        for status in SubscriptionStatus.allCases {
            let printed = SubscriptionText.status(status)
            for written in [printed, printed.uppercased(with: Locale(identifier: "tr")), printed.uppercased()] {
                #expect(StatusSelection(argument: written)?.statuses.map(\.rawValue) == [status.rawValue], "\(written)")
            }
        }
        let today = try #require(CivilDate(year: 2026, month: 11, day: 22))
        for (word, days) in [("bugün", 0), ("BUGÜN", 0), ("yarın", 1), ("YARIN", 1), ("yarin", 1), ("dün", -1), ("+3g", 3), ("+2h", 14)] {
            #expect(try CivilDate(typed: word, today: today, in: .english) == today.adding(days: days), "\(word)")
        }
    }

    @Test("--every aylık, --start yarın and --status aktif work from the command line, in either language")
    func commandLine() throws {
        let sandbox = try Sandbox()
        for language in [turkish, [:]] {
            let name = "Yıllık \(language.isEmpty ? "en" : "tr")"
            try sandbox.add(name, "100", ["--every", "YILLIK", "--start", "yarın"], today: "2026-11-22", environment: language)
        }
        try sandbox.add("Üç aylık", "30", ["--every", "3 ayda bir"], today: "2026-11-22", environment: turkish)
        try sandbox.add("Bir kez", "5", ["--every", "tek sefer", "--start", "bugün"], today: "2026-11-22")
        let items = try sandbox.succeed(["list", "--status", "AKTİF", "--format", "json", "--today", "2026-11-22"]).jsonArray()
        #expect(Set(items.compactMap { $0["name"] as? String }) == ["Yıllık en", "Yıllık tr", "Üç aylık", "Bir kez"])
        for item in items where (item["name"] as? String)?.hasPrefix("Yıllık") == true {
            #expect(item["start_date"] as? String == "2026-11-23", "\(item)")
            #expect((item["cycle"] as? [String: Any])?["unit"] as? String == "year", "\(item)")
        }
        try sandbox.succeed(["edit", "Üç aylık", "--every", "aylık", "--effective", "başlangıç", "--trial-end", "yok", "--today", "2026-11-22"],
                            environment: turkish)
        try sandbox.succeed(["cancel", "Üç aylık", "--on", "bugün", "--today", "2026-11-22"])
        let cancelled = try sandbox.succeed(["list", "--status", "İPTAL EDİLDİ,deneme", "--format", "json", "--today", "2026-11-22"],
                                            environment: turkish).jsonArray()
        #expect(cancelled.map { $0["name"] as? String } == ["Üç aylık"], "\(cancelled)")
    }

    @Test("A --map CSV imported in English reads aylık, 3 ayda bir and yarın")
    func mappedImport() throws {
        let sandbox = try Sandbox()
        let file = sandbox.path("sheet.csv")
        try "Service,Cost,Cycle,Start\nBluTV,99.90,3 ayda bir,yarın\nExxen,49.90,AYLIK,+3g\n".write(toFile: file, atomically: true, encoding: .utf8)
        try sandbox.succeed(["import", file, "--map", "name=Service,amount=Cost,every=Cycle,start=Start", "--currency", "USD",
                             "--today", "2026-11-22"])
        let items = try sandbox.succeed(["list", "--format", "json", "--today", "2026-11-22"]).jsonArray()
        let byName = Dictionary(uniqueKeysWithValues: items.compactMap { item in (item["name"] as? String).map { ($0, item) } })
        #expect(byName["BluTV"]?["start_date"] as? String == "2026-11-23", "\(items)")
        #expect((byName["BluTV"]?["cycle"] as? [String: Any])?["count"] as? Int == 3, "\(items)")
        #expect(byName["Exxen"]?["start_date"] as? String == "2026-11-25", "\(items)")
        #expect((byName["Exxen"]?["cycle"] as? [String: Any])?["unit"] as? String == "month", "\(items)")
    }

    @Test("Interactive add in Turkish offers aylık and reads yıllık")
    func interactiveAdd() throws {
        let sandbox = try Sandbox()
        let python = try #require(Tools.find("python3"), "python3 drives the pseudo-terminal")
        let script = LocalizedRepository.root.appendingPathComponent("Tests/pty/answer.py").path
        let answers = ["Müzik", "", "9,99", "yıllık", "yarın", "", "", "", "", "", "", ""]
        let result = try sandbox.runTool(python, [script, try SubsBinary.url().path, "add"],
                                         environment: ["SUBS_LANG": "tr", "SUBS_TODAY": "2026-11-22"],
                                         input: Data((answers.joined(separator: "\n") + "\n").utf8))
        #expect(result.status == 0 && result.stdout.contains("Ödeme dönemi [aylık]: "), "\(result)")
        let item = try #require(try sandbox.succeed(["list", "--format", "json"]).jsonArray().first)
        #expect((item["cycle"] as? [String: Any])?["unit"] as? String == "year" && item["start_date"] as? String == "2026-11-23", "\(item)")
    }

    // MARK: Item 17: a date that is not in the calendar

    @Test("A day not in the calendar is named, with the days its month has, in both languages")
    func notADay() throws {
        let sandbox = try Sandbox()
        let english = try sandbox.run(["add", "X", "5", "--start", "2026-02-30"])
        #expect(english.status == 64 && english.stderr.contains("invalid date '2026-02-30': no such day, February 2026 has 28 days"), "\(english)")
        let leap = try sandbox.run(["paid", "X", "--on", "2024-02-30"])
        #expect(leap.stderr.contains("February 2024 has 29 days"), "\(leap)")
        let month = try sandbox.run(["add", "X", "5", "--start", "2026-13-01"])
        #expect(month.stderr.contains("invalid date '2026-13-01': no such month, a year has 12 months"), "\(month)")
        let inTurkish = try sandbox.run(["add", "X", "5", "--start", "31.04.2026"], environment: turkish)
        #expect(inTurkish.status == 64 && inTurkish.stderr.contains("geçersiz tarih '31.04.2026': takvimde böyle bir gün yok, Nisan 2026 30 gün çeker"), "\(inTurkish)")
        let option = try sandbox.run(["list", "--today", "2026-02-29"], environment: turkish)
        #expect(option.stderr.contains("'2026-02-29': takvimde böyle bir gün yok, Şubat 2026 28 gün çeker"), "\(option)")
    }

    // MARK: Item 8: nothing stays English

    @Test("log, undo, config list, show and the default categories are Turkish")
    func reportsAndHistory() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--category", "Dizi ve Film"], today: "2026-11-22", environment: turkish)
        try sandbox.succeed(["edit", "Netflix", "--amount", "17,99", "--effective", "01.12.2026", "--today", "2026-11-22"], environment: turkish)
        let categories = try sandbox.succeed(["category", "list"], environment: turkish).stdout
        #expect(categories.contains("Dizi ve Film") && categories.contains("Diğer") && !categories.contains("Streaming"), "\(categories)")

        let log = try sandbox.succeed(["log"], environment: ["SUBS_LANG": "tr", "COLUMNS": "200"]).stdout
        #expect(log.contains("düzenleme") && log.contains("ekleme"), "\(log)")
        #expect(log.contains("17,99 USD") && log.contains("01.12.2026"), "\(log)")
        #expect(!log.contains("2026-12-01") && !log.contains(" edit "), "\(log)")
        let undo = try sandbox.succeed(["undo", "--yes"], environment: turkish).stdout
        #expect(undo.hasPrefix("Geri alındı: düzenleme Netflix (") && undo.contains("17,99 USD"), "\(undo)")

        let show = try sandbox.succeed(["show", "Netflix"], environment: turkish).stdout
        #expect(!show.contains("Z\n") && show.range(of: #"\d\d\.\d\d\.\d{4} \d\d:\d\d"#, options: .regularExpression) != nil, "\(show)")
        try sandbox.succeed(["edit", "Netflix", "--every", "yıllık", "--effective", "22.01.2027", "--today", "2026-11-22"], environment: turkish)
        let planned = try sandbox.succeed(["show", "Netflix", "--today", "2026-11-22"], environment: turkish).stdout
        #expect(!planned.contains("Yeniden başladı"), "a plan change in the future has not happened: \(planned)")

        let set = try sandbox.succeed(["config", "set", "budget", "1500"], environment: turkish).stdout
        #expect(set == "budget = 1.500,00\n", "\(set)")
        #expect(try sandbox.succeed(["config", "list"], environment: turkish).stdout.contains("1.500,00"))
        #expect(try sandbox.succeed(["config", "get", "budget"], environment: turkish).stdout == "1500\n", "scripts read it as stored")
    }

    @Test("Help shows Turkish placeholders and marks, and every Turkish help line fits 80 columns")
    func help() throws {
        let sandbox = try Sandbox()
        let add = try sandbox.succeed(["help", "add"], environment: ["SUBS_LANG": "tr", "COLUMNS": "80"]).stdout
        #expect(add.contains("<ad> <tutar>") && add.contains("--start <tarih>") && !add.contains("<name>"), "\(add)")
        let commands = ["add", "edit", "list", "show", "delete", "upcoming", "calendar", "cancel", "pause", "resume", "remind",
                        "summary", "stats", "rates", "rates list", "rates set", "rates delete", "rates import",
                        "category", "category list", "category add", "category rename", "category delete",
                        "config", "config list", "config get", "config set", "config unset", "export", "backup",
                        "restore", "rekey", "import", "log", "undo", "paid", "skip", "detect", "vault", "vault set",
                        "vault show", "vault list", "vault copy", "vault rm", "vault passwd",
                        "sync", "sync now", "sync init", "sync join", "sync status", "sync compact"]
        for command in commands {
            let text = try sandbox.succeed(["help"] + command.split(separator: " ").map(String.init),
                                           environment: ["SUBS_LANG": "tr", "COLUMNS": "80"]).stdout
            // The usage line is one line in English too, however long.
            for line in text.split(separator: "\n") where line.count > 80 && !line.hasPrefix("KULLANIM:") {
                Issue.record("subs help \(command): \(line.count) columns: \(line)")
            }
            // argument-parser's own words too, such as the default subcommand's mark.
            #expect(!text.contains("(default"), "subs help \(command): \(text)")
        }
    }

    @Test("Vault questions, the first-vault note and the clipboard error are Turkish")
    func vault() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        let python = try #require(Tools.find("python3"), "python3 drives the pseudo-terminal")
        let script = LocalizedRepository.root.appendingPathComponent("Tests/pty/answer.py").path
        let environment: [String: String?] = ["SUBS_LANG": "tr", "SUBS_TESTING_FAST_VAULT_KDF": "1"]
        let set = try sandbox.runTool(python, [script, try SubsBinary.url().path, "vault", "set", "Netflix", "--username", "ali"],
                                      environment: environment, input: Data("sifre\nsifre\nkasa-parolam\nkasa-parolam\n".utf8))
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.contains("İlk giriş bilgisi kasayı oluşturur"), "\(set)")
        #expect(set.stdout.contains("Yeni kasa parolası: ") && set.stdout.contains("Kasa parolasını yineleyin: "), "\(set)")
        #expect(set.stdout.contains("Netflix şifresi: ") && !set.stdout.contains("passphrase"), "\(set)")
        let show = try sandbox.runTool(python, [script, try SubsBinary.url().path, "vault", "show", "Netflix", "--reveal"],
                                       environment: environment, input: Data("kasa-parolam\n".utf8))
        #expect(show.status == 0 && show.stdout.contains("Kasa parolası: ") && show.stdout.contains("Şifre"), "\(show)")

        let copy = try sandbox.run(["vault", "copy", "Netflix", "--username"], environment: ["SUBS_LANG": "tr", "PATH": "/nonexistent"])
        #expect(copy.stderr.contains("xsel ya da pbcopy"), "\(copy)")
    }

    // MARK: Item 9: Turkish as a native writer writes it

    @Test("The budget line, 1.234 and argument-parser's errors read as Turkish does")
    func wording() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "260.32", today: "2026-11-22")
        try sandbox.succeed(["config", "set", "budget", "250"])
        let summary = try sandbox.succeed(["summary", "--today", "2026-11-22"], environment: turkish).stdout
        #expect(summary.contains("aylık $250,00 bütçeden $260,32 kullanıldı"), "\(summary)")
        try sandbox.add("Market", "100", ["--currency", "TRY"], today: "2026-11-22")
        let totals = try sandbox.succeed(["list", "--today", "2026-11-22"], environment: turkish).stdout
        #expect(totals.contains("₺100,00; $260,32"), "amounts with a decimal comma are not listed with commas: \(totals)")
        let thousands = try sandbox.run(["add", "Market", "1.234"], environment: turkish)
        #expect(thousands.status == 64 && thousands.stderr.contains("1234 ya da 1.234,00"), "\(thousands)")
        let unknown = try sandbox.run(["list", "--bogus"], environment: turkish)
        #expect(unknown.status == 64 && unknown.stderr.contains("bilinmeyen seçenek"), "\(unknown)")
        #expect(!unknown.stderr.contains("Bilinmeyen"), "\(unknown)")
        let badCycle = try sandbox.run(["add", "X", "5", "--every", "nope"], environment: turkish)
        #expect(badCycle.stderr.contains("'--every <dönem>'"), "\(badCycle)")
    }

    @Test("No Turkish text calls a site password 'parola', or says 'mühür' or 'denetlendi'")
    func vocabulary() {
        SubsTranslations.install()
        for (english, translation) in Translations.pairs(for: .turkish) {
            #expect(!translation.contains("mühür") && !translation.contains("denetlendi") && !translation.contains("TAKİP ADI"),
                    "\(english.debugDescription)")
            let lowered = english.lowercased()
            if lowered.contains("password") && !lowered.contains("passphrase") {
                #expect(!translation.lowercased().contains("parola"), "a site password is 'şifre': \(english.debugDescription)")
            }
        }
    }
}
