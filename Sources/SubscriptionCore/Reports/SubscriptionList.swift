import Foundation

/// Which subscriptions `list` shows, and in what order.
public struct ListQuery: Sendable {
    public enum StatusFilter: String, CaseIterable, Sendable {
        case active, trial, paused, cancelled, ended, all
    }

    public enum Sort: String, CaseIterable, Sendable {
        case next, name, amount, monthly

        /// Whether it compares amounts (in the base currency, given every rate), not days and names.
        var comparesAmounts: Bool { self == .amount || self == .monthly }
    }

    /// The statuses to show; empty shows everything except cancelled and ended subscriptions,
    /// and `all` shows everything.
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
    /// The currency `convertedMonthly()` is in.
    public var base: Currency? { converter?.base }
    private let converter: CurrencyConverter?
    /// The cancelled subscriptions that match the rest of the query but were left out because
    /// no `--status` was given: what an empty list should point at.
    public let cancelledLeftOut: Int
    /// The ended ones left out the same way.
    public let endedLeftOut: Int

    /// - Parameter converter: the user's exchange rates. With a rate for every currency listed,
    ///   `amount` and `monthly` sort by the value in the base currency, and the total is converted.
    /// - Parameter me: who uses this machine, whose share each item tells (`SubscriptionSnapshot.me`).
    public init(
        _ subscriptions: consuming [Subscription], query: ListQuery, today: CivilDate, config: Config,
        converter: CurrencyConverter? = nil, me: String? = nil
    ) throws {
        // With thousands, the later half is moved into an array of its own, whose snapshots the
        // other core makes while this one makes the earlier half's. Popped from the end, the
        // earlier half's come last first and are reversed; the later half, moved last first, is
        // popped first first.
        let parallel = subscriptions.count >= BothCores.threshold
        let later = BothCores.Handover<[Subscription]>()
        if parallel {
            let count = subscriptions.count - subscriptions.count / 2
            var moved: [Subscription] = []
            moved.reserveCapacity(count)
            while moved.count < count, let last = subscriptions.popLast() { moved.append(last) }
            later.value = moved
        }
        let (second, first) = BothCores.run(if: parallel, {
            var subscriptions = later.value.take() ?? []
            return Snapshots(popping: &subscriptions, query: query, today: today, config: config, me: me)
        }, while: {
            var first = Snapshots(popping: &subscriptions, query: query, today: today, config: config, me: me)
            first.shown.reverse()
            return first
        })
        // Every subscription was moved into its snapshot: the array's buffer is given back now,
        // for the sort's keys to take, not after them (a list of 1,000 held 288 KB less).
        subscriptions = []
        var snapshots = first.shown
        snapshots.reserveCapacity(first.shown.count + second.shown.count)
        snapshots.append(contentsOf: second.shown)
        cancelledLeftOut = first.cancelledLeftOut + second.cancelledLeftOut
        endedLeftOut = first.endedLeftOut + second.endedLeftOut
        let rates = converter.flatMap { converter in
            query.sort.comparesAmounts
                && snapshots.allSatisfy { converter.rates[$0.subscription.currency] != nil } ? converter.rates : nil
        }
        var order = Self.order(of: snapshots, by: query, rates: rates)
        if query.reverse { order.reverse() }
        snapshots.rearrange(taking: order)
        items = snapshots
        var totals = first.monthlyTotals
        totals.add(second.monthlyTotals)
        monthlyTotals = totals
        self.converter = converter
    }

    /// The monthly total in the base currency, exact; nil without a converter or when a rate is
    /// missing; refused when too large to show. Worked out when asked, as only a table shows it:
    /// each currency's sum is divided by each kind of cycle's divisor, a `Decimal` division of
    /// 45,000 instructions, which took a JSON list of 1,000 0.2 ms.
    public func convertedMonthly() throws -> Decimal? {
        try converter?.convert(monthlyTotals)
    }

    /// The positions of `snapshots` in the query's order. With thousands, each half's keys are
    /// made and sorted on a core of its own, and the two sorted halves merged.
    private static func order(of snapshots: [SubscriptionSnapshot], by query: ListQuery, rates: [Currency: Decimal]?) -> [Int] {
        let parallel = snapshots.count >= BothCores.threshold
        let half = parallel ? snapshots.count / 2 : snapshots.count
        let (upper, lower) = BothCores.run(if: parallel, {
            SortedKeys(snapshots[half...], by: query, rates: rates)
        }, while: {
            SortedKeys(snapshots[..<half], by: query, rates: rates)
        })
        return lower.merged(with: upper, by: query.sort)
    }
}

/// The snapshots of some of the subscriptions: those the query shows, in the order they were
/// taken, their monthly totals, and how many cancelled and ended ones it left out.
private struct Snapshots: Sendable {
    var shown: [SubscriptionSnapshot] = []
    /// Summed as each snapshot is made, while it is at hand: summed after the sort, each was
    /// fetched again from far off in memory.
    var monthlyTotals = CurrencyTotals()
    var cancelledLeftOut = 0
    var endedLeftOut = 0

    /// Each subscription is taken off the end of `subscriptions` and moved into its snapshot: from
    /// an array the caller gives up (`list` hands over what it read), nothing is copied, where
    /// iterating copied each subscription (every string and array retained) and freed the copies
    /// with the array.
    init(popping subscriptions: inout [Subscription], query: ListQuery, today: CivilDate, config: Config, me: String?) {
        shown.reserveCapacity(subscriptions.count)
        while let subscription = subscriptions.popLast() {
            let snapshot = SubscriptionSnapshot(subscription, today: today, config: config, me: me)
            if query.matches(snapshot) {
                // What is paid now: paused and cancelled subscriptions cost nothing this month.
                if snapshot.status.isPaying { monthlyTotals.addMonthlyCost(of: snapshot.amount, cycle: snapshot.cycle) }
                shown.append(snapshot)
            } else if query.statuses.isEmpty, query.matchesAllButStatus(snapshot) {
                if snapshot.status == .cancelled { cancelledLeftOut += 1 }
                if snapshot.status == .ended { endedLeftOut += 1 }
            }
        }
    }
}

/// The sort keys of some of a list's items, and their positions in order. Each key's collation
/// weights lie one after another in `weights`.
private struct SortedKeys: Sendable {
    let keys: [ListQuery.SortKey]
    let weights: [UInt32]
    /// Positions in the whole list, in order; `keys[position - offset]` is a position's key.
    let order: [Int]
    let offset: Int

    init(_ snapshots: ArraySlice<SubscriptionSnapshot>, by query: ListQuery, rates: [Currency: Decimal]?) {
        var weights: [UInt32] = []
        weights.reserveCapacity(snapshots.count * 16)
        let keys = snapshots.map {
            ListQuery.SortKey($0, sort: query.sort, collation: query.collation, rates: rates, weights: &weights)
        }
        let leading = keys.map { $0.leading }
        // Sorted as positions, so that the sort moves integers, not snapshots. Most comparisons
        // end on the leading keys, plain integers in an array of their own; the rest read the
        // whole keys through pointers. A key passed by value was copied, its strings retained,
        // twice in each comparison: 1.7 million to sort 100,000.
        let order = leading.withUnsafeBufferPointer { leading in
            keys.withUnsafeBufferPointer { keys in
                weights.withUnsafeBufferPointer { weights in
                    leading.indices.sorted {
                        // Two positions to compare: the keys are not empty.
                        query.sort.leadingOrder(leading[$0], leading[$1])
                            ?? query.sort.areInIncreasingOrder(keys.baseAddress! + $0, keys.baseAddress! + $1,
                                                               leftWeights: weights, rightWeights: weights)
                    }
                }
            }
        }
        (self.keys, self.weights, offset) = (keys, weights, snapshots.startIndex)
        self.order = order.map { $0 + snapshots.startIndex }
    }

    /// This part's order and `other`'s (the items after this part's) merged into one; of two
    /// items that compare alike, this part's comes first, as a stable sort of the whole keeps it.
    /// With thousands, the first half is taken from the fronts of the two on this core while the
    /// second is taken from their backs on the other.
    func merged(with other: SortedKeys, by sort: ListQuery.Sort) -> [Int] {
        guard !other.order.isEmpty else { return order }
        let total = order.count + other.order.count
        let parallel = total >= BothCores.threshold
        let fromFront = parallel ? (total + 1) / 2 : total
        let (back, front) = BothCores.run(if: parallel, {
            take(total - fromFront, mergedWith: other, by: sort, fromTheBack: true)
        }, while: {
            take(fromFront, mergedWith: other, by: sort, fromTheBack: false)
        })
        // Walks that did not meet would hand `rearrange` one position twice: they meet exactly
        // unless the keys are in no one order.
        precondition(front.mine == back.mine && front.theirs == back.theirs, "the merge's two walks meet")
        return front.positions + back.positions.reversed()
    }

    /// `count` positions of the merge of this part's order with `other`'s, taken from their
    /// fronts or, last first, from their backs; and where the walk stopped in each order.
    private func take(
        _ count: Int, mergedWith other: SortedKeys, by sort: ListQuery.Sort, fromTheBack: Bool
    ) -> (positions: [Int], mine: Int, theirs: Int) {
        comparing(other, by: sort) { otherFirst in
            var positions: [Int] = []
            positions.reserveCapacity(count)
            var (mine, theirs) = fromTheBack ? (order.count, other.order.count) : (0, 0)
            while positions.count < count {
                if fromTheBack {
                    // Of two alike, the other part's goes last.
                    if mine > 0, theirs == 0 || otherFirst(mine - 1, theirs - 1) {
                        mine -= 1
                        positions.append(order[mine])
                    } else {
                        theirs -= 1
                        positions.append(other.order[theirs])
                    }
                } else if mine < order.count, theirs == other.order.count || !otherFirst(mine, theirs) {
                    positions.append(order[mine])
                    mine += 1
                } else {
                    positions.append(other.order[theirs])
                    theirs += 1
                }
            }
            return (positions, mine, theirs)
        }
    }

    /// Calls `body` with a test of whether `other`'s item at `theirs` (an index into its order)
    /// sorts before this part's at `mine`, both keys read through pointers.
    private func comparing<Result>(
        _ other: SortedKeys, by sort: ListQuery.Sort, _ body: ((_ mine: Int, _ theirs: Int) -> Bool) -> Result
    ) -> Result {
        keys.withUnsafeBufferPointer { keys in
            other.keys.withUnsafeBufferPointer { otherKeys in
                weights.withUnsafeBufferPointer { weights in
                    other.weights.withUnsafeBufferPointer { otherWeights in
                        body { mine, theirs in
                            // A position in an order is one of that part's keys.
                            let left = keys.baseAddress! + (order[mine] - offset)
                            let right = otherKeys.baseAddress! + (other.order[theirs] - other.offset)
                            return sort.leadingOrder(right.pointee.leading, left.pointee.leading)
                                ?? sort.areInIncreasingOrder(right, left, leftWeights: otherWeights, rightWeights: weights)
                        }
                    }
                }
            }
        }
    }
}

extension ListQuery {
    func matches(_ snapshot: SubscriptionSnapshot) -> Bool {
        if statuses.isEmpty {
            if snapshot.status == .cancelled || snapshot.status == .ended { return false }
        } else if !statuses.contains(.all),
                  !statuses.contains(where: { $0.rawValue == snapshot.status.rawValue }) {
            return false
        }
        return matchesAllButStatus(snapshot)
    }

    /// Whether the category, payment method and search text match, whatever the status.
    func matchesAllButStatus(_ snapshot: SubscriptionSnapshot) -> Bool {
        if let category, snapshot.subscription.category.map({ NameMatching.same($0, category) }) != true {
            return false
        }
        if let paymentMethod, !paymentMethod.isEmpty,
           snapshot.subscription.paymentMethod.map({ NameMatching.contains($0, paymentMethod) }) != true {
            return false
        }
        if let search, !search.isEmpty {
            let fields = [snapshot.subscription.name, snapshot.subscription.notes, snapshot.subscription.url]
                .compactMap { $0 }
            if !fields.contains(where: { NameMatching.contains($0, search) }) { return false }
        }
        return true
    }

    /// What sorting needs of one item, computed once.
    struct SortKey: Sendable {
        /// The next payment's day and the name's first letters, which settle most comparisons.
        let leading: LeadingKey
        /// The amount or monthly cost, in the base currency when there are rates.
        let value: Decimal
        /// Nil when values are in the base currency; else the currency they are in.
        let currency: Currency?
        /// Where the name as `NameCollation` orders it (`NameCollation.key`) lies in the weights
        /// of every name.
        let collationKey: Range<Int>
        let name: String
        let id: String

        /// - Parameter weights: the weights of every name, which this one's are appended to.
        init(
            _ snapshot: SubscriptionSnapshot, sort: Sort, collation: Language, rates: [Currency: Decimal]?,
            weights: inout [UInt32]
        ) {
            if sort.comparesAmounts {
                let value = sort == .amount ? snapshot.amount.decimal : snapshot.monthlyCost
                let rate = rates?[snapshot.subscription.currency]
                self.value = rate.map { value * $0 } ?? value
                currency = rate == nil ? snapshot.subscription.currency : nil
            } else {
                // Compared by day and name alone: no rate looked up, no product made.
                (value, currency) = (0, nil)
            }
            let start = weights.count
            NameCollation.appendKey(snapshot.subscription.name, in: collation, to: &weights)
            collationKey = start..<weights.count
            let key = weights[collationKey]
            leading = LeadingKey(nextDay: snapshot.nextPayment?.date.daysSinceEpoch ?? Int.max,
                                 collationPrefix: NameCollation.prefix(of: key),
                                 collationNext: NameCollation.prefix(of: key, from: 3))
            name = snapshot.subscription.name
            id = snapshot.subscription.id
        }
    }

    /// The part of a sort key that settles most comparisons, in integers alone: sorting 100,000
    /// by them takes no reference count and reads no array.
    struct LeadingKey: Sendable {
        /// The next payment's day, `Int.max` when there is none (sorted last).
        let nextDay: Int
        /// The collation key's first three weights, packed (`NameCollation.prefix`): most names
        /// differ there.
        let collationPrefix: UInt64
        /// The next three: names of one family ("Service 1", "Service 2") differ there.
        let collationNext: UInt64
    }
}

extension ListQuery.Sort {
    /// How `areInIncreasingOrder` orders two items whose leading keys differ where it looks
    /// first; nil when only the whole keys tell.
    func leadingOrder(_ left: ListQuery.LeadingKey, _ right: ListQuery.LeadingKey) -> Bool? {
        switch self {
        case .next where left.nextDay != right.nextDay:
            return left.nextDay < right.nextDay
        case .next, .name:
            if left.collationPrefix != right.collationPrefix { return left.collationPrefix < right.collationPrefix }
            return left.collationNext == right.collationNext ? nil : left.collationNext < right.collationNext
        case .amount, .monthly:
            return nil
        }
    }

    /// Sorts by the key, then by name in the query's collation, then by id so the order is stable
    /// between runs.
    /// - Parameter leftWeights: the weights where `left`'s collation key lies; `rightWeights`, `right`'s.
    func areInIncreasingOrder(
        _ left: UnsafePointer<ListQuery.SortKey>, _ right: UnsafePointer<ListQuery.SortKey>,
        leftWeights: UnsafeBufferPointer<UInt32>, rightWeights: UnsafeBufferPointer<UInt32>
    ) -> Bool {
        let byName = { Self.byName(left, right, leftWeights: leftWeights, rightWeights: rightWeights) }
        switch self {
        case .next:
            let (leftDay, rightDay) = (left.pointee.leading.nextDay, right.pointee.leading.nextDay)
            return leftDay != rightDay ? leftDay < rightDay : byName()
        case .name:
            return byName()
        case .amount, .monthly:
            // Without rates different currencies are not comparable: group by currency first.
            if let leftCurrency = left.pointee.currency, let rightCurrency = right.pointee.currency,
               leftCurrency != rightCurrency {
                return leftCurrency < rightCurrency
            }
            let (leftValue, rightValue) = (left.pointee.value, right.pointee.value)
            return leftValue == rightValue ? byName() : leftValue > rightValue
        }
    }

    /// The tie-break: by name in the query's collation, then as Unicode scalars, then by id.
    private static func byName(
        _ left: UnsafePointer<ListQuery.SortKey>, _ right: UnsafePointer<ListQuery.SortKey>,
        leftWeights: UnsafeBufferPointer<UInt32>, rightWeights: UnsafeBufferPointer<UInt32>
    ) -> Bool {
        if left.pointee.leading.collationPrefix != right.pointee.leading.collationPrefix {
            return left.pointee.leading.collationPrefix < right.pointee.leading.collationPrefix
        }
        if let precedes = precedes(leftWeights[left.pointee.collationKey], rightWeights[right.pointee.collationKey]) {
            return precedes
        }
        let (leftName, rightName) = (left.pointee.name, right.pointee.name)
        return leftName == rightName ? left.pointee.id < right.pointee.id
            : leftName.unicodeScalars.lexicographicallyPrecedes(rightName.unicodeScalars)
    }

    /// Whether collation key `left` comes before `right`, as `lexicographicallyPrecedes` says;
    /// nil when they are alike. One pass over both.
    private static func precedes(
        _ left: Slice<UnsafeBufferPointer<UInt32>>, _ right: Slice<UnsafeBufferPointer<UInt32>>
    ) -> Bool? {
        for (leftWeight, rightWeight) in zip(left, right) where leftWeight != rightWeight {
            return leftWeight < rightWeight
        }
        return left.count == right.count ? nil : left.count < right.count
    }
}
