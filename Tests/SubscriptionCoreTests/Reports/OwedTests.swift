import Foundation
import Testing
@testable import SubscriptionCore

/// `subs owe` (PRODUCT.md §15), worked out by hand: each member's part of every payment made is
/// owed to the payer, split as `Split.shares` splits (largest remainder, ties to the earlier
/// party, you first with weight 1); settlements count against it; debts net per pair.
@Suite struct OwedTests {
    private static func shared(
        _ name: String, _ price: String, _ code: String = "USD", start: String, with members: [Member], paidBy: String? = nil
    ) -> Subscription {
        var bill = subscription(name: name, price: price, currency: code, start: start)
        bill.members = members
        bill.paidBy = paidBy
        return bill
    }

    private static func owed(
        _ bills: [Subscription], settlements: [Settlement] = [], me: String = "alice", since: String? = nil,
        until: String, today: String, rates: [ExchangeRate] = []
    ) throws -> Owed {
        try Owed(subscriptions: bills, settlements: settlements, me: me, since: since.map(day), until: day(until),
                 today: day(today), converter: CurrencyConverter(base: .usd, rates: rates))
    }

    private static func transfer(_ from: String, _ to: String, _ amount: String, _ code: String = "USD") -> Owed.Transfer {
        Owed.Transfer(from: from, to: to, amount: money(amount, code))
    }

    private static func settlement(_ from: String, _ to: String, _ amount: String, _ code: String = "USD", on date: String) -> Settlement {
        Settlement(id: UUID().uuidString.lowercased(), from: from, to: to, amount: money(amount, code), date: day(date),
                   createdAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    /// Issue #865: "Alice pays for Netflix, Bob pays for Spotify. How much is owed to the other?"
    /// On Alice's machine (me = alice), both shared with Bob, paid on the 15th of Jan, Feb, Mar.
    /// Netflix 15.99 = 1599 cents in two (weights 1, 1): 799 each, 1 cent left, the tie to the
    /// earlier, alice: alice 8.00, bob 7.99; Bob owes Alice 7.99 a month.
    /// Spotify 11.99 = 1199 cents: alice 6.00, bob 5.99; Alice owes Bob 6.00 a month.
    /// Three months: Bob owes 3 × 7.99 = 23.97, Alice owes 3 × 6.00 = 18.00; net Bob owes Alice
    /// 23.97 − 18.00 = 5.97, in one transfer.
    @Test("#865: Alice pays Netflix, Bob pays Spotify, three months: Bob owes Alice 5.97")
    func aliceAndBob() throws {
        let netflix = Self.shared("Netflix", "15.99", start: "2026-01-15", with: [Member(name: "Bob")])
        let spotify = Self.shared("Spotify", "11.99", start: "2026-01-15", with: [Member(name: "Bob")], paidBy: "Bob")
        #expect(netflix.split(money("15.99")) == [money("8.00"), money("7.99")])
        #expect(spotify.split(money("11.99")) == [money("6.00"), money("5.99")])

        let owed = try Self.owed([netflix, spotify], until: "2026-03-20", today: "2026-03-20")
        #expect(owed.currencies.map(\.currency) == [.usd])
        #expect(owed.currencies[0].debts == [Self.transfer("Bob", "alice", "5.97")])
        #expect(owed.currencies[0].transfers == [Self.transfer("Bob", "alice", "5.97")])
        #expect(owed.inBase == [Self.transfer("Bob", "alice", "5.97")])

        // From February: two months, 2 × 1.99 = 3.98. A payment after today is not made yet.
        let sinceFebruary = try Self.owed([netflix, spotify], since: "2026-02-01", until: "2026-12-31", today: "2026-03-20")
        #expect(sinceFebruary.currencies[0].transfers == [Self.transfer("Bob", "alice", "3.98")])

        // Bob settles 5.97: nothing is owed. On Bob's machine the same bills say the same.
        let settled = try Self.owed([netflix, spotify], settlements: [Self.settlement("bob", "Alice", "5.97", on: "2026-03-20")],
                                    until: "2026-03-20", today: "2026-03-20")
        #expect(settled.isSettled)
        #expect(settled.inBase == [])
    }

    /// Three people, unequal weights, a recorded charge, a settlement and two currencies; me = alice.
    ///
    /// Internet, 10.01 USD on the 1st, paid by alice, shared with bob:2 and carol (weights 1, 2, 1
    /// of 4). 1001 cents: 250 r1, 500 r2, 250 r1, 1 cent left to the largest remainder, bob:
    /// alice 2.50, bob 5.01, carol 2.50. February's charge was recorded at 12.01: 1201 cents:
    /// 300 r1, 600 r2, 300 r1: alice 3.00, bob 6.01, carol 3.00.
    /// Gym, 20.00 EUR on the 5th, paid by carol, shared with bob and carol (weights 1, 1, 1):
    /// 2000 cents: 666 r2 each, 2 cents left to the first two: alice 6.67, bob 6.67, carol 6.66.
    /// Bob paid Alice 4.00 USD on 2026-02-02.
    ///
    /// Through 2026-02-10 (payments Jan 1, Feb 1; Jan 5, Feb 5):
    /// USD: bob owes alice 5.01 + 6.01 − 4.00 = 7.02; carol owes alice 2.50 + 3.00 = 5.50.
    /// EUR: alice owes carol 2 × 6.67 = 13.34; bob owes carol 13.34.
    /// In USD at 1 EUR = 1.10: alice +12.52 − 14.674 = −2.154, bob −7.02 − 14.674 = −21.694,
    /// carol −5.50 + 29.348 = +23.848: bob pays carol 21.69, alice pays carol 2.15 (each
    /// rounded once), two transfers for three people.
    @Test("Three people, weights 1:2:1, a recorded charge, a settlement, USD and EUR, and the total in USD")
    func threePeopleTwoCurrencies() throws {
        var internet = Self.shared("Internet", "10.01", start: "2026-01-01", with: [Member(name: "bob", weight: 2), Member(name: "carol")])
        try internet.recordPaid(on: day("2026-02-01"), amount: money("12.01"), today: day("2026-02-10"))
        let gym = Self.shared("Gym", "20.00", "EUR", start: "2026-01-05", with: [Member(name: "bob"), Member(name: "carol")],
                              paidBy: "carol")
        let settlement = Self.settlement("bob", "alice", "4.00", on: "2026-02-02")
        let rate = try ExchangeRate(currency: currency("EUR"), stored: "1.10", setAt: Date(timeIntervalSince1970: 0))

        let owed = try Self.owed([internet, gym], settlements: [settlement], until: "2026-02-10", today: "2026-02-10", rates: [rate])
        #expect(owed.currencies.map(\.currency.code) == ["EUR", "USD"])
        let euros = owed.currencies[0], dollars = owed.currencies[1]
        #expect(dollars.debts == [Self.transfer("bob", "alice", "7.02"), Self.transfer("carol", "alice", "5.50")])
        #expect(dollars.transfers == [Self.transfer("bob", "alice", "7.02"), Self.transfer("carol", "alice", "5.50")])
        #expect(euros.debts == [Self.transfer("alice", "carol", "13.34", "EUR"), Self.transfer("bob", "carol", "13.34", "EUR")])
        #expect(euros.transfers == [Self.transfer("alice", "carol", "13.34", "EUR"), Self.transfer("bob", "carol", "13.34", "EUR")])
        #expect(owed.inBase == [Self.transfer("bob", "carol", "21.69"), Self.transfer("alice", "carol", "2.15")])
        #expect(owed.missingRates == [])

        // Without a rate for EUR there is no total in USD, and the missing rate is named.
        let noRate = try Self.owed([internet, gym], settlements: [settlement], until: "2026-02-10", today: "2026-02-10")
        #expect(noRate.inBase == nil)
        #expect(noRate.missingRates == [currency("EUR")])
        #expect(noRate.currencies == owed.currencies)

        // A settlement outside the window does not count: bob owes alice 11.02 again.
        let january = try Self.owed([internet, gym], settlements: [settlement], until: "2026-01-31", today: "2026-02-10")
        #expect(january.currencies.first { $0.currency == .usd }?.debts
            == [Self.transfer("bob", "alice", "5.01"), Self.transfer("carol", "alice", "2.50")])
    }

    /// #865 with sync: Alice added Netflix on her machine, Bob added Spotify on his, each shared
    /// with the other and paid by whoever added it (`paidBy` nil). Synced, both machines hold
    /// both, and `owe` must say the same on each: Netflix's first party and payer is Alice
    /// wherever it is read, Spotify's is Bob. Bob owes 3 × 7.99 = 23.97 for Netflix; Spotify
    /// 11.99 is Bob 6.00 (first), Alice 5.99: Alice owes 3 × 5.99 = 17.97; net Bob owes Alice
    /// 23.97 − 17.97 = 6.00.
    @Test("Owners: a synced bill splits the same on every machine, whoever uses it")
    func ownersMakeEveryMachineAgree() throws {
        var netflix = Self.shared("Netflix", "15.99", start: "2026-01-15", with: [Member(name: "Bob")])
        netflix.owner = "Alice"
        var spotify = Self.shared("Spotify", "11.99", start: "2026-01-15", with: [Member(name: "Alice")])
        spotify.owner = "Bob"

        let onBobs = try Self.owed([netflix], me: "Bob", until: "2026-01-31", today: "2026-01-31")
        #expect(onBobs.currencies.first?.transfers == [Self.transfer("Bob", "Alice", "7.99")], "Bob owes Alice his half")
        let onAlices = try Self.owed([netflix], me: "Alice", until: "2026-01-31", today: "2026-01-31")
        #expect(onAlices == onBobs)

        let spotifyOnAlices = try Self.owed([spotify], me: "Alice", until: "2026-01-31", today: "2026-01-31")
        #expect(spotifyOnAlices.currencies.first?.transfers == [Self.transfer("Alice", "Bob", "5.99")])
        #expect(try Self.owed([spotify], me: "Bob", until: "2026-01-31", today: "2026-01-31") == spotifyOnAlices)

        let both = try Self.owed([netflix, spotify], me: "Alice", until: "2026-03-20", today: "2026-03-20")
        #expect(both.currencies.first?.debts == [Self.transfer("Bob", "Alice", "6.00")])
        for me in ["Bob", "Carol"] {
            #expect(try Self.owed([netflix, spotify], me: me, until: "2026-03-20", today: "2026-03-20") == both, "\(me)")
        }
    }

    @Test("A bill someone else pays and nobody shares is all mine to owe; one I pay alone owes nothing")
    func unsharedBills() throws {
        var gym = subscription(name: "Gym", price: "30.00", start: "2026-01-10")
        let mine = subscription(name: "Mine", price: "9.99", start: "2026-01-10")
        gym.paidBy = "Mum"
        let owed = try Self.owed([gym, mine], until: "2026-02-28", today: "2026-02-28")
        #expect(owed.currencies.first?.transfers == [Self.transfer("alice", "Mum", "60.00")])
    }

    @Test("A settlement larger than the debt turns it round; names compare as names do")
    func overpaidSettlement() throws {
        let netflix = Self.shared("Netflix", "15.99", start: "2026-01-15", with: [Member(name: "Bob")])
        let owed = try Self.owed([netflix], settlements: [Self.settlement("BOB", "Alice", "10.00", on: "2026-01-20")],
                                 until: "2026-01-31", today: "2026-01-31")
        // Bob owed 7.99 and paid 10.00: Alice owes him 2.01.
        #expect(owed.currencies.first?.transfers == [Self.transfer("alice", "Bob", "2.01")])
    }

    /// +5, +4, −4, −3, −2: the largest debtor paying the largest creditor over everyone takes
    /// four transfers (4 to the 5, 3 to the 4, 2 as 1 + 1); split into {+4, −4} and
    /// {+5, −3, −2}, which each sum to zero, it takes three, the fewest five people can need.
    @Test("The fewest transfers: groups that sum to zero settle apart, every balance ends at zero")
    func fewestTransfers() {
        func settle(_ balances: [Int: Int128]) -> (count: Int, left: [Int: Int128]) {
            var left = balances
            let transfers = Owed.fewestTransfers(balances)
            for transfer in transfers {
                #expect(transfer.units > 0)
                left[transfer.pair.debtor, default: 0] += transfer.units
                left[transfer.pair.creditor, default: 0] -= transfer.units
            }
            return (transfers.count, left)
        }
        let five = settle([0: 5, 1: 4, 2: -4, 3: -3, 4: -2])
        #expect(five.count == 3)
        #expect(five.left.values.allSatisfy { $0 == 0 })
        #expect(Set(Owed.zeroSumGroups([Int128(5), 4, -4, -3, -2]).map { Set($0) }) == [[1, 2], [0, 3, 4]])

        let oneGroup = settle([0: 500, 1: -300, 2: -100, 3: -100, 4: 0])
        #expect(oneGroup.count == 3)
        #expect(oneGroup.left.values.allSatisfy { $0 == 0 })
        #expect(Owed.fewestTransfers([Int: Int128]()).isEmpty)

        // Past the exact search, one group: still settled, in at most n − 1.
        var many: [Int: Int128] = [:]
        for person in 0..<20 { many[person] = person < 10 ? 3 : -3 }
        let large = settle(many)
        #expect(large.count <= 19)
        #expect(large.left.values.allSatisfy { $0 == 0 })
    }

    @Test("--since after --until is refused")
    func windowOutOfOrder() {
        #expect(throws: HouseholdError.windowOutOfOrder(since: day("2026-03-01"), until: day("2026-02-01"))) {
            try Self.owed([], since: "2026-03-01", until: "2026-02-01", today: "2026-03-01")
        }
    }

    @Test("A settlement needs two different people and an amount above zero")
    func settlementChecks() throws {
        #expect(throws: HouseholdError.settlesWithThemselves(name: "Bob")) {
            try Settlement.new(from: "Bob", to: "bob", amount: money("1.00"), on: day("2026-01-01"))
        }
        #expect(throws: HouseholdError.nothingToSettle(currency: .usd)) {
            try Settlement.new(from: "Bob", to: "Alice", amount: money("0"), on: day("2026-01-01"))
        }
        #expect(throws: HouseholdError.settledInFuture(date: day("2026-01-02"), today: day("2026-01-01"))) {
            try Settlement.new(from: "Bob", to: "Alice", amount: money("1.00"), on: day("2026-01-02"), today: day("2026-01-01"))
        }
        let made = try Settlement.new(from: " Bob ", to: "Alice", amount: money("1.00"), on: day("2026-01-01"))
        #expect(made.from == "Bob")
        #expect(made.id == made.id.lowercased() && UUID(uuidString: made.id) != nil)
    }
}
