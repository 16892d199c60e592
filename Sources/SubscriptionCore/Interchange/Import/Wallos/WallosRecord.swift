import Foundation

/// One subscription as Wallos describes it, whichever of its files it came from: the export
/// (JSON or CSV) gives text such as `Every 3 Months` and `R$10`; its database gives ids, codes
/// and a start date. `subscription(options:)` turns either into a `Subscription` by one set of
/// rules, documented in the README's "From Wallos".
struct WallosRecord: Codable {
    /// Where it was: `record 3 (Netflix)`, `line 4`.
    var record: ImportRecord
    var name: String
    var cycle: Cycle
    /// Wallos's next payment: the billing anchor when there is no start date on its schedule.
    var nextPayment: String
    /// Only the database has it.
    var startDate: String?
    var autoRenew: Bool
    var category: String?
    var paymentMethod: String?
    /// The household member who pays, when it tells something (see `WallosPayers`).
    var paidBy: String?
    var price: Price
    var notes: String?
    var url: String?
    var active: Bool
    /// Whether Wallos notifies before payments, and how many days before: 0 is on the day, nil
    /// is subs's default (`remind_days`).
    var notify: Bool
    var notifyDaysBefore: Int?
    var cancellationDate: String?

    enum Cycle: Codable {
        /// `Monthly`, `Every 3 Months`, `One-time`.
        case text(String)
        /// The database's cycle id (1 daily, 2 weekly, 3 monthly, 4 yearly, 5 one-time) and
        /// frequency.
        case ids(cycle: Int, frequency: Int)
    }

    enum Price: Codable {
        /// The export's symbol glued to a number: `$15.99`, `R$10`, `€9.99`.
        case text(String)
        /// The database's amount and currency code.
        case amount(String, code: String)
    }

    /// Wallos's own name for "no category", which subs leaves empty.
    static let noCategory = "No category"

    func subscription(options: ImportOptions) throws -> Subscription {
        let check = RecordCheck(record)
        let price = try money(check, options: options)
        let cycle = try billingCycle(check, options: options)
        let next = try check.date(nextPayment, field: "Next Payment")
        let start = try nonEmpty(startDate).flatMap { text in
            // A start date is used when the next payment falls on its schedule; Wallos lets the
            // two disagree, and then the next payment is what the user last set.
            let start = try check.date(text, field: "Start Date")
            let onSchedule = start <= next
                && BillingSchedule(anchor: start, cycle: cycle).nextPayment(onOrAfter: next) == next
            return onSchedule ? start : nil
        } ?? next
        // Wallos's notes may run over lines; a subs note is one line.
        let lines = (self.notes ?? "").components(separatedBy: .newlines).compactMap(nonEmpty)
        let paidBy = nonEmpty(paidBy).map { "paid by \($0)" }
        // Wallos's cancellation date is the day it sends its "up for cancellation" notice for a
        // subscription still active (its cron job selects `inactive = 0 AND cancellation_date =
        // today`): the last day to cancel, not an end. An enabled subscription keeps running with
        // it as a one-off deadline, even one already past (a deadline missed reminds of nothing).
        let cancellation = try check.optionalDate(nonEmpty(cancellationDate), field: "Cancellation Date")
        let notes = try check.optionalText(
            nonEmpty((lines + [paidBy].compactMap { $0 }).joined(separator: "; ")), field: "Notes")
        let categoryName = nonEmpty(category).flatMap { $0 == Self.noCategory ? nil : $0 }
        let remindDays: [Int]? = if !notify { [] } else if let days = notifyDaysBefore, days >= 0 {
            [min(days, RemindDays.range.upperBound)]
        } else { nil }
        // A disabled subscription is cancelled. Wallos stops moving a disabled subscription's next
        // payment on, so that payment is the first one not made: the last paid-for day is the day
        // before it, or the import day when it is still ahead (the user has stopped it already).
        // Its cancellation date tells nothing of when it stopped (a reminder day, see above).
        // Its schedule then runs from the last payment before the end, a whole number of cycles
        // before the next one.
        let stop = active ? nil : [next.adding(days: -1), options.today].compactMap { $0 }.min()
        let anchor = stop.map { Self.anchor(start, backTo: $0, cycle: cycle) } ?? start
        var subscription = Subscription(
            name: try check.field("Name") { try TextInput.name(name) },
            price: price,
            cycle: cycle, startDate: anchor,
            category: try categoryName.map { name in
                try check.field("Category") { try TextInput.name(name, what: .category) }
            },
            url: try check.optionalText(nonEmpty(url), field: "URL"),
            notes: notes,
            paymentMethod: try check.optionalText(nonEmpty(paymentMethod), field: "Payment Method"),
            remindDays: remindDays,
            autoRenew: autoRenew && cycle.recurs, cancelBy: active ? cancellation : nil, createdAt: options.now)
        // A one-time purchase cannot move back: it stops on its day, its one payment counted.
        if let stop {
            try check.change("Active") { try subscription.cancel(on: max(stop, anchor)) }
        }
        return subscription
    }

    /// `start` moved back by whole cycles to the last day on or before `stop`; `start` itself
    /// when it is not after `stop` or the cycle does not recur.
    static func anchor(_ start: CivilDate, backTo stop: CivilDate, cycle: BillingCycle) -> CivilDate {
        guard cycle.recurs, start > stop else { return start }
        switch cycle.unit {
        case .day, .week:
            let days = cycle.unit == .day ? cycle.count : 7 * cycle.count
            let steps = (stop.days(until: start) + days - 1) / days
            return start.adding(days: -steps * days) ?? start
        case .month, .year, .once:
            let months = cycle.unit == .month ? cycle.count : 12 * cycle.count
            var steps = max(1, stop.months(until: start) / months)
            while let earlier = start.adding(months: -steps * months), earlier > stop { steps += 1 }
            return start.adding(months: -steps * months) ?? start
        }
    }

    private func billingCycle(_ check: RecordCheck, options: ImportOptions) throws -> BillingCycle {
        switch cycle {
        case .text(let text):
            // Wallos writes `Every N ` plus its plural of the cycle's name, and has none for
            // One-time: a one-time purchase with a frequency above 1 comes out as `Every 2 `.
            let words = text.split(whereSeparator: \.isWhitespace)
            if words.count == 2, words[0].lowercased() == "every", words[1].allSatisfy(\.isASCIIDigit) {
                return .once
            }
            return try check.field("Payment Cycle") { try options.readCycle(text) }
        case .ids(let id, let frequency):
            let units: [Int: BillingCycle.Unit] = [1: .day, 2: .week, 3: .month, 4: .year, 5: .once]
            guard let unit = units[id], let cycle = BillingCycle(count: unit == .once ? 1 : frequency, unit: unit) else {
                throw check.fail("cycle", .wallosCycle(id: id, frequency: frequency))
            }
            return cycle
        }
    }

    private func money(_ check: RecordCheck, options: ImportOptions) throws -> Money {
        switch price {
        case .amount(let amount, let code):
            // `amount`, not `money`: SQLite writes a REAL as `10.0`, zeros the currency does not have.
            return try check.amount(amount, try check.currency(code, field: "currency"), field: "Price")
        case .text(let text):
            let price = try PriceText(text, check: check)
            return try price.money(in: try price.currency(check: check, fallback: options.currency), check: check)
        }
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}

/// Drops "Paid By" when every record names the same payer: in a household of one it is the
/// user, and repeating it in every note says nothing.
enum WallosPayers {
    static func keepingInformative(_ records: [WallosRecord]) -> [WallosRecord] {
        let payers = Set(records.map { $0.paidBy?.trimmingCharacters(in: .whitespaces) ?? "" })
        guard payers.count <= 1 else { return records }
        return records.map { var record = $0; record.paidBy = nil; return record }
    }
}
