/// A month as `subs calendar` shows it (PRODUCT.md §14): its weeks, and everything dated in it,
/// the same items `upcoming` lists (payments, trial ends, deadlines, ends). Any month, past or
/// future: a past month's payments are the ones made, a future month's the ones due.
public struct MonthCalendar: Sendable {
    /// A day of the week, numbered as `cal` and ISO 8601 count from Sunday: 0 Sunday … 6 Saturday.
    public enum Weekday: Int, CaseIterable, Sendable {
        case sunday, monday, tuesday, wednesday, thursday, friday, saturday
    }

    public let year: Int
    /// 1 to 12.
    public let month: Int
    public let today: CivilDate
    /// Everything dated in the month, in `upcoming`'s order (oldest first, by name on one day).
    public let items: [UpcomingItem]
    /// The payments' sum per currency; deadlines and ends are not money paid.
    public let totals: CurrencyTotals

    public var firstDay: CivilDate { CivilDate(year: year, month: month, day: 1)! }
    public var lastDay: CivilDate { CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))! }

    /// The month's report, or nil for a month outside 1…12 or years 1…9999.
    public init?(_ subscriptions: [Subscription], year: Int, month: Int, today: CivilDate) {
        guard CivilDate(year: year, month: month, day: 1) != nil else { return nil }
        self.year = year
        self.month = month
        self.today = today
        let first = CivilDate(year: year, month: month, day: 1)!
        let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))!
        (items, totals) = UpcomingReport.items(of: subscriptions, from: first, through: last, today: today)
    }

    /// The month's weeks as rows of seven days starting on `firstWeekday`, nil before the first
    /// day and after the last, as `cal` lays them out.
    public func weeks(startingOn firstWeekday: Weekday) -> [[CivilDate?]] {
        let lead = (Self.weekday(of: firstDay).rawValue - firstWeekday.rawValue + 7) % 7
        var cells: [CivilDate?] = Array(repeating: nil, count: lead)
        cells += (1...lastDay.day).map { CivilDate(year: year, month: month, day: $0) }
        while cells.count % 7 != 0 { cells.append(nil) }
        return stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }

    /// The day of the week of `date` (1970-01-01 was a Thursday).
    public static func weekday(of date: CivilDate) -> Weekday {
        let index = ((date.daysSinceEpoch + 4) % 7 + 7) % 7
        return Weekday(rawValue: index)!
    }
}
