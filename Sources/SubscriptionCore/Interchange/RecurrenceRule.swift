/// The RFC 5545 `RRULE`s (§3.3.10) whose expansions from their starts are together exactly the
/// billing schedule's payments (SCHEDULE.md R3), up to an optional last day.
///
/// A plain `FREQ=MONTHLY` from the 31st skips the months that lack a 31st, where billers charge
/// on the last day of the month instead: `BYMONTHDAY=-1` takes the month's last day. An anchor on
/// the 29th or 30th misses only February, and a rule picking "the last of the 28th to the 30th"
/// needs `BYSETPOS`, which calendars such as calcurse ignore (showing all three days). So such a
/// schedule that reaches February is written as two rules no client misreads: the anchor's day in
/// the other months, and February's last day every year (or every few years) it comes round.
/// Yearly from Feb 29 takes February's last day.
struct RecurrenceRule: Hashable, Sendable {
    let schedule: BillingSchedule
    /// The last day an occurrence may fall on (RFC 5545's `UNTIL` is inclusive).
    let until: CivilDate?

    /// One event's share of the schedule: its first payment and its rule.
    struct Part: Hashable, Sendable {
        /// Which of the schedule's payments it holds.
        let months: Months
        /// The `DTSTART`: the part's first payment.
        let start: CivilDate
        /// The value of the `RRULE` line (`FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20240520`); nil for
        /// a one-time payment, whose event is its `DTSTART` alone.
        let value: String?
    }

    enum Months: Hashable, Sendable {
        case all, february, otherThanFebruary

        func contain(_ date: CivilDate) -> Bool {
            switch self {
            case .all: true
            case .february: date.month == 2
            case .otherThanFebruary: date.month != 2
            }
        }
    }

    /// The parts, each starting on or before `until`: one, or two for an anchor on the 29th or
    /// 30th whose monthly cycle reaches February.
    var parts: [Part] {
        let cycle = schedule.cycle
        let anchor = schedule.anchor
        guard let frequency = Self.frequency[cycle.unit] else { return [Part(months: .all, start: anchor, value: nil)] }
        var parts = ["FREQ=" + frequency]
        if cycle.count > 1 { parts.append("INTERVAL=\(cycle.count)") }
        let untilPart = until.map { ["UNTIL=" + ContentLines.date($0)] } ?? []
        switch cycle.unit {
        case .day, .week, .once:
            break
        case .month:
            if anchor.day == 31 { parts.append("BYMONTHDAY=-1") }
            if anchor.day == 29 || anchor.day == 30, let february = firstFebruaryPayment {
                // February's last day (the 28th, or the 29th in a leap year) every time the
                // cycle comes round to February: every 12 months' multiple of the cycle.
                let years = cycle.count / Self.greatestCommonDivisor(cycle.count, 12)
                let februaryRule = ["FREQ=YEARLY"] + (years > 1 ? ["INTERVAL=\(years)"] : [])
                    + ["BYMONTH=2", "BYMONTHDAY=-1"] + untilPart
                // The other months all have the anchor's day; a leap February 29 goes with
                // the other Februaries.
                let otherMonths = anchor.day == 29 ? ["BYMONTH=" + (1...12).filter { $0 != 2 }.map(String.init).joined(separator: ",")] : []
                let monthly = Part(months: .otherThanFebruary, start: firstPaymentOutsideFebruary ?? anchor,
                                   value: (parts + otherMonths + ["BYMONTHDAY=\(anchor.day)"] + untilPart).joined(separator: ";"))
                let februaries = Part(months: .february, start: february, value: februaryRule.joined(separator: ";"))
                return [monthly, februaries].filter { part in
                    until.map { part.start <= $0 } ?? true
                        && (part.months == .february || firstPaymentOutsideFebruary != nil)
                }
            }
        case .year:
            if anchor.month == 2 && anchor.day == 29 { parts += ["BYMONTH=2", "BYMONTHDAY=-1"] }
        }
        return [Part(months: .all, start: anchor, value: (parts + untilPart).joined(separator: ";"))]
    }

    /// The first payment of a monthly schedule that falls in February, if its cycle reaches one.
    private var firstFebruaryPayment: CivilDate? {
        firstPayment { $0.month == 2 }
    }

    private var firstPaymentOutsideFebruary: CivilDate? {
        firstPayment { $0.month != 2 }
    }

    /// Within the first 12 payments every month the cycle reaches has come round once.
    private func firstPayment(where matches: (CivilDate) -> Bool) -> CivilDate? {
        (0..<12).lazy.compactMap { schedule.payment($0) }.first(where: matches)
    }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : greatestCommonDivisor(b, a % b)
    }

    private static let frequency: [BillingCycle.Unit: String] = [
        .day: "DAILY", .week: "WEEKLY", .month: "MONTHLY", .year: "YEARLY",
    ]
}
