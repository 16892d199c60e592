import CSQLCipher
import Foundation

/// Reads the subscriptions of a Wallos database (`wallos.db`, plain SQLite: SQLCipher opens it
/// when no key is given). Only reads, from an unnamed copy the caller owns (`WallosCopy`),
/// given as a file descriptor. Columns that older Wallos versions lack read as absent.
///
/// Such a file comes from elsewhere, and the SQLite 3.15.2 inside SQLCipher 3.4.1 is not safe
/// with a crafted one: a schema can crash it (CVE-2018-8740), a view can query forever. So the
/// command line reads it in a child process (`ImportOptions.wallosReader`), which prints
/// `answer(file:)`; a crash or a runaway there costs the child, and the import fails with one line.
public enum WallosDatabase {
    /// Runs `answer(file:)` in a child process that is handed the open file, and returns what it
    /// printed.
    public typealias Reader = @Sendable (_ file: Int32) throws -> Data

    /// The most subscriptions one import takes from a database: a household has tens, and
    /// each costs memory until the import is written (300,000 took 1.7 GB).
    public static let largestImport = 100_000

    /// What the child prints: the records as JSON, or the error that stopped them.
    public static func answer(file: Int32) -> Data {
        let answer: Answer
        do {
            answer = .records(try readRecords(at: WallosCopy.path(of: file)))
        } catch let error as ImportError {
            answer = .failed(Failure(error))
        } catch {
            answer = .failed(.file(.notWallos(sqlite: String(describing: error))))
        }
        return (try? JSONEncoder().encode(answer)) ?? Data()
    }

    private enum Answer: Codable {
        case records([WallosRecord])
        case failed(Failure)
    }

    /// The refusals `readRecords` makes, as the child sends them to its parent.
    private enum Failure: Codable {
        case file(ImportFileProblem)
        case unknownCurrency(ImportRecord)

        init(_ error: ImportError) {
            switch error {
            case .cannotRead(let problem): self = .file(problem)
            case .record(let record, _, .unknownWallosCurrency): self = .unknownCurrency(record)
            default: self = .file(.notWallos(sqlite: String(describing: error)))
            }
        }

        var error: ImportError {
            switch self {
            case .file(let problem): .cannotRead(problem)
            case .unknownCurrency(let record): .record(record, field: .named("currency"), problem: .unknownWallosCurrency)
            }
        }
    }

    /// The records of the database open as `file`, read by `reader` in a child process; without
    /// one, in this process (the core's own tests).
    static func records(in file: Int32, reader: Reader?) throws -> [WallosRecord] {
        guard let reader else { return try readRecords(at: WallosCopy.path(of: file)) }
        let printed = try reader(file)
        guard let answer = try? JSONDecoder().decode(Answer.self, from: printed) else {
            throw ImportError.cannotRead(.wallosGaveNoAnswer)
        }
        switch answer {
        case .records(let records): return records
        case .failed(let failure): throw failure.error
        }
    }

    static func readRecords(at path: String, limit: Int = largestImport) throws -> [WallosRecord] {
        do {
            guard let vfs = literalPathVFS else {
                throw ImportError.cannotRead(.noLiteralPathFileLayer)
            }
            let connection = try Connection(path: path, create: false, vfs: vfs)
            try connection.execute("PRAGMA query_only = ON")
            let columns = Set(try connection.rows("PRAGMA table_info(subscriptions)").compactMap { $0.text(1) })
            guard ["name", "price", "next_payment", "cycle"].allSatisfy(columns.contains) else {
                throw ImportError.cannotRead(.notWallosSchema)
            }
            func column(_ name: String) -> String { columns.contains(name) ? "s.\(name)" : "NULL" }
            // A Wallos server can hold several users: the first one's subscriptions are taken.
            let firstUser = columns.contains("user_id")
                ? try connection.scalar("SELECT min(user_id) FROM subscriptions") : nil
            let userFilter = firstUser.map { $0 == .null ? "" : "WHERE s.user_id = ?" } ?? ""
            let owner = try householdOwner(connection, user: firstUser)
            let usualNotifyDays = try notifyDays(connection, user: firstUser)
            let parameters = userFilter.isEmpty ? [] : [firstUser ?? .null]
            // Counted first: a big but well-formed file is refused for its size, not read
            // until memory runs out (which would look like a crash).
            if case .integer(let count)? = try connection.scalar("SELECT count(*) FROM subscriptions s \(userFilter)", parameters),
               count > limit {
                throw ImportError.cannotRead(.wallosHolds(count, limit: limit))
            }
            var records: [WallosRecord] = []
            try connection.forEachRow("""
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
                """, parameters) { row in
                // A join can repeat rows the count did not see.
                guard records.count < limit else {
                    throw ImportError.cannotRead(.wallosHoldsMoreThan(limit: limit))
                }
                let name = row.text(1) ?? ""
                let record = ImportRecord.databaseRow(id: row.text(0) ?? "?", name: name)
                guard let code = row.text(3) else {
                    throw ImportError.record(record, field: .named("currency"), problem: .unknownWallosCurrency)
                }
                records.append(WallosRecord(
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
                    cancellationDate: row.text(16)))
            }
            return records
        } catch let error as SQLiteError {
            throw ImportError.cannotRead(.notWallos(sqlite: error.message))
        }
    }

    /// SQLite's default VFS with one change: a path is opened as given, not resolved through
    /// symbolic links. The copy's `/proc/self/fd/N` is a link to `/memfd:subs-wallos (deleted)`,
    /// a name that opens nothing (or, were it created, a new empty file at the root).
    private static let literalPathVFS: String? = {
        let name = "subs-literal-path"
        if sqlite3_vfs_find(name) != nil { return name }
        guard let base = sqlite3_vfs_find(nil) else { return nil }
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: base.pointee)
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.xFullPathname = { _, path, size, out in
            guard let path, let out, strlen(path) < Int(size) else { return SQLITE_CANTOPEN }
            strcpy(out, path)
            return SQLITE_OK
        }
        // Registered once for the life of the process, never as the default.
        guard sqlite3_vfs_register(vfs, 0) == SQLITE_OK else { return nil }
        return name
    }()

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
