import Foundation
import SubscriptionCore

enum HistoryRenderer {
    static func log(_ entries: [HistoryEntry], format: ObjectFormat, terminal: Terminal = .standardOutput) -> String {
        switch format {
        case .json:
            return JSONValue.array(entries.map(json)).rendered
        case .table:
            guard !entries.isEmpty else { return localized("No changes recorded.") + "\n" }
            // Long names and changes are cut to fit the terminal: the change keeps the most.
            var table = Table([.init(header: localized("WHEN")), .init(header: localized("ACTION")),
                               .init(header: localized("WHAT"), maximumWidth: 32, minimumWidth: 10),
                               .init(header: localized("CHANGE"), minimumWidth: 20)])
            for entry in entries {
                // First, so a long summary cut to the terminal's width still shows it.
                let change = (entry.undoneAt == nil ? "" : localized("(undone)") + " ") + entry.summary
                table.append([Table.Cell(localTime(entry.changedAt)), Table.Cell(entry.action.rawValue),
                              Table.Cell(entry.subject), Table.Cell(change)])
            }
            return table.render(on: terminal)
        }
    }

    static func json(_ entry: HistoryEntry) -> JSONValue {
        .object([
            "id": .int(entry.id),
            "changed_at": .string(Timestamp.format(entry.changedAt)),
            "action": .string(entry.action.rawValue),
            "subscription_id": .string(entry.subscriptionID),
            "subject": .string(entry.subject),
            "summary": .string(entry.summary),
            "undone_at": .string(entry.undoneAt.map(Timestamp.format)),
        ])
    }

    /// One line naming a change: `edit Netflix (2026-11-22 10:15): price 15.49 USD → 17.99 USD`.
    static func line(_ entry: HistoryEntry) -> String {
        "\(entry.action.rawValue) \(entry.subject.terminalSafe) (\(localTime(entry.changedAt))): \(entry.summary.terminalSafe)"
    }

    /// When a change happened, on this machine's clock.
    static func localTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = Language.current == .turkish ? "dd.MM.yyyy HH:mm" : "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
