import Foundation

/// The document `subs export --format json` writes and `subs import` reads back without loss
/// (PRODUCT.md §8, docs/json.md "The export document").
///
/// One Codable value gives the shape both ways, so export and import cannot drift apart. Values
/// are kept as the text the document holds (amounts, dates, timestamps); `SubsDocumentFormat`
/// checks them on the way in. Optional fields are written as explicit nulls.
public struct ExportDocument: Codable, Equatable, Sendable {
    public static let formatName = "subs"
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    public var exportedAt: String
    public var subscriptions: [Entry]
    public var categories: [CategoryEntry]
    /// The config keys the user has set, with their stored values.
    public var settings: [String: String]
    public var rates: [RateEntry]
    /// Money the household paid each other (§15); absent in documents from before it.
    public var settlements: [SettlementEntry]?

    enum CodingKeys: String, CodingKey {
        case format, version, subscriptions, categories, settings, rates, settlements
        case exportedAt = "exported_at"
    }

    /// The document for everything given, stamped `exportedAt`.
    public init(
        subscriptions: [Subscription], categories: [ImportedCategory], settings: [ConfigKey: String],
        rates: [ImportedRate], settlements: [Settlement] = [], exportedAt: Date
    ) {
        format = Self.formatName
        version = Self.currentVersion
        self.exportedAt = Timestamp.format(exportedAt)
        self.subscriptions = subscriptions.map(Entry.init)
        self.categories = categories.map { CategoryEntry(name: $0.name, color: $0.color?.description) }
        self.settings = Dictionary(uniqueKeysWithValues: settings.map { ($0.key.rawValue, $0.value) })
        self.rates = rates.map {
            RateEntry(currency: $0.rate.currency.code, base: $0.base.code, rate: $0.rate.text,
                      setAt: Timestamp.format($0.rate.setAt))
        }
        self.settlements = settlements.map(SettlementEntry.init)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(version, forKey: .version)
        try container.encode(exportedAt, forKey: .exportedAt)
        try container.encode(subscriptions, forKey: .subscriptions)
        try container.encode(categories, forKey: .categories)
        try container.encode(settings, forKey: .settings)
        try container.encode(rates, forKey: .rates)
        try container.encode(settlements ?? [], forKey: .settlements)
    }

    /// The document as JSON, keys sorted, indented as `list --format json` is, ending in a
    /// newline: its `Codable` shape, printed by the writer every JSON output of `subs` uses.
    public func encoded() -> String {
        // Strings, whole numbers, booleans and nulls only: encoding cannot fail.
        try! JSONValueEncoder.encode(self).rendered
    }

    /// A subscription with everything `subs` knows about it.
    public struct Entry: Codable, Equatable, Sendable {
        public var id: String
        public var name: String
        public var currency: String
        public var priceHistory: [PriceEntry]
        public var cycle: CycleEntry
        public var startDate: String
        public var trialEnd: String?
        public var category: String?
        public var url: String?
        public var notes: String?
        public var paymentMethod: String?
        /// Nil: the configured default.
        public var remindDays: [Int]?
        public var autoRenew: Bool
        public var members: [MemberEntry]
        /// Who pays the bill (§15), null for the user of the machine; absent in documents from
        /// before it.
        public var paidBy: String?
        /// Who added it (§15): the `me` of the machine it was added on; null (and absent in
        /// documents from before owners) for the user of the machine.
        public var owner: String?
        public var billingPeriods: [PeriodEntry]
        public var pauses: [PauseEntry]
        /// Recorded charges and skips (§10); absent in documents from before them.
        public var charges: [ChargeEntry]?
        /// A contract's terms, a one-off deadline and the end of a finite subscription (§14);
        /// absent in documents from before them.
        public var contract: ContractEntry?
        public var cancelBy: String?
        public var ends: String?
        public var createdAt: String
        public var updatedAt: String

        enum CodingKeys: String, CodingKey {
            case id, name, currency, cycle, category, url, notes, members, pauses, charges, contract, ends, owner
            case cancelBy = "cancel_by", paidBy = "paid_by"
            case priceHistory = "price_history", startDate = "start_date", trialEnd = "trial_end"
            case paymentMethod = "payment_method", remindDays = "remind_days", autoRenew = "auto_renew"
            case billingPeriods = "billing_periods", createdAt = "created_at", updatedAt = "updated_at"
        }

        init(_ subscription: Subscription) {
            id = subscription.id
            name = subscription.name
            currency = subscription.currency.code
            priceHistory = subscription.prices.map {
                PriceEntry(amount: $0.amount.description, effective: $0.effective.description)
            }
            cycle = CycleEntry(count: subscription.cycle.count, unit: subscription.cycle.unit.rawValue)
            startDate = subscription.startDate.description
            trialEnd = subscription.trialEnd?.description
            category = subscription.category
            url = subscription.url
            notes = subscription.notes
            paymentMethod = subscription.paymentMethod
            remindDays = subscription.remindDays
            autoRenew = subscription.autoRenew
            members = subscription.members.map { MemberEntry(name: $0.name, weight: $0.weight) }
            paidBy = subscription.paidBy
            owner = subscription.owner
            billingPeriods = subscription.periods.map {
                PeriodEntry(restartedOn: $0.restartedOn?.description, cancelledOn: $0.cancelledOn?.description,
                            noticeGivenOn: $0.noticeGivenOn?.description,
                            cycle: $0.cycle.map { CycleEntry(count: $0.count, unit: $0.unit.rawValue) })
            }
            charges = subscription.charges.map {
                ChargeEntry(date: $0.date.description, amount: $0.amount?.description)
            }
            pauses = subscription.pauses.map { PauseEntry(from: $0.from.description, until: $0.until?.description) }
            contract = subscription.contract.map {
                ContractEntry(term: $0.term.description, renews: $0.renewal.description, notice: $0.notice?.description)
            }
            cancelBy = subscription.cancelBy?.description
            ends = subscription.ends?.description
            createdAt = Timestamp.format(subscription.createdAt)
            updatedAt = Timestamp.format(subscription.updatedAt)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            // `encode`, not `encodeIfPresent`: a nil is written as null, as docs/json.md shows.
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(currency, forKey: .currency)
            try container.encode(priceHistory, forKey: .priceHistory)
            try container.encode(cycle, forKey: .cycle)
            try container.encode(startDate, forKey: .startDate)
            try container.encode(trialEnd, forKey: .trialEnd)
            try container.encode(category, forKey: .category)
            try container.encode(url, forKey: .url)
            try container.encode(notes, forKey: .notes)
            try container.encode(paymentMethod, forKey: .paymentMethod)
            try container.encode(remindDays, forKey: .remindDays)
            try container.encode(autoRenew, forKey: .autoRenew)
            try container.encode(members, forKey: .members)
            try container.encode(paidBy, forKey: .paidBy)
            try container.encode(owner, forKey: .owner)
            try container.encode(billingPeriods, forKey: .billingPeriods)
            try container.encode(pauses, forKey: .pauses)
            try container.encode(charges ?? [], forKey: .charges)
            try container.encode(contract, forKey: .contract)
            try container.encode(cancelBy, forKey: .cancelBy)
            try container.encode(ends, forKey: .ends)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(updatedAt, forKey: .updatedAt)
        }
    }

    public struct PriceEntry: Codable, Equatable, Sendable {
        public var amount: String
        public var effective: String
    }

    public struct CycleEntry: Codable, Equatable, Sendable {
        public var count: Int
        public var unit: String
    }

    public struct MemberEntry: Codable, Equatable, Sendable {
        public var name: String
        public var weight: Int
    }

    public struct PeriodEntry: Codable, Equatable, Sendable {
        public var restartedOn: String?
        public var cancelledOn: String?
        /// The day notice was given on a contract (§14); absent in documents from before it.
        public var noticeGivenOn: String?
        /// The period's own plan when it is not the subscription's current cycle.
        public var cycle: CycleEntry?

        enum CodingKeys: String, CodingKey {
            case restartedOn = "restarted_on", cancelledOn = "cancelled_on", noticeGivenOn = "notice_given_on", cycle
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(restartedOn, forKey: .restartedOn)
            try container.encode(cancelledOn, forKey: .cancelledOn)
            try container.encode(noticeGivenOn, forKey: .noticeGivenOn)
            try container.encode(cycle, forKey: .cycle)
        }
    }

    /// A contract's terms in their short forms (`24m`, `1y`); `notice` null: by the term's last day.
    public struct ContractEntry: Codable, Equatable, Sendable {
        public var term: String
        public var renews: String
        public var notice: String?

        enum CodingKeys: String, CodingKey { case term, renews, notice }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(term, forKey: .term)
            try container.encode(renews, forKey: .renews)
            try container.encode(notice, forKey: .notice)
        }
    }

    /// A recorded charge; `amount` null is a skipped payment.
    public struct ChargeEntry: Codable, Equatable, Sendable {
        public var date: String
        public var amount: String?

        enum CodingKeys: String, CodingKey { case date, amount }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(amount, forKey: .amount)
        }
    }

    public struct PauseEntry: Codable, Equatable, Sendable {
        public var from: String
        public var until: String?

        enum CodingKeys: String, CodingKey { case from, until }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(from, forKey: .from)
            try container.encode(until, forKey: .until)
        }
    }

    public struct CategoryEntry: Codable, Equatable, Sendable {
        public var name: String
        public var color: String?

        enum CodingKeys: String, CodingKey { case name, color }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(color, forKey: .color)
        }
    }

    /// Money one person paid another (§15): `amount` in `currency`'s digits, `date` the day paid.
    public struct SettlementEntry: Codable, Equatable, Sendable {
        public var id: String
        public var from: String
        public var to: String
        public var amount: String
        public var currency: String
        public var date: String
        public var createdAt: String

        enum CodingKeys: String, CodingKey {
            case id, from, to, amount, currency, date
            case createdAt = "created_at"
        }

        init(_ settlement: Settlement) {
            id = settlement.id
            from = settlement.from
            to = settlement.to
            amount = settlement.amount.description
            currency = settlement.amount.currency.code
            date = settlement.date.description
            createdAt = Timestamp.format(settlement.createdAt)
        }
    }

    public struct RateEntry: Codable, Equatable, Sendable {
        public var currency: String
        public var base: String
        public var rate: String
        public var setAt: String

        enum CodingKeys: String, CodingKey {
            case currency, base, rate
            case setAt = "set_at"
        }
    }
}
