import Foundation

/// Which subscriptions `list` shows, and in what order.
public struct ListQuery: Sendable {
    public enum StatusFilter: String, CaseIterable, Sendable {
        case active, trial, paused, cancelled, all
    }

    public enum Sort: String, CaseIterable, Sendable {
        case next, name, amount, monthly
    }

    /// The statuses to show; empty shows everything except cancelled subscriptions, and `all`
    /// shows everything.
    public var statuses: Set<StatusFilter>
    public var category: String?
    /// Matched as names are (`NameMatching`) against name, notes and URL.
    public var search: String?
    /// Matched as names are within the payment method (`visa` finds `Visa ••4242`).
    public var paymentMethod: String?
    public var sort: Sort
    /// Whether the order is reversed, ties included.
    public var reverse: Bool
    /// Whose alphabet names sort by: the reader's in a table, English in JSON and CSV so that
    /// files do not change with the language.
    public var collation: Language = .english

    public init(
        status: [StatusFilter] = [], category: String? = nil, search: String? = nil,
        paymentMethod: String? = nil, sort: Sort = .next, reverse: Bool = false
    ) {
        self.statuses = Set(status)
        self.category = category
        self.search = search
        self.paymentMethod = paymentMethod
        self.sort = sort
        self.reverse = reverse
    }
}

/// The result of `list`: the matching subscriptions and their totals.
public struct SubscriptionList: Sendable {
    public let items: [SubscriptionSnapshot]
    /// Monthly cost per currency, summed exactly over the items that are being paid.
    public let monthlyTotals: CurrencyTotals
    /// The currency `convertedMonthly` is in.
    public let base: Currency?
    /// The monthly total in the base currency, exact; nil without a converter or when a rate is
    /// missing.
    public let convertedMonthly: Decimal?

    /// - Parameter converter: the user's exchange rates. With a rate for every currency listed,
    ///   `amount` and `monthly` sort by the value in the base currency, and the total is converted.
    public init(
        _ subscriptions: [Subscription], query: ListQuery, today: CivilDate, config: Config,
        converter: CurrencyConverter? = nil
    ) throws {
        let snapshots = subscriptions
            .map { SubscriptionSnapshot($0, today: today, config: config) }
            .filter { query.matches($0) }
        let rates = converter.flatMap { converter in
            snapshots.allSatisfy { converter.rates[$0.subscription.currency] != nil } ? converter.rates : nil
        }
        let keyed = snapshots.map {
            ListQuery.SortKey(snapshot: $0, name: $0.subscription.name,
                              collationKey: NameCollation.key($0.subscription.name, in: query.collation),
                              rate: rates?[$0.subscription.currency])
        }
        let sorted = keyed.sorted { query.sort.areInIncreasingOrder($0, $1) }.map(\.snapshot)
        items = query.reverse ? sorted.reversed() : sorted
        var totals = CurrencyTotals()
        // What is paid now: paused and cancelled subscriptions cost nothing this month.
        for item in items where item.status.isPaying {
            totals.add(item.monthlyCost, in: item.subscription.currency)
        }
        monthlyTotals = totals
        base = converter?.base
        convertedMonthly = try converter?.convert(totals)
    }
}

extension ListQuery {
    func matches(_ snapshot: SubscriptionSnapshot) -> Bool {
        let subscription = snapshot.subscription
        if statuses.isEmpty {
            if snapshot.status == .cancelled { return false }
        } else if !statuses.contains(.all),
                  !statuses.contains(where: { $0.rawValue == snapshot.status.rawValue }) {
            return false
        }
        if let category, subscription.category.map({ NameMatching.same($0, category) }) != true {
            return false
        }
        if let paymentMethod, !paymentMethod.isEmpty,
           subscription.paymentMethod.map({ NameMatching.contains($0, paymentMethod) }) != true {
            return false
        }
        if let search, !search.isEmpty {
            let fields = [subscription.name, subscription.notes, subscription.url].compactMap { $0 }
            if !fields.contains(where: { NameMatching.contains($0, search) }) { return false }
        }
        return true
    }

    /// What sorting needs of one item, computed once.
    struct SortKey {
        let snapshot: SubscriptionSnapshot
        let name: String
        /// `name` as `NameCollation` orders it, computed once per subscription.
        let collationKey: [UInt32]
        /// The rate into the base currency; nil when amounts are compared per currency.
        let rate: Decimal?
    }
}

extension ListQuery.Sort {
    /// Sorts by the key, then by name in the query's collation, then by id so the order is stable
    /// between runs.
    func areInIncreasingOrder(_ left: ListQuery.SortKey, _ right: ListQuery.SortKey) -> Bool {
        let (lhs, rhs) = (left.snapshot, right.snapshot)
        func tieBreak() -> Bool {
            if left.collationKey != right.collationKey {
                return left.collationKey.lexicographicallyPrecedes(right.collationKey)
            }
            return left.name == right.name ? lhs.subscription.id < rhs.subscription.id
                : left.name.unicodeScalars.lexicographicallyPrecedes(right.name.unicodeScalars)
        }
        switch self {
        case .next:
            switch (lhs.nextPayment?.date, rhs.nextPayment?.date) {
            case let (left?, right?) where left != right: return left < right
            case (.some, nil): return true
            case (nil, .some): return false
            default: return tieBreak()
            }
        case .name:
            return tieBreak()
        case .amount, .monthly:
            var leftValue = self == .amount ? lhs.amount.decimal : lhs.monthlyCost
            var rightValue = self == .amount ? rhs.amount.decimal : rhs.monthlyCost
            if let leftRate = left.rate, let rightRate = right.rate {
                leftValue *= leftRate
                rightValue *= rightRate
            } else if lhs.subscription.currency != rhs.subscription.currency {
                // Without rates different currencies are not comparable: group by currency first.
                return lhs.subscription.currency < rhs.subscription.currency
            }
            return leftValue == rightValue ? tieBreak() : leftValue > rightValue
        }
    }
}
