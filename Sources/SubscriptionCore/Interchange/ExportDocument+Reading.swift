import Foundation

/// The export document read with `JSONPullReader`: the values `JSONDecoder` decodes from the same
/// text (the `Codable` shape in ExportDocument.swift), or `Unread` where it cannot be sure of that.
/// A required member missing, a `null` where one is not allowed, a key not in the shape: all
/// are left to `JSONDecoder`, to decode or to name.
extension ExportDocument: JSONPullReadable {
    /// The document in `data`, or nil when the fast reader gives up on it.
    static func read(_ data: Data) -> ExportDocument? {
        data.withUnsafeBytes { bytes in
            try? JSONPullReader.read(bytes) { reader throws(Unread) in try reader.read(ExportDocument.self) }
        }
    }

    init(reading reader: inout JSONPullReader) throws(Unread) {
        var (format, version, exportedAt): (String?, Int?, String?)
        var (subscriptions, categories, settings, rates): ([Entry]?, [CategoryEntry]?, [String: String]?, [RateEntry]?)
        var settlements: [SettlementEntry]?
        try reader.object { reader, key throws(Unread) in
            switch key {
            case "format": format = try reader.string()
            case "version": version = try reader.int()
            case "exported_at": exportedAt = try reader.string()
            case "subscriptions": subscriptions = try reader.array(of: Entry.self)
            case "categories": categories = try reader.array(of: CategoryEntry.self)
            case "settings": settings = try reader.dictionary { reader throws(Unread) in try reader.string() }
            case "rates": rates = try reader.array(of: RateEntry.self)
            case "settlements": settlements = try reader.optionalArray(of: SettlementEntry.self)
            default: throw Unread()
            }
        }
        self.format = try required(format)
        self.version = try required(version)
        self.exportedAt = try required(exportedAt)
        self.subscriptions = try required(subscriptions)
        self.categories = try required(categories)
        self.settings = try required(settings)
        self.rates = try required(rates)
        self.settlements = settlements
    }
}

/// A required member's value, or `Unread` when it was not there.
private func required<T>(_ value: T?) throws(JSONPullReader.Unread) -> T {
    guard let value else { throw JSONPullReader.Unread() }
    return value
}

extension ExportDocument.Entry: JSONPullReadable {
    init(reading reader: inout JSONPullReader) throws(Unread) {
        var (id, name, currency, startDate, createdAt, updatedAt): (String?, String?, String?, String?, String?, String?)
        var (trialEnd, category, url, notes, paymentMethod): (String?, String?, String?, String?, String?)
        var (paidBy, owner, cancelBy, ends): (String?, String?, String?, String?)
        var priceHistory: [ExportDocument.PriceEntry]?
        var cycle: ExportDocument.CycleEntry?
        var remindDays: [Int]?
        var autoRenew: Bool?
        var members: [ExportDocument.MemberEntry]?
        var billingPeriods: [ExportDocument.PeriodEntry]?
        var pauses: [ExportDocument.PauseEntry]?
        var charges: [ExportDocument.ChargeEntry]?
        var contract: ExportDocument.ContractEntry?
        try reader.object { reader, key throws(Unread) in
            switch key {
            case "id": id = try reader.string()
            case "name": name = try reader.string()
            case "currency": currency = try reader.string()
            case "price_history": priceHistory = try reader.array(of: ExportDocument.PriceEntry.self)
            case "cycle": cycle = try reader.read(ExportDocument.CycleEntry.self)
            case "start_date": startDate = try reader.string()
            case "trial_end": trialEnd = try reader.optionalString()
            case "category": category = try reader.optionalString()
            case "url": url = try reader.optionalString()
            case "notes": notes = try reader.optionalString()
            case "payment_method": paymentMethod = try reader.optionalString()
            case "remind_days":
                remindDays = try reader.optional { reader throws(Unread) in
                    try reader.array { reader throws(Unread) in try reader.int() }
                }
            case "auto_renew": autoRenew = try reader.bool()
            case "members": members = try reader.array(of: ExportDocument.MemberEntry.self)
            case "paid_by": paidBy = try reader.optionalString()
            case "owner": owner = try reader.optionalString()
            case "billing_periods": billingPeriods = try reader.array(of: ExportDocument.PeriodEntry.self)
            case "pauses": pauses = try reader.array(of: ExportDocument.PauseEntry.self)
            case "charges": charges = try reader.optionalArray(of: ExportDocument.ChargeEntry.self)
            case "contract": contract = try reader.optional(ExportDocument.ContractEntry.self)
            case "cancel_by": cancelBy = try reader.optionalString()
            case "ends": ends = try reader.optionalString()
            case "created_at": createdAt = try reader.string()
            case "updated_at": updatedAt = try reader.string()
            default: throw Unread()
            }
        }
        self.id = try required(id)
        self.name = try required(name)
        self.currency = try required(currency)
        self.priceHistory = try required(priceHistory)
        self.cycle = try required(cycle)
        self.startDate = try required(startDate)
        self.trialEnd = trialEnd
        self.category = category
        self.url = url
        self.notes = notes
        self.paymentMethod = paymentMethod
        self.remindDays = remindDays
        self.autoRenew = try required(autoRenew)
        self.members = try required(members)
        self.paidBy = paidBy
        self.owner = owner
        self.billingPeriods = try required(billingPeriods)
        self.pauses = try required(pauses)
        self.charges = charges
        self.contract = contract
        self.cancelBy = cancelBy
        self.ends = ends
        self.createdAt = try required(createdAt)
        self.updatedAt = try required(updatedAt)
    }
}

extension ExportDocument.PriceEntry: JSONPullReadable {
    init(reading reader: inout JSONPullReader) throws(Unread) {
        var (amount, effective): (String?, String?)
        try reader.object { reader, key throws(Unread) in
            switch key {
            case "amount": amount = try reader.string()
            case "effective": effective = try reader.string()
            default: throw Unread()
            }
        }
        self.init(amount: try required(amount), effective: try required(effective))
    }
}

extension ExportDocument.CycleEntry: JSONPullReadable {
    init(reading reader: inout JSONPullReader) throws(Unread) {
        var (count, unit): (Int?, String?)
        try reader.object { reader, key throws(Unread) in
            switch key {
            case "count": count = try reader.int()
            case "unit": unit = try reader.string()
            default: throw Unread()
            }
        }
        self.init(count: try required(count), unit: try required(unit))
    }
}

extension ExportDocument.MemberEntry: JSONPullReadable {
    init(reading reader: inout JSONPullReader) throws(Unread) {
        var (name, weight): (String?, Int?)
        try reader.object { reader, key throws(Unread) in
            switch key {
            case "name": name = try reader.string()
            case "weight": weight = try reader.int()
            default: throw Unread()
            }
        }
        self.init(name: try required(name), weight: try required(weight))
    }
}

extension ExportDocument.PeriodEntry: JSONPullReadable {
    init(reading reader: inout JSONPullReader) throws(Unread) {
        var (restartedOn, cancelledOn, noticeGivenOn): (String?, String?, String?)
        var cycle: ExportDocument.CycleEntry?
        try reader.object { reader, key throws(Unread) in
            switch key {
            case "restarted_on": restartedOn = try reader.optionalString()
            case "cancelled_on": cancelledOn = try reader.optionalString()
            case "notice_given_on": noticeGivenOn = try reader.optionalString()
            case "cycle": cycle = try reader.optional(ExportDocument.CycleEntry.self)
            default: throw Unread()
            }
        }
        self.init(restartedOn: restartedOn, cancelledOn: cancelledOn, noticeGivenOn: noticeGivenOn, cycle: cycle)
    }
}

extension ExportDocument.ContractEntry: JSONPullReadable {
    init(reading reader: inout JSONPullReader) throws(Unread) {
        var (term, renews, notice): (String?, String?, String?)
        try reader.object { reader, key throws(Unread) in
            switch key {
            case "term": term = try reader.string()
            case "renews": renews = try reader.string()
            case "notice": notice = try reader.optionalString()
            default: throw Unread()
            }
        }
        self.init(term: try required(term), renews: try required(renews), notice: notice)
    }
}

extension ExportDocument.ChargeEntry: JSONPullReadable {
    init(reading reader: inout JSONPullReader) throws(Unread) {
        var (date, amount): (String?, String?)
        try reader.object { reader, key throws(Unread) in
            switch key {
            case "date": date = try reader.string()
            case "amount": amount = try reader.optionalString()
            default: throw Unread()
            }
        }
        self.init(date: try required(date), amount: amount)
    }
}

extension ExportDocument.PauseEntry: JSONPullReadable {
    init(reading reader: inout JSONPullReader) throws(Unread) {
        var (from, until): (String?, String?)
        try reader.object { reader, key throws(Unread) in
            switch key {
            case "from": from = try reader.string()
            case "until": until = try reader.optionalString()
            default: throw Unread()
            }
        }
        self.init(from: try required(from), until: until)
    }
}

extension ExportDocument.CategoryEntry: JSONPullReadable {
    init(reading reader: inout JSONPullReader) throws(Unread) {
        var (name, color): (String?, String?)
        try reader.object { reader, key throws(Unread) in
            switch key {
            case "name": name = try reader.string()
            case "color": color = try reader.optionalString()
            default: throw Unread()
            }
        }
        self.init(name: try required(name), color: color)
    }
}

extension ExportDocument.RateEntry: JSONPullReadable {
    init(reading reader: inout JSONPullReader) throws(Unread) {
        var (currency, base, rate, setAt): (String?, String?, String?, String?)
        try reader.object { reader, key throws(Unread) in
            switch key {
            case "currency": currency = try reader.string()
            case "base": base = try reader.string()
            case "rate": rate = try reader.string()
            case "set_at": setAt = try reader.string()
            default: throw Unread()
            }
        }
        self.init(currency: try required(currency), base: try required(base), rate: try required(rate), setAt: try required(setAt))
    }
}

extension ExportDocument.SettlementEntry: JSONPullReadable {
    init(reading reader: inout JSONPullReader) throws(Unread) {
        var (id, from, to, amount, currency, date, createdAt): (String?, String?, String?, String?, String?, String?, String?)
        try reader.object { reader, key throws(Unread) in
            switch key {
            case "id": id = try reader.string()
            case "from": from = try reader.string()
            case "to": to = try reader.string()
            case "amount": amount = try reader.string()
            case "currency": currency = try reader.string()
            case "date": date = try reader.string()
            case "created_at": createdAt = try reader.string()
            default: throw Unread()
            }
        }
        self.id = try required(id)
        self.from = try required(from)
        self.to = try required(to)
        self.amount = try required(amount)
        self.currency = try required(currency)
        self.date = try required(date)
        self.createdAt = try required(createdAt)
    }
}
