import Foundation

/// The fields of Wallos's subscription export (`endpoints/subscriptions/export.php`), in the
/// order it writes them.
enum WallosExport {
    static let fields = [
        "Name", "Payment Cycle", "Next Payment", "Renewal", "Category", "Payment Method", "Paid By",
        "Price", "Notes", "URL", "State", "Notifications", "Cancellation Date", "Active",
    ]

    /// The record a field lookup describes; `value` gives a field's text or nil when absent.
    static func record(_ where: ImportRecord, _ value: (String) -> String?) throws -> WallosRecord {
        let check = RecordCheck(`where`)
        func required(_ field: String) throws -> String {
            guard let text = value(field), !text.isEmpty else { throw check.fail(field, .missing) }
            return text
        }
        func flag(_ field: String, yes: String, no: String, default fallback: Bool) throws -> Bool {
            switch value(field)?.trimmingCharacters(in: .whitespaces).lowercased() {
            case nil, "": return fallback
            case yes.lowercased(): return true
            case no.lowercased(): return false
            case let other?: throw check.fail(field, .notAFlag(yes: yes, no: no, got: other))
            }
        }
        // `State` and `Active` say the same; a file may carry either.
        let enabled = try flag("State", yes: "Enabled", no: "Disabled", default: true)
        let active = try flag("Active", yes: "Yes", no: "No", default: enabled)
        return WallosRecord(
            record: `where`, name: try required("Name"), cycle: .text(try required("Payment Cycle")),
            nextPayment: try required("Next Payment"), startDate: nil,
            autoRenew: try flag("Renewal", yes: "Automatic", no: "Manual", default: true),
            category: value("Category"), paymentMethod: value("Payment Method"), paidBy: value("Paid By"),
            price: .text(try required("Price")), notes: value("Notes"), url: value("URL"),
            active: enabled && active,
            notify: try flag("Notifications", yes: "Enabled", no: "Disabled", default: true),
            notifyDaysBefore: nil, cancellationDate: value("Cancellation Date"))
    }

    static func parsed(_ records: [WallosRecord], options: ImportOptions) throws -> ParsedImport {
        ParsedImport(subscriptions: try WallosPayers.keepingInformative(records).map { record in
            ImportedSubscription(record: record.record, subscription: try record.subscription(options: options))
        })
    }
}

/// Wallos's JSON export: a bare array of subscriptions (what its "Export as JSON" button
/// saves), or the endpoint's `{"success": true, "subscriptions": [...]}`; or its API's output,
/// the same envelope around database rows (`WallosAPI`).
public enum WallosJSONFormat: ImportFormat {
    public static let name = "wallos"
    public static let kind = ImportFormatKind.wallosJSON

    public static func detect(_ data: Data) -> Bool {
        guard let first = data.first(where: { !" \t\r\n".utf8.contains($0) }), first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
        else { return false }
        let head = String(decoding: data.prefix(8192), as: UTF8.self)
        return head.contains("\"Payment Cycle\"") || head.contains("\"subscriptions\"") && head.contains("\"success\"")
            || head.contains("\"next_payment\"") && head.contains("\"currency_id\"")
    }

    public static func parse(_ data: Data, options: ImportOptions) throws -> ParsedImport {
        try JSONKeyCheck.importable(data)
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ImportError.cannotRead(.notJSON)
        }
        let items: [Any]
        if let array = root as? [Any] {
            items = array
        } else if let object = root as? [String: Any], let array = object["subscriptions"] as? [Any] {
            items = array
        } else {
            throw ImportError.unknownFormat(expected: [kind])
        }
        let objects = try items.enumerated().map { index, item in
            guard let object = item as? [String: Any] else {
                throw ImportError.record(.item(index, name: nil), field: .record, problem: .notAnObject)
            }
            return object
        }
        if WallosAPI.holds(objects) {
            return try WallosExport.parsed(try WallosAPI.records(objects, options: options), options: options)
        }
        let records = try objects.enumerated().map { index, object in
            let record = ImportRecord.item(index, name: object["Name"] as? String)
            return try WallosExport.record(record) { field in text(object[field]) }
        }
        return try WallosExport.parsed(records, options: options)
    }

    /// A JSON value as text: PHP writes strings, but a number or a boolean reads the same.
    private static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: string
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }
}

/// Wallos's CSV export: its JSON export's fields joined with commas, unquoted (Wallos turns the
/// commas in names, categories and notes into spaces, but not in URLs, and keeps line breaks in
/// notes). Read best effort: surplus commas go to the URL, a short line continues on the next.
/// A price split by a comma (`R$ 15,99`, which Wallos never writes) is refused, not guessed.
public enum WallosCSVFormat: ImportFormat {
    public static let name = "wallos"
    public static let kind = ImportFormatKind.wallosCSV

    public static func detect(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(512), as: UTF8.self)
        return head.trimmingCharacters(in: CharacterSet(charactersIn: "\u{FEFF}")).hasPrefix("Name,Payment Cycle,Next Payment")
    }

    public static func parse(_ data: Data, options: ImportOptions) throws -> ParsedImport {
        guard var text = String(data: data, encoding: .utf8) else { throw ImportError.cannotRead(.notUTF8) }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let lines = text.components(separatedBy: "\n").map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        let header = lines.first?.components(separatedBy: ",") ?? []
        guard header.count >= 3, Array(header.prefix(3)) == Array(WallosExport.fields.prefix(3)) else {
            throw ImportError.unknownFormat(expected: [kind])
        }
        let urlIndex = header.firstIndex(of: "URL")
        var records: [WallosRecord] = []
        var index = 1
        while index < lines.count {
            let startLine = index + 1
            var line = lines[index]
            index += 1
            if line.isEmpty { continue }
            // A note with a line break splits a record over lines: join until the fields fill.
            while line.components(separatedBy: ",").count < header.count, index < lines.count {
                line += "\n" + lines[index]
                index += 1
            }
            var fields = line.components(separatedBy: ",")
            if fields.count > header.count, let priceIndex = header.firstIndex(of: "Price"), priceIndex + 1 < fields.count,
               fields[priceIndex].trimmingCharacters(in: .whitespaces).last?.isASCIIDigit == true,
               fields[priceIndex + 1].trimmingCharacters(in: .whitespaces).first?.isASCIIDigit == true {
                // `R$ 15,99` split in two: the comma may be a decimal comma or a thousands
                // separator, or the price may end there and the notes start with a digit.
                // Wallos itself writes `R$15.99`.
                throw ImportError.record(.line(startLine), field: .named("Price"),
                                         problem: .splitPrice(fields[priceIndex], fields[priceIndex + 1]))
            }
            if fields.count > header.count {
                guard let urlIndex else {
                    throw ImportError.record(.line(startLine), field: .record,
                                             problem: .wallosFieldCount(found: fields.count, expected: header.count))
                }
                let surplus = fields.count - header.count
                let url = fields[urlIndex...(urlIndex + surplus)].joined(separator: ",")
                fields.replaceSubrange(urlIndex...(urlIndex + surplus), with: [url])
            }
            guard fields.count == header.count else {
                throw ImportError.record(.line(startLine), field: .record,
                                         problem: .wallosFieldCount(found: fields.count, expected: header.count))
            }
            let values = Dictionary(zip(header, fields), uniquingKeysWith: { first, _ in first })
            records.append(try WallosExport.record(.line(startLine)) { values[$0] })
        }
        return try WallosExport.parsed(records, options: options)
    }
}
