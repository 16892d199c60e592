import Foundation

/// What the household owes each other (`subs owe`, PRODUCT.md §15): from the payments made in a
/// window (recorded amounts where charges are recorded, §10), each person's part of a bill is
/// owed to whoever pays it; settlements in the window count against that; the debts are netted
/// per pair, and settled with as few transfers as the balances allow, per currency and, when
/// every rate is set, in the base currency.
public struct Owed: Equatable, Sendable {
    /// Money one person gives another.
    public struct Transfer: Hashable, Sendable {
        public let from: String
        public let to: String
        public let amount: Money
    }

    /// What is owed in one currency.
    public struct InCurrency: Equatable, Sendable {
        public let currency: Currency
        /// What each owes the other after what the other owes them: one per pair that owes.
        public let debts: [Transfer]
        /// The fewest transfers that settle it.
        public let transfers: [Transfer]
    }

    /// The first day counted, nil for from the beginning; the last day counted.
    public let since: CivilDate?
    public let until: CivilDate
    /// One per currency something is owed in, by code.
    public let currencies: [InCurrency]
    public let base: Currency
    /// Everything settled in the base currency, each transfer rounded once; nil while a rate is
    /// missing (`missingRates`).
    public let inBase: [Transfer]?
    public let missingRates: [Currency]

    /// Works it out. The first party of every split (weight 1, `Subscription.split`) is its
    /// owner, who pays it unless `paidBy` says; `me`, who uses this machine, stands in for the
    /// owner of a subscription added before owners. Everything else is the same on every
    /// machine: people are ordered as the subscriptions (then settlements) first name them, not
    /// from `me`. A bill that someone else pays and nobody shares is all the owner's to owe them.
    public init(
        subscriptions: [Subscription], settlements: [Settlement], me: String, since: CivilDate?, until: CivilDate,
        today: CivilDate, converter: CurrencyConverter
    ) throws {
        if let since, since > until { throw HouseholdError.windowOutOfOrder(since: since, until: until) }
        self.since = since
        self.until = until
        base = converter.base
        var people = People()
        // owed[currency][debtor, creditor]: minor units the debtor owes the creditor.
        var owed: [Currency: [Pair: Int128]] = [:]
        let first = since ?? CivilDate(year: 1, month: 1, day: 1)!
        for subscription in subscriptions {
            let owner = people.index(of: subscription.owner(me: me))
            let payer = people.index(of: subscription.payer(me: me))
            let parties = [owner] + subscription.members.map { people.index(of: $0.name) }
            guard parties.contains(where: { $0 != payer }) else { continue }
            for payment in subscription.paymentsMade(from: first, through: until, today: today) {
                for (party, share) in zip(parties, subscription.split(payment.amount)) where party != payer {
                    owed[payment.amount.currency, default: [:]][Pair(debtor: party, creditor: payer), default: 0] += share.minorUnits
                }
            }
        }
        for settlement in settlements where first <= settlement.date && settlement.date <= until {
            let pair = Pair(debtor: people.index(of: settlement.from), creditor: people.index(of: settlement.to))
            owed[settlement.amount.currency, default: [:]][pair, default: 0] -= settlement.amount.minorUnits
        }

        var currencies: [InCurrency] = []
        var baseBalances: [Int: Decimal] = [:]
        var missing: [Currency] = []
        for currency in owed.keys.sorted() {
            let debts = Self.netted(owed[currency] ?? [:])
            guard !debts.isEmpty else { continue }
            var balances: [Int: Int128] = [:]
            for (pair, units) in debts {
                balances[pair.debtor, default: 0] -= units
                balances[pair.creditor, default: 0] += units
            }
            func transfer(_ pair: Pair, _ units: Int128) -> Transfer {
                Transfer(from: people.names[pair.debtor], to: people.names[pair.creditor],
                         amount: Money(minorUnits: units, currency: currency))
            }
            currencies.append(InCurrency(
                currency: currency,
                debts: debts.map { transfer($0.pair, $0.units) },
                transfers: Self.fewestTransfers(balances).map { transfer($0.pair, $0.units) }))
            if let rate = converter.rates[currency] {
                for (person, units) in balances {
                    baseBalances[person, default: 0] += Money(minorUnits: units, currency: currency).decimal * rate
                }
            } else {
                missing.append(currency)
            }
        }
        self.currencies = currencies
        missingRates = missing
        inBase = missing.isEmpty
            ? try Self.fewestTransfers(baseBalances).compactMap { pair, exact in
                let amount = Money(rounding: try Money.showable(exact, in: converter.base), currency: converter.base)
                return amount.minorUnits > 0
                    ? Transfer(from: people.names[pair.debtor], to: people.names[pair.creditor], amount: amount) : nil
            }
            : nil
    }

    /// Nobody owes anybody anything.
    public var isSettled: Bool { currencies.isEmpty }

    /// Who owes whom, by their positions in `People`.
    struct Pair: Hashable {
        let debtor: Int
        let creditor: Int
    }

    /// The people named, each once, compared as names are (`Alice` is `alice`), shown as first
    /// written.
    struct People {
        private(set) var names: [String] = []
        private var positions: [String: Int] = [:]

        mutating func index(of name: String) -> Int {
            let key = NameMatching.key(name)
            if let index = positions[key] { return index }
            names.append(name)
            positions[key] = names.count - 1
            return names.count - 1
        }
    }

    /// Each pair's debts in both directions made one: alice owes bob 7.99 and bob owes alice
    /// 6.00 is alice owes bob 1.99. Ordered by debtor, then creditor, as they were first named.
    static func netted(_ owed: [Pair: Int128]) -> [(pair: Pair, units: Int128)] {
        var debts: [(pair: Pair, units: Int128)] = []
        for (pair, units) in owed where pair.debtor < pair.creditor {
            let back = owed[Pair(debtor: pair.creditor, creditor: pair.debtor)] ?? 0
            let net = units - back
            if net > 0 { debts.append((pair, net)) }
            if net < 0 { debts.append((Pair(debtor: pair.creditor, creditor: pair.debtor), -net)) }
        }
        // A pair owed only one way, in the other order.
        for (pair, units) in owed where pair.debtor > pair.creditor && owed[Pair(debtor: pair.creditor, creditor: pair.debtor)] == nil {
            if units > 0 { debts.append((pair, units)) }
            if units < 0 { debts.append((Pair(debtor: pair.creditor, creditor: pair.debtor), -units)) }
        }
        return debts.sorted { ($0.pair.debtor, $0.pair.creditor) < ($1.pair.debtor, $1.pair.creditor) }
    }

    /// Transfers that bring every balance (above zero: owed to them; below: they owe) to zero,
    /// as few as there can be. People with a balance who split into g groups whose balances each
    /// sum to zero need n − g transfers, and no fewer: inside a group the largest debtor paying
    /// the largest creditor settles at least one person each time and the last two at once.
    /// Finding the most such groups is a search over subsets (a subset-sum problem), made exactly
    /// for up to `exactLimit` people; a larger household is taken as one group, at most n − 1.
    static func fewestTransfers<Amount: SignedNumeric & Comparable>(_ balances: [Int: Amount]) -> [(pair: Pair, units: Amount)] {
        let people = balances.filter { $0.value != 0 }.map(\.key).sorted()
        let amounts = people.map { balances[$0] ?? 0 }
        return zeroSumGroups(amounts).flatMap { group in
            largestFirst(group.map { (person: people[$0], amount: amounts[$0]) })
        }
    }

    /// The most people `fewestTransfers` searches groups among: 2^16 subset sums.
    static let exactLimit = 16

    /// The positions of `amounts` (which sum to zero) split into as many groups summing to zero
    /// as there can be. most[set] is the most groups a set splits into such that taking its
    /// people away one by one passes through a zero sum that many times; the sets that do so
    /// nest, and what lies between two of them is a group.
    static func zeroSumGroups<Amount: SignedNumeric & Comparable>(_ amounts: [Amount]) -> [[Int]] {
        let count = amounts.count
        guard count > 0 else { return [] }
        guard count <= exactLimit else { return [Array(amounts.indices)] }
        let everyone = (1 << count) - 1
        var sums = [Amount](repeating: 0, count: everyone + 1)
        var most = [Int](repeating: 0, count: everyone + 1)
        for set in 1...everyone {
            sums[set] = sums[set & (set - 1)] + amounts[set.trailingZeroBitCount]
            var best = 0
            var left = set
            while left != 0 {
                best = max(best, most[set & ~(1 << left.trailingZeroBitCount)])
                left &= left - 1
            }
            most[set] = best + (sums[set] == 0 ? 1 : 0)
        }
        var groups: [[Int]] = []
        var group: [Int] = []
        var set = everyone
        while set != 0 {
            if sums[set] == 0, !group.isEmpty {
                groups.append(group)
                group = []
            }
            let wanted = most[set] - (sums[set] == 0 ? 1 : 0)
            var left = set
            var taken = set.trailingZeroBitCount
            while left != 0 {
                let person = left.trailingZeroBitCount
                if most[set & ~(1 << person)] == wanted {
                    taken = person
                    break
                }
                left &= left - 1
            }
            group.append(taken)
            set &= ~(1 << taken)
        }
        if !group.isEmpty { groups.append(group) }
        return groups
    }

    /// Settles balances that sum to zero: the largest debtor pays the largest creditor as much
    /// as one of them needs, again and again; each transfer settles at least one of them.
    private static func largestFirst<Amount: SignedNumeric & Comparable>(
        _ balances: [(person: Int, amount: Amount)]
    ) -> [(pair: Pair, units: Amount)] {
        var creditors = balances.filter { $0.amount > 0 }
        var debtors = balances.filter { $0.amount < 0 }.map { (person: $0.person, amount: -$0.amount) }
        var transfers: [(pair: Pair, units: Amount)] = []
        // Largest first, the person named first on a tie, so the same balances give the same transfers.
        func before(_ a: (person: Int, amount: Amount), _ b: (person: Int, amount: Amount)) -> Bool {
            a.amount == b.amount ? a.person < b.person : a.amount > b.amount
        }
        while !creditors.isEmpty, !debtors.isEmpty {
            creditors.sort(by: before)
            debtors.sort(by: before)
            let amount = min(creditors[0].amount, debtors[0].amount)
            transfers.append((Pair(debtor: debtors[0].person, creditor: creditors[0].person), amount))
            creditors[0].amount -= amount
            debtors[0].amount -= amount
            creditors.removeAll { $0.amount <= 0 }
            debtors.removeAll { $0.amount <= 0 }
        }
        return transfers
    }
}
