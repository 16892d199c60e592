import Foundation
import Testing

/// `subs log` and `subs undo` say each change in the reader's language at display time, from
/// what the history keeps as data (issue 23, item 2): Turkish words, dates and amounts in Turkish.
@Suite("History in the reader's language")
struct HistoryLanguageTests {
    private let turkish: [String: String?] = ["SUBS_LANG": "tr"]

    /// English words a Turkish summary must not hold.
    private let englishWords = [
        "added", "deleted", "price", "from", "starting", "category", "renamed", "replaced", "skipped",
        "restored", "default", "login", "rate", "removed", "notes", "none", "monthly", "paused", "cancelled",
        "Undone",
    ]

    private func englishLeft(in text: String) -> [String] {
        let words = Set(text.split(whereSeparator: { !$0.isLetter && $0 != "-" }).map(String.init))
        return englishWords.filter(words.contains)
    }

    @Test("log and undo after add, edit, price change, category, config, rates, import and restore are Turkish")
    func turkishLogAndUndo() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2026-11-25"])
        try sandbox.succeed(["edit", "netflix", "--amount", "17.99", "--effective", "2026-12-25"])
        try sandbox.succeed(["edit", "netflix", "--notes", "aile"])
        try sandbox.succeed(["pause", "netflix", "--on", "2027-01-25", "--until", "2027-03-25"])
        try sandbox.succeed(["category", "add", "Podcasts"])
        try sandbox.succeed(["category", "rename", "Podcasts", "Podcast"])
        try sandbox.succeed(["config", "set", "remind-days", "7,1"])
        try sandbox.succeed(["rates", "set", "EUR", "1.08"])
        let source = try Sandbox()
        try source.add("Spotify", "10.99", ["--start", "2026-11-30"])
        try sandbox.write(try source.succeed(["export", "--format", "json"]).stdout, to: sandbox.path("import.json"))
        try sandbox.succeed(["import", sandbox.path("import.json")])
        try sandbox.succeed(["backup", sandbox.path("backup.db")])
        try sandbox.succeed(["restore", sandbox.path("backup.db"), "--yes"])

        let log = try sandbox.succeed(["log"], environment: turkish).stdout
        for expected in [
            "eklendi: 15,49 USD aylık, başlangıç 25.11.2026",
            "fiyat 15,49 USD → 17,99 USD, 25.12.2026 tarihinden itibaren",
            "notlar yok → 'aile'",
            "25.01.2027 tarihinden 25.03.2027 tarihine kadar duraklatıldı",
            "kategori eklendi", "kategorinin eski adı 'Podcasts'",
            "varsayılan → 7,1", "1 EUR = 1,08 USD",
            "yedeğinden geri yüklen",  // cut to the table's width
        ] {
            #expect(log.contains(expected), "\(expected) in \(log)")
        }
        #expect(log.contains("1 eklendi, 0 değiştirildi, 0 atlandı"), "\(log)")
        #expect(englishLeft(in: log).isEmpty, "\(englishLeft(in: log)) in \(log)")

        // Each undo says the change it undid in Turkish, down to the first.
        var undone: [String] = []
        while true {
            let undo = try sandbox.succeed(["undo", "--yes"], environment: turkish).stdout
            if !undo.hasPrefix("Geri alındı: ") { break }
            undone.append(undo)
            #expect(englishLeft(in: undo).isEmpty, "\(englishLeft(in: undo)) in \(undo)")
        }
        #expect(undone.count == 10, "\(undone)")
        #expect(undone.first?.hasPrefix("Geri alındı: geri yükleme ") == true, "\(undone)")
        #expect(undone.last?.contains("eklendi: 15,49 USD aylık, başlangıç 25.11.2026") == true, "\(undone)")

        // In English the same history reads as it always did; JSON keeps the English summary.
        let english = try sandbox.succeed(["log"]).stdout
        #expect(english.contains("(undone) added: 15.49 USD monthly, starting 2026-11-25"), "\(english)")
        #expect(english.contains("(undone) price 15.49 USD → 17.99 USD from 2026-12-25"), "\(english)")
        #expect(english.contains("(undone) category renamed from 'Podcasts'"), "\(english)")
        #expect(english.contains("(undone) default → 7,1"), "\(english)")
        #expect(english.contains("(undone) 1 EUR = 1.08 USD"), "\(english)")
        let json = try sandbox.succeed(["log", "--format", "json"], environment: turkish).jsonArray()
        #expect(json.contains { $0["summary"] as? String == "added: 15.49 USD monthly, starting 2026-11-25" }, "\(json)")
    }

    @Test("A login change and a delete of several are said in Turkish too, never with the password")
    func turkishLoginAndDelete() throws {
        let sandbox = try Sandbox()
        let fast: [String: String?] = ["SUBS_TESTING_FAST_VAULT_KDF": "1"]
        let passphrase = sandbox.path("vault-passphrase")
        try sandbox.write("the vault passphrase\n", to: passphrase)
        try sandbox.add("Netflix", "15.49")
        try sandbox.add("Spotify", "10.99")
        try sandbox.succeed(["vault", "set", "netflix", "--username", "bob", "--password-stdin", "--vault-passphrase-file", passphrase],
                            environment: fast, input: Data("correct horse\n".utf8))
        try sandbox.succeed(["delete", "netflix", "spotify", "--yes"])
        let log = try sandbox.succeed(["log"], environment: turkish).stdout
        #expect(log.contains("giriş bilgisi eklendi: kullanıcı adı, şifre"), "\(log)")
        #expect(log.contains("2 abonelik geçmişleriyle birlikte silindi"), "\(log)")
        #expect(!log.contains("correct horse") && englishLeft(in: log).isEmpty, "\(log)")
        let english = try sandbox.succeed(["log"]).stdout
        #expect(english.contains("login added: username, password") && english.contains("deleted 2 subscriptions, with their history"),
                "\(english)")
        // The deleted subscriptions' history is still found through the entries that hold them.
        #expect(try sandbox.succeed(["log", "spotify", "--format", "json"]).jsonArray().map { $0["action"] as? String }
                == ["delete", "add"])
    }
}
