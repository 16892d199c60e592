/// What one `VEVENT` says about a billing period: its identity, its title with the price of the
/// next payment, the details, and when to remind.
struct PaymentEvent {
    let subscription: Subscription
    let series: PaymentSeries
    /// The share of the period's payments this event holds: all of them, or its Februaries or
    /// the other months' (`RecurrenceRule`).
    let part: RecurrenceRule.Part
    /// Days before each payment to remind, one `VALARM` each.
    let reminderOffsets: [Int]
    let today: CivilDate

    /// `<id>@subs` for the first billing period, so a re-import updates the event instead of
    /// adding another; a reactivation's period gets its own (`<id>-period-2@subs`), which leaves
    /// the earlier period's payments in the calendar as they were. February's own rule of an
    /// anchor on the 29th or 30th adds `-february`.
    /// The renewals of a plan renewed by hand, from its latest recorded one, add `-renewals`: one
    /// event that a later renewal moves; each renewal recorded before it has its own, which
    /// stays (`-renewed-20261011`).
    var uid: String {
        let period = series.periodIndex == 0 ? "" : "-period-\(series.periodIndex + 1)"
        var renewals = ""
        if let renewed = series.renewedOn {
            renewals = renewed == subscription.manualRenewals?.latest ? "-renewals" : "-renewed-\(ContentLines.date(renewed))"
        }
        return subscription.id + period + renewals + (part.months == .february ? "-february" : "") + "@subs"
    }

    /// The payment the title quotes: the next one, else the last day of a period that has ended.
    private var quotedPrice: Money {
        let day = series.firstOccurrence(onOrAfter: today) ?? series.until ?? today
        return subscription.price(on: day)
    }

    /// `Netflix 15.49 USD`.
    var summary: String {
        "\(subscription.name) \(quotedPrice) \(subscription.currency.code)"
    }

    /// What the event's description says, as data the caller words (`CalendarWording`).
    var details: [EventDetail] {
        // The period's own plan: a monthly period that ends at a switch to yearly is billed monthly.
        var details: [EventDetail] = [.billed(series.schedule.cycle)]
        if let category = subscription.category { details.append(.category(category)) }
        if let method = subscription.paymentMethod { details.append(.paymentMethod(method)) }
        if let url = subscription.url { details.append(.url(url)) }
        if let notes = subscription.notes { details.append(.notes(notes)) }
        if series.periodIndex == 0, series.renewedOn == nil, let trialEnd = subscription.trialEnd, trialEnd >= today {
            details.append(.trialEnds(trialEnd))
        }
        for change in subscription.prices where change.effective > today
            && series.until.map({ change.effective <= $0 }) ?? true {
            details.append(.price(change.amount, from: change.effective))
        }
        let period = subscription.periods[series.periodIndex]
        for pause in subscription.pauses where pause.until.map({ $0 > series.schedule.anchor }) ?? true
            && period.cancelledOn.map({ pause.from <= $0 }) ?? true {
            details.append(.paused(from: pause.from, until: pause.until))
        }
        if let cancelled = period.cancelledOn {
            details.append(.cancelled(cancelled))
        }
        return details
    }

    func write(to lines: inout ContentLines, stamp: String, wording: CalendarWording) {
        let start = part.start
        lines.append("BEGIN", "VEVENT")
        lines.append("UID", uid)
        lines.append("DTSTAMP", stamp)
        lines.appendAllDay(start)
        if let rule = part.value { lines.append("RRULE", rule) }
        for day in series.exclusions where part.months.contain(day) {
            lines.append("EXDATE;VALUE=DATE", ContentLines.date(day))
        }
        lines.append("SUMMARY", text: summary)
        lines.append("DESCRIPTION", text: details.map(wording.detail).joined(separator: "\n"))
        if let category = subscription.category { lines.append("CATEGORIES", text: category) }
        // A payment does not make the day busy.
        lines.append("TRANSP", "TRANSPARENT")
        for offset in reminderOffsets {
            lines.appendAlarm(daysBefore: offset, description: wording.reminder(summary, offset))
        }
        lines.append("END", "VEVENT")
    }
}

/// One line of an event's description: what the calendar says about a billing period.
public enum EventDetail: Equatable, Sendable {
    case billed(BillingCycle)
    case category(String)
    case paymentMethod(String)
    case url(String)
    case notes(String)
    /// The free trial ends on this day, with the first charge.
    case trialEnds(CivilDate)
    /// The price changes to this amount from this day.
    case price(Money, from: CivilDate)
    /// Paused from a day, until a day or until resumed (nil).
    case paused(from: CivilDate, until: CivilDate?)
    case cancelled(CivilDate)
    /// A deadline's term ends on this day (a contract's; PRODUCT.md §14).
    case termEnds(CivilDate)
    /// Missing the deadline renews the contract for `term`, through `until`, for `cost`.
    case renewsIfMissed(term: TimeSpan, until: CivilDate, cost: Money)
    /// Missing a one-off deadline lets this payment be charged on this day.
    case chargedIfMissed(Money, on: CivilDate)
}

/// The words of a calendar, in the reader's language: the core writes the file, the caller says
/// what its events mean.
public struct CalendarWording: Sendable {
    /// `X-WR-CALNAME`: `Subscriptions`.
    public let calendarName: String
    /// One line of an event's description.
    public let detail: @Sendable (EventDetail) -> String
    /// A reminder's text: the event's title (`Netflix 15.49 USD`) and how many days before the
    /// payment it fires.
    public let reminder: @Sendable (_ title: String, _ daysBefore: Int) -> String
    /// A deadline's title, on its own day: `Cancel Acme Insurance by today`.
    public let deadlineTitle: @Sendable (_ name: String) -> String
    /// A deadline's reminder: the subscription's name, the cancel-by day and how many days before
    /// it the alarm fires.
    public let deadlineReminder: @Sendable (_ name: String, _ cancelBy: CivilDate, _ daysBefore: Int) -> String

    public init(
        calendarName: String,
        detail: @escaping @Sendable (EventDetail) -> String,
        reminder: @escaping @Sendable (_ title: String, _ daysBefore: Int) -> String,
        deadlineTitle: @escaping @Sendable (_ name: String) -> String,
        deadlineReminder: @escaping @Sendable (_ name: String, _ cancelBy: CivilDate, _ daysBefore: Int) -> String
    ) {
        self.calendarName = calendarName
        self.detail = detail
        self.reminder = reminder
        self.deadlineTitle = deadlineTitle
        self.deadlineReminder = deadlineReminder
    }
}
