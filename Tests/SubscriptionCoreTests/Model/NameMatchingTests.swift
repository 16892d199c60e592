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
}
