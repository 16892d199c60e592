import ArgumentParser
import SubscriptionCore

/// The words and JSON of `subs remind`, and what its hooks receive.
enum ReminderRenderer {
    /// `Netflix: $15.49 on 2026-11-30 (in 8 days)` or `Disney+: trial ends 2026-11-29
    /// (tomorrow), then $8.99`.
    static func line(_ reminder: Reminder, today: CivilDate) -> String {
        let date = SubscriptionText.date(reminder.payment.date)
        let days = SubscriptionText.days(until: reminder.payment.date, from: today)
        let amount = SubscriptionText.money(reminder.payment.amount)
        switch reminder.kind {
        case .payment: return localized("\(reminder.name): \(amount) on \(date) (\(days))")
        case .trialEnd: return localized("\(reminder.name): trial ends \(date) (\(days)), then \(amount)")
        case .cancelBy: return localized("\(reminder.name): cancel by \(date) (\(days))")
        case .ends: return localized("\(reminder.name): ends \(date) (\(days))")
        }
    }

    /// The reminder as JSON: the fields of an upcoming item plus `offset`.
    static func object(_ reminder: Reminder) -> JSONObject {
        [
            "amount": .string(reminder.payment.amount.description),
            "currency": .string(reminder.payment.amount.currency.code),
            "date": .string(reminder.payment.date.description),
            "days_until": .int(reminder.daysUntil),
            "id": .string(reminder.subscriptionID),
            "kind": .string(reminder.kind.rawValue),
            "name": .string(reminder.name),
            "offset": .int(reminder.offset),
        ]
    }

    /// What `--exec` reads on standard input and `--webhook` receives: the reminder's fields, and
    /// the line as `content` (Discord) and `text` (Slack).
    static func hookPayload(_ reminder: Reminder, today: CivilDate) -> String {
        var object = object(reminder)
        let line = line(reminder, today: today)
        object["content"] = .string(line)
        object["text"] = .string(line)
        return JSONValue.object(object).rendered
    }

    /// The `SUBS_*` variables an `--exec` command sees.
    static func variables(_ reminder: Reminder, today: CivilDate) -> [String: String] {
        [
            "SUBS_ID": reminder.subscriptionID,
            "SUBS_NAME": reminder.name,
            "SUBS_AMOUNT": reminder.payment.amount.description,
            "SUBS_CURRENCY": reminder.payment.amount.currency.code,
            "SUBS_DATE": reminder.payment.date.description,
            "SUBS_DAYS_UNTIL": String(reminder.daysUntil),
            "SUBS_KIND": reminder.kind.rawValue,
            "SUBS_OFFSET": String(reminder.offset),
            "SUBS_MESSAGE": line(reminder, today: today),
        ]
    }

    /// The line on standard error for a reminder a hook refused.
    static func failure(_ failure: ReminderFailure) -> String {
        let name = failure.reminder.name.terminalSafe
        let date = SubscriptionText.date(failure.reminder.payment.date)
        return "subs: " + localized(
            "reminder for \(name) on \(date) not sent (\(failure.reason.terminalSafe)); the next run tries again")
    }

    /// The line on standard error for a reminder another run took over from this one.
    static func takenOver(_ reminder: Reminder) -> String {
        let date = SubscriptionText.date(reminder.payment.date)
        return "subs: " + localized("""
            reminder for \(reminder.name.terminalSafe) on \(date) left to another run that took it over while \
            this one was held up
            """)
    }

    /// The line on standard error for a run a signal stopped.
    static func interruption(_ result: ReminderRunResult, signal: Int32) -> String {
        let name = [2: "SIGINT", 15: "SIGTERM"][signal] ?? "signal \(signal)"
        let count = result.interrupted.count
        let sent = result.delivered.count
        let claimed = result.claimed.count
        return "subs: " + (count == 1
            ? localized("stopped by \(name); \(sent) of \(claimed) reminders sent, \(count) is left for the next run")
            : localized("stopped by \(name); \(sent) of \(claimed) reminders sent, \(count) are left for the next run"))
    }

    static func render(_ reminders: [Reminder], today: CivilDate, format: RemindFormat) -> String {
        switch format {
        case .json:
            return JSONValue.array(reminders.map { .object(object($0)) }).rendered
        case .text:
            return reminders.map { line($0, today: today).terminalSafe + "\n" }.joined()
        }
    }
}

enum RemindFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
