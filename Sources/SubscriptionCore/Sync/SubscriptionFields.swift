import Foundation

/// A subscription as the registers sync merges (PRODUCT.md §15): each key of its export document
/// entry one field, and each price change, billing period, pause and recorded charge one field
/// named by its natural key, so that two machines adding prices on different days both keep theirs.
///
/// Built on the export document's entry, a field added to it is synced without this type
/// knowing it; the values are the entry's JSON, written canonically so equal values are equal text.
public enum SubscriptionFields {
    /// The entry keys that are lists of dated things, each merged by its date.
    private enum Child: String, CaseIterable {
        case price = "price_history", period = "billing_periods", pause = "pauses", charge = "charges"

        /// The member of an item that is its natural key.
        var dateKey: String {
            switch self {
            case .price: "effective"
            case .period: "restarted_on"
            case .pause: "from"
            case .charge: "date"
            }
        }

        /// The field name prefix of its items: `price/2026-03-01`.
        var prefix: String {
            switch self {
            case .price: "price/"
            case .period: "period/"
            case .pause: "pause/"
            case .charge: "charge/"
            }
        }
    }

    /// The fields of `subscription`: field name to canonical JSON text.
    public static func fields(of subscription: Subscription) -> [String: String] {
        let entry = ExportDocument.Entry(subscription)
        // Strings, whole numbers, booleans and nulls only: encoding cannot fail.
        guard case .object(let object) = try! JSONValueEncoder.encode(entry) else { return [:] }
        var fields: [String: String] = [:]
        for (key, value) in object.members where key != "id" {
            guard let child = Child(rawValue: key) else {
                fields[key] = value.compactText
                continue
            }
            guard case .array(let items) = value else { continue }
            for case .object(var item) in items {
                // The first billing period has no restart day: its key is empty.
                let date: String
                if case .string(let text)? = item[child.dateKey] { date = text } else { date = "" }
                item[child.dateKey] = nil
                fields[child.prefix + date] = JSONValue.object(item).compactText
            }
        }
        return fields
    }

    /// The export document entry `fields` make for the subscription `id`, or nil when they do not
    /// make one (a field missing or of the wrong type): the caller keeps what it has and says so.
    public static func entry(id: String, fields: [String: String]) -> ExportDocument.Entry? {
        var members: [String] = [member("id", JSONValue.string(id).compactText)]
        var children: [Child: [(date: String, item: String)]] = [:]
        for (field, value) in fields where field != EntityRegisters.deletedField {
            if let child = Child.allCases.first(where: { field.hasPrefix($0.prefix) }) {
                let date = String(field.dropFirst(child.prefix.count))
                // The item's other members with its date put back in front.
                guard value.first == "{", value.last == "}" else { return nil }
                let dateMember = date.isEmpty ? member(child.dateKey, "null") : member(child.dateKey, JSONValue.string(date).compactText)
                let rest = value.dropFirst().dropLast()
                children[child, default: []].append((date, "{" + dateMember + (rest.isEmpty ? "" : ",") + rest + "}"))
            } else {
                guard field != "id", Child(rawValue: field) == nil else { return nil }
                members.append(member(field, value))
            }
        }
        for child in Child.allCases {
            // Oldest first; the first billing period, with no restart day, sorts first.
            let items = (children[child] ?? []).sorted { $0.date < $1.date }.map(\.item)
            members.append(member(child.rawValue, "[" + items.joined(separator: ",") + "]"))
        }
        let text = "{" + members.joined(separator: ",") + "}"
        return try? JSONDecoder().decode(ExportDocument.Entry.self, from: Data(text.utf8))
    }

    private static func member(_ key: String, _ value: String) -> String {
        JSONValue.string(key).compactText + ":" + value
    }
}
