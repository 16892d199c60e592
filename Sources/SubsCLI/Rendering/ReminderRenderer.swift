import ArgumentParser
import SubscriptionCore

/// The words and JSON of `subs remind`, and what its hooks receive.
enum ReminderRenderer {
    /// `Netflix: $15.49 on 2026-11-30 (in 8 days)`, `Disney+: trial ends 2026-11-29 (tomorrow),
    /// then $8.99`, `Cancel Acme Insurance by 2026-12-31 (in 30 days), or it renews for 1 year to
    /// 2028-03-31: $480.00` (PRODUCT.md §14).
    static func line(_ reminder: Reminder, today: CivilDate) -> String {
        let date = SubscriptionText.date(reminder.date)
        let days = SubscriptionText.days(until: reminder.date, from: today)
        let name = reminder.name
        switch reminder.kind {
        case .payment:
            // No amount is a deadline's only: a payment always has one.
            let amount = reminder.amount.map(SubscriptionText.money) ?? ""
            // A plan renewed by hand is not charged: it lapses unless the user pays.
            if reminder.renewal == .manual { return localized("\(name) expires on \(date) (\(days)): renew for \(amount)") }
            return localized("\(name): \(amount) on \(date) (\(days))")
        case .trialEnd:
            let amount = reminder.amount.map(SubscriptionText.money) ?? ""
            return localized("\(name): trial ends \(date) (\(days)), then \(amount)")
        case .cancelBy, .ends:
            // Only deadlines are reminded of; an end needs nothing done, so it never comes here.
            switch reminder.deadline?.missed {
            case .renews(let term, let until, let cost)?:
                let term = ContractText.span(term)
                let until = SubscriptionText.date(until)
                let cost = SubscriptionText.money(cost)
                return localized("Cancel \(name) by \(date) (\(days)), or it renews for \(term) to \(until): \(cost)")
            case .charged(let payment)?:
                let amount = SubscriptionText.money(payment.amount)
                let chargedOn = SubscriptionText.date(payment.date)
                return localized("Cancel \(name) by \(date) (\(days)), or it is charged \(amount) on \(chargedOn)")
            case nil:
                return localized("Cancel \(name) by \(date) (\(days))")
            }
        }
    }

    /// The reminder as JSON: the fields of an upcoming item plus `offset`, how it renews, and for
    /// a deadline the term end it reaches (`date` is the last day to cancel, `amount` what
    /// missing it costs).
    static func object(_ reminder: Reminder) -> JSONObject {
        [
            "amount": reminder.amount.map { .string($0.description) } ?? .null,
            "currency": .string(reminder.currency.code),
            "date": .string(reminder.date.description),
            "days_until": .int(reminder.daysUntil),
            "id": .string(reminder.subscriptionID),
            "kind": .string(reminder.kind.rawValue),
            "name": .string(reminder.name),
            "offset": .int(reminder.offset),
            "renewal": reminder.renewal.map { .string($0.rawValue) } ?? .null,
            "term_end": reminder.deadline?.termEnd.map { .string($0.description) } ?? .null,
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
            "SUBS_AMOUNT": reminder.amount?.description ?? "",
            "SUBS_CURRENCY": reminder.currency.code,
            "SUBS_DATE": reminder.date.description,
            "SUBS_DAYS_UNTIL": String(reminder.daysUntil),
            "SUBS_KIND": reminder.kind.rawValue,
            "SUBS_OFFSET": String(reminder.offset),
            "SUBS_MESSAGE": line(reminder, today: today),
            "SUBS_RENEWAL": reminder.renewal?.rawValue ?? "",
            "SUBS_TERM_END": reminder.deadline?.termEnd?.description ?? "",
        ]
    }

    /// The line on standard error for a reminder a hook refused.
    static func failure(_ failure: ReminderFailure) -> String {
        let name = failure.reminder.name.terminalSafe
        let date = SubscriptionText.date(failure.reminder.date)
        return "subs: " + localized(
            "reminder for \(name) on \(date) not sent (\(failure.reason.terminalSafe)); the next run tries again")
    }

    /// The line on standard error for a reminder whose claim this run lost before delivering it.
    static func lostClaim(_ lost: LostClaim) -> String {
        let name = lost.reminder.name.terminalSafe
        let date = SubscriptionText.date(lost.reminder.date)
        let line = switch lost.why {
        case .takenOver:
            localized("reminder for \(name) on \(date) left to another run that took it over while this one was held up")
        case .sentElsewhere:
            localized("reminder for \(name) on \(date) not sent: another run or a sync recorded it as sent meanwhile")
        case .subscriptionDeleted:
            localized("reminder for \(name) on \(date) not sent: the subscription was deleted meanwhile")
        case .undone:
            localized("reminder for \(name) on \(date) not sent: its claim was undone meanwhile; the next run sends it")
        }
        return "subs: " + line
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
