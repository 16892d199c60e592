import Testing
@testable import SubscriptionCore

/// A statement's descriptions named once per shape (issue 26): whatever the reference numbers,
/// the cache gives the name `MerchantName.normalized` gives.
@Suite("Merchant names of a statement, by shape")
struct MerchantNameCacheTests {
    static let descriptions = [
        "TESCO STORES 12 REF004211", "TESCO STORES 12 REF981133", "TESCO STORES 12", "REF004211", "REF004211 NETFLIX",
        "NETFLIX REF004211", "NETFLIX.COM 866-579-7172 CA", "XX123456 SPOTIFY", "xx654321 SPOTIFY", "SPOTIFY P2A3F81D2C",
        "SPOTIFY P2A3F81D99", "UBER TRIP 7731942", "UBER TRIP 1234567", "CAFE NERO 26 REF000123", "123456", "654321",
        "ABC123 DEF", "ABC123456 DEF", "PAYPAL *REF12345 NETFLIX", "PAYPAL *NETFLIX 4029357733", "HLU*HULU 1234567 SANTA MONICA CA",
        "CHECKCARD 0115 HULU 877-8244858 CA 24431065015200123456789", "24 HOUR FITNESS 000123", "A101 MAGAZA 123456",
        "REF1234  SHELL   FUEL 3", "REF999999  SHELL   FUEL 3", "Café Nero 123456", "DD 123456 GYM", "AMZN Mktp US*2K4LL1PQ2",
        "  ", "", "7-ELEVEN 123456", "ABCDEF123456", "ABCDEF654321",
    ]

    @Test("Each description, twice, in any order, gets the name it gets alone")
    func sameAsAlone() {
        var cache = MerchantNameCache()
        for description in Self.descriptions + Self.descriptions.reversed() {
            #expect(cache.normalized(description) == MerchantName.normalized(description), "\(description)")
        }
    }
}
