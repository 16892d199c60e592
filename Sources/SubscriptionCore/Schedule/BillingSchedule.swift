/// The payment dates of one billing anchor and cycle, by SCHEDULE.md rules R3 to R6.
///
/// Every payment is computed from the anchor, never from the previous payment, so month-end
/// anchors clamp and come back (Jan 31, Feb 29, Mar 31) and nothing drifts. Finding the next
/// payment is arithmetic on the gap between the anchor and the day asked about, so it costs the
/// same for a subscription started yesterday or in 1970.
public struct BillingSchedule: Hashable, Sendable {
    /// The effective anchor A: payment k = 0.
    public let anchor: CivilDate
    public let cycle: BillingCycle

    public init(anchor: CivilDate, cycle: BillingCycle) {
        self.anchor = anchor
        self.cycle = cycle
    }

    /// The k-th payment date (k ≥ 0), or nil past the year 9999.
    public func payment(_ k: Int) -> CivilDate? {
        precondition(k >= 0, "payments are numbered from 0")
        guard cycle.recurs else { return k == 0 ? anchor : nil }
        let (steps, overflow) = k.multipliedReportingOverflow(by: cycle.count)
        guard !overflow else { return nil }
        switch cycle.unit {
        case .day: return anchor.adding(days: steps)
        case .week:
            let (days, overflow) = steps.multipliedReportingOverflow(by: 7)
            return overflow ? nil : anchor.adding(days: days)
        case .month: return anchor.adding(months: steps)
        case .year:
            let (months, overflow) = steps.multipliedReportingOverflow(by: 12)
            return overflow ? nil : anchor.adding(months: months)
        case .once: return nil
        }
    }

    /// The index of the first payment on or after `date` (R5): 0 for any date up to the anchor.
    public func firstIndex(onOrAfter date: CivilDate) -> Int {
        guard date > anchor else { return 0 }
        switch cycle.unit {
        case .once:
            return 1
        case .day, .week:
            let period = cycle.unit == .day ? cycle.count : 7 * cycle.count
            let gap = anchor.days(until: date)
            return (gap + period - 1) / period
        case .month, .year:
            let period = cycle.unit == .month ? cycle.count : 12 * cycle.count
            // Payment k falls in the month k·period after the anchor's, so the first k whose
            // month reaches `date`'s month is the answer or the one just before it.
            let k = anchor.months(until: date) / period
            guard let candidate = payment(k), candidate >= date else { return k + 1 }
            return k
        }
    }

    /// The first payment on or after `date`, or nil past the year 9999.
    public func nextPayment(onOrAfter date: CivilDate) -> CivilDate? {
        payment(firstIndex(onOrAfter: date))
    }

    /// Every payment `o` with `start ≤ o ≤ end`, ascending (R6 and R7).
    public func payments(from start: CivilDate, through end: CivilDate) -> [CivilDate] {
        guard start <= end else { return [] }
        var dates: [CivilDate] = []
        var k = firstIndex(onOrAfter: start)
        while let date = payment(k), date <= end {
            dates.append(date)
            k += 1
        }
        return dates
    }
}
