import Foundation

/// Wallos's API output (`api/subscriptions/get_subscriptions.php`): the rows of its database
/// table as they are (snake_case fields, ids and numbers), each with the names of its category,
/// payer and payment method beside their ids. It names the currency only by `currency_id`, a
/// row of the user's own currency table (`get_currencies.php`) that the output does not carry.
enum WallosAPI {
    /// Whether the objects are the API's rows rather than the export's.
    static func holds(_ objects: [[String: Any]]) -> Bool {
        guard let first = objects.first else { return false }
        return first["Name"] == nil && first["name"] != nil
    }

    /// What the API writes when a subscription has no such member or payment method.
    static let unknownPayer = "Unknown member"
    static let unknownPaymentMethod = "Unknown payment method"

    static func records(_ objects: [[String: Any]], options: ImportOptions) throws -> [WallosRecord] {
        let labels = objects.enumerated().map { index, object in
            ImportRecord.item(index, name: object["name"] as? String)
        }
        let code = try currency(objects, labels: labels, options: options)
        return try objects.enumerated().map { index, object in
            let check = RecordCheck(labels[index])
            func text(_ field: String) throws -> String? {
                switch object[field] {
                case nil, is NSNull: return nil
                case let string as String: return string
                case let number as NSNumber: return number.stringValue
                default: throw check.fail(field, .notText)
                }
            }
            func required(_ field: String) throws -> String {
                guard let value = try text(field), !value.isEmpty else { throw check.fail(field, .missing) }
                return value
            }
            func integer(_ field: String) throws -> Int? {
                switch object[field] {
                case nil, is NSNull: return nil
                case let number as NSNumber where number.doubleValue == number.doubleValue.rounded()
                    && abs(number.doubleValue) < 1e15:
                    return number.intValue
                case let string as String where Int(string) != nil: return Int(string)
                case let string as String where string.isEmpty: return nil
                default: throw check.fail(field, .notAWholeNumber)
                }
            }
            // PHP writes the REAL column as a JSON number (10 or 10.99); Swift prints a double
            // back as its shortest form, so 9.99 stays 9.99.
            let price: String
            switch object["price"] {
            case let number as NSNumber: price = "\(number.doubleValue)"
            case let string as String where !string.isEmpty: price = string
            case nil, is NSNull: throw check.fail("price", .missing)
            default: throw check.fail("price", .notANumber)
            }
            let payer = try text("payer_user_name").flatMap { $0 == unknownPayer ? nil : $0 }
            let paymentMethod = try text("payment_method_name").flatMap { $0 == unknownPaymentMethod ? nil : $0 }
            // Older Wallos versions named it `cancelation_date`; both may be present, one empty.
            let cancellation = try text("cancellation_date").flatMap { $0.isEmpty ? nil : $0 }
                ?? text("cancelation_date").flatMap { $0.isEmpty ? nil : $0 }
            return WallosRecord(
                record: labels[index], name: try required("name"),
                cycle: .ids(cycle: try integer("cycle") ?? 0, frequency: try integer("frequency") ?? 1),
                nextPayment: try required("next_payment"), startDate: try text("start_date"),
                autoRenew: (try integer("auto_renew") ?? 1) != 0,
                category: try text("category_name"), paymentMethod: paymentMethod, paidBy: payer,
                price: .amount(price, code: code), notes: try text("notes"), url: try text("url"),
                active: (try integer("inactive") ?? 0) == 0,
                notify: (try integer("notify") ?? 0) != 0,
                // -1 is "as in my Wallos notification settings", which the output does not
                // give: subs's own reminder days then.
                notifyDaysBefore: try integer("notify_days_before").flatMap { $0 >= 0 ? $0 : nil },
                cancellationDate: cancellation)
        }
    }

    /// The currency code every record is in: `--currency`, when all of them share one
    /// `currency_id`. Which currency an id is cannot be known from the output itself.
    private static func currency(_ objects: [[String: Any]], labels: [ImportRecord], options: ImportOptions) throws -> String {
        let ids = objects.map { object -> String in
            switch object["currency_id"] {
            case let number as NSNumber: number.stringValue
            case let string as String: string
            default: "?"
            }
        }
        guard let first = ids.first else { return options.currency?.code ?? "" }
        if let other = ids.firstIndex(where: { $0 != first }) {
            throw ImportError.record(labels[other], field: .named("currency_id"), problem: .currencyIDs(first, ids[other]))
        }
        guard let currency = options.currency else {
            throw ImportError.record(labels[0], field: .named("currency_id"), problem: .currencyID(first))
        }
        return currency.code
    }
}
