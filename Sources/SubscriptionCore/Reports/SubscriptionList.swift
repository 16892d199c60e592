import Foundation

/// Which subscriptions `list` shows, and in what order.
public struct ListQuery: Sendable {
    public enum StatusFilter: String, CaseIterable, Sendable {
        case active, trial, paused, cancelled, all
    }

    public enum Sort: String, CaseIterable, Sendable {
        case next, name, amount, monthly
    }

    /// Nil shows everything except cancelled subscriptions.
    public var status: StatusFilter?
    public var category: String?
    /// Matched case-insensitively against name, notes and URL.
    public var search: String?
    /// Matched case-insensitively within the payment method (`visa` finds `Visa ••4242`).
    public var paymentMethod: String?
    public var sort: Sort

    public init(
        status: StatusFilter? = nil, category: String? = nil, search: String? = nil,
        paymentMethod: String? = nil, sort: Sort = .next
    ) {
        self.status = status
        self.category = category
        self.search = search
        self.paymentMethod = paymentMethod
        self.sort = sort
    }
}

/// The result of `list`: the matching subscriptions and their totals.
public struct SubscriptionList: Sendable {
    public let items: [SubscriptionSnapshot]
    /// Monthly cost per currency, summed exactly over the items that are being paid.
    public let monthlyTotals: CurrencyTotals

    public init(_ subscriptions: [Subscription], query: ListQuery, today: CivilDate, config: Config) {
        let snapshots = subscriptions
            .map { SubscriptionSnapshot($0, today: today, config: config) }
            .filter { query.matches($0) }
            .map { (snapshot: $0, name: $0.subscription.name.lowercased()) }
        items = snapshots.sorted { query.sort.areInIncreasingOrder($0, $1) }.map(\.snapshot)
        var totals = CurrencyTotals()
        // What is paid now: paused and cancelled subscriptions cost nothing this month.
        for item in items where item.status.isPaying {
            totals.add(item.monthlyCost, in: item.subscription.currency)
        }
        monthlyTotals = totals
    }
}

extension ListQuery {
    func matches(_ snapshot: SubscriptionSnapshot) -> Bool {
        let subscription = snapshot.subscription
        switch status {
        case nil: if snapshot.status == .cancelled { return false }
        case .all?: break
        case let wanted?: if snapshot.status.rawValue != wanted.rawValue { return false }
        }
        if let category, subscription.category?.caseInsensitiveCompare(category) != .orderedSame {
            return false
        }
        if let paymentMethod, !paymentMethod.isEmpty,
           subscription.paymentMethod?.localizedCaseInsensitiveContains(paymentMethod) != true {
            return false
        }
        if let search, !search.isEmpty {
            let fields = [subscription.name, subscription.notes, subscription.url].compactMap { $0 }
            if !fields.contains(where: { $0.localizedCaseInsensitiveContains(search) }) { return false }
        }
        return true
    }
}

extension ListQuery.Sort {
    /// Sorts by the key, then by lowercased name, then by id so the order is stable between runs.
    func areInIncreasingOrder(
        _ left: (snapshot: SubscriptionSnapshot, name: String),
        _ right: (snapshot: SubscriptionSnapshot, name: String)
    ) -> Bool {
        let (lhs, rhs) = (left.snapshot, right.snapshot)
        func tieBreak() -> Bool {
            left.name == right.name ? lhs.subscription.id < rhs.subscription.id : left.name < right.name
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
            // Different currencies are not comparable without rates: group by currency first.
            if lhs.subscription.currency != rhs.subscription.currency {
                return lhs.subscription.currency < rhs.subscription.currency
            }
            let left = self == .amount ? lhs.amount.decimal : lhs.monthlyCost
            let right = self == .amount ? rhs.amount.decimal : rhs.monthlyCost
            return left == right ? tieBreak() : left > right
        }
    }
}
