import Foundation

/// Finds the charges that recur in a statement (PRODUCT.md §13): a merchant charged at a
/// regular interval, at least three times (twice a year apart for a yearly cycle), on dates
/// that may drift a few days (weekends, month ends) and at a price that is stable or moves in
/// steps. Spending at irregular times or of varying amounts (groceries, fuel) is not a series.
///
/// Charges to one merchant are first grouped by price; groups that follow one another in time
/// and keep one rhythm are one series with a price change; groups that overlap in time are
/// different subscriptions (two Apple charges of different amounts).
public enum RecurrenceDetector {
    /// Every series in `charges`. `statementEnd` is the statement's last day: a series whose
    /// next charge should have come well before it has ended.
    public static func series(in charges: [MerchantCharge], statementEnd: CivilDate) -> [RecurringSeries] {
        let byMerchant = Dictionary(grouping: charges) { MerchantKey(charge: $0) }
        return byMerchant.sorted { $0.key < $1.key }.flatMap { _, charges in
            series(ofOneMerchant: charges, statementEnd: statementEnd)
        }.sorted { ($0.first.date, $0.merchant) < ($1.first.date, $1.merchant) }
    }

    /// Two charges are at one price when their amounts are equal to the cent: what a
    /// subscription charges is exact, and only exact repeats keep a coffee shop's many
    /// purchases of similar amounts from looking like a price.
    static func isSamePrice(_ a: Money, _ b: Money) -> Bool {
        a == b
    }

    private struct MerchantKey: Hashable, Comparable {
        let name: String
        let currency: String

        init(charge: MerchantCharge) {
            name = NameMatching.key(charge.merchant)
            currency = charge.amount.currency.code
        }

        static func < (a: Self, b: Self) -> Bool { (a.name, a.currency) < (b.name, b.currency) }
    }

    /// Charges of one price, oldest first.
    private typealias PriceGroup = [MerchantCharge]

    private static func series(ofOneMerchant charges: [MerchantCharge], statementEnd: CivilDate) -> [RecurringSeries] {
        var rhythmChecks = 0
        return series(ofOneMerchant: charges, statementEnd: statementEnd, rhythmChecks: &rhythmChecks)
    }

    /// The series of one merchant's charges; `rhythmChecks` counts the chains a price group was
    /// tried against, which grows with the number of groups, never with its square.
    static func series(ofOneMerchant charges: [MerchantCharge], statementEnd: CivilDate,
                       rhythmChecks: inout Int) -> [RecurringSeries] {
        // Same-day repeats of one price are one charge (a statement listing a hold and its charge).
        // Prices are equal exactly when their amounts are (`isSamePrice`), so a table finds the group.
        var groups: [PriceGroup] = []
        var groupOfPrice: [Money: Int] = [:]
        var daysOfGroup: [Set<CivilDate>] = []
        // One merchant's charges are in one currency, so their minor units order them as their
        // amounts do, and far faster than `Decimal`.
        for charge in charges.sorted(by: { ($0.amount.minorUnits, $0.date) < ($1.amount.minorUnits, $1.date) }) {
            if let index = groupOfPrice[charge.amount] {
                if daysOfGroup[index].insert(charge.date).inserted { groups[index].append(charge) }
            } else {
                groupOfPrice[charge.amount] = groups.count
                groups.append([charge])
                daysOfGroup.append([charge.date])
            }
        }
        let all = charges.count
        // A series is a quarter of the merchant's charges at least (below) in at most
        // `maximumPrices` groups: with no group of a twelfth of them, nothing here recurs.
        guard groups.contains(where: { $0.count * 4 * maximumPrices >= all }) else { return [] }
        // Each group joins the earlier chain it continues in rhythm, else starts its own. A chain
        // of `maximumPrices` takes no more, so only the open ones are tried. Nor does a chain that
        // can no longer be a quarter of the merchant's charges (below), even if the largest groups
        // still to come joined it: it is closed, so that a merchant's many one-off prices (a
        // café's) are not each tried against all the others, which grew with their square.
        let sorted = groups.map { $0.sorted { $0.date < $1.date } }.sorted { $0[0].date < $1[0].date }
        // The largest group from each one on.
        var largestFrom = [Int](repeating: 0, count: sorted.count + 1)
        for index in sorted.indices.reversed() { largestFrom[index] = max(largestFrom[index + 1], sorted[index].count) }
        var chains: [[PriceGroup]] = []
        var sizes: [Int] = []
        var open: [Int] = []
        for (position, group) in sorted.enumerated() {
            let largestLater = largestFrom[position + 1]
            func canGrowToSeries(_ chain: Int) -> Bool {
                (sizes[chain] + (maximumPrices - chains[chain].count) * largestLater) * 4 >= all
            }
            open.removeAll { !canGrowToSeries($0) || chains[$0].count >= maximumPrices }
            let joined = open.firstIndex { index in
                let chain = chains[index]
                let last = chain[chain.count - 1]
                guard last[last.count - 1].date < group[0].date,
                      (sizes[index] + group.count + (maximumPrices - chain.count - 1) * largestLater) * 4 >= all,
                      isPlausibleStep(from: last[last.count - 1].amount, to: group[0].amount)
                else { return false }
                rhythmChecks += 1
                return cycle(of: (chain.joined() + group).map(\.date), minimumCount: 2) != nil
            }
            if let joined {
                chains[open[joined]].append(group)
                sizes[open[joined]] += group.count
            } else {
                open.append(chains.count)
                chains.append([group])
                sizes.append(group.count)
            }
        }
        return chains.compactMap { chain in
            // A price that changes in the middle of a series holds for two charges at least.
            guard chain.count < 3 || chain.dropFirst().dropLast().allSatisfy({ $0.count >= 2 }) else { return nil }
            let charges = Array(chain.joined())
            let dates = charges.map(\.date)
            guard let cycle = cycle(of: dates, minimumCount: 3),
                  cycle.unit != .day || charges.count >= 4 else { return nil }
            // A rhythm among many other charges to the merchant is chance (the same coffee twice a
            // year apart); a subscription is most of what a merchant charges while it runs.
            let others = all - charges.count
            guard others <= charges.count || charges.count >= 6 && others <= 3 * charges.count else { return nil }
            let next = expectedDate(after: dates, cycle: cycle)
            let ended = next.adding(days: tolerance(of: cycle) + 1).map { $0 < statementEnd } ?? false
            return RecurringSeries(merchant: charges[charges.count - 1].merchant, cycle: cycle, charges: charges,
                                   nextExpected: ended ? nil : next)
        }
    }

    /// Prices a series has at most: the first, a rise and one more.
    private static let maximumPrices = 3

    /// A price step a subscription could take: to no less than half and no more than twice.
    private static func isPlausibleStep(from old: Money, to new: Money) -> Bool {
        new.decimal * 2 >= old.decimal && new.decimal <= old.decimal * 2
    }

    // MARK: - Rhythm

    /// The cycle `dates` keep, or nil. Monthly cycles (1, 2, 3, 6 and 12 months) are tried
    /// against the calendar, so month ends and 28-day Februaries fit; then weeks and days.
    /// Yearly needs two dates, the rest `minimumCount`.
    static func cycle(of dates: [CivilDate], minimumCount: Int) -> BillingCycle? {
        guard dates.count >= 2 else { return nil }
        let intervals = zip(dates, dates.dropFirst()).map { $0.days(until: $1) }
        guard intervals.allSatisfy({ $0 > 0 }) else { return nil }
        for cycle in calendarCycles {
            guard dates.count >= (cycle.unit == .year ? 2 : minimumCount) else { continue }
            if fits(dates, cycle: cycle) { return cycle }
        }
        guard dates.count >= minimumCount else { return nil }
        let sorted = intervals.sorted()
        let period = sorted[sorted.count / 2]
        guard period >= 5 else { return nil }  // daily charges are purchases, not a subscription
        // A period a day off whole weeks is weeks (6 to 8 days is weekly, 27 to 29 four-weekly).
        // A period longer than a cycle can be (999 days or weeks) is no cycle: nothing recurs.
        let weeks = (period + 3) / 7
        let cycle = abs(period - 7 * weeks) <= 1
            ? BillingCycle(count: weeks, unit: .week)
            : BillingCycle(count: period, unit: .day)
        guard let cycle else { return nil }
        return fits(dates, cycle: cycle) ? cycle : nil
    }

    /// Monthly, every 2, 3 and 6 months, and yearly: the cycles tried against the calendar.
    private static let calendarCycles: [BillingCycle] = [
        (1, BillingCycle.Unit.month), (2, .month), (3, .month), (6, .month), (1, .year),
    ].compactMap { BillingCycle(count: $0.0, unit: $0.1) }

    /// Whether each date is within the cycle's tolerance of a schedule started on the first
    /// one, with no charge missing and none extra.
    private static func fits(_ dates: [CivilDate], cycle: BillingCycle) -> Bool {
        var deviations: [Int] = []
        for (index, date) in dates.enumerated() {
            guard let expected = scheduled(from: dates[0], cycle: cycle, index: index) else { return false }
            deviations.append(expected.days(until: date))
        }
        guard let low = deviations.min(), let high = deviations.max() else { return false }
        return high - low <= tolerance(of: cycle)
    }

    /// How far apart, in days, charges of one series may drift from their schedule.
    private static func tolerance(of cycle: BillingCycle) -> Int {
        switch cycle.unit {
        case .day: max(2, cycle.count / 10)
        case .week: cycle.count == 1 ? 2 : 4
        case .month: 7
        case .year: 10
        case .once: 0
        }
    }

    private static func scheduled(from anchor: CivilDate, cycle: BillingCycle, index: Int) -> CivilDate? {
        switch cycle.unit {
        case .day: anchor.adding(days: cycle.count * index)
        case .week: anchor.adding(days: 7 * cycle.count * index)
        case .month: anchor.adding(months: cycle.count * index)
        case .year: anchor.adding(months: 12 * cycle.count * index)
        case .once: nil
        }
    }

    /// The next charge on the schedule the dates keep: from the first, one cycle past the last,
    /// moved by how late or early the charges have run on average.
    private static func expectedDate(after dates: [CivilDate], cycle: BillingCycle) -> CivilDate {
        let deviations = dates.enumerated().compactMap { index, date in
            scheduled(from: dates[0], cycle: cycle, index: index).map { $0.days(until: date) }
        }
        let last = dates[dates.count - 1]
        guard !deviations.isEmpty else { return last }
        let drift = deviations.sorted()[deviations.count / 2]
        let next = scheduled(from: dates[0], cycle: cycle, index: dates.count) ?? last
        return next.adding(days: drift) ?? next
    }
}
