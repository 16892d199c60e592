import ArgumentParser
import SubscriptionCore

/// A contract's terms, its deadline, its end and how it renews (PRODUCT.md §14): the options
/// `add` and `edit` share. Taken as text and read in `run()`, so that a refusal is the core's
/// sentence with exit 64, and so that `none` (in Turkish `yok`) can remove a value on `edit`.
struct ContractOptions: ParsableArguments {
    @Option(help: .localized(
        "Contract term from the first paid charge: 24m, 1y, '12 months', 4w, 90d ('none' removes the contract).",
        valueName: "duration"))
    var term: String?

    @Option(help: .localized("Each renewal term after the first (default: the term again; 1m for month by month).",
                             valueName: "duration"))
    var renews: String?

    @Option(help: .localized("How long before a term ends notice must arrive, like 3m or 30d ('none': by its last day).",
                             valueName: "duration"))
    var notice: String?

    @Option(parsing: .unconditional, help: .localized(
        "A one-off last day to cancel, without a contract term, or 'none'.", valueName: "date|none"))
    var cancelBy: String?

    @Option(parsing: .unconditional, help: .localized("No payment after this day, or 'none'.", valueName: "date|none"))
    var ends: String?

    @Option(help: .localized("Exactly this many payments, from the first (instead of --ends).", valueName: "n"))
    var payments: String?

    @Option(help: .localized("auto: charged until cancelled; manual: renews only when you pay ('subs paid').",
                             valueName: "auto|manual"),
            completion: .list(RenewalChoice.words))
    var renewal: String?

    /// Whether none of them was given.
    var isEmpty: Bool {
        [term, renews, notice, cancelBy, ends, payments, renewal].allSatisfy { $0 == nil }
    }

    /// Fills in what `add` asks for. `noAutoRenew` is the older `--no-auto-renew`, the same as
    /// `--renewal manual`.
    func apply(to new: inout NewSubscription, noAutoRenew: Bool, today: CivilDate) throws {
        if let term { new.term = try term.isNone ? nil : TimeSpan(typed: term, field: .term) }
        new.renews = try renews.map { try TimeSpan(typed: $0, field: .renews) }
        if let notice { new.notice = try notice.isNone ? nil : TimeSpan(typed: notice, field: .notice) }
        if let cancelBy { new.cancelBy = try Self.date(cancelBy, today: today) }
        if let end = try endRule(today: today) { new.ends = end }
        new.autoRenew = try autoRenew(flag: noAutoRenew ? false : nil, flagName: "--no-auto-renew") ?? true
    }

    /// Fills in what `edit` changes. `autoRenewFlag` is the older `--[no-]auto-renew`.
    func apply(to changes: inout SubscriptionChanges, autoRenewFlag: Bool?, today: CivilDate) throws {
        if let term { changes.term = .some(try term.isNone ? nil : TimeSpan(typed: term, field: .term)) }
        changes.renews = try renews.map { try TimeSpan(typed: $0, field: .renews) }
        if let notice { changes.notice = .some(try notice.isNone ? nil : TimeSpan(typed: notice, field: .notice)) }
        if let cancelBy { changes.cancelBy = .some(try Self.date(cancelBy, today: today)) }
        changes.ends = try endRule(today: today)
        let flagName = autoRenewFlag == true ? "--auto-renew" : "--no-auto-renew"
        changes.autoRenew = try autoRenew(flag: autoRenewFlag, flagName: flagName)
    }

    /// `--ends DATE|none` or `--payments N|none`, not both: `.some(nil)` removes the end.
    private func endRule(today: CivilDate) throws -> EndRule?? {
        if ends != nil, payments != nil { throw UsageError.conflictingOptions("--ends", "--payments") }
        if let ends {
            return .some(try Self.date(ends, today: today).map(EndRule.on))
        }
        guard let payments else { return nil }
        if payments.isNone { return .some(nil) }
        let range = EndRule.paymentCounts
        guard let count = Int(payments.trimmingCharacters(in: .whitespaces)), range.contains(count) else {
            throw InputError.invalid(.payments, value: payments, expected: .paymentCount(maximum: range.upperBound))
        }
        return .afterPayments(count)
    }

    /// Whether it renews by itself: `--renewal`, or the older flag, which may not both be given.
    private func autoRenew(flag: Bool?, flagName: String) throws -> Bool? {
        guard let renewal else { return flag }
        if flag != nil { throw UsageError.conflictingOptions("--renewal", flagName) }
        return try RenewalChoice(typed: renewal) == .auto
    }

    /// A date, or nil for `none`.
    private static func date(_ text: String, today: CivilDate) throws -> CivilDate? {
        text.isNone ? nil : try CivilDate(typed: text, today: today, in: Language.current)
    }
}

/// `--renewal auto|manual`, also as Turkish writes it (`otomatik`, `elle`).
enum RenewalChoice: Equatable {
    case auto, manual

    static let words = ["auto", "manual"]

    init(typed text: String) throws {
        switch NameMatching.key(text.trimmingCharacters(in: .whitespaces)) {
        case "auto", "automatic", "otomatik": self = .auto
        case "manual", "manuel", "elle": self = .manual
        default: throw InputError.invalid(.renewal, value: text, expected: .renewalKind)
        }
    }
}
