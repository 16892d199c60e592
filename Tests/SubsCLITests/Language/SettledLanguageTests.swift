import Foundation
import Testing
@testable import SubsCLI

/// The language is settled once, before any argument is parsed (issue 23): the database's
/// `language` setting reads the arguments, not only the output.
@Suite("The language is settled before the arguments are read")
struct SettledLanguageTests {
    @Test("config set language tr, then add X 1,5 adds 1,50 as Turkish input")
    func configuredLanguageReadsTheAmount() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Foo", "2", [], today: "2026-11-25")
        try sandbox.succeed(["config", "set", "language", "tr"])
        let added = try sandbox.succeed(["add", "X", "1,5", "--today", "2026-11-25"])
        #expect(added.stdout.hasPrefix("X ("), "\(added)")
        #expect(added.stdout.contains("$1,50 aylık, sonraki ödeme 25.11.2026"), "\(added)")
        // The setting is the database's: another database, and SUBS_LANG, still decide for themselves.
        let english = try sandbox.succeed(["show", "X", "--today", "2026-11-25"], environment: ["SUBS_LANG": "en"])
        #expect(english.stdout.contains("$1.50"), "\(english)")
    }

    @Test("The flags that name the database are read as argument-parser reads them, up to --")
    func storeFlagsBeforeParsing() {
        let flags = StartUp.storeFlags(["list", "--db", "a.db", "--key-file=k", "--", "--passphrase-file", "p"])
        #expect(flags == ["--db": "a.db", "--key-file": "k"])
    }

    @Test("A --map CSV imported in Turkish reads 22.11.2026 as a date, as typed input does")
    func mappedCSVReadsTurkishDates() throws {
        let sandbox = try Sandbox()
        let file = sandbox.path("sheet.csv")
        try "Hizmet,Tutar,Başlangıç\nBluTV,99.90,22.11.2026\n".write(toFile: file, atomically: true, encoding: .utf8)
        try sandbox.succeed(["import", file, "--map", "name=Hizmet,amount=Tutar,start=Başlangıç", "--currency", "USD", "--today", "2026-11-25"],
                            environment: ["SUBS_LANG": "tr"])
        let shown = try sandbox.succeed(["list", "--format", "json", "--today", "2026-11-25"])
        #expect(shown.stdout.contains("\"start_date\": \"2026-11-22\""), "\(shown)")
    }
}
