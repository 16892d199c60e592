import Foundation
import SubscriptionCore
import Testing
@testable import SubsCLI

/// PRODUCT.md §11: every text in Turkish too. A missing translation fails here, never falls back
/// to English at run time.
@Suite struct TranslationTests {
    init() { SubsTranslations.install() }

    @Test func everyLocalizedTextHasATurkishTranslationWithTheSameArguments() throws {
        let found = try LocalizedKeyScanner.scanSources()
        #expect(found.count > 300, "the scanner found the sources' texts")
        let turkish = Dictionary(Translations.pairs(for: .turkish), uniquingKeysWith: { first, _ in first })
        var missing: [LocalizedKeyScanner.Found] = []
        var seen: Set<String> = []
        for text in found where !seen.contains(text.key) {
            seen.insert(text.key)
            guard let translation = turkish[text.key] else {
                missing.append(text)
                continue
            }
            let english = LocalizedText.placeholders(in: text.key)
            #expect(LocalizedText.placeholders(in: translation).sorted() == english,
                    "\(text.place): the translation of \(text.key.debugDescription) shows other arguments")
        }
        if !missing.isEmpty {
            // The list a translator fills in, one Swift pair per line.
            let lines = missing.map { "// \($0.place)\n(\($0.key.debugDescription), \"\")," }
            let file = LocalizedKeyScanner.repositoryRoot.appendingPathComponent(".build/missing-translations.txt")
            try? lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(missing.count == 0, """
            \(missing.count) texts have no Turkish translation (all listed in .build/missing-translations.txt), \
            first: \(missing.prefix(5).map { "\($0.place) \($0.key.debugDescription)" })
            """)
    }

    @Test func noTranslationIsGivenTwiceOrForATextThatIsGone() throws {
        let keys = Set(try LocalizedKeyScanner.scanSources().map(\.key))
        var seen: Set<String> = []
        for (english, translation) in Translations.pairs(for: .turkish) {
            let isNew = seen.insert(english).inserted
            #expect(isNew, "translated twice: \(english.debugDescription)")
            #expect(keys.contains(english), "no text in the sources: \(english.debugDescription)")
            #expect(!translation.isEmpty, "empty translation: \(english.debugDescription)")
        }
    }

    @Test func scannerReadsKeysAsLocalizedTextMakesThem() {
        let name = "Netflix"
        let source = #"""
            let a = localized("Saved \(name) at 100%.")
            let b = localized("""
                Two \
                lines
                with \(name.count) "quotes"
                """)
            """#
        let keys = LocalizedKeyScanner.keys(in: source).map(\.0)
        let a: LocalizedText = "Saved \(name) at 100%."
        let b: LocalizedText = """
            Two \
            lines
            with \(name.count) "quotes"
            """
        #expect(keys == [a.key, b.key])
    }

    @Test func aTranslationCanReorderItsArguments() {
        #expect(LocalizedText.format("%2$@ önce %1$@ sonra, %%5", ["a", "b"]) == "b önce a sonra, %5")
        #expect(LocalizedText.placeholders(in: "%2$@ %1$@") == [2, 1])
    }

    @Test func languageComesFromSubsLangThenConfigThenTheLocale() {
        #expect(Language.chosen(environment: ["SUBS_LANG": "tr"]) == .turkish)
        #expect(Language.chosen(environment: ["LANG": "tr_TR.UTF-8"]) == .turkish)
        #expect(Language.chosen(environment: ["LC_ALL": "en_US.UTF-8", "LANG": "tr_TR.UTF-8"]) == .english)
        #expect(Language.chosen(environment: ["SUBS_LANG": "xx", "LANG": "tr_TR.UTF-8"]) == .english)
        #expect(Language.chosen(environment: ["LANG": "tr_TR.UTF-8"], configured: "en") == .english)
        #expect(Language.chosen(environment: ["SUBS_LANG": "tr"], configured: "en") == .turkish)
        #expect(Language.chosen(environment: ["LANG": "C"]) == .english)
        #expect(Language.chosen(environment: [:]) == .english)
    }
}
