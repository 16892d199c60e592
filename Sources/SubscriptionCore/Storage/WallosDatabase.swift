import Foundation

/// Reads the subscriptions of a Wallos database (`wallos.db`, plain SQLite: SQLCipher opens it
/// when no key is given). Only reads, from a copy the caller owns. Columns that older Wallos
/// versions lack read as absent.
///
/// Such a file comes from elsewhere, and the SQLite 3.15.2 inside SQLCipher 3.4.1 is not safe
/// with a crafted one: a schema can crash it (CVE-2018-8740), a view can query forever. So the
/// command line reads it in a child process (`isolatedReader`), which prints `answer(at:)`; a
/// crash or a runaway there costs the child, and the import fails with one line.
public enum WallosDatabase {
    /// Runs `answer(at:)` for the database at the path in a child process and returns what it
    /// printed; nil reads in this process (the core's own tests).
    nonisolated(unsafe) public static var isolatedReader: ((_ path: String) throws -> Data)?

    /// What the child prints: the records as JSON, or the error that stopped them.
    public static func answer(at path: String) -> Data {
        let answer: Answer
        do {
            answer = .records(try readRecords(at: path))
        } catch let error as ImportError {
            answer = .failed(error)
        } catch {
            answer = .failed(.unreadable(problem: String(describing: error)))
        }
        return (try? JSONEncoder().encode(answer)) ?? Data()
    }

    private enum Answer: Codable {
        case records([WallosRecord])
        case failed(ImportError)
    }

    static func records(at path: String) throws -> [WallosRecord] {
        guard let isolatedReader else { return try readRecords(at: path) }
        let printed = try isolatedReader(path)
        guard let answer = try? JSONDecoder().decode(Answer.self, from: printed) else {
            throw ImportError.unreadable(problem: localized("reading the Wallos database gave no answer"))
        }
        switch answer {
        case .records(let records): return records
        case .failed(let error): throw error
        }
    }

    private static func readRecords(at path: String) throws -> [WallosRecord] {
        do {
            let connection = try Connection(path: path, create: false)
            try connection.execute("PRAGMA query_only = ON")
            let columns = Set(try connection.rows("PRAGMA table_info(subscriptions)").compactMap { $0.text(1) })
            guard ["name", "price", "next_payment", "cycle"].allSatisfy(columns.contains) else {
                throw ImportError.unreadable(problem: localized("a SQLite database, but not Wallos's: it has no subscriptions table as Wallos writes it"))
            }
            func column(_ name: String) -> String { columns.contains(name) ? "s.\(name)" : "NULL" }
            // A Wallos server can hold several users: the first one's subscriptions are taken.
            let firstUser = columns.contains("user_id")
                ? try connection.scalar("SELECT min(user_id) FROM subscriptions") : nil
            let userFilter = firstUser.map { $0 == .null ? "" : "WHERE s.user_id = ?" } ?? ""
            let owner = try householdOwner(connection, user: firstUser)
            let usualNotifyDays = try notifyDays(connection, user: firstUser)
            let rows = try connection.rows("""
                SELECT s.id, s.name, s.price, cur.code, s.next_payment, s.cycle, \(column("frequency")),
                    \(column("notes")), pm.name, \(column("payer_user_id")), h.name, cat.name,
                    \(column("notify")), \(column("url")), \(column("inactive")), \(column("notify_days_before")),
                    \(column("cancellation_date")), \(column("start_date")), \(column("auto_renew"))
                FROM subscriptions s
                LEFT JOIN currencies cur ON cur.id = s.currency_id
                LEFT JOIN payment_methods pm ON pm.id = \(column("payment_method_id"))
                LEFT JOIN household h ON h.id = \(column("payer_user_id"))
                LEFT JOIN categories cat ON cat.id = \(column("category_id"))
                \(userFilter)
                ORDER BY s.id
                """, userFilter.isEmpty ? [] : [firstUser ?? .null])
            return try rows.map { row in
                let name = row.text(1) ?? ""
                let record = localized("subscription \(row.text(0) ?? "?") (\(name.quotedForMessage))")
                guard let code = row.text(3) else {
                    throw ImportError.badRecord(record: record, field: "currency", problem: localized("names no currency Wallos knows"))
                }
                return WallosRecord(
                    record: record, name: name,
                    cycle: .ids(cycle: Int(row.int(5) ?? 0), frequency: Int(row.int(6) ?? 1)),
                    nextPayment: row.text(4) ?? "", startDate: row.text(17),
                    autoRenew: flag(row.text(18), default: true),
                    category: row.text(11), paymentMethod: row.text(8),
                    paidBy: row.int(9) == owner ? nil : row.text(10),
                    price: .amount(row.text(2) ?? "", code: code),
                    notes: row.text(7), url: row.text(13),
                    active: !flag(row.text(14), default: false),
                    notify: flag(row.text(12), default: false),
                    notifyDaysBefore: notifyDaysBefore(row.int(15), usual: usualNotifyDays),
                    cancellationDate: row.text(16))
            }
        } catch let error as SQLiteError {
            throw ImportError.unreadable(problem: localized("not a Wallos database: \(error.message)"))
        }
    }

    /// The household member who is the user: Wallos creates it first.
    private static func householdOwner(_ connection: Connection, user: SQLiteValue?) throws -> Int64? {
        let hasUsers = try connection.rows("PRAGMA table_info(household)").contains { $0.text(1) == "user_id" }
        let found: SQLiteValue?
        if hasUsers, let user, user != .null {
            found = try connection.scalar("SELECT min(id) FROM household WHERE user_id = ?", [user])
        } else {
            found = try connection.scalar("SELECT min(id) FROM household")
        }
        guard case .integer(let id)? = found else { return nil }
        return id
    }

    /// A subscription's `notify_days_before` as days: Wallos (since its migration 34) stores -1
    /// for "as in my notification settings" and 0 for "on the day".
    private static func notifyDaysBefore(_ stored: Int64?, usual: Int?) -> Int? {
        guard let stored, stored >= 0 else { return usual }
        return Int(clamping: stored)
    }

    /// The user's notify days (Settings → Notifications), which a subscription's -1 stands for.
    private static func notifyDays(_ connection: Connection, user: SQLiteValue?) throws -> Int? {
        let columns = Set(try connection.rows("PRAGMA table_info(notification_settings)").compactMap { $0.text(1) })
        guard columns.contains("days") else { return nil }
        let byUser = columns.contains("user_id") && user != nil && user != .null
        let days = try connection.scalar(
            "SELECT days FROM notification_settings \(byUser ? "WHERE user_id = ?" : "") ORDER BY rowid LIMIT 1",
            byUser ? [user ?? .null] : [])
        guard case .integer(let value)? = days, value >= 0 else { return nil }
        return Int(clamping: value)
    }

    private static func flag(_ text: String?, default fallback: Bool) -> Bool {
        switch text?.lowercased() {
        case nil: fallback
        case "1", "true": true
        default: false
        }
    }
}
