import Testing
@testable import SubscriptionCore

/// PRODUCT.md §11: names compare without case, Turkish's dotted and dotless i included.
@Suite("Names compare as people read them")
struct NameMatchingTests {
    @Test("Turkish capitals and dotless i match whichever way they were typed",
          arguments: [("Şahin Gıda", "ŞAHİN GIDA"), ("Şahin Gıda", "şahin gida"), ("İstanbul Kart", "istanbul kart"),
                      ("Netflix", "NETFLIX"), ("Gıda", "GIDA")])
    func same(_ a: String, _ b: String) {
        #expect(NameMatching.same(a, b))
    }

    @Test func searchFindsTheTurkishName() {
        #expect(NameMatching.contains("Şahin Gıda", "GIDA"))
        #expect(NameMatching.hasPrefix("İnternet Paketi", "inter"))
        #expect(!NameMatching.same("Şahin", "Sahin"), "only the i's fold; other letters keep their marks")
        #expect(!NameMatching.same("żabka", "zabka"))
    }

    @Test("A collation key's packed prefix orders as the key does wherever the two prefixes differ",
          arguments: [Language.english, .turkish])
    func prefixOrdersAsTheKey(_ language: Language) {
        let names = ["", "a", "A", "ab", "abc", "abd", "abcz", "b", "Ça", "ca", "da", "ıi", "Ii", "İi",
                     "é", "e", "zzz", "😀", "😀a", "\u{10FFFF}", "\u{0}", "\u{0}\u{0}", "Netflix", "netflix+", "Z",
                     "abcdef", "abcdeg", "abcde", "abcdefz", "abc😀", "abcı", "abci", "Service 1", "Service 10", "Service 2"]
        for a in names {
            for b in names {
                let (left, right) = (NameCollation.key(a, in: language), NameCollation.key(b, in: language))
                let (leftPrefix, rightPrefix) = (NameCollation.prefix(of: left), NameCollation.prefix(of: right))
                if leftPrefix != rightPrefix {
                    #expect((leftPrefix < rightPrefix) == left.lexicographicallyPrecedes(right), "\(a) against \(b)")
                    continue
                }
                #expect(Array(left.prefix(3)) == Array(right.prefix(3)), "\(a) against \(b)")
                // Alike in their first three weights: the next three order them as the keys.
                let (leftNext, rightNext) = (NameCollation.prefix(of: left, from: 3), NameCollation.prefix(of: right, from: 3))
                if leftNext != rightNext {
                    #expect((leftNext < rightNext) == left.lexicographicallyPrecedes(right), "\(a) against \(b)")
                } else {
                    #expect(Array(left.prefix(6)) == Array(right.prefix(6)), "\(a) against \(b)")
                }
            }
        }
    }

    /// Accented Latin letters are looked up in a table rather than decomposed by Foundation:
    /// each sorts where its decomposition's first letter does, in both languages, as before.
    @Test("Each accented Latin letter sorts by the base letter Foundation's decomposition gives")
    func latinBases() {
        for value in UInt32(0x80)..<0x250 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let decomposed = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first ?? scalar
            #expect(NameCollation.latinBase(scalar) == ((0xC0..<0x180).contains(value) && decomposed != scalar ? decomposed : nil),
                    "U+\(String(value, radix: 16))")
            let base = scalar == "ı" ? "i" : decomposed
            let lower = base.properties.lowercaseMapping.unicodeScalars.first ?? base
            for language in [Language.english, .turkish] where language == .english || !"çÇğĞıIiİöÖşŞüÜ".unicodeScalars.contains(scalar) {
                #expect(NameCollation.key("x\(scalar)y", in: language) == NameCollation.key("x\(lower)y", in: language),
                        "U+\(String(value, radix: 16)) in \(language)")
            }
        }
    }
}
