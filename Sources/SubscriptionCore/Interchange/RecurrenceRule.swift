/// The RFC 5545 `RRULE` (§3.3.10) whose expansion from the anchor is exactly the billing
/// schedule's payments (SCHEDULE.md R3), up to an optional last day.
///
/// A plain `FREQ=MONTHLY` from the 31st skips the months that lack a 31st, where billers charge
/// on the last day of the month instead. So an anchor on the 29th, 30th or 31st takes the last of
/// the month's days from the 28th up to the anchor's day, which is the anchor's day when the month
/// has it and the month's last day otherwise; yearly from Feb 29 does the same within February.
struct RecurrenceRule: Hashable, Sendable {
    let schedule: BillingSchedule
    /// The last day an occurrence may fall on (RFC 5545's `UNTIL` is inclusive).
    let until: CivilDate?

    /// The value of the `RRULE` line: `FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20240520`; nil for a
    /// one-time payment, whose event is its `DTSTART` alone.
    var value: String? {
        let cycle = schedule.cycle
        let anchor = schedule.anchor
        guard let frequency = Self.frequency[cycle.unit] else { return nil }
        var parts = ["FREQ=" + frequency]
        if cycle.count > 1 { parts.append("INTERVAL=\(cycle.count)") }
        switch cycle.unit {
        case .day, .week, .once:
            break
        case .month:
            parts += Self.monthEndParts(day: anchor.day)
        case .year:
            if anchor.month == 2 && anchor.day == 29 { parts += ["BYMONTH=2"] + Self.monthEndParts(day: 29) }
        }
        if let until { parts.append("UNTIL=" + ContentLines.date(until)) }
        return parts.joined(separator: ";")
    }

    private static let frequency: [BillingCycle.Unit: String] = [
        .day: "DAILY", .week: "WEEKLY", .month: "MONTHLY", .year: "YEARLY",
    ]

    /// The by-day parts for an anchor on `day` of its month: none up to the 28th, which every
    /// month has; otherwise the anchor's day clamped to the month's length.
    private static func monthEndParts(day: Int) -> [String] {
        switch day {
        case ...28: []
        case 31: ["BYMONTHDAY=-1"]
        default: ["BYMONTHDAY=" + (28...day).map(String.init).joined(separator: ","), "BYSETPOS=-1"]
        }
    }
}
