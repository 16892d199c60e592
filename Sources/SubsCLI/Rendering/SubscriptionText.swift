import SubscriptionCore

/// Human wording shared by the table renderers.
enum SubscriptionText {
    static func money(_ money: Money) -> String {
        MoneyText.display(money)
    }

    /// A civil date as the language writes it: `2026-11-22`, in Turkish `22.11.2026`.
    static func date(_ date: CivilDate, in language: Language = .current) -> String {
        date.written(in: language)
    }

    /// A month of `stats`: `2026-11`, in Turkish `Kas 2026`.
    static func month(_ month: Stats.Month, in language: Language = .current) -> String {
        switch language {
        case .english: month.description
        case .turkish: turkishMonths[month.month - 1] + " " + String(month.year)
        }
    }

    private static let turkishMonths = ["Oca", "Şub", "Mar", "Nis", "May", "Haz", "Tem", "Ağu", "Eyl", "Eki", "Kas", "Ara"]

    /// A percentage to one decimal, as the language writes it: `58.1%`, in Turkish `%58,1`.
    static func percent(_ plain: String, in language: Language = .current) -> String {
        language == .turkish ? "%" + MoneyText.number(plain, in: language) : plain + "%"
    }

    static func days(until date: CivilDate, from today: CivilDate) -> String {
        switch today.days(until: date) {
        case 0: localized("today")
        case 1: localized("tomorrow")
        case let days where days > 0: localized("in \(days) days")
        case -1: localized("yesterday")
        case let days: localized("\(-days) days ago")
        }
    }

    /// How often it bills, in words: `monthly`, `every 3 months`.
    static func cycle(_ cycle: BillingCycle, in language: Language = .current) -> String {
        guard cycle.count == 1 else {
            return switch cycle.unit {
            case .day: localized("every \(cycle.count) days", in: language)
            case .week: localized("every \(cycle.count) weeks", in: language)
            case .month: localized("every \(cycle.count) months", in: language)
            case .year: localized("every \(cycle.count) years", in: language)
            case .once: localized("once", in: language)
            }
        }
        return switch cycle.unit {
        case .day: localized("daily", in: language)
        case .week: localized("weekly", in: language)
        case .month: localized("monthly", in: language)
        case .year: localized("yearly", in: language)
        case .once: localized("once", in: language)
        }
    }

    /// The cycle in fewer columns, for a table that does not fit the terminal: `3 months` for
    /// `every 3 months`; `monthly` stays as it is.
    static func shortCycle(_ cycle: BillingCycle) -> String {
        guard cycle.count > 1 else { return self.cycle(cycle) }
        return switch cycle.unit {
        case .day: localized("\(cycle.count) days")
        case .week: localized("\(cycle.count) weeks")
        case .month: localized("\(cycle.count) months")
        case .year: localized("\(cycle.count) years")
        case .once: localized("once")
        }
    }

    /// A status as a word of the language.
    static func status(_ status: SubscriptionStatus) -> String {
        switch status {
        case .trial: localized("trial")
        case .active: localized("active")
        case .paused: localized("paused")
        case .cancelled: localized("cancelled")
        case .ended: localized("ended")
        }
    }

    static func statusStyle(_ status: SubscriptionStatus) -> Terminal.Style? {
        switch status {
        case .active: .green
        case .trial: .yellow
        case .paused: .blue
        case .cancelled, .ended: .dim
        }
    }

    /// A footer line like `Monthly total: 15.49 USD, 1000 JPY`; empty when there are no amounts.
    static func totalLine(_ label: String, _ amounts: [Money]) -> String {
        totalLines([(label, amounts)])
    }

    /// Footer lines with their amounts lined up after the longest label.
    static func totalLines(_ lines: [(label: String, amounts: [Money])]) -> String {
        let width = lines.map(\.label.displayWidth).max() ?? 0
        return lines.filter { !$0.amounts.isEmpty }.map {
            "\($0.label.padding(toLength: width)) \(amounts($0.amounts))\n"
        }.joined()
    }

    /// Amounts in several currencies on one line: `₺33.30, $17.16`; in Turkish, whose amounts
    /// have a decimal comma, `₺33,30; $17,16`.
    static func amounts(_ amounts: [Money], in language: Language = .current) -> String {
        amounts.map { MoneyText.display($0, in: language) }.joined(separator: language == .turkish ? "; " : ", ")
    }
}

/// The colour of each category by name, for `list` and `stats`: the named colours of
/// `subs category add --color`; a #rrggbb colour is not painted.
struct CategoryStyles {
    private let styles: [String: Terminal.Style]

    init(_ categories: [CategoryUsage] = []) {
        self.init(colors: categories.map { ($0.name, $0.color) })
    }

    init(colors: [(name: String, color: CategoryColor?)]) {
        var styles: [String: Terminal.Style] = [:]
        for category in colors {
            if let style = Terminal.Style(category: category.color) { styles[NameMatching.key(category.name)] = style }
        }
        self.styles = styles
    }

    func style(for category: String?) -> Terminal.Style? {
        guard !styles.isEmpty else { return nil }
        return category.flatMap { styles[NameMatching.key($0)] }
    }
}
