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
