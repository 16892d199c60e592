/// What an import wrote of each subscription, kept as a fingerprint of its stored rows with its
/// name (in `history_subscriptions`) rather than as the subscription itself in the entry's after:
/// undo checks that each is still as the import left it, nothing having changed it outside the
/// history, without a document that for an import of 100,000 subscriptions was 51 MB to write,
/// read back and compare (issue 26).
enum WrittenSubscriptions {
    /// A subscription an entry wrote: its id, its name then, and the fingerprint of its rows.
    struct Written: Equatable {
        let id: String
        let name: String
        let fingerprint: Int64
    }

    /// Links `entry` to the subscriptions it wrote, `names` by id, each with the fingerprint of
    /// its rows as they are now.
    static func record(_ connection: Connection, entry: Int64, names: [(id: String, name: String)]) throws {
        // Most changes write what their after holds: nothing to read here.
        guard !names.isEmpty else { return }
        let fingerprints = try fingerprints(connection, keeping: Set(names.map(\.id)))
        var linked: Set<String> = []
        for (id, name) in names where linked.insert(id).inserted {
            guard let fingerprint = fingerprints[id] else { throw History.damaged }
            // A plain INSERT into the new entry: `OR REPLACE` made SQLite keep a statement
            // journal, and SQLCipher encrypted every page each row touched into it (a quarter of
            // an import of 100,000).
            try connection.run("""
                INSERT INTO history_subscriptions (history_id, subscription_id, name, fingerprint)
                VALUES (?, ?, ?, ?)
                """, [.integer(entry), .text(id), .text(name), .integer(fingerprint)])
        }
    }

    /// The subscriptions `entry` wrote, in the order it wrote them; none for an entry that keeps
    /// them in its after (every change but an import, and an import an older `subs` made).
    static func written(_ connection: Connection, entry: Int) throws -> [Written] {
        var written: [Written] = []
        try connection.forEachRow("""
            SELECT subscription_id, name, fingerprint FROM history_subscriptions
            WHERE history_id = ? AND fingerprint IS NOT NULL ORDER BY rowid
            """, [.integer(Int64(entry))]) { row in
            guard let id = row.text(0), let name = row.text(1), let fingerprint = row.int(2) else { throw History.damaged }
            written.append(Written(id: id, name: name, fingerprint: fingerprint))
        }
        return written
    }

    /// The first of `written`, the subscriptions `entry` wrote, that is not as it left it: changed
    /// or deleted since. Nil when every one is as it was. `sumOfRows`, when given, is
    /// `rowsHashSum` as stored now, read on another connection.
    static func firstChanged(_ connection: Connection, entry: Int, written: [Written], sumOfRows: UInt64? = nil) throws -> Written? {
        if try areAllStored(connection, count: written.count) {
            // Every row stored is one of theirs: the sum of all their fingerprints is that of
            // every row, read in one pass without a key kept for each (an undo of an import
            // into a new database).
            let left = written.reduce(UInt64(0)) { $0 &+ UInt64(bitPattern: $1.fingerprint) }
            if try sumOfRows ?? rowsHashSum(connection) == left { return nil }
        }
        let fingerprints = try current(connection, entry: entry, written: written)
        return written.first { fingerprints[$0.id] != $0.fingerprint }
    }

    /// Whether the subscriptions stored are as many as the `count` that `entry` wrote: then,
    /// once each of those is known to be there, they are all of them. (For the sums in
    /// `firstChanged` it is enough: a subscription missing and another there instead change the
    /// sum, as any row changed does.)
    static func areAllStored(_ connection: Connection, count: Int) throws -> Bool {
        try count > 0 && connection.scalar("SELECT count(*) FROM subscriptions") == .integer(Int64(count))
    }

    /// The sum of the hashes of every row in `tables`: the sum of every subscription's
    /// fingerprint, when no row names a subscription that is not stored.
    static func rowsHashSum(_ connection: Connection) throws -> UInt64 {
        var sum: UInt64 = 0
        for (index, (table, _)) in tables.enumerated() {
            try connection.forEachRow("SELECT * FROM \(table)") { row in sum &+= rowHash(row, table: index, from: 0) }
        }
        return sum
    }

    /// The fingerprints of `written`, the subscriptions `entry` wrote, as stored now: those since
    /// deleted have none.
    static func current(_ connection: Connection, entry: Int, written: [Written]) throws -> [String: Int64] {
        // Many (an import of 100,000): every row read in the order it is stored and the others
        // left out here. Looked up one by one, each id cost a search of each table's index and
        // a page read at random: half of the undo of such an import.
        guard written.count <= lookupLimit else { return try fingerprints(connection, keeping: Set(written.map(\.id))) }
        return try fingerprints(connection, filter: """
             WHERE key IN (SELECT subscription_id FROM history_subscriptions WHERE history_id = ? AND fingerprint IS NOT NULL)
            """, [.integer(Int64(entry))])
    }

    /// Up to how many subscriptions are looked up by id rather than found in a read of all.
    private static let lookupLimit = 500

    /// Whether `entry` keeps subscriptions it wrote here.
    static func wroteAny(_ connection: Connection, entry: Int) throws -> Bool {
        try connection.scalar("""
            SELECT EXISTS (SELECT 1 FROM history_subscriptions WHERE history_id = ? AND fingerprint IS NOT NULL)
            """, [.integer(Int64(entry))]) == .integer(1)
    }

    /// Deletes the subscriptions `entry` wrote and every row of theirs: first the rows of each
    /// table whose foreign key names a subscription, then the subscriptions. Meant to run with
    /// foreign keys off: with them on, SQLite checks and cascades every key for each row deleted,
    /// which was 70% of the undo of an import of 100,000. A row of another table that named one
    /// of those rows refuses it (SQLite's error for a broken key), as it would with them on.
    ///
    /// Every one of them must exist (as `firstChanged` proves before an undo): when they are as
    /// many as the subscriptions stored, they are all of them, and each table is emptied of
    /// every row naming one.
    static func delete(_ connection: Connection, entry: Int, count: Int) throws {
        let keys = try foreignKeys(connection)
        try withTheirIDs(connection, entry: entry, count: count) { all in
            // An undo of an import into a new database: SQLite empties a table without a `WHERE`
            // page by page (zeroing each, as `secure_delete` asks) instead of row by row and
            // index by index, in a third of the time.
            for (table, column, nullable) in try theirRows(connection, keys: keys) where table != "subscriptions" {
                let column = Connection.quoted(column)
                // A row naming no subscription (a NULL key, which a later table could allow) stays.
                let condition = all ? (nullable ? " WHERE \(column) IS NOT NULL" : "")
                    : " WHERE \(column) IN (SELECT id FROM temp.undone_subscriptions)"
                try connection.execute("DELETE FROM \(Connection.quoted(table))" + condition)
            }
            // `+id`: in the order they are stored, not in the order of their ids, which for 100,000
            // put each on other pages than the last.
            try connection.execute("DELETE FROM subscriptions" + (all ? "" : " WHERE +id IN (SELECT id FROM temp.undone_subscriptions)"))
        }
        try refuseBrokenKeys(connection, keys: keys)
    }

    /// What of each table a copy of the database keeps when the subscriptions `entry` wrote and
    /// every row of theirs are left out, as `delete` deletes them: a condition on its rows, by
    /// table. `body` makes the copy; the ids are in `temp.undone_subscriptions` meanwhile.
    static func leavingOut<T>(
        _ connection: Connection, entry: Int, count: Int, _ body: ([String: String]) throws -> T
    ) throws -> T {
        try withTheirIDs(connection, entry: entry, count: count) { all in
            var kept: [String: String] = [:]
            for (table, column, nullable) in try theirRows(connection, keys: foreignKeys(connection)) {
                let column = Connection.quoted(column)
                // A row naming no subscription (a NULL key, which a later table could allow) stays.
                let unnamed = nullable ? "\(column) IS NULL" : "0"
                kept[table] = all ? unnamed : "\(unnamed) OR +\(column) NOT IN (SELECT id FROM temp.undone_subscriptions)"
            }
            return try body(kept)
        }
    }

    /// Runs `body` with the ids of the `count` subscriptions `entry` wrote in
    /// `temp.undone_subscriptions`, once, rather than in a subquery each statement reads again;
    /// or, when they are every subscription stored, with none, and `all` true. Each must be
    /// stored (`firstChanged`).
    private static func withTheirIDs<T>(
        _ connection: Connection, entry: Int, count: Int, _ body: (_ all: Bool) throws -> T
    ) throws -> T {
        if try areAllStored(connection, count: count) { return try body(true) }
        try connection.execute("CREATE TEMP TABLE IF NOT EXISTS undone_subscriptions (id TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID")
        defer { try? connection.execute("DROP TABLE IF EXISTS temp.undone_subscriptions") }
        try connection.run("""
            INSERT INTO temp.undone_subscriptions (id)
            SELECT subscription_id FROM history_subscriptions WHERE history_id = ? AND fingerprint IS NOT NULL
            """, [.integer(Int64(entry))])
        return try body(false)
    }

    /// The tables a subscription's rows are in, with the column naming it and whether that may
    /// be NULL: `subscriptions` and each table whose foreign key to it cascades (what
    /// `ON DELETE CASCADE` would delete; a key that does not cascade refuses in
    /// `refuseBrokenKeys`), so that a table a later version adds is taken too.
    private static func theirRows(
        _ connection: Connection, keys: [ForeignKey]
    ) throws -> [(table: String, column: String, nullable: Bool)] {
        var found = [(table: "subscriptions", column: "id", nullable: false)]
        for key in keys where key.parent == "subscriptions" && key.cascades {
            // Columns: cid, name, type, notnull, dflt_value, pk.
            let columns = try connection.rows("PRAGMA table_info(\(Connection.quoted(key.table)))")
            let nullable = columns.contains { $0.text(1) == key.column && $0.int(3) == 0 }
            found.append((key.table, key.column, nullable))
        }
        return found
    }

    /// Refuses, with SQLite's error for a broken key, when a row names one that the subscriptions
    /// taken out had: only a key that does not cascade (none today), or a table naming those rows
    /// of another table (none either), can point nowhere after them.
    static func refuseBrokenKeys(_ connection: Connection) throws {
        try refuseBrokenKeys(connection, keys: foreignKeys(connection))
    }

    private static func refuseBrokenKeys(_ connection: Connection, keys: [ForeignKey]) throws {
        let emptied = Set(try theirRows(connection, keys: keys).map(\.table))
        let naming = keys.filter { emptied.contains($0.parent) && !($0.parent == "subscriptions" && $0.cascades) }
        for table in Set(naming.map(\.table)).sorted() {
            try connection.refuseBrokenForeignKeys(in: table)
        }
    }

    /// Every foreign key of the schema: the table that holds it, its column, the table it names
    /// and whether a delete there cascades (so that a table a later version adds is deleted
    /// from too).
    private typealias ForeignKey = (table: String, column: String, parent: String, cascades: Bool)

    private static func foreignKeys(_ connection: Connection) throws -> [ForeignKey] {
        // One table at a time: this SQLite has no `pragma_foreign_key_list` to join.
        var found: [ForeignKey] = []
        for table in try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
            guard let table = table.text(0) else { throw History.damaged }
            // Columns: id, seq, table, from, to, on_update, on_delete, match.
            for key in try connection.rows("PRAGMA foreign_key_list(\(Connection.quoted(table)))") {
                guard let parent = key.text(2), let column = key.text(3) else { throw History.damaged }
                found.append((table, column, parent, key.text(6) == "CASCADE"))
            }
        }
        return found
    }

    /// The tables a subscription is stored in, with the column that names it: the rows
    /// `SubscriptionRecords` writes for it.
    private static let tables = [
        ("subscriptions", "id"), ("price_changes", "subscription_id"), ("members", "subscription_id"),
        ("billing_periods", "subscription_id"), ("pauses", "subscription_id"), ("charges", "subscription_id"),
    ]

    private static func fingerprints(_ connection: Connection, keeping ids: Set<String>) throws -> [String: Int64] {
        try fingerprints(connection, filter: "", [], keeping: ids)
    }

    /// Each subscription's fingerprint: every column of every row it has in `tables`, whatever
    /// their order (a sum of the rows' hashes), so that rows written again alike (an undo of a
    /// later change) give the same one and any value changed gives another.
    private static func fingerprints(
        _ connection: Connection, filter: String, _ values: [SQLiteValue], keeping ids: Set<String>? = nil
    ) throws -> [String: Int64] {
        var sums: [String: UInt64] = [:]
        sums.reserveCapacity(ids?.count ?? 0)
        // A subscription's rows come one after another: summed under its key as read, and added
        // to `sums` when the key changes, rather than a string made and hashed for each row.
        var key: [UInt8] = [], sum: UInt64 = 0
        func addSum() {
            guard !key.isEmpty else { return }
            let id = String(decoding: key, as: UTF8.self)
            if ids?.contains(id) ?? true { sums[id, default: 0] &+= sum }
            key.removeAll(keepingCapacity: true)
            sum = 0
        }
        for (index, (table, column)) in tables.enumerated() {
            // `SELECT *`: a column a later version adds is in the fingerprint without a word here.
            try connection.forEachRow("SELECT * FROM (SELECT \(column) AS key, * FROM \(table))\(filter)", values) { row in
                // A subscription's id is never empty or NULL.
                guard let sameKey = row.withBytes(0, { $0.isEmpty ? nil : $0.elementsEqual(key) }) ?? nil else {
                    throw History.damaged
                }
                if !sameKey {
                    addSum()
                    row.withBytes(0) { key.append(contentsOf: $0) }
                }
                sum &+= rowHash(row, table: index, from: 1)
            }
            addSum()
        }
        return sums.mapValues { Int64(bitPattern: $0) }
    }

    /// The hash of one row of `tables[table]`, over its columns from `first` on: what a
    /// fingerprint sums.
    private static func rowHash(_ row: Statement, table: Int, from first: Int) -> UInt64 {
        var hash = FNV1a(seed: UInt64(table))
        for column in first..<row.columnCount {
            if let number = row.int(column) {
                hash.add(byte: 1)
                hash.add(word: UInt64(bitPattern: number))
            } else {
                let isNull = row.withBytes(column) { bytes -> Bool in
                    hash.add(byte: 2)
                    hash.add(word: UInt64(bytes.count))
                    for byte in bytes { hash.add(byte: byte) }
                    return false
                } ?? true
                if isNull { hash.add(byte: 0) }
            }
        }
        return hash.mixed
    }
}

/// FNV-1a, 64 bits: the same on every machine and every run (Swift's `Hasher` is seeded per
/// process), which a fingerprint kept in the database must be.
private struct FNV1a {
    private var state: UInt64 = 0xCBF2_9CE4_8422_2325

    init(seed: UInt64) {
        add(word: seed)
    }

    mutating func add(byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    mutating func add(word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { add(byte: UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }

    /// The hash with its bits spread (SplitMix64's finisher), so that sums of many do not cancel.
    var mixed: UInt64 {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
