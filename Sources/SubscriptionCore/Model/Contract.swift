/// A span of civil time, as a contract counts it: `24m`, `1y`, `4w`, `90d` (PRODUCT.md §14).
/// Months and years are added as SCHEDULE.md adds them, the day clamped to the month's end.
public struct TimeSpan: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: String, CaseIterable, Sendable {
        case day, week, month, year
    }

    public static let counts = 1...999

    public let count: Int
    public let unit: Unit

    /// A span, or nil when `count` is outside 1...999.
    public init?(count: Int, unit: Unit) {
        guard Self.counts.contains(count) else { return nil }
        self.count = count
        self.unit = unit
    }

    /// The span a recurring cycle of the same length covers (`monthly` is `1m`); nil for `once`.
    public init?(_ cycle: BillingCycle) {
        let unit: Unit
        switch cycle.unit {
        case .day: unit = .day
        case .week: unit = .week
        case .month: unit = .month
        case .year: unit = .year
        case .once: return nil
        }
        self.init(count: cycle.count, unit: unit)
    }

    /// Reads a duration as a CYCLE reads (`24m`, `1y`, `12 months`, `4w`, `90d`, `monthly`),
    /// `once` excepted; `field` names the option in the refusal.
    public init(input text: String, field: InputError.Field) throws {
        try self.init(cycle: { try BillingCycle(input: text) }, text: text, field: field)
    }

    /// A duration from a cycle read by `read`, whose refusals become refusals of `field`.
    public init(cycle read: () throws -> BillingCycle, text: String, field: InputError.Field) throws {
        let cycle: BillingCycle
        do {
            cycle = try read()
        } catch InputError.invalid(_, _, expected: .cycleCount) {
            throw InputError.invalid(field, value: text, expected: .timeSpanCount)
        } catch is InputError {
            throw InputError.invalid(field, value: text, expected: .timeSpan)
        }
        guard let span = TimeSpan(cycle) else { throw InputError.invalid(field, value: text, expected: .timeSpan) }
        self = span
    }

    /// The short form input reads back: `24m`, `1y`, `4w`, `90d`.
    public var description: String { "\(count)\(unit.rawValue.prefix(1))" }

    /// The same length as a billing cycle, for the words the command line has for cycles.
    public var cycle: BillingCycle {
        let unit: BillingCycle.Unit
        switch self.unit {
        case .day: unit = .day
        case .week: unit = .week
        case .month: unit = .month
        case .year: unit = .year
        }
        // Both count 1...999.
        return BillingCycle(count: count, unit: unit)!
    }

    /// The span in whole months, or nil for days and weeks.
    var months: Int? {
        switch unit {
        case .month: count
        case .year: 12 * count
        case .day, .week: nil
        }
    }

    /// The span in whole days, or nil for months and years.
    var days: Int? {
        switch unit {
        case .day: count
        case .week: 7 * count
        case .month, .year: nil
        }
    }

    /// `date` moved by `times` of this span (back when negative); nil outside the supported years.
    func moving(_ date: CivilDate, times: Int) -> CivilDate? {
        if let months {
            let (total, overflow) = months.multipliedReportingOverflow(by: times)
            return overflow ? nil : date.adding(months: total)
        }
        let (total, overflow) = (days ?? 0).multipliedReportingOverflow(by: times)
        return overflow ? nil : date.adding(days: total)
    }
}

/// A contract's terms: how long the first term runs, how long each renewal runs after it, and how
/// long before a term's end notice must reach the provider (PRODUCT.md §14). A contract ends only
/// at the end of a term.
public struct Contract: Hashable, Sendable {
    /// The first term, from the first paid charge.
    public let term: TimeSpan
    /// Each term after the first (the first's length again, or `1m` for month by month).
    public let renewal: TimeSpan
    /// How long before a term's end notice must arrive; nil: by the term's last day.
    public let notice: TimeSpan?

    public init(term: TimeSpan, renewal: TimeSpan? = nil, notice: TimeSpan? = nil) {
        self.term = term
        self.renewal = renewal ?? term
        self.notice = notice
    }

    /// The last day of term `index` (0 is the first) of a contract whose first term starts on
    /// `start`; nil past the supported years.
    ///
    /// Every end is counted from one date, never from the end before, so a month-end start
    /// does not drift: a monthly term starting on Jan 31 ends on Feb 27 (Feb 28 in a leap year) and
    /// the next on Mar 30. Terms in months count from `start` when the renewals are in months
    /// too; otherwise the renewals count from the day the first term ends (days add exactly, so
    /// only months need the one origin).
    public func termEnd(_ index: Int, startingOn start: CivilDate) -> CivilDate? {
        precondition(index >= 0, "terms are counted from 0")
        let next: CivilDate?
        if let first = term.months, let each = renewal.months {
            let (renewals, overflow) = each.multipliedReportingOverflow(by: index)
            next = overflow ? nil : start.adding(months: first + renewals)
        } else {
            next = term.moving(start, times: 1).flatMap { renewal.moving($0, times: index) }
        }
        return next?.adding(days: -1)
    }

    /// The last day notice can be given for the term that ends on `termEnd`: the day before the
    /// notice period starts, counted back from the day after the term (term end + 1 day − notice),
    /// months clamped as SCHEDULE.md adds them. A term ending 2027-03-31 with 3 months' notice:
    /// 2026-12-31; ending 2026-12-31 with 1 month: 2026-11-30, with 30 days: 2026-12-01. Without
    /// a notice period, the term's last day.
    public func cancelBy(termEnd: CivilDate) -> CivilDate? {
        guard let notice else { return termEnd }
        return termEnd.adding(days: 1).flatMap { notice.moving($0, times: -1) }?.adding(days: -1)
    }

    /// The term end a notice given on `noticeDay` reaches: the first whose cancel-by day is on or
    /// after it. Nil past the supported years.
    public func end(noticeGivenOn noticeDay: CivilDate, startingOn start: CivilDate) -> CivilDate? {
        term(reachedByNoticeOn: noticeDay, startingOn: start)?.end
    }

    /// The term, as its index and end, that a notice given on `noticeDay` reaches.
    func term(reachedByNoticeOn noticeDay: CivilDate, startingOn start: CivilDate) -> (index: Int, end: CivilDate)? {
        // A term's cancel-by day is never after its end, so the term sought ends on or after it.
        firstTerm(endingOnOrAfter: noticeDay, startingOn: start) { end in
            cancelBy(termEnd: end).map { $0 >= noticeDay } ?? false
        }
    }
}

extension Contract {
    /// The first term ending on or after `date` that also `qualifies` (a test that, once true,
    /// stays true for every later term), as its index and end; nil past the supported years.
    /// The walk starts at an index found by arithmetic, so its cost does not grow with the
    /// contract's age: terms counted at the longest a unit can be (31 days a month, 366 a year)
    /// never overshoot.
    func firstTerm(
        endingOnOrAfter date: CivilDate, startingOn start: CivilDate, where qualifies: (CivilDate) -> Bool
    ) -> (index: Int, end: CivilDate)? {
        let elapsed = start.days(until: date) - term.longestDays
        var index = elapsed > 0 ? max(0, elapsed / renewal.longestDays - 1) : 0
        while let end = termEnd(index, startingOn: start) {
            if end >= date, qualifies(end) { return (index, end) }
            index += 1
        }
        return nil
    }
}

extension TimeSpan {
    /// The most days this span can cover.
    var longestDays: Int {
        switch unit {
        case .day: count
        case .week: 7 * count
        case .month: 31 * count
        case .year: 366 * count
        }
    }
}
