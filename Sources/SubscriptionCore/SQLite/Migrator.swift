/// Brings a database's schema up to date, one numbered migration at a time.
///
/// The version lives in `PRAGMA user_version`. Each migration runs in its own `BEGIN IMMEDIATE`
/// transaction together with the version bump, so a crash leaves the database at the last whole
/// version, and two processes migrating at once apply each step exactly once.
struct Migrator: Sendable {
    struct Migration: Sendable {
        let version: Int
        let name: String
        let sql: String
        /// Whether it rebuilds a table others refer to (SQLite's "12 steps" for a changed
        /// constraint): foreign keys are off while it runs, or dropping the old table would
        /// cascade into its children, and checked before it commits.
        let rebuildsTables: Bool
        /// What SQL cannot do, run after `sql` in the same transaction: filling a new table from
        /// JSON, which the SQLite linked in may not read.
        let then: (@Sendable (Connection) throws -> Void)?

        init(version: Int, name: String, sql: String, rebuildsTables: Bool = false,
             then: (@Sendable (Connection) throws -> Void)? = nil) {
            self.version = version
            self.name = name
            self.sql = sql
            self.rebuildsTables = rebuildsTables
            self.then = then
        }
    }

    /// The schema was written by a newer program than this one.
    struct NewerSchemaError: Error, Equatable, Sendable {
        let found: Int
        let known: Int
    }

    let migrations: [Migration]

    init(migrations: [Migration]) {
        precondition(
            migrations.enumerated().allSatisfy { $0.offset + 1 == $0.element.version },
            "migrations must be numbered 1, 2, 3, ...")
        self.migrations = migrations
    }

    var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Fails with `NewerSchemaError` when the database is ahead of this program, touching nothing.
    func checkCompatible(_ connection: Connection) throws {
        let version = try connection.userVersion
        if version > latestVersion {
            throw NewerSchemaError(found: version, known: latestVersion)
        }
    }

    /// Applies every migration above the database's version, in order, up to `target`.
    func migrate(_ connection: Connection, upTo target: Int? = nil) throws {
        try checkCompatible(connection)
        guard try connection.userVersion < (target ?? latestVersion) else { return }
        for migration in migrations where migration.version <= (target ?? latestVersion) {
            try apply(migration, to: connection)
        }
    }

    private func apply(_ migration: Migration, to connection: Connection) throws {
        // `PRAGMA foreign_keys` is a no-op inside a transaction, so it is switched around it.
        let foreignKeysWereOn = try connection.scalar("PRAGMA foreign_keys") == .integer(1)
        if migration.rebuildsTables { try connection.execute("PRAGMA foreign_keys = OFF") }
        defer { if migration.rebuildsTables && foreignKeysWereOn { try? connection.execute("PRAGMA foreign_keys = ON") } }
        try connection.writeTransaction {
            // Read again inside the lock: another process may have migrated meanwhile.
            guard try connection.userVersion < migration.version else { return }
            try connection.execute(migration.sql)
            try migration.then?(connection)
            if migration.rebuildsTables, try connection.scalar("PRAGMA foreign_key_check") != nil {
                throw ForeignKeyViolation(version: migration.version)
            }
            try connection.setUserVersion(migration.version)
        }
    }

    /// A rebuilding migration would leave rows that point at nothing: rolled back.
    struct ForeignKeyViolation: Error, Equatable, Sendable {
        let version: Int
    }
}
