/// What one `VEVENT` says about a last day to cancel (PRODUCT.md §14): an all-day event on the
/// cancel-by day, what missing it costs in its description, and an alarm per cancel reminder
/// offset.
struct DeadlineEvent {
    let subscription: Subscription
    let deadline: Deadline
    /// Days before the deadline to remind, one `VALARM` each.
    let reminderOffsets: [Int]

    /// How far ahead the calendar lists deadlines: a contract renewing month by month has one
    /// every month, forever. The next deadline is listed however far it is.
    static let horizonMonths = 24

    /// The deadlines of `subscription` the calendar lists: those from `today` through
    /// `horizonMonths` ahead, else the next one.
    static func deadlines(of subscription: Subscription, today: CivilDate) -> [Deadline] {
        let horizon = today.adding(months: horizonMonths) ?? today
        let near = subscription.deadlines(from: today, through: horizon)
        if !near.isEmpty { return near }
        return subscription.nextDeadline(onOrAfter: today).map { [$0] } ?? []
    }

    /// `<id>-cancel-by-20261231@subs`: one per deadline, so a re-import updates it and a later
    /// deadline is an event of its own.
    var uid: String {
        subscription.id + "-cancel-by-" + ContentLines.date(deadline.cancelBy) + "@subs"
    }

    /// What the description says, as data the caller words.
    var details: [EventDetail] {
        var details: [EventDetail] = []
        if let termEnd = deadline.termEnd { details.append(.termEnds(termEnd)) }
        switch deadline.missed {
        case .renews(let term, let until, let cost): details.append(.renewsIfMissed(term: term, until: until, cost: cost))
        case .charged(let payment): details.append(.chargedIfMissed(payment.amount, on: payment.date))
        case nil: break
        }
        return details
    }

    func write(to lines: inout ContentLines, stamp: String, wording: CalendarWording) {
        let day = deadline.cancelBy
        lines.append("BEGIN", "VEVENT")
        lines.append("UID", uid)
        lines.append("DTSTAMP", stamp)
        lines.appendAllDay(day)
        lines.append("SUMMARY", text: wording.deadlineTitle(subscription.name))
        lines.append("DESCRIPTION", text: details.map(wording.detail).joined(separator: "\n"))
        if let category = subscription.category { lines.append("CATEGORIES", text: category) }
        lines.append("TRANSP", "TRANSPARENT")
        for offset in reminderOffsets {
            lines.appendAlarm(daysBefore: offset, description: wording.deadlineReminder(subscription.name, day, offset))
        }
        lines.append("END", "VEVENT")
    }
}
