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
                let change = (entry.undoneAt == nil ? "" : localized("(undone)") + " ") + summary(entry.summary)
                table.append([Table.Cell(localTime(entry.changedAt)), Table.Cell(action(entry.action)),
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
        "\(action(entry.action)) \(entry.subject.terminalSafe) (\(localTime(entry.changedAt))): \(summary(entry.summary).terminalSafe)"
    }

    /// The kind of change as a word of the reader's language (JSON keeps `add`, `edit`, ...).
    static func action(_ action: ChangeAction) -> String {
        switch action {
        case .add: localized("add")
        case .edit: localized("edit")
        case .cancel: localized("cancel")
        case .pause: localized("pause")
        case .resume: localized("resume")
        case .delete: localized("delete")
        case .paid: localized("paid")
        case .skip: localized("skip")
        case .import: localized("import")
        case .restore: localized("restore")
        case .category: localized("category")
        case .rate: localized("rate")
        case .config: localized("config")
        case .login: localized("login")
        }
    }

    /// A stored summary with its dates and amounts as the reader writes them. The summary is
    /// stored as English text (its words stay English until history stores data); its dates
    /// (`2026-12-01`, not inside a file name) and amounts before a currency code (`17.99 USD`)
    /// are rewritten for a Turkish reader.
    static func summary(_ text: String, in language: Language = .current) -> String {
        guard language == .turkish else { return text }
        var result = text
        for (pattern, template) in summaryRewrites {
            result = pattern.stringByReplacingMatches(
                in: result, range: NSRange(result.startIndex..., in: result), withTemplate: template)
        }
        return result
    }

    private static let summaryRewrites: [(NSRegularExpression, String)] = [
        (#"(?<![\w/.-])(\d{4})-(\d{2})-(\d{2})(?![\w/.-])"#, "$3.$2.$1"),
        (#"(?<![\w.,])(\d+)\.(\d+)(?= [A-Z]{3}\b)"#, "$1,$2"),
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }

    /// When a change happened, on this machine's clock.
    static func localTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = Language.current == .turkish ? "dd.MM.yyyy HH:mm" : "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
