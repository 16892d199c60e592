import Foundation

/// What SubTrackr (bscott/subtrackr, Settings → Export CSV) writes with Go's encoding/csv:
/// `ID,Name,Category,Cost,Currency,Schedule,Schedule Interval,Status,Payment Method,Account,
/// Start Date,Renewal Date,Cancellation Date,URL,Notes,Usage,Created At`. Schedule is `Monthly`,
/// `Annual`, `Weekly`, `Daily`, `Quarterly`, or `Every N Months|Years|Weeks|Days|Quarters`;
/// Cost is `%.2f`; dates are `YYYY-MM-DD`.
public enum SubtrackrFormat: ImportFormat {
    public static let name = "subtrackr"
    public static let kind = ImportFormatKind.subtrackr

    static let headerStart = ["ID", "Name", "Category", "Cost", "Currency", "Schedule"]

    public static func detect(_ data: Data) -> Bool { CSVTable.header(of: data, startsWith: headerStart) }

    public static func parse(_ data: Data, options: ImportOptions) throws -> ParsedImport {
        let table = try CSVTable(data)
        return ParsedImport(subscriptions: try table.rows.map { row in
            ImportedSubscription(record: .line(row.line), subscription: try subscription(row, options: options))
        })
    }

    private static let units: [String: (BillingCycle.Unit, Int)] = [
        "daily": (.day, 1), "days": (.day, 1), "weekly": (.week, 1), "weeks": (.week, 1),
        "monthly": (.month, 1), "months": (.month, 1), "quarterly": (.month, 3), "quarters": (.month, 3),
        "annual": (.year, 1), "years": (.year, 1),
    ]

    private static func cycle(_ row: CSVTable.Row) throws -> BillingCycle {
        let text = try row.required("Schedule")
        let invalid = row.check.fail("Schedule", .subtrackrSchedule(got: text))
        let words = text.split(separator: " ")
        guard let word = words.last.map({ String($0).lowercased() }), let (unit, factor) = units[word] else { throw invalid }
        var interval = 1
        if words.count == 3 {
            guard let written = Int(words[1]), BillingCycle.counts.contains(written) else { throw invalid }
            interval = written
        }
        // SubTrackr's own interval, which wins; 0 is Go's zero value, written for a record made
        // before SubTrackr had intervals (SubTrackr reads it as 1). Anything else is refused,
        // not read as 1.
        switch row.value("Schedule Interval") {
        case nil, "0": break
        case let written?:
            guard let number = Int(written), BillingCycle.counts.contains(number) else {
                throw row.check.fail("Schedule Interval", .subtrackrInterval(got: written))
            }
            interval = number
        }
        // Only quarters can pass 999: 334 quarters are 1,002 months.
        guard let cycle = BillingCycle(count: interval * factor, unit: unit) else {
            throw row.check.fail([nil, "0"].contains(row.value("Schedule Interval")) ? "Schedule" : "Schedule Interval",
                                 .tooManyQuarters(interval))
        }
        return cycle
    }

    private static func subscription(_ row: CSVTable.Row, options: ImportOptions) throws -> Subscription {
        let check = row.check
        let currency = try row.value("Currency").map { try check.currency($0.uppercased(), field: "Currency") }
            ?? options.currency ?? { throw check.fail("Currency", .missingCurrency) }()
        let cycle = try cycle(row)
        let start = try row.value("Start Date").map { try check.date($0, field: "Start Date") }
        let renewal = try row.value("Renewal Date").map { try check.date($0, field: "Renewal Date") }
        let status = row.value("Status")?.lowercased()
        // The start date anchors the schedule when the renewal date falls on it; otherwise the
        // renewal date does (SubTrackr recomputes it, and a user may have moved it).
        var anchor = start ?? renewal ?? options.today
        var trialEnd: CivilDate?
        if status == "trial", let start, let renewal, renewal > start {
            trialEnd = renewal
        } else if let start, let renewal, BillingSchedule(anchor: start, cycle: cycle).nextPayment(onOrAfter: renewal) != renewal {
            anchor = renewal
        }
        let notes = [row.value("Notes"), row.value("Account").map { "account: \($0)" }].compactMap { $0 }
        var subscription = Subscription(
            name: try check.field("Name") { try TextInput.name(try row.required("Name")) },
            price: try check.amount(try row.required("Cost"), currency, field: "Cost"),
            cycle: cycle, startDate: anchor, trialEnd: trialEnd,
            category: try row.value("Category").map { name in try check.field("Category") { try TextInput.name(name, what: .category) } },
            url: try check.optionalText(row.value("URL"), field: "URL"),
            notes: try check.optionalText(notes.isEmpty ? nil : notes.joined(separator: "; "), field: "Notes"),
            paymentMethod: try check.optionalText(row.value("Payment Method"), field: "Payment Method"),
            createdAt: options.now)
        let cancellation = try row.value("Cancellation Date").map { try check.date($0, field: "Cancellation Date") }
        switch status {
        case nil, "active", "trial":
            // SubTrackr reminds of a cancellation date only once the subscription is marked
            // cancelled (the day it stops); on one still running it is the day the user means to
            // cancel by: a one-off deadline, not an end.
            subscription.cancelBy = cancellation
        case "cancelled":
            try check.applyStatus(.cancelled, to: &subscription, on: cancellation, today: options.today, field: "Status")
        case "paused":
            try check.applyStatus(.paused, to: &subscription, on: nil, today: options.today, field: "Status")
        case let other?:
            throw check.fail("Status", .subtrackrStatus(got: other))
        }
        return subscription
    }
}
