import Foundation
import SubscriptionCore

enum HistoryRenderer {
    static func log(_ entries: [HistoryEntry], format: ObjectFormat, in language: Language,
                    terminal: Terminal = .standardOutput) -> String {
        switch format {
        case .json:
            return JSONValue.array(entries.map(json)).rendered
        case .table:
            guard !entries.isEmpty else { return localized("No changes recorded.", in: language) + "\n" }
            // Long names and changes are cut to fit the terminal: the change keeps the most.
            var table = Table([.init(header: localized("WHEN", in: language)), .init(header: localized("ACTION", in: language)),
                               .init(header: localized("WHAT", in: language), maximumWidth: 32, minimumWidth: 10),
                               .init(header: localized("CHANGE", in: language), minimumWidth: 20)])
            for entry in entries {
                // First, so a long summary cut to the terminal's width still shows it.
                let change = (entry.undoneAt == nil ? "" : localized("(undone)", in: language) + " ")
                    + HistoryText.summary(entry.change, in: language)
                table.append([Table.Cell(localTime(entry.changedAt, in: language)), Table.Cell(action(entry.action, in: language)),
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
            // For programs: always the English summary, as before the history kept data.
            "summary": .string(HistoryText.summary(entry.change, in: .english)),
            "undone_at": .string(entry.undoneAt.map(Timestamp.format)),
        ])
    }

    /// One line naming a change: `edit Netflix (2026-11-22 10:15): price 15.49 USD → 17.99 USD`.
    static func line(_ entry: HistoryEntry, in language: Language) -> String {
        let summary = HistoryText.summary(entry.change, in: language)
        return "\(action(entry.action, in: language)) \(entry.subject.terminalSafe) (\(localTime(entry.changedAt, in: language))): \(summary.terminalSafe)"
    }

    /// The kind of change as a word of the reader's language (JSON keeps `add`, `edit`, ...).
    static func action(_ action: ChangeAction, in language: Language) -> String {
        switch action {
        case .add: localized("add", in: language)
        case .edit: localized("edit", in: language)
        case .cancel: localized("cancel", in: language)
        case .pause: localized("pause", in: language)
        case .resume: localized("resume", in: language)
        case .delete: localized("delete", in: language)
        case .paid: localized("paid", in: language)
        case .skip: localized("skip", in: language)
        case .import: localized("import", in: language)
        case .restore: localized("restore", in: language)
        case .category: localized("category", in: language)
        case .rate: localized("rate", in: language)
        case .config: localized("config", in: language)
        case .login: localized("login", in: language)
        case .sync: localized("sync", in: language)
        case .conflict: localized("conflict", in: language)
        case .settle: localized("settle", in: language)
        }
    }

    /// When a change happened, on this machine's clock.
    static func localTime(_ date: Date, in language: Language = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = language == .turkish ? "dd.MM.yyyy HH:mm" : "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
