import Foundation

/// The answer to "how much am I paying?" (`subs summary`, PRODUCT.md §6).
public struct Summary: Sendable {
    /// Subscriptions being paid for now: active or in a trial (not paused, cancelled or ended).
    public let active: Int
    /// Every subscription, whatever its status.
    public let total: Int
    /// Monthly cost per currency, exact.
    public let monthly: CurrencyTotals
    public let base: Currency
    /// The monthly total in the base currency, exact; nil when a rate is missing.
    public let convertedMonthly: Decimal?
    public let missingRates: [Currency]
    /// The next payments (`nextPaymentCount` of them), a trial's first charge as one item of
    /// kind `trial_end`, as `upcoming` shows them.
    public let nextPayments: [UpcomingItem]
    public let trialsEnding: [UpcomingItem]
    /// The last days to cancel within `deadlineWindowDays`, as items of kind `cancel_by`, oldest
    /// first (PRODUCT.md §14).
    public let deadlines: [UpcomingItem]
    public let budget: BudgetUse?
    /// Subscriptions charged more than their price, twice running.
    public let priceRises: [PriceRise]

    public static let nextPaymentCount = 5
    public static let trialWindowDays = 7
    public static let deadlineWindowDays = 30

    /// - Parameters:
    ///   - converter: converts totals for display (into the base currency, or another one).
    ///   - budgetConverter: converts into the base currency, which the budget is set in;
    ///     `converter` when nil.
    ///   - myShare: count only your part of shared costs.
    ///   - me: who uses this machine, whose part `myShare` counts (`Subscription.myShare`).
    public init(
        _ subscriptions: [Subscription], today: CivilDate, config: Config, converter: CurrencyConverter,
        budgetConverter: CurrencyConverter? = nil, myShare: Bool = false, me: String? = nil
    ) throws {
        var active = 0
        var monthly = CurrencyTotals()
        for subscription in subscriptions where subscription.status(on: today).isPaying {
            active += 1
            let price = subscription.price(on: today)
            monthly.addMonthlyCost(of: myShare ? subscription.myShare(of: price, me: me) : price,
                                   cycle: subscription.cycle(on: today))
        }
        self.active = active
        total = subscriptions.count
        self.monthly = monthly
        base = converter.base
        let converted = try converter.convert(monthly)
        convertedMonthly = converted
        missingRates = converter.missingRates(for: monthly)

        // Only the first few in `upcoming`'s order are shown. Every payment on or before the day
        // of the `kept`-th earliest is a candidate, and only the candidates are put in order: no
        // subscription is ranked that cannot be shown.
        let kept = Self.nextPaymentCount
        var earliestDays: [CivilDate] = []
        var candidates: [UpcomingItem] = []
        for subscription in subscriptions {
            // A subscription's payments come in date order: one whose first is later than the
            // `kept` earliest has nothing to add.
            if earliestDays.count == kept, let first = subscription.nextPayment(onOrAfter: today, today: today),
               first.date > earliestDays[kept - 1] {
                continue
            }
            var items: [UpcomingItem] = []
            for payment in subscription.nextPayments(onOrAfter: today, count: kept, today: today) {
                UpcomingItem.append(payment, of: subscription, today: today, to: &items)
            }
            for item in items where earliestDays.count < kept || item.date <= earliestDays[kept - 1] {
                candidates.append(item)
                earliestDays.insert(item.date, at: earliestDays.firstIndex { $0 > item.date } ?? earliestDays.count)
                if earliestDays.count > kept { earliestDays.removeLast() }
            }
        }
        let shown = earliestDays.last.map { last in candidates.filter { $0.date <= last } } ?? []
        nextPayments = Array(UpcomingOrder.sorted(shown).prefix(kept))
        // Only a subscription whose trial ends this week can have a trial's end in it.
        let week = today.adding(days: Self.trialWindowDays) ?? today
        let trialsThisWeek = subscriptions.filter { $0.trialEnd.map { today <= $0 && $0 <= week } ?? false }
        trialsEnding = UpcomingReport(trialsThisWeek, today: today, through: week).items.filter { $0.kind == .trialEnd }
        deadlines = Self.deadlines(of: subscriptions, today: today)
        priceRises = subscriptions.compactMap { PriceRise($0, today: today) }
        let inBase = budgetConverter ?? converter
        let usedInBase = try inBase.convert(monthly)
        budget = config.budget.map {
            BudgetUse(limit: $0.decimal, used: usedInBase, atLeast: inBase.convertKnown(monthly), currency: inBase.base)
        }
    }

    /// The deadlines from today through `deadlineWindowDays` ahead, in `upcoming`'s order.
    private static func deadlines(of subscriptions: [Subscription], today: CivilDate) -> [UpcomingItem] {
        let end = today.adding(days: deadlineWindowDays) ?? today
        var items: [UpcomingItem] = []
        for subscription in subscriptions {
            for deadline in subscription.deadlines(from: today, through: end) {
                items.append(UpcomingItem(subscription, deadline, today: today))
            }
        }
        return UpcomingOrder.sorted(items)
    }

    /// The yearly total: twelve exact months, rounded once.
    public var yearly: [Money] { monthly.rounded(times: 12) }
}

/// How much of the monthly budget the subscriptions use.
public struct BudgetUse: Sendable, Equatable {
    public enum Status: String, Sendable {
        case ok, warning, over
    }

    /// The budget, in the base currency.
    public let limit: Money
    /// The monthly total in the base currency, rounded; nil when a rate is missing.
    public let used: Money?
    /// Used as a percentage of the limit, to one decimal; nil without a total or a zero limit.
    public let percent: Decimal?
    /// Nil while a rate is missing, unless the currencies with one are over the budget already.
    public let status: Status?

    public static let warningPercent: Decimal = 80

    /// - Parameter atLeast: what the currencies with a rate use, which `used` can only exceed.
    init(limit: Decimal, used: Decimal?, atLeast known: Decimal, currency: Currency) {
        self.limit = Money(rounding: limit, currency: currency)
        self.used = used.map { Money(rounding: $0, currency: currency) }
        guard let used else {
            percent = nil
            status = known > limit ? .over : nil
            return
        }
        guard limit > 0 else {
            percent = nil
            status = used > limit ? .over : .ok
            return
        }
        let exact = used / limit * 100
        var rounded = Decimal()
        var value = exact
        NSDecimalRound(&rounded, &value, 1, .plain)
        percent = rounded
        // Decided on the exact figure: 100.04% is over, though it shows as 100.0%.
        status = used > limit ? .over : exact >= Self.warningPercent ? .warning : .ok
    }
}

extension Subscription {
    /// The exact monthly cost at the price in force on `date`; with `myShare`, of `me`'s share
    /// of each payment (split by largest remainder, as `my_share` shows it).
    public func monthlyCost(on date: CivilDate, myShare: Bool, me: String? = nil) -> Decimal {
        guard myShare else { return monthlyCost(on: date) }
        return cycle(on: date).monthlyCost(of: self.myShare(of: price(on: date), me: me).decimal)
    }
}
