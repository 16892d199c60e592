import Foundation

/// The document `subs export --format json` writes.
public enum SubsDocumentFormat: ImportFormat {
    public static let name = "subs"
    public static let kind = ImportFormatKind.subsDocument

    private struct Header: Decodable {
        let format: String
    }

    public static func detect(_ data: Data) -> Bool {
        (try? JSONDecoder().decode(Header.self, from: data))?.format == ExportDocument.formatName
    }

    public static func parse(_ data: Data, options: ImportOptions) throws -> ParsedImport {
        try parse(data, decoded: nil, options: options)
    }

    /// The document `data` holds, read by `ExportDocument.read` (a document of 100,000 in well
    /// under a second), or, where that gives up or `fast` is off, by `JSONDecoder` (seconds for
    /// 100,000); nil when it is not a subs document. Alone, a key written twice may be read
    /// otherwise than `JSONDecoder` reads it: see `decodedDocument(checking:long:fast:)`.
    private static func decodedDocument(_ data: Data, fast: Bool) -> ExportDocument? {
        guard let document = (fast ? ExportDocument.read(data) : nil) ?? (try? JSONDecoder().decode(ExportDocument.self, from: data)),
              document.format == ExportDocument.formatName
        else { return nil }
        return document
    }

    /// The document `data` holds with its keys checked (`checkKeys`), read once for
    /// `parse(_:decoded:options:)`: what recognises a subs document. The other core checks the
    /// keys while this one reads, for a document of `long` bytes or more (a megabyte is about a
    /// thousand subscriptions); in vain for a file of another format.
    static func decodedDocument(
        checking data: Data, long: Int, fast: Bool = true
    ) -> (document: ExportDocument, checked: JSONKeyCheck.Checked)? {
        let (checked, document) = BothCores.run(if: data.count >= long, { checkKeys(data) }, while: {
            decodedDocument(data, fast: fast)
        })
        // Nothing read is used from a file the check refuses (a key written twice, which the
        // fast reader takes last and `JSONDecoder` first; a file that is not JSON, or too
        // deep): `detect` and `parse` then recognise and refuse it as they always did.
        guard let document, case .success(let checked) = checked else { return nil }
        return (document, checked)
    }

    /// The subscriptions of a document, each checked. A long list is checked in two halves at
    /// once; the first half's error, if any, is the one thrown, as if checked in order.
    private static func checked(_ entries: [ExportDocument.Entry]) throws -> [ImportedSubscription] {
        @Sendable func check(_ slice: ArraySlice<ExportDocument.Entry>) -> Result<[ImportedSubscription], any Error> {
            Result {
                try zip(slice.indices, slice).map { index, entry in
                    let check = RecordCheck(.path("subscriptions[\(index)]", name: entry.name))
                    let subscription = try check.subscription(entry, checkingLife: true)
                    return ImportedSubscription(record: .path("subscriptions[\(index)]", name: nil), subscription: subscription)
                }
            }
        }
        let half = entries.count / 2
        let (first, second) = BothCores.run(if: entries.count >= BothCores.threshold, { check(entries[..<half]) }, while: {
            check(entries[half...])
        })
        return try first.get() + second.get()
    }

    typealias KeysChecked = Result<JSONKeyCheck.Checked, ImportError>

    /// Checks `data` for a key written twice, which would be read one way here and another way
    /// by jq, and keeps what `parse` reads as written.
    static func checkKeys(_ data: Data) -> KeysChecked {
        Result { () throws(ImportError) in try JSONKeyCheck.importable(data, rawMembers: ["version"]) }
    }

    /// Reads `data`, which `decoded` is, with its keys checked, when given.
    static func parse(
        _ data: Data, decoded: (document: ExportDocument, checked: JSONKeyCheck.Checked)?, options: ImportOptions
    ) throws -> ParsedImport {
        let raw = try decoded?.checked ?? checkKeys(data).get()
        let document: ExportDocument
        do {
            // Without `decoded`, `JSONDecoder` reads it, and names what is wrong.
            document = try decoded?.document ?? JSONDecoder().decode(ExportDocument.self, from: data)
        } catch let error as DecodingError {
            throw Self.error(error, data: data)
        }
        try checkVersion(raw.rawMembers["version"] ?? "\(document.version)")
        let subscriptions = try checked(document.subscriptions)
        let categories = try document.categories.enumerated().map { index, entry in
            let check = RecordCheck(.path("categories[\(index)]", name: entry.name))
            return ImportedCategory(
                name: try check.field("name") { try TextInput.name(entry.name, what: .category) },
                color: try entry.color.map { color in try check.field("color") { try CategoryColor(input: color) } })
        }
        var settings: [ConfigKey: String] = [:]
        for (key, value) in document.settings {
            let check = RecordCheck(.path("settings", name: nil))
            guard let configKey = ConfigKey(rawValue: key) else {
                throw ImportError.record(.path("settings", name: nil), field: .key(key), problem: .unknownSetting)
            }
            if let stored = try check.field(key, { try configKey.normalized(value) }) {
                settings[configKey] = stored
            }
        }
        var ratePairs: Set<String> = []
        let rates = try document.rates.enumerated().map { index, entry in
            let check = RecordCheck(.path("rates[\(index)]", name: entry.currency))
            let currency = try check.currency(entry.currency, field: "currency")
            let base = try check.currency(entry.base, field: "base")
            guard ratePairs.insert("\(currency.code) \(base.code)").inserted else {
                throw check.fail("currency", .secondRate(currency: currency.code, base: base.code))
            }
            let setAt = try check.timestamp(entry.setAt, field: "set_at")
            let rate = try check.field("rate") { try ExchangeRate(currency: currency, exported: entry.rate, setAt: setAt) }
            return ImportedRate(rate: rate, base: base)
        }
        // A settlement given twice (by id) is one: the import plan takes each id once.
        let settlements = try (document.settlements ?? []).enumerated().map { index, entry in
            try RecordCheck(.path("settlements[\(index)]", name: nil)).settlement(entry)
        }
        return ParsedImport(subscriptions: subscriptions, categories: categories, settings: settings, rates: rates,
                            settlements: settlements)
    }

    /// Refuses a version this `subs` does not know, as written: only the whole number 1, not
    /// `1.0` or `1e0`, which a decoder would read as 1.
    private static func checkVersion(_ raw: String) throws {
        let known = 1...ExportDocument.currentVersion
        if let version = Int(raw), String(version) == raw {
            if known.contains(version) { return }
            if version > ExportDocument.currentVersion {
                throw ImportError.cannotRead(.newerVersion(version, newest: ExportDocument.currentVersion))
            }
        }
        throw ImportError.record(.path("document", name: nil), field: .named("version"),
                                 problem: .unknownVersion(got: raw, newest: ExportDocument.currentVersion))
    }

    /// A decoding error as the record and field it is about, named by the JSON path.
    private static func error(_ error: DecodingError, data: Data) -> ImportError {
        let (path, problem): ([any CodingKey], RecordProblem) = switch error {
        case .typeMismatch(let type, let context): (context.codingPath, .notOfKind(kind(type)))
        case .valueNotFound(let type, let context): (context.codingPath, .nullInsteadOf(kind(type)))
        case .keyNotFound(let key, let context): (context.codingPath + [key], .missing)
        case .dataCorrupted(let context): (context.codingPath, .unreadableValue)
        @unknown default: ([], .unreadableValue)
        }
        guard let list = path.first?.stringValue, let index = path.dropFirst().first?.intValue else {
            guard !path.isEmpty else {
                return switch error {
                case .dataCorrupted: .cannotRead(.notJSON)
                case .typeMismatch: .cannotRead(.notAnObject)
                case .valueNotFound: .cannotRead(.nullDocument)
                default: .cannotRead(.undecodable)
                }
            }
            return .record(.path("document", name: nil), field: .named(path.map(\.stringValue).joined(separator: ".")), problem: problem)
        }
        // The record's name, when the rest of it reads, so the user can find it.
        var name: String?
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let items = object[list] as? [[String: Any]], index < items.count {
            // A rate is known by its currency, a settlement by who paid whom; anything else only
            // by its name (a subscription without one is not to be labelled with its currency).
            let item = items[index]
            name = switch list {
            case "rates": item["currency"] as? String
            case "settlements": (item["from"] as? String).flatMap { from in (item["to"] as? String).map { "\(from) → \($0)" } }
            default: item["name"] as? String
            }
        }
        let field = path.dropFirst(2).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        return .record(.path("\(list)[\(index)]", name: name), field: field.isEmpty ? .record : .named(field), problem: problem)
    }

    private static func kind(_ type: Any.Type) -> JSONKind {
        switch type {
        case is String.Type, is String?.Type: .string
        case is Int.Type, is Int?.Type: .wholeNumber
        case is Bool.Type: .bool
        default: "\(type)".contains("Array") ? .list : .object
        }
    }
}

/// Checks the fields of one record, naming the record and field in what it throws.
struct RecordCheck {
    let record: ImportRecord

    init(_ record: ImportRecord) {
        self.record = record
    }

    /// A check of the record at a named place (`history`).
    init(_ place: String) {
        self.init(.path(place, name: nil))
    }

    func fail(_ field: String, _ problem: RecordProblem) -> ImportError {
        .record(record, field: .named(field), problem: problem)
    }

    func fail(_ field: ImportField, _ problem: RecordProblem) -> ImportError {
        .record(record, field: field, problem: problem)
    }

    /// `body`'s value, with an `InputError` turned into this record's error about `field`.
    /// Field names (`price_history[3].amount`) are made only for an error: a document of 100,000
    /// subscriptions would make a million of them.
    func field<T>(_ field: @autoclosure () -> String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as InputError {
            throw fail(field(), .invalid(error))
        } catch let error as SettingsError {
            throw fail(field(), .refused(.settings(error)))
        }
    }

    /// Runs `body`, a change the model may refuse (a cancellation, dates out of order), with its
    /// refusal turned into this record's error about `field`. Any other error is no fault of the
    /// record's: it passes on as it is.
    func change(_ field: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            guard let refusal = ModelRefusal(error) else { throw error }
            throw fail(field, .refused(refusal))
        }
    }

    func date(_ text: String, field: @autoclosure () -> String) throws -> CivilDate {
        guard let date = CivilDate(iso: text) else {
            if let parts = CivilDate.isoShaped(text), CivilDate.supportedYears.contains(parts.year) {
                throw fail(field(), .refused(.input(InputError.notADay(value: text, year: parts.year, month: parts.month))))
            }
            throw fail(field(), .notADate(got: text))
        }
        return date
    }

    func optionalDate(_ text: String?, field: @autoclosure () -> String) throws -> CivilDate? {
        try text.map { try date($0, field: field()) }
    }

    func timestamp(_ text: String, field: String) throws -> Date {
        guard let date = Timestamp.parse(text) else {
            throw fail(field, .notATimestamp(got: text))
        }
        return date
    }

    func currency(_ text: String, field: String) throws -> Currency {
        guard let currency = Currency(code: text), currency.code == text else {
            throw fail(field, .notACurrencyCode(got: text))
        }
        return currency
    }

    func money(_ text: String, _ currency: Currency, field: @autoclosure () -> String) throws -> Money {
        try self.field(field()) { try Money(input: text, currency: currency) }
    }

    func cycle(count: Int, unit: String, field: @autoclosure () -> String = "cycle") throws -> BillingCycle {
        guard let unit = BillingCycle.Unit(rawValue: unit), let cycle = BillingCycle(count: count, unit: unit) else {
            throw fail(field(), .notACycle)
        }
        return cycle
    }

    /// A contract's terms, each in the short form `subs` writes.
    func contract(_ entry: ExportDocument.ContractEntry) throws -> Contract {
        func span(_ text: String, _ key: String, _ field: InputError.Field) throws -> TimeSpan {
            try self.field("contract.\(key)") { try TimeSpan(input: text, field: field) }
        }
        return Contract(
            term: try span(entry.term, "term", .term), renewal: try span(entry.renews, "renews", .renews),
            notice: try entry.notice.map { try span($0, "notice", .notice) })
    }

    func optionalText(_ text: String?, field: String) throws -> String? {
        try text.flatMap { text in try self.field(field) { try TextInput.freeText(text, what: field == "url" ? .url : field == "notes" ? .notes : .paymentMethod) } }
    }

    /// The id, when it is a lowercase UUID; else a new one.
    static func id(_ text: String?) -> String {
        if let text, isLowercaseUUID(text) { return text }
        return UUID().uuidString.lowercased()
    }

    /// Whether `text` is a UUID as `subs` writes one: 8-4-4-4-12 lowercase hex digits. Read byte
    /// by byte: Foundation's `UUID(uuidString:)` runs `sscanf`, a tenth of checking a document.
    static func isLowercaseUUID(_ text: String) -> Bool {
        var position = 0
        for byte in text.utf8 {
            let hyphen = position == 8 || position == 13 || position == 18 || position == 23
            let fits = hyphen ? byte == UInt8(ascii: "-")
                : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            guard fits else { return false }
            position += 1
        }
        return position == 36
    }

    /// The settlement an export document entry describes, checked as `subs settle` checks one.
    func settlement(_ entry: ExportDocument.SettlementEntry) throws -> Settlement {
        guard Self.isLowercaseUUID(entry.id) else {
            throw fail("id", .notAnID(got: entry.id))
        }
        let currency = try currency(entry.currency, field: "currency")
        let amount = try money(entry.amount, currency, field: "amount")
        let date = try date(entry.date, field: "date")
        let from = try field("from") { try TextInput.name(entry.from, what: .memberName) }
        let to = try field("to") { try TextInput.name(entry.to, what: .memberName) }
        try change(NameMatching.same(from, to) ? "to" : "amount") {
            _ = try Settlement.new(from: from, to: to, amount: amount, on: date)
        }
        return Settlement(id: entry.id, from: from, to: to, amount: amount, date: date,
                          createdAt: try timestamp(entry.createdAt, field: "created_at"))
    }

    /// The subscription an export document entry describes; with `checkingLife`, refused unless
    /// `subs` could have recorded it (`lifeProblem()`). A history snapshot is taken as written:
    /// undo restores what `subs`, perhaps an older one, stored.
    func subscription(_ entry: ExportDocument.Entry, checkingLife: Bool) throws -> Subscription {
        guard Self.isLowercaseUUID(entry.id) else {
            throw fail("id", .notAnID(got: entry.id))
        }
        let name = try field("name") { try TextInput.name(entry.name) }
        let currency = try currency(entry.currency, field: "currency")
        guard !entry.priceHistory.isEmpty else { throw fail("price_history", .noPrice) }
        let prices = try entry.priceHistory.enumerated().map { index, price in
            PriceChange(effective: try date(price.effective, field: "price_history[\(index)].effective"),
                        amount: try money(price.amount, currency, field: "price_history[\(index)].amount"))
        }
        guard !entry.billingPeriods.isEmpty else { throw fail("billing_periods", .noPeriod) }
        let periods = try entry.billingPeriods.enumerated().map { index, period in
            BillingPeriod(restartedOn: try optionalDate(period.restartedOn, field: "billing_periods[\(index)].restarted_on"),
                          cancelledOn: try optionalDate(period.cancelledOn, field: "billing_periods[\(index)].cancelled_on"),
                          noticeGivenOn: try optionalDate(period.noticeGivenOn, field: "billing_periods[\(index)].notice_given_on"),
                          cycle: try period.cycle.map { try cycle(count: $0.count, unit: $0.unit, field: "billing_periods[\(index)].cycle") })
        }
        let pauses = try entry.pauses.enumerated().map { index, pause in
            Pause(from: try date(pause.from, field: "pauses[\(index)].from"),
                  until: try optionalDate(pause.until, field: "pauses[\(index)].until"))
        }
        var chargeDays: Set<CivilDate> = []
        let charges = try (entry.charges ?? []).enumerated().map { index, charge in
            let day = try date(charge.date, field: "charges[\(index)].date")
            guard chargeDays.insert(day).inserted else { throw fail("charges[\(index)].date", .secondCharge(day)) }
            return ChargeRecord(date: day, amount: try charge.amount.map { try money($0, currency, field: "charges[\(index)].amount") })
        }
        let paidBy = try entry.paidBy.map { name in try field("paid_by") { try TextInput.name(name, what: .memberName) } }
        let owner = try entry.owner.map { name in try field("owner") { try TextInput.name(name, what: .memberName) } }
        let members = try entry.members.enumerated().map { index, member in
            guard (1...99).contains(member.weight) else { throw fail("members[\(index)].weight", .weightOutOfRange) }
            return Member(name: try field("members[\(index)].name") { try TextInput.name(member.name, what: .memberName) },
                          weight: member.weight)
        }
        if let days = entry.remindDays, let bad = days.first(where: { !RemindDays.range.contains($0) }) {
            throw fail("remind_days", .remindDaysOutOfRange(got: bad))
        }
        let subscription = Subscription(
            id: entry.id, name: name, currency: currency, prices: prices,
            cycle: try cycle(count: entry.cycle.count, unit: entry.cycle.unit),
            startDate: try date(entry.startDate, field: "start_date"),
            trialEnd: try optionalDate(entry.trialEnd, field: "trial_end"),
            category: try entry.category.map { category in try field("category") { try TextInput.name(category, what: .category) } },
            url: try optionalText(entry.url, field: "url"), notes: try optionalText(entry.notes, field: "notes"),
            paymentMethod: try optionalText(entry.paymentMethod, field: "payment_method"),
            remindDays: entry.remindDays.map { Array(Set($0)).sorted(by: >) }, autoRenew: entry.autoRenew,
            members: members, paidBy: paidBy, owner: owner, periods: periods, pauses: pauses, charges: charges,
            contract: try entry.contract.map(contract), cancelBy: try optionalDate(entry.cancelBy, field: "cancel_by"),
            ends: try optionalDate(entry.ends, field: "ends"),
            createdAt: try timestamp(entry.createdAt, field: "created_at"),
            updatedAt: try timestamp(entry.updatedAt, field: "updated_at"))
        if checkingLife, let problem = subscription.lifeProblem() {
            throw fail(documentField(problem.place, of: subscription, pauses: pauses, prices: prices),
                       .refused(.life(problem)))
        }
        return subscription
    }

    /// The document's name for a place in `subscription`'s life. The subscription keeps its
    /// pauses and prices oldest first; the document has them as written.
    private func documentField(
        _ place: LifeProblem.Place, of subscription: Subscription, pauses: [Pause], prices: [PriceChange]
    ) -> String {
        func position<T: Equatable>(of value: T, in written: [T], else index: Int) -> Int { written.firstIndex(of: value) ?? index }
        return switch place {
        case .trialEnd: "trial_end"
        case .restart(let period): "billing_periods[\(period)].restarted_on"
        case .cancellation(let period): "billing_periods[\(period)].cancelled_on"
        case .pauseStart(let index): "pauses[\(position(of: subscription.pauses[index], in: pauses, else: index))].from"
        case .pauseEnd(let index): "pauses[\(position(of: subscription.pauses[index], in: pauses, else: index))].until"
        case .price(let index): "price_history[\(position(of: subscription.prices[index], in: prices, else: index))].effective"
        case .ends: "ends"
        case .cancelBy: "cancel_by"
        case .notice(let period): "billing_periods[\(period)].notice_given_on"
        }
    }
}
