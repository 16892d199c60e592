import SubscriptionCore

/// Human wording shared by the table renderers.
enum SubscriptionText {
    static func money(_ money: Money) -> String {
        MoneyText.display(money)
    }

    static func days(until date: CivilDate, from today: CivilDate) -> String {
        switch today.days(until: date) {
        case 0: "today"
        case 1: "tomorrow"
        case let days where days > 0: "in \(days) days"
        case -1: "yesterday"
        case let days: "\(-days) days ago"
        }
    }

    static func statusStyle(_ status: SubscriptionStatus) -> Terminal.Style? {
        switch status {
        case .active: .green
        case .trial: .yellow
        case .paused: .blue
        case .cancelled: .dim
        }
    }

    /// A footer line like `Monthly total: 15.49 USD, 1000 JPY`; empty when there are no amounts.
    static func totalLine(_ label: String, _ amounts: [Money]) -> String {
        amounts.isEmpty ? "" : "\(label) \(amounts.map(money).joined(separator: ", "))\n"
    }
}

/// The colour of each category by name, for `list` and `stats`: the named colours of
/// `subs category add --color`; a #rrggbb colour is not painted.
struct CategoryStyles {
    private let styles: [String: Terminal.Style]

    init(_ categories: [CategoryUsage] = []) {
        var styles: [String: Terminal.Style] = [:]
        for category in categories {
            if let style = Terminal.Style(category: category.color) { styles[NameMatching.key(category.name)] = style }
        }
        self.styles = styles
    }

    func style(for category: String?) -> Terminal.Style? {
        category.flatMap { styles[NameMatching.key($0)] }
    }
}
