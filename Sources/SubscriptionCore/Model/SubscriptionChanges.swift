import Foundation

/// What `subs add` asks for, before the store fills in the configured defaults.
public struct NewSubscription: Sendable {
    public var name: String
    public var amount: DecimalAmount
    /// Nil means the configured currency.
    public var currency: Currency?
    public var cycle: BillingCycle
    public var startDate: CivilDate
    public var trialEnd: CivilDate?
    public var category: String?
    public var url: String?
    public var notes: String?
    public var paymentMethod: String?
    public var remindDays: [Int]?
    public var autoRenew: Bool
    /// The people the cost is shared with; you are the first member, with weight 1.
    public var members: [Member]
    /// Who pays the bill; nil is you.
    public var paidBy: String?
    /// Who adds it, so every machine splits it the same way (`Subscription.owner`): config `me`
    /// when it is set, else this (the account name, which the command line knows).
    public var owner: String?
    /// A contract's first term, each renewal term (default: the first again) and notice.
    public var term: TimeSpan?
    public var renews: TimeSpan?
    public var notice: TimeSpan?
    /// A one-off last day to cancel.
    public var cancelBy: CivilDate?
    /// When it stops, if it is finite.
    public var ends: EndRule?

    public init(
        name: String, amount: DecimalAmount, currency: Currency? = nil,
        cycle: BillingCycle = .monthly, startDate: CivilDate, trialEnd: CivilDate? = nil,
        category: String? = nil, url: String? = nil, notes: String? = nil,
        paymentMethod: String? = nil, remindDays: [Int]? = nil, autoRenew: Bool = true,
        members: [Member] = []
    ) {
        self.members = members
        self.name = name
        self.amount = amount
        self.currency = currency
        self.cycle = cycle
        self.startDate = startDate
        self.trialEnd = trialEnd
        self.category = category
        self.url = url
        self.notes = notes
        self.paymentMethod = paymentMethod
        self.remindDays = remindDays
        self.autoRenew = autoRenew
    }

    /// The subscription this creates, with `config`'s defaults and a canonical category name.
    func subscription(config: Config, category: String?, now: Date) throws -> Subscription {
        let price = try Money(amount, currency: currency ?? config.currency)
        var subscription = Subscription(
            name: name, price: price, cycle: cycle, startDate: startDate, trialEnd: trialEnd,
            category: category, url: url, notes: notes, paymentMethod: paymentMethod,
            // A one-time payment never renews, whatever the default says.
            remindDays: remindDays, autoRenew: autoRenew && cycle.recurs, members: members, paidBy: paidBy,
            owner: config.me ?? owner, createdAt: now)
        subscription.cancelBy = cancelBy
        try subscription.setContract(term: term.map { $0 }, renews: renews, notice: notice.map { $0 })
        try subscription.setEnd(ends)
        try subscription.validateDates()
        return subscription
    }
}

/// What `subs edit` changes; nil leaves a field as it is. For optional fields, `.some(nil)`
/// clears the value (`--trial-end none`).
public struct SubscriptionChanges: Sendable {
    public var name: String?
    public var amount: DecimalAmount?
    /// When a new amount or cycle takes effect; nil means today.
    public var effective: CivilDate?
    /// `--effective start`: the new amount or cycle corrects the whole history instead.
    public var correctsHistory = false
    public var currency: Currency?
    public var cycle: BillingCycle?
    public var startDate: CivilDate?
    public var trialEnd: CivilDate??
    public var category: String??
    public var url: String??
    public var notes: String??
    public var paymentMethod: String??
    public var remindDays: [Int]??
    public var autoRenew: Bool?
    public var members: [Member]?
    /// `.some(nil)`: paid by you again (`--paid-by none`).
    public var paidBy: String??
    /// A contract's terms: `.some(nil)` for `term` removes the contract.
    public var term: TimeSpan??
    public var renews: TimeSpan?
    public var notice: TimeSpan??
    public var cancelBy: CivilDate??
    public var ends: EndRule??

    public init() {}

    public var isEmpty: Bool {
        name == nil && amount == nil && currency == nil && cycle == nil && startDate == nil
            && trialEnd == nil && category == nil && url == nil && notes == nil
            && paymentMethod == nil && remindDays == nil && autoRenew == nil && members == nil
            && paidBy == nil
            && term == nil && renews == nil && notice == nil && cancelBy == nil && ends == nil
    }

    /// Applies the changes. `category` is the canonical name of the requested category.
    func apply(to subscription: inout Subscription, category: String??, today: CivilDate) throws {
        var newPrice = amount
        if let name { subscription.name = name }
        if let currency, currency != subscription.currency {
            // A currency change corrects how the subscription was entered: the recorded prices
            // keep their numbers under the new code (15.49 USD becomes 15.49 EUR). When the new
            // currency cannot hold one (15.49 JPY), an amount given with the change replaces the
            // whole price history instead. Recorded charges keep their numbers too; they are what
            // was paid, so one the new currency cannot hold refuses the change.
            subscription.charges = try subscription.charges.map { record in
                do {
                    return ChargeRecord(date: record.date, amount: try record.amount?.converted(to: currency))
                } catch is EditError {
                    throw EditError.currencyLosesCharge(charge: record.amount!, on: record.date, to: currency)
                }
            }
            do {
                subscription.prices = try subscription.prices.map { change in
                    PriceChange(effective: change.effective, amount: try change.amount.converted(to: currency))
                }
            } catch EditError.currencyLosesDecimals(let price, _) {
                guard let amount else { throw EditError.currencyLosesDecimals(price: price, to: currency) }
                // The new amount replaces them all: none from a date on, with the old before it.
                guard effective == nil else { throw EditError.currencyLosesEarlierPrices(price: price, to: currency) }
                subscription.prices = [PriceChange(
                    effective: subscription.startDate, amount: try Money(amount, currency: currency))]
                newPrice = nil
            }
            subscription.currency = currency
        }
        if let cycle, cycle != subscription.cycle {
            // Renewal follows a change between one-time and recurring unless it is given too.
            if cycle.recurs != subscription.cycle.recurs { subscription.autoRenew = cycle.recurs }
            if correctsHistory {
                subscription.correctPlan(to: cycle)
            } else {
                // A plan change (PRODUCT.md §10): the past keeps its plan and prices. One dated
                // today, before billing has started, is the plan from the start.
                let price = try newPrice.map { try Money($0, currency: subscription.currency) }
                let date = effective ?? max(today, subscription.currentPeriodStart)
                try subscription.changePlan(to: cycle, price: price, on: date)
                newPrice = nil
            }
        }
        if let startDate {
            subscription.startDate = startDate
            subscription.anchorPricesToStart()
        }
        if let trialEnd { subscription.trialEnd = trialEnd }
        if let category { subscription.category = category }
        if let url { subscription.url = url }
        if let notes { subscription.notes = notes }
        if let paymentMethod { subscription.paymentMethod = paymentMethod }
        if let remindDays { subscription.remindDays = remindDays }
        if let autoRenew { subscription.autoRenew = autoRenew }
        if let members { subscription.members = members }
        if let paidBy { subscription.paidBy = paidBy }
        if let cancelBy { subscription.cancelBy = cancelBy }
        if term != nil || renews != nil || notice != nil {
            try subscription.setContract(term: term, renews: renews, notice: notice)
        } else if subscription.contract != nil, subscription.cancelBy != nil {
            throw ContractError.deadlineWithTerm
        }
        if let amount = newPrice {
            let price = try Money(amount, currency: subscription.currency)
            if correctsHistory {
                subscription.prices = [PriceChange(effective: subscription.startDate, amount: price)]
            } else {
                subscription.recordPrice(price, effective: effective ?? today)
            }
        }
        // Only the date an edit moves is checked against the life recorded: a trial cancelled
        // and resumed before it ended has a restart before its end, which `resume` itself
        // records, and other edits must not be refused for it.
        if startDate != nil || trialEnd != nil { try subscription.validateDates() }
        if startDate != nil { try subscription.validateStartBeforeLifecycle() }
        if trialEnd != nil { try subscription.validateTrialEndBeforeRestart() }
        // Counted on the schedule as the edit leaves it.
        if let ends { try subscription.setEnd(ends) }
        // A start or trial end moved past the end would leave nothing ever charged.
        if let end = subscription.ends, end < subscription.anchor {
            throw ContractError.endsBeforeFirstPayment(ends: end, firstPayment: subscription.anchor)
        }
    }
}

extension Subscription {
    /// Records a price that applies to payments on or after `effective`. A price effective on or
    /// before the start date replaces the original price.
    public mutating func recordPrice(_ price: Money, effective: CivilDate) {
        let date = max(effective, startDate)
        prices.removeAll { $0.effective == date }
        prices.append(PriceChange(effective: date, amount: price))
        prices.sort { $0.effective < $1.effective }
        anchorPricesToStart()
        // A price the one before it already charges changes nothing: setting the same price
        // twice leaves one entry, not two.
        prices = prices.enumerated().filter { index, change in
            index == 0 || change.amount != prices[index - 1].amount
        }.map(\.element)
    }

    /// Keeps the first price dated on the start date, so it covers every payment before the
    /// first change: after the start moves, the price in force on the new start becomes it.
    mutating func anchorPricesToStart() {
        let base = prices.lastIndex { $0.effective <= startDate } ?? 0
        prices = [PriceChange(effective: startDate, amount: prices[base].amount)] + prices[(base + 1)...]
    }

    func validateDates() throws {
        if let trialEnd, trialEnd < startDate {
            throw DateOrderError.trialEndBeforeStart(trialEnd: trialEnd, start: startDate)
        }
    }

    /// Refuses a start after the lifecycle events already recorded: a cancellation, pause or
    /// restart must come after billing starts.
    func validateStartBeforeLifecycle() throws {
        let events = periods.flatMap { [$0.restartedOn, $0.cancelledOn, $0.noticeGivenOn] }.compactMap { $0 }
            + pauses.map(\.from)
        if let first = events.min(), first < startDate {
            throw DateOrderError.startAfterLifecycleEvent(start: startDate, firstEvent: first)
        }
    }

    /// Refuses a trial end moved past the first restart.
    func validateTrialEndBeforeRestart() throws {
        if let trialEnd, let firstRestart = periods.compactMap(\.restartedOn).first, trialEnd > firstRestart {
            throw DateOrderError.trialEndAfterRestart(trialEnd: trialEnd, restart: firstRestart)
        }
    }
}
