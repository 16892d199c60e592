/// `subs detect` (PRODUCT.md §13), as `ReminderRun` is `subs remind`: read a statement, find
/// what recurs and which subscription tracks it; then, if asked, add what is not tracked and
/// record the charges of what is. The command line chooses (flags, questions) and speaks.
public enum DetectionRun {
    /// Reads the statement in `text` (`StatementReader.read`'s options; `currency` nil is the
    /// config currency) and matches what recurs in it to the subscriptions of `store`.
    public static func detect(
        _ text: String, path: String, format: StatementFormat?, columns: StatementColumns?,
        dateFormat: StatementDateFormat?, currency: Currency?, in store: SubscriptionStore, today: CivilDate
    ) throws -> Detection {
        let fallback = try currency ?? store.config().currency
        let statement = try StatementReader.read(
            text, path: path, format: format, columns: columns, dateFormat: dateFormat, currency: fallback)
        // A statement repeats its descriptors: each is read once.
        var merchants = MerchantNameCache()
        let charges = statement.charges.map { transaction in
            MerchantCharge(line: transaction.line, date: transaction.date, merchant: merchants.normalized(transaction.description),
                           amount: transaction.amount)
        }
        let statementEnd = statement.charges.map(\.date).max() ?? today
        let series = RecurrenceDetector.series(in: charges, statementEnd: statementEnd)
        let subscriptions = try store.subscriptions()
        return Detection(statement: statement, currency: fallback, series: series,
                         findings: RecurrenceDetector.match(series, to: subscriptions),
                         takenNames: subscriptions.map(\.name))
    }

    /// Adds `adding` (each under its merchant's name, or `name (2)`… when that is taken, as
    /// `import` names what it adds), records the charges of every tracked finding when `record`
    /// (and of those added), all in one transaction; then matches the statement again. What it
    /// adds is config `me`'s, else `owner`'s (`NewSubscription.owner`).
    public static func apply(
        _ detection: Detection, adding: [RecurringSeries], record: Bool, to store: SubscriptionStore, today: CivilDate,
        owner: String? = nil
    ) throws -> (outcome: DetectionOutcome, detection: Detection) {
        var names = FreeNames(taken: detection.takenNames)
        let named = adding.map { series in
            RecurringSeries(merchant: names.claim(series.merchant), cycle: series.cycle, charges: series.charges,
                            nextExpected: series.nextExpected)
        }
        let recording = record
            ? detection.findings.filter { $0.tracked != nil } + named.map { Finding(series: $0, tracked: nil) } : []
        let outcome = try store.applyDetection(adding: named, recording: recording, today: today, owner: owner)
        let subscriptions = try store.subscriptions()
        var after = detection
        after.findings = RecurrenceDetector.match(detection.series, to: subscriptions)
        after.takenNames = subscriptions.map(\.name)
        return (outcome, after)
    }
}

/// A statement read and matched: what `subs detect` reports.
public struct Detection: Sendable {
    /// The statement as read, with what the reader saw on the way.
    public let statement: BankStatement
    /// The currency of amounts the file does not name.
    public let currency: Currency
    /// What recurs in it, in the detector's order.
    public let series: [RecurringSeries]
    /// Each series and the subscription that tracks it, if any.
    public var findings: [Finding]
    /// The names of the subscriptions when it was matched: what an added one must not take.
    var takenNames: [String]

    /// The series `--add` offers: running, and tracked by no subscription.
    public var untracked: [RecurringSeries] {
        findings.filter { $0.tracked == nil && !$0.series.ended }.map(\.series)
    }
}
