import Foundation

/// What `subs list --format csv` writes (and `export --format csv`): one row per subscription
/// with its current price. Price history, pauses and cancellation dates are not in it: a row
/// whose status is `cancelled` or `paused` is cancelled or paused on the day of the import. Columns
/// after the known ones (a later `subs` may write more) are read when they are `ends`,
/// `cancel_by`, `term`, `renews` or `notice`, and otherwise left alone.
public enum SubsListCSVFormat: ImportFormat {
    public static let name = "subs"
    public static let kind = ImportFormatKind.subsListCSV

    static let header = [
        "id", "name", "amount", "currency", "cycle_count", "cycle_unit", "start_date",
        "trial_end", "next_payment", "monthly_cost", "status", "category", "payment_method",
        "auto_renew", "url", "notes",
    ]

    public static func detect(_ data: Data) -> Bool {
        // The header alone: a bad byte further down is the parser's to name, by its line.
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        guard let first = try? CSVReader.records(head.components(separatedBy: .newlines)
                .first(where: { !$0.isEmpty }) ?? "").first
        else { return false }
        return first.fields.starts(with: header)
    }

    public static func parse(_ data: Data, options: ImportOptions) throws -> ParsedImport {
        let text = try CSVReader.importText(data)
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(text)
        } catch {
            throw error.importError
        }
        guard let columns = records.first?.fields, columns.starts(with: header) else {
            throw ImportError.unknownFormat(expected: [kind])
        }
        let subscriptions = try records.dropFirst().map { record in
            ImportedSubscription(record: .line(record.line), subscription: try subscription(record, columns: columns, options: options))
        }
        return ParsedImport(subscriptions: subscriptions)
    }

    private static func subscription(_ record: CSVReader.Record, columns: [String], options: ImportOptions) throws -> Subscription {
        let check = RecordCheck(.line(record.line))
        guard record.fields.count == columns.count else {
            throw check.fail(.record, .fieldCount(found: record.fields.count, header: columns.count, separator: .comma))
        }
        var values: [String: String] = [:]
        // The first of two columns of one name counts: the known ones come first.
        for (key, value) in zip(columns, record.fields) where values[key] == nil { values[key] = unneutralised(value) }
        func value(_ key: String) -> String { values[key] ?? "" }
        func optional(_ key: String) -> String? { value(key).isEmpty ? nil : value(key) }

        let currency: Currency
        if let code = optional("currency") {
            currency = try check.currency(code, field: "currency")
        } else if let fallback = options.currency {
            currency = fallback
        } else {
            throw check.fail("currency", .missingCurrency)
        }
        guard let count = Int(value("cycle_count")) else {
            throw check.fail("cycle_count", .cycleCount(got: value("cycle_count")))
        }
        let start = try check.date(value("start_date"), field: "start_date")
        let autoRenew: Bool
        switch value("auto_renew") {
        case "true", "": autoRenew = true
        case "false": autoRenew = false
        case let other: throw check.fail("auto_renew", .notABool(got: other))
        }
        var subscription = Subscription(
            id: RecordCheck.id(optional("id")),
            name: try check.field("name") { try TextInput.name(value("name")) },
            price: try check.money(value("amount"), currency, field: "amount"),
            cycle: try check.cycle(count: count, unit: value("cycle_unit"), field: "cycle_unit"),
            startDate: start, trialEnd: try check.optionalDate(optional("trial_end"), field: "trial_end"),
            category: try optional("category").map { name in try check.field("category") { try TextInput.name(name, what: .category) } },
            url: try check.optionalText(optional("url"), field: "url"),
            notes: try check.optionalText(optional("notes"), field: "notes"),
            paymentMethod: try check.optionalText(optional("payment_method"), field: "payment_method"),
            autoRenew: autoRenew, createdAt: options.now)
        try check.trialDates(of: subscription, field: "trial_end")
        try readContract(&subscription, optional, check: check)
        switch value("status") {
        case "active", "trial", "":
            break
        case "ended":
            // Past its end: the row's own `ends` when it has one, else the day before the import
            // (a one-time payment made has ended by itself).
            if subscription.ends == nil, subscription.cycle.recurs, let yesterday = options.today.adding(days: -1) {
                subscription.ends = max(yesterday, subscription.anchor)
            }
        case "cancelled":
            try check.change("status") { try subscription.cancel(on: max(options.today, subscription.startDate)) }
        case "paused":
            try check.change("status") { try subscription.pause(from: max(options.today, subscription.startDate), until: nil) }
        case let other:
            throw check.fail("status", .status(got: other))
        }
        return subscription
    }

    /// The contract columns a later `list` writes, when the file has them: durations in the short
    /// form (`24m`), dates `YYYY-MM-DD`.
    private static func readContract(
        _ subscription: inout Subscription, _ optional: (String) -> String?, check: RecordCheck
    ) throws {
        func span(_ key: String, _ field: InputError.Field) throws -> TimeSpan? {
            try optional(key).map { text in try check.field(key) { try TimeSpan(input: text, field: field) } }
        }
        if let term = try span("term", .term) {
            subscription.contract = Contract(term: term, renewal: try span("renews", .renews), notice: try span("notice", .notice))
        } else {
            // A one-off deadline; a contract's own deadline (listed with it) comes from its terms.
            subscription.cancelBy = try check.optionalDate(optional("cancel_by"), field: "cancel_by")
        }
        if let ends = try check.optionalDate(optional("ends"), field: "ends") {
            guard ends >= subscription.anchor else {
                throw check.fail("ends", .refused(.life(LifeProblem(.ends, .endsBeforeFirstPayment(ends: ends, firstPayment: subscription.anchor)))))
            }
            subscription.ends = ends
        }
    }

    /// A field as it was before `list` guarded it against spreadsheet formulas: `'=x` was `=x`,
    /// and `''x` was `'x` (a leading apostrophe is guarded too, or a spreadsheet would hide it).
    static func unneutralised(_ field: String) -> String {
        guard field.hasPrefix("'"), let second = field.dropFirst().first, "=+-@'".contains(second)
        else { return field }
        return String(field.dropFirst())
    }
}
