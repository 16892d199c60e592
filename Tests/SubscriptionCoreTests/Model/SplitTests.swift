import Testing
@testable import SubscriptionCore
import FuzzSupport

/// Shared costs split exactly in minor units by largest remainder (SCHEDULE.md money vectors).
@Suite struct SplitTests {
    @Test(arguments: [
        ("10.00", "USD", [1, 1, 1], ["3.34", "3.33", "3.33"]),
        ("1000", "JPY", [1, 1, 1], ["334", "333", "333"]),
        ("1.000", "KWD", [1, 1, 1], ["0.334", "0.333", "0.333"]),
        ("0.05", "USD", [70, 30], ["0.04", "0.01"]),
        ("16.99", "USD", [1, 1, 2], ["4.25", "4.25", "8.49"]),
    ])
    func moneyVectors(_ total: String, _ code: String, _ weights: [Int], _ expected: [String]) {
        #expect(Split.shares(of: money(total, code), weights: weights).map(\.description) == expected)
    }

    @Test func sharesAlwaysAddUpAndEqualWeightsDifferByAtMostOneMinorUnit() {
        var random = SplitMix64(seed: 0x5EED)
        for _ in 0..<5_000 {
            let total = Money(minorUnits: Int128(random.next() % 10_000_000), currency: .usd)
            let weights = (0..<Int(1 + random.next() % 6)).map { _ in Int(1 + random.next() % 4) }
            let shares = Split.shares(of: total, weights: weights)
            #expect(shares.map(\.minorUnits).reduce(0, +) == total.minorUnits)
            for i in weights.indices {
                for j in weights.indices where weights[i] == weights[j] {
                    #expect(abs(shares[i].minorUnits - shares[j].minorUnits) <= 1)
                }
            }
        }
    }

    @Test func sharedWithParsesNamesAndWeights() throws {
        #expect(try Member.parseList("Alice, Bob:2") == [Member(name: "Alice"), Member(name: "Bob", weight: 2)])
        #expect(try Member.parseList("none") == [])
        for bad in ["Alice,", "Alice:0", "Alice:x", "Alice,alice", ":2", "Bob:100"] {
            #expect(throws: InputError.self, "\(bad)") { try Member.parseList(bad) }
        }
    }

    @Test func mySharePutsYouFirstWithWeightOne() {
        var spotify = subscription(price: "10.00", start: "2024-01-01")
        spotify.members = [Member(name: "Alice"), Member(name: "Bob")]
        #expect(spotify.myShare(of: money("10.00")).description == "3.34")
        let mine = spotify.monthlyCost(on: day("2024-02-01"), myShare: true)
        #expect(Money(rounding: mine, currency: .usd).description == "3.34", "your largest-remainder share of each payment")
    }

    /// A subscription synced from another machine: Alice added Spotify (10.00) shared with Bob
    /// and Carol:2; split 1, 1, 2 it is 2.50, 2.50, 5.00.
    @Test func myShareIsTheLocalUsersPartOfAnOwnersBill() {
        var spotify = subscription(price: "10.00", start: "2024-01-01")
        spotify.owner = "Alice"
        spotify.members = [Member(name: "Bob"), Member(name: "Carol", weight: 2)]
        #expect(spotify.myShare(of: money("10.00"), me: "alice").description == "2.50", "the owner's share")
        #expect(spotify.myShare(of: money("10.00"), me: "carol").description == "5.00", "a member's share")
        #expect(spotify.myShare(of: money("10.00"), me: "Dave").description == "0.00", "neither: none of it")
        #expect(spotify.myShare(of: money("10.00")).description == "2.50", "no me: the owner's")
        let carols = spotify.monthlyCost(on: day("2024-02-01"), myShare: true, me: "Carol")
        #expect(Money(rounding: carols, currency: .usd).description == "5.00")

        // Not shared: all the owner's, nothing of anyone else's.
        var gym = subscription(price: "30.00", start: "2024-01-01")
        gym.owner = "Alice"
        #expect(gym.myShare(of: money("30.00"), me: "Alice").description == "30.00")
        #expect(gym.myShare(of: money("30.00"), me: "Carol").description == "0.00")
        #expect(gym.monthlyCost(on: day("2024-02-01"), myShare: true, me: "Carol") == 0)

        // Added before owners: whoever uses the machine is the first party, as before.
        gym.owner = nil
        #expect(gym.myShare(of: money("30.00"), me: "Carol").description == "30.00")
        #expect(gym.owner(me: "Carol") == "Carol" && gym.payer(me: "Carol") == "Carol")
    }
}
