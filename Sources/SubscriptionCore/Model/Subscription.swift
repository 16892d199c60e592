import Foundation

/// One recurring payment and everything `subs` knows about it (PRODUCT.md §3).
public struct Subscription: Hashable, Sendable, Identifiable {
    /// Lowercase UUID.
    public let id: String
    public var name: String
    public var currency: Currency
    /// Every price with the date it takes effect, oldest first; never empty. The first entry is
    /// the original price and applies from the very first payment.
    public var prices: [PriceChange]
    public var cycle: BillingCycle
    /// The first billing date, unless there is a trial.
    public var startDate: CivilDate
    /// The date of the first paid charge, when the subscription starts with a free trial.
    public var trialEnd: CivilDate?
    public var category: String?
    public var url: String?
    public var notes: String?
    public var paymentMethod: String?
    /// Days before a payment to remind; nil means the configured default.
    public var remindDays: [Int]?
    /// False for a plan renewed by hand (`--renewal manual`): its next payment is due one cycle
    /// after the latest recorded charge, not on a fixed schedule (PRODUCT.md §14).
    public var autoRenew: Bool
    public var members: [Member]
    /// Who pays the bill, when it is not you (PRODUCT.md §15): `subs owe` counts each member's
    /// part of a payment as owed to them. Nil is you (config `me`).
    public var paidBy: String?
    /// Who added it: the `me` of the machine it was added on (PRODUCT.md §15). Its split is
    /// the owner's share first, then the members'; nil (added before owners) is the user of this
    /// machine, whoever that is.
    public var owner: String?
    /// The terms it runs on and the notice it needs, when it is a contract (PRODUCT.md §14).
    public var contract: Contract?
    /// A one-off last day to cancel, when only the date is known (a trial to stop, a promotion
    /// ending); a contract's deadlines come from its terms instead.
    public var cancelBy: CivilDate?
    /// No payment after this day: instalments, a course, a loan. Past it the status is `ended`.
    public var ends: CivilDate?
    /// Billing periods, oldest first; never empty. More than one after a reactivation. (No
    /// default value: every init sets it, and a default is made and thrown away by each.)
    public var periods: [BillingPeriod]
    /// Pauses, oldest first.
    public var pauses: [Pause]
    /// Charges recorded by hand (`paid`, `skip`), oldest first, at most one per day.
    public var charges: [ChargeRecord]
    public let createdAt: Date
    public var updatedAt: Date

    public init(
        id: String = UUID().uuidString.lowercased(), name: String, price: Money,
        cycle: BillingCycle, startDate: CivilDate, trialEnd: CivilDate? = nil,
        category: String? = nil, url: String? = nil, notes: String? = nil,
        paymentMethod: String? = nil, remindDays: [Int]? = nil, autoRenew: Bool = true,
        members: [Member] = [], paidBy: String? = nil, owner: String? = nil, contract: Contract? = nil,
        cancelBy: CivilDate? = nil, ends: CivilDate? = nil, createdAt: Date = Date(), updatedAt: Date? = nil
    ) {
        self.init(
            id: id, name: name, currency: price.currency,
            prices: [PriceChange(effective: startDate, amount: price)], cycle: cycle,
            startDate: startDate, trialEnd: trialEnd, category: category, url: url, notes: notes,
            paymentMethod: paymentMethod, remindDays: remindDays, autoRenew: autoRenew,
            members: members, paidBy: paidBy, owner: owner, contract: contract, cancelBy: cancelBy, ends: ends,
            createdAt: createdAt, updatedAt: updatedAt ?? createdAt)
    }

    /// A subscription with its whole price history and lifecycle, as stored.
    public init(
        id: String, name: String, currency: Currency, prices: [PriceChange], cycle: BillingCycle,
        startDate: CivilDate, trialEnd: CivilDate?, category: String?, url: String?,
        notes: String?, paymentMethod: String?, remindDays: [Int]?, autoRenew: Bool,
        members: [Member], paidBy: String? = nil, owner: String? = nil, periods: [BillingPeriod] = [BillingPeriod()], pauses: [Pause] = [],
        charges: [ChargeRecord] = [], contract: Contract? = nil, cancelBy: CivilDate? = nil,
        ends: CivilDate? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.charges = Self.ordered(charges) { $0.date < $1.date }
        precondition(!prices.isEmpty, "a subscription has at least one price")
        precondition(!periods.isEmpty, "a subscription has at least one billing period")
        self.periods = periods
        self.pauses = Self.ordered(pauses) { $0.from < $1.from }
        self.id = id
        self.name = name
        self.currency = currency
        self.prices = Self.ordered(prices) { $0.effective < $1.effective }
        self.cycle = cycle
        self.startDate = startDate
        self.trialEnd = trialEnd
        self.category = category
        self.url = url
        self.notes = notes
        self.paymentMethod = paymentMethod
        self.remindDays = remindDays
        self.autoRenew = autoRenew
        self.members = members
        self.paidBy = paidBy
        self.owner = owner
        self.contract = contract
        self.cancelBy = cancelBy
        self.ends = ends
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// `values` in the order `areInIncreasingOrder` gives, as a stable sort leaves them; the array
    /// itself, not a sorted copy, when they already are in it, as they are when read back.
    private static func ordered<Value>(_ values: [Value], by areInIncreasingOrder: (Value, Value) -> Bool) -> [Value] {
        let isOrdered = !values.indices.dropFirst().contains { areInIncreasingOrder(values[$0], values[$0 - 1]) }
        return isOrdered ? values : values.sorted(by: areInIncreasingOrder)
    }

    /// How it renews: nil for a one-time payment, which does not.
    public var renewal: Renewal? {
        cycle.recurs ? (autoRenew ? .automatic : .manual) : nil
    }

    /// The first id characters, enough to tell subscriptions apart in a table.
    public var shortID: String {
        // An id of ASCII, as every UUID is, is cut by its bytes: counting characters, which
        // `prefix` does, costs more than the rest of a table row. The ninth byte is looked at
        // too: a character of one ASCII scalar ends where the next one starts, except CR LF.
        let head = id.utf8.prefix(9)
        guard head.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else { return String(id.prefix(8)) }
        return String(decoding: head.prefix(8), as: UTF8.self)
    }

    /// The amount charged on `date`: the latest price effective on or before it, else the first.
    public func price(on date: CivilDate) -> Money {
        prices.last { $0.effective <= date }?.amount ?? prices[0].amount
    }
}

/// A price that applies to payments on or after `effective`.
public struct PriceChange: Hashable, Sendable {
    public let effective: CivilDate
    public let amount: Money

    public init(effective: CivilDate, amount: Money) {
        self.effective = effective
        self.amount = amount
    }
}

/// A person the cost is shared with, and their weight in the split.
public struct Member: Hashable, Sendable {
    public let name: String
    public let weight: Int

    public init(name: String, weight: Int = 1) {
        self.name = name
        self.weight = weight
    }
}

/// How a subscription renews (PRODUCT.md §14).
public enum Renewal: String, CaseIterable, Sendable {
    /// Charged on its schedule until cancelled.
    case automatic
    /// Renewed by hand (a prepaid plan, a domain): each renewal runs one cycle from the day it
    /// was paid, and lapses when it is not.
    case manual
}

/// Where a subscription is in its life on a given day (SCHEDULE.md, Lifecycle).
public enum SubscriptionStatus: String, CaseIterable, Sendable {
    case trial, active, paused, cancelled
    /// Past its last payment: a one-time payment made, the end of a finite subscription passed.
    case ended

    /// Active and trial subscriptions are being paid for (a trial about to be); paused,
    /// cancelled and ended ones cost nothing now.
    public var isPaying: Bool { self == .active || self == .trial }
}
