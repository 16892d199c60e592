import Foundation

/// The RFC 5545 calendar of `subs export --format ics`: the payments as recurring all-day events
/// that any calendar can import, with a reminder per offset, and the last days to cancel as
/// all-day events with their own reminders (PRODUCT.md §14).
///
/// Each event's `RRULE` (with its `UNTIL` and `EXDATE`s) expands to exactly the dates
/// `Subscription.payments(from:through:)` gives, the dates `subs upcoming` lists.
public enum ICalendar {
    /// The `PRODID` that names who made the file.
    public static let productIdentifier = "-//subs//subs subscription tracker//EN"

    /// The calendar: one `VEVENT` per billing period of every subscription (one per
    /// subscription unless it was reactivated or changed plan; two when a monthly anchor on the
    /// 29th or 30th reaches February, see `RecurrenceRule`), starting on
    /// the period's first payment; one `VALARM` per reminder offset (the subscription's own, else
    /// `config.remindDays`; none with `reminders off`). Then one `VEVENT` per deadline from
    /// `today` (`DeadlineEvent.horizonMonths` ahead, at least the next), with a `VALARM` per
    /// offset of config `remind-cancel-days` (none with `reminders off`).
    /// `generatedAt` is the `DTSTAMP`. Lines end in CRLF and are folded at 75 octets. `wording`
    /// says the events in the reader's language.
    public static func document(
        for subscriptions: [Subscription], config: Config, today: CivilDate, generatedAt: Date,
        wording: CalendarWording
    ) -> String {
        var lines = ContentLines()
        lines.append("BEGIN", "VCALENDAR")
        lines.append("VERSION", "2.0")
        lines.append("PRODID", productIdentifier)
        lines.append("CALSCALE", "GREGORIAN")
        lines.append("METHOD", "PUBLISH")
        lines.append("X-WR-CALNAME", text: wording.calendarName)
        let stamp = Timestamp.format(generatedAt, style: .basic)
        let ordered = subscriptions.sorted {
            ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id)
        }
        // A cancelled subscription keeps its events, ended by UNTIL, so a calendar that imported
        // them earlier stops the series instead of repeating it forever.
        for subscription in ordered {
            for series in PaymentSeries.all(of: subscription, today: today) {
                for part in series.rule.parts {
                    let event = PaymentEvent(
                        subscription: subscription, series: series, part: part,
                        reminderOffsets: config.remindersEnabled ? subscription.remindDays ?? config.remindDays : [],
                        today: today)
                    event.write(to: &lines, stamp: stamp, wording: wording)
                }
            }
            for deadline in DeadlineEvent.deadlines(of: subscription, today: today) {
                let event = DeadlineEvent(
                    subscription: subscription, deadline: deadline,
                    reminderOffsets: config.remindersEnabled ? config.remindCancelDays : [])
                event.write(to: &lines, stamp: stamp, wording: wording)
            }
        }
        lines.append("END", "VCALENDAR")
        return lines.text
    }
}
