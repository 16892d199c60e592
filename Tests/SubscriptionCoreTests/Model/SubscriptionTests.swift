import Foundation
import Testing
@testable import SubscriptionCore

@Suite("Price history")
struct PriceHistoryTests {
    @Test("A price change applies to payments on or after its effective date; earlier ones keep the old price")
    func priceInForceOnEachPayment() {
        var sub = subscription(price: "15.49", start: "2024-01-31")
        sub.recordPrice(money("17.99"), effective: day("2024-04-15"))
        let payments = sub.payments(from: day("2024-01-01"), through: day("2024-06-30"))
        // Jan 31, Feb 29, Mar 31 before the change; Apr 30, May 31, Jun 30 after it.
        #expect(payments.map(\.amount.description) == ["15.49", "15.49", "15.49", "17.99", "17.99", "17.99"])
        #expect(sub.price(on: day("2024-04-14")) == money("15.49"))
        #expect(sub.price(on: day("2024-04-15")) == money("17.99"))
        #expect(sub.nextPayment(onOrAfter: day("2024-03-01"))?.amount == money("15.49"))
        #expect(sub.nextPayment(onOrAfter: day("2024-05-01"))?.amount == money("17.99"))
    }

    @Test("A price change on a payment day applies to that payment")
    func priceChangeOnPaymentDay() {
        var sub = subscription(price: "10.00", start: "2024-01-31")
        sub.recordPrice(money("12.00"), effective: day("2024-02-29"))
        #expect(sub.payments(from: day("2024-01-31"), through: day("2024-03-31")).map(\.amount.description)
                == ["10.00", "12.00", "12.00"])
    }

    @Test("A price effective on or before the start date replaces the original price")
    func priceBeforeStartReplacesOriginal() {
        var sub = subscription(price: "10.00", start: "2024-01-31")
        sub.recordPrice(money("9.00"), effective: day("2023-06-01"))
        #expect(sub.prices == [PriceChange(effective: day("2024-01-31"), amount: money("9.00"))])
        #expect(sub.price(on: day("2024-01-31")) == money("9.00"))
    }

    @Test("Two changes on the same day keep only the later one, and the history stays in date order")
    func sameDayChangesReplace() {
        var sub = subscription(price: "10.00", start: "2024-01-31")
        sub.recordPrice(money("13.00"), effective: day("2024-06-01"))
        sub.recordPrice(money("11.00"), effective: day("2024-03-01"))
        sub.recordPrice(money("12.00"), effective: day("2024-03-01"))
        #expect(sub.prices.map(\.effective) == days(["2024-01-31", "2024-03-01", "2024-06-01"]))
        #expect(sub.prices.map(\.amount.description) == ["10.00", "12.00", "13.00"])
    }

    @Test("Trial payments use the price in force on the trial end")
    func trialFirstChargePrice() {
        let sub = subscription(price: "5.00", start: "2025-01-31", trialEnd: "2025-02-07")
        #expect(sub.nextPayment(onOrAfter: day("2025-01-31")) == Payment(date: day("2025-02-07"), amount: money("5.00")))
    }

    @Test("The next few payments follow the schedule from the first on or after the day")
    func nextPayments() {
        let sub = subscription(start: "2024-01-31")
        #expect(sub.nextPayments(onOrAfter: day("2024-02-01"), count: 3).map(\.date)
                == days(["2024-02-29", "2024-03-31", "2024-04-30"]))
        #expect(sub.nextPayments(onOrAfter: day("2024-02-01"), count: 0).isEmpty)
    }

    @Test("The short id is the first 8 characters of the id")
    func shortID() {
        let sub = subscription(id: "0123abcd-0000-4000-8000-000000000000", start: "2024-01-01")
        #expect(sub.shortID == "0123abcd")
    }

    @Test("An id that is not plain ASCII is cut after 8 characters, not 8 bytes",
          arguments: ["abcdefgh\u{301}-rest", "abcdefg\r\nrest", "çayçayçay-1", "abc", "abcdefgh", "👨‍👩‍👧abcdefghij"])
    func shortIDOfCharacters(_ id: String) {
        let sub = subscription(id: id, start: "2024-01-01")
        #expect(sub.shortID == String(id.prefix(8)))
    }

    @Test("A new subscription gets a lowercase UUID id")
    func lowercaseID() {
        let sub = Subscription(name: "X", price: money("1.00"), cycle: .monthly, startDate: day("2024-01-01"))
        #expect(sub.id == sub.id.lowercased())
        #expect(UUID(uuidString: sub.id) != nil)
    }
}

@Suite("Subscription references")
struct SubscriptionReferenceTests {
    static let netflix = subscription(id: "aaaa1111-0000-4000-8000-000000000001", name: "Netflix", start: "2024-01-01")
    static let spotify = subscription(id: "aaaa2222-0000-4000-8000-000000000002", name: "Spotify", start: "2024-01-01")
    static let icloud = subscription(id: "bbbb3333-0000-4000-8000-000000000003", name: "iCloud+", start: "2024-01-01")
    static let all = [netflix, spotify, icloud]

    @Test("A full id, a unique prefix of 4 or more characters, or the exact name finds the subscription",
          arguments: [("aaaa1111-0000-4000-8000-000000000001", "Netflix"), ("bbbb", "iCloud+"),
                      ("aaaa2", "Spotify"), ("AAAA1111", "Netflix"), ("netflix", "Netflix"),
                      ("SPOTIFY", "Spotify"), ("iCloud+", "iCloud+"), (" Netflix ", "Netflix"),
                      ("Netfli", "Netflix"), ("spo", "Spotify"), ("i", "iCloud+")])
    func resolves(_ reference: String, _ name: String) throws {
        #expect(try SubscriptionReference.resolve(reference, in: Self.all).name == name)
    }

    @Test("An ambiguous prefix is an error that lists every match")
    func ambiguousPrefix() {
        #expect(throws: LookupError.ambiguous(reference: "aaaa", matches: ["aaaa1111 (Netflix)", "aaaa2222 (Spotify)"])) {
            try SubscriptionReference.resolve("aaaa", in: Self.all)
        }
    }

    @Test("Two subscriptions with the same name are ambiguous by name")
    func ambiguousName() throws {
        let twin = subscription(id: "cccc4444-0000-4000-8000-000000000004", name: "NETFLIX", start: "2024-01-01")
        #expect(throws: LookupError.self) { try SubscriptionReference.resolve("netflix", in: Self.all + [twin]) }
        #expect(try SubscriptionReference.resolve("cccc", in: Self.all + [twin]).id == twin.id)
    }

    @Test("A prefix shorter than 4 characters does not match, and an unknown reference is not found",
          arguments: ["bbb", "aaa", "zzzz", "", "Netflix Premium Family"])
    func notFound(_ reference: String) {
        #expect(throws: LookupError.self) {
            try SubscriptionReference.resolve(reference, in: Self.all)
        }
    }

    static let adobe = subscription(id: "dddd5555-0000-4000-8000-000000000005", name: "Adobe", start: "2024-01-01")
    static let adobeCC = subscription(id: "eeee6666-0000-4000-8000-000000000006", name: "Adobe CC", start: "2024-01-01")
    static let adobeStock = subscription(id: "ffff7777-0000-4000-8000-000000000007", name: "Adobe Stock", start: "2024-01-01")

    @Test("A unique prefix of the name finds it, in any case: 'adobe' finds Adobe CC")
    func namePrefix() throws {
        #expect(try SubscriptionReference.resolve("adobe", in: Self.all + [Self.adobeCC]).id == Self.adobeCC.id)
        #expect(try SubscriptionReference.resolve("ADOBE s", in: Self.all + [Self.adobeCC, Self.adobeStock]).id
                == Self.adobeStock.id)
    }

    @Test("The whole name wins over names it is the start of")
    func exactNameBeatsPrefix() throws {
        let all = Self.all + [Self.adobe, Self.adobeCC, Self.adobeStock]
        #expect(try SubscriptionReference.resolve("adobe", in: all).id == Self.adobe.id)
    }

    @Test("A name prefix shared by several subscriptions is ambiguous and lists them")
    func ambiguousNamePrefix() {
        #expect(throws: LookupError.ambiguous(
            reference: "adobe", matches: ["eeee6666 (Adobe CC)", "ffff7777 (Adobe Stock)"])) {
            try SubscriptionReference.resolve("adobe", in: Self.all + [Self.adobeCC, Self.adobeStock])
        }
    }

    @Test("No match suggests the closest names")
    func suggestsClosestNames() {
        #expect(throws: LookupError.notFound(reference: "Netflx", suggestions: ["Netflix"])) {
            try SubscriptionReference.resolve("Netflx", in: Self.all)
        }
        #expect(throws: LookupError.notFound(reference: "adobee", suggestions: ["Adobe CC"])) {
            try SubscriptionReference.resolve("adobee", in: Self.all + [Self.adobeCC])
        }
    }

    static let sahinGida = subscription(id: "abab8888-0000-4000-8000-000000000008", name: "Şahin Gıda", start: "2024-01-01")
    static let tidal = subscription(id: "acac9999-0000-4000-8000-000000000009", name: "Tidal", start: "2024-01-01")
    static let copilot = subscription(id: "adad0000-0000-4000-8000-000000000010", name: "GitHub Copilot", start: "2024-01-01")

    @Test("Text inside one name finds it as list --search does, with Turkish folding",
          arguments: ["gıda", "GIDA", "gida", "ahin", "n g"])
    func textInsideTheName(_ reference: String) throws {
        #expect(try SubscriptionReference.resolve(reference, in: [Self.tidal, Self.copilot, Self.sahinGida]).id
                == Self.sahinGida.id)
    }

    @Test("Text inside several names is ambiguous and lists them; a prefix still wins over text inside")
    func textInsideSeveralNames() throws {
        let migros = subscription(id: "aeae1111-0000-4000-8000-000000000011", name: "Migros Gıda", start: "2024-01-01")
        #expect(throws: LookupError.ambiguous(
            reference: "gıda", matches: ["abab8888 (Şahin Gıda)", "aeae1111 (Migros Gıda)"])) {
            try SubscriptionReference.resolve("gıda", in: [Self.sahinGida, migros])
        }
        let gidaci = subscription(id: "afaf2222-0000-4000-8000-000000000012", name: "Gıdacı", start: "2024-01-01")
        #expect(try SubscriptionReference.resolve("gıda", in: [Self.sahinGida, gidaci]).id == gidaci.id)
    }

    @Test("Suggestions rank names that contain the text, or a word near it, before names merely near it")
    func suggestionsRankContainingNames() {
        let names = ["Tidal", "GitHub Copilot", "Şahin Gıda"]
        #expect(Suggestions.closest(to: "gda", in: names).first == "Şahin Gıda")
        #expect(Suggestions.closest(to: "gıdaa", in: names).first == "Şahin Gıda")
        #expect(Suggestions.closest(to: "opilot", in: names).first == "GitHub Copilot")
    }

    @Test("Nothing is found among no subscriptions")
    func emptyList() {
        #expect(throws: LookupError.notFound(reference: "aaaa")) { try SubscriptionReference.resolve("aaaa", in: []) }
    }

    @Test("Not found names the reference as given; the command line shows it without its control characters")
    func notFoundMessage() {
        #expect(throws: LookupError.notFound(reference: "zz\u{1B}[31mzz")) { try SubscriptionReference.resolve("zz\u{1B}[31mzz", in: Self.all) }
    }
}
