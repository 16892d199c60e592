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

        init(version: Int, name: String, sql: String) {
            self.version = version
            self.name = name
            self.sql = sql
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
            try connection.writeTransaction {
                // Read again inside the lock: another process may have migrated meanwhile.
                guard try connection.userVersion < migration.version else { return }
                try connection.execute(migration.sql)
                try connection.setUserVersion(migration.version)
            }
        }
    }
}
