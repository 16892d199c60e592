import Foundation
import SubscriptionCore

/// What `sync` and the history say of merged values (PRODUCT.md §15).
enum SyncText {
    /// A field's value as a person reads it: a text without its quotes, `none` when absent.
    static func value(_ json: String?, in language: Language) -> String {
        guard let json, json != "null" else { return localized("none", in: language) }
        if let text = try? JSONDecoder().decode(String.self, from: Data(json.utf8)) { return text.terminalSafe }
        // A dated item (a price, a period, a charge): its values, without the JSON around them.
        if let members = try? JSONDecoder().decode([String: String?].self, from: Data(json.utf8)) {
            let set = members.compactMapValues { $0 }.sorted { $0.key < $1.key }
            if set.count == 1, let only = set.first { return only.value.terminalSafe }
            if !set.isEmpty { return set.map { "\($0.key) \($0.value)" }.joined(separator: ", ").terminalSafe }
        }
        return json.terminalSafe
    }

    /// `price/2027-01-01: kept 17.99 (desk), set aside 16.99 (laptop)`.
    static func conflict(
        field: String, kept: String?, keptBy: String, setAside: String?, setAsideBy: String, in language: Language
    ) -> String {
        localized("\(field.terminalSafe): kept \(value(kept, in: language)) (\(keptBy.terminalSafe)), set aside \(value(setAside, in: language)) (\(setAsideBy.terminalSafe))", in: language)
    }
}
