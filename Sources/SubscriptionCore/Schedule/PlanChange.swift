extension Subscription {
    /// Switches to `cycle` (and `price`, when given) from `date` on (PRODUCT.md §10): payments
    /// before `date` keep their dates and prices; a new billing period starts on `date`, its
    /// anchor. On or before the current period's first payment (during a trial, say) the
    /// period's plan is replaced instead.
    public mutating func changePlan(to cycle: BillingCycle, price: Money?, on date: CivilDate) throws {
        guard date >= currentPeriodStart else {
            throw LifecycleError.planChangeBeforeStart(date: date, billingStart: currentPeriodStart)
        }
        if let pause = pauses.first(where: { $0.covers(date) }) {
            throw LifecycleError.planChangeInPause(date: date, pause: pause)
        }
        if let cancelled = currentPeriod.cancelledOn, date > cancelled {
            throw LifecycleError.planChangeAfterCancellation(name: name, date: date, cancelledOn: cancelled)
        }
        // Earlier periods keep the plan they billed on.
        for index in periods.indices where periods[index].cycle == nil {
            periods[index].cycle = self.cycle
        }
        let last = periods.count - 1
        // Up to the period's first payment (its start, or the end of a trial) nothing has been
        // charged on the old plan: the period takes the new one whole.
        if date <= (periods[last].restartedOn ?? anchor) {
            periods[last].cycle = nil
        } else {
            // A cancellation still ahead belongs to the new plan.
            let cancellation = periods[last].cancelledOn
            periods[last].cancelledOn = nil
            periods.append(BillingPeriod(restartedOn: date, cancelledOn: cancellation))
        }
        self.cycle = cycle
        if let price { recordPrice(price, effective: date) }
    }

    /// Corrects how the plan was entered: `cycle` for the whole history, every period.
    public mutating func correctPlan(to cycle: BillingCycle) {
        for index in periods.indices { periods[index].cycle = nil }
        self.cycle = cycle
    }
}
