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
    var uid: String {
        let period = series.periodIndex == 0 ? "" : "-period-\(series.periodIndex + 1)"
        return subscription.id + period + (part.months == .february ? "-february" : "") + "@subs"
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

    var details: String {
        let currency = subscription.currency.code
        // The period's own plan: a monthly period that ends at a switch to yearly is billed monthly.
        var lines = ["Billed \(series.schedule.cycle)"]
        if let category = subscription.category { lines.append("Category: \(category)") }
        if let method = subscription.paymentMethod { lines.append("Payment method: \(method)") }
        if let url = subscription.url { lines.append("URL: \(url)") }
        if let notes = subscription.notes { lines.append("Notes: \(notes)") }
        if series.periodIndex == 0, let trialEnd = subscription.trialEnd, trialEnd >= today {
            lines.append("Free trial ends \(trialEnd) with the first charge")
        }
        for change in subscription.prices where change.effective > today
            && series.until.map({ change.effective <= $0 }) ?? true {
            lines.append("From \(change.effective): \(change.amount) \(currency)")
        }
        let period = subscription.periods[series.periodIndex]
        for pause in subscription.pauses where pause.until.map({ $0 > series.schedule.anchor }) ?? true
            && period.cancelledOn.map({ pause.from <= $0 }) ?? true {
            lines.append("Paused from \(pause.from) " + (pause.until.map { "until \($0)" } ?? "until resumed"))
        }
        if let cancelled = period.cancelledOn {
            lines.append("Cancelled on \(cancelled)")
        }
        return lines.joined(separator: "\n")
    }

    func reminderText(offset: Int) -> String {
        let when = switch offset {
        case 0: "today"
        case 1: "tomorrow"
        default: "in \(offset) days"
        }
        return "\(summary) \(when)"
    }

    func write(to lines: inout ContentLines, stamp: String) {
        let start = part.start
        lines.append("BEGIN", "VEVENT")
        lines.append("UID", uid)
        lines.append("DTSTAMP", stamp)
        lines.append("DTSTART;VALUE=DATE", ContentLines.date(start))
        lines.append("DTEND;VALUE=DATE", ContentLines.date(start.adding(days: 1) ?? start))
        if let rule = part.value { lines.append("RRULE", rule) }
        for day in series.exclusions where part.months.contain(day) {
            lines.append("EXDATE;VALUE=DATE", ContentLines.date(day))
        }
        lines.append("SUMMARY", text: summary)
        lines.append("DESCRIPTION", text: details)
        if let category = subscription.category { lines.append("CATEGORIES", text: category) }
        // A payment does not make the day busy.
        lines.append("TRANSP", "TRANSPARENT")
        for offset in reminderOffsets {
            lines.append("BEGIN", "VALARM")
            lines.append("ACTION", "DISPLAY")
            lines.append("TRIGGER", "-P\(offset)D")
            lines.append("DESCRIPTION", text: reminderText(offset: offset))
            lines.append("END", "VALARM")
        }
        lines.append("END", "VEVENT")
    }
}
