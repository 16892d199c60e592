import Foundation

/// Any CSV with a header, read through `--map name=Service,amount=Cost,...`: which column holds
/// each field. Values are read as `subs add` reads its arguments (an amount may carry a currency
/// symbol, as spreadsheets show it). Never guessed: chosen by `--map` or `--from csv`.
public enum MappedCSVFormat: ImportFormat {
    public static let name = "csv"
    public static let kind = ImportFormatKind.mappedCSV

    /// The fields a column can be mapped to.
    public enum Field: String, CaseIterable, Sendable {
        case name, amount, currency, every, start, next, trialEnd = "trial-end", category
        case paymentMethod = "payment-method", url, notes, status, cancelled
        /// PRODUCT.md §14: a one-off last day to cancel, the last payment day, a contract's terms
        /// (durations as `--term` reads them) and how it renews (`automatic` or `manual`).
        case cancelBy = "cancel-by", ends, term, renews, notice, renewal
    }

    /// Parses `name=Service,amount=Cost`: each field once, name and amount required.
    public static func map(_ text: String) throws -> [Field: String] {
        var map: [Field: String] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let field = Field(rawValue: parts[0].lowercased()), !parts[1].isEmpty, map[field] == nil else {
                throw ImportOptionError.mapNotUnderstood(text)
            }
            map[field] = parts[1]
        }
        guard map[.name] != nil, map[.amount] != nil else { throw ImportOptionError.mapNotUnderstood(text) }
        return map
    }

    public static func detect(_ data: Data) -> Bool { false }

    public static func parse(_ data: Data, options: ImportOptions) throws -> ParsedImport {
        guard let map = options.map else {
            throw ImportOptionError.mapNeeded
        }
        let table = try CSVTable(data)
        if let missing = map.values.first(where: { !table.header.contains($0) }) {
            // One line, however the header is written and however many columns it has.
            throw ImportOptionError.columnNotInHeader(missing, header: Array(table.header.prefix(20)), more: table.header.count > 20)
        }
        // The file's decimal separator, as its amounts prove it (`229,99`): `detect`'s rule.
        var vote = AmountText.DecimalVote()
        if let column = map[.amount] { table.rows.compactMap { $0.value(column) }.forEach { vote.count($0) } }
        return ParsedImport(subscriptions: try table.rows.map { row in
            ImportedSubscription(record: .line(row.line),
                                 subscription: try subscription(row, map: map, decimalMark: vote.mark, options: options))
        })
    }

    private static func subscription(_ row: CSVTable.Row, map: [Field: String], decimalMark: Character?,
                                     options: ImportOptions) throws -> Subscription {
        let check = row.check
        func value(_ field: Field) -> String? { map[field].flatMap(row.value) }
        func required(_ field: Field) throws -> String {
            guard let text = value(field) else { throw check.fail(map[field] ?? field.rawValue, .missing) }
            return text
        }
        func date(_ field: Field) throws -> CivilDate? {
            try value(field).map { text in try check.field(map[field]!) { try options.readDate(text, options.today) } }
        }
        let column = { (field: Field) in map[field] ?? field.rawValue }
        let price = try PriceText(column: try required(.amount), decimalMark: decimalMark, check: check, field: column(.amount))
        let currency = try value(.currency).map { try check.currency($0.uppercased(), field: column(.currency)) }
            ?? price.currency(check: check, fallback: options.currency, field: column(.amount))
        let cycle = try value(.every).map { text in try check.field(column(.every)) { try options.readCycle(text) } } ?? .monthly
        let start = try date(.start) ?? date(.next) ?? options.today
        var subscription = Subscription(
            name: try check.field(column(.name)) { try TextInput.name(try required(.name)) },
            price: try check.amount(price.amount, currency, field: column(.amount)),
            cycle: cycle, startDate: start, trialEnd: try date(.trialEnd),
            category: try value(.category).map { name in try check.field(column(.category)) { try TextInput.name(name, what: .category) } },
            url: try check.optionalText(value(.url), field: column(.url)),
            notes: try check.optionalText(value(.notes), field: column(.notes)),
            paymentMethod: try check.optionalText(value(.paymentMethod), field: column(.paymentMethod)),
            autoRenew: try autoRenew(value(.renewal), cycle: cycle, check: check, field: column(.renewal)),
            createdAt: options.now)
        try check.trialDates(of: subscription, field: column(.trialEnd))
        func span(_ field: Field, _ input: InputError.Field) throws -> TimeSpan? {
            try value(field).map { text in try check.field(column(field)) { try TimeSpan(input: text, field: input) } }
        }
        if let term = try span(.term, .term) {
            subscription.contract = Contract(term: term, renewal: try span(.renews, .renews), notice: try span(.notice, .notice))
            if value(.cancelBy) != nil { throw check.fail(column(.cancelBy), .refused(.life(LifeProblem(.cancelBy, .deadlineWithContract)))) }
        }
        subscription.cancelBy = try date(.cancelBy)
        if let ends = try date(.ends) {
            guard ends >= subscription.anchor else {
                throw check.fail(column(.ends), .refused(.life(LifeProblem(
                    .ends, .endsBeforeFirstPayment(ends: ends, firstPayment: subscription.anchor)))))
            }
            subscription.ends = ends
        }
        let cancelled = try date(.cancelled)
        let status: SubscriptionStatus?
        switch value(.status)?.lowercased() {
        case nil, "active", "trial", "enabled", "yes": status = cancelled == nil ? nil : .cancelled
        case "paused": status = .paused
        case "cancelled", "canceled", "inactive", "disabled", "ended", "no": status = .cancelled
        case let other?:
            throw check.fail(column(.status), .status(got: other))
        }
        try check.applyStatus(status, to: &subscription, on: cancelled, today: options.today, field: column(.status))
        return subscription
    }

    /// `automatic` or `manual` (also `auto`, `yes`/`no`, `true`/`false`); automatic when the
    /// column is absent or empty. A one-time payment does not renew.
    private static func autoRenew(_ text: String?, cycle: BillingCycle, check: RecordCheck, field: String) throws -> Bool {
        guard cycle.recurs else { return false }
        switch text?.lowercased() {
        case nil, "automatic", "auto", "yes", "true": return true
        case "manual", "no", "false": return false
        case let other?: throw check.fail(field, .renewal(got: other))
        }
    }
}
