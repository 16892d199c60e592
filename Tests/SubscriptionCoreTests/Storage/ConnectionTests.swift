import Foundation
import Testing
@testable import SubscriptionCore

@Suite("SQLite connection wrapper")
struct ConnectionTests {
    struct Boom: Error, Equatable {}

    func memory() throws -> Connection {
        let connection = try Connection(path: ":memory:", create: true)
        try connection.execute("CREATE TABLE t (a INTEGER, b TEXT); CREATE TABLE u (x TEXT NOT NULL UNIQUE);")
        return connection
    }

    @Test("Bound values go in and come out unchanged, including quotes, NULL and Unicode")
    func runRowsScalar() throws {
        let db = try memory()
        try db.run("INSERT INTO t (a, b) VALUES (?, ?)", [.integer(1), .text("O'Brien; DROP TABLE t; --")])
        try db.run("INSERT INTO t (a, b) VALUES (?, ?)", [.integer(Int64.max), .null])
        try db.run("INSERT INTO t (a, b) VALUES (?, ?)", [.integer(-3), .text("Visa ••4242 日本")])
        #expect(db.changes == 1)
        let rows = try db.rows("SELECT a, b FROM t WHERE a >= ? ORDER BY a", [.integer(-3)])
        #expect(rows.count == 3)
        #expect(rows[0].int(0) == -3 && rows[0].text(1) == "Visa ••4242 日本")
        #expect(rows[1].int(0) == 1 && rows[1].text(1) == "O'Brien; DROP TABLE t; --")
        #expect(rows[2][0] == .integer(Int64.max) && rows[2][1] == .null && rows[2].text(1) == nil)
        #expect(rows[2].text(0) == String(Int64.max))
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(3))
        #expect(try db.scalar("SELECT b FROM t WHERE a = ?", [.integer(42)]) == nil)
    }

    @Test("A row read in place gives text as a collected row does: integers as digits, NULL as nil, empty text as empty")
    func rowsReadInPlace() throws {
        let db = try memory()
        try db.execute("""
            CREATE TABLE v (x);
            INSERT INTO v VALUES (-9223372036854775808), (NULL), (''), (2.5), (x'6869'), ('ş'), (42);
            """)
        var inPlace: [String?] = []
        var bytes: [[UInt8]?] = []
        try db.forEachRow("SELECT x FROM v ORDER BY rowid") { row in
            inPlace.append(row.text(0))
            bytes.append(row.withBytes(0) { Array($0) })
        }
        let collected = try db.rows("SELECT x FROM v ORDER BY rowid").map { $0.text(0) }
        #expect(inPlace == [String(Int64.min), nil, "", "2.5", "hi", "ş", "42"])
        #expect(inPlace == collected)
        #expect(bytes == inPlace.map { $0.map { Array($0.utf8) } })
        // Stopped where the body says: the rows after are not read.
        var seen = 0
        try db.scanRows("SELECT x FROM v ORDER BY rowid") { _ in
            seen += 1
            return seen < 3
        }
        #expect(seen == 3)
    }

    @Test("A write transaction commits what its body did and returns its result")
    func writeTransactionCommits() throws {
        let db = try memory()
        let result = try db.writeTransaction {
            try db.run("INSERT INTO t (a) VALUES (?)", [.integer(7)])
            return "done"
        }
        #expect(result == "done")
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(1))
    }

    @Test("A write transaction whose body throws rolls everything back and rethrows that error")
    func writeTransactionRollsBack() throws {
        let db = try memory()
        try db.run("INSERT INTO t (a) VALUES (1)")
        #expect(throws: Boom()) {
            try db.writeTransaction {
                try db.run("INSERT INTO t (a) VALUES (2)")
                try db.run("DELETE FROM t WHERE a = 1")
                throw Boom()
            }
        }
        #expect(try db.rows("SELECT a FROM t").map { $0.int(0) } == [1])
        // The connection is usable again: no transaction was left open.
        try db.writeTransaction { try db.run("INSERT INTO t (a) VALUES (3)") }
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(2))
    }

    @Test("A failing statement inside a write transaction rolls back the statements before it")
    func writeTransactionRollsBackOnSQLError() throws {
        let db = try memory()
        try db.run("INSERT INTO u (x) VALUES ('taken')")
        #expect(throws: SQLiteError.self) {
            try db.writeTransaction {
                try db.run("INSERT INTO t (a) VALUES (1)")
                try db.run("INSERT INTO u (x) VALUES (?)", [.text("taken")])
            }
        }
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(0))
    }

    @Test("A syntax error names the SQL but never the bound values")
    func syntaxErrorMessage() throws {
        let db = try memory()
        let error = #expect(throws: SQLiteError.self) {
            try db.run("INSERT INTO t (a, b) VALUSE (?, ?)", [.integer(1), .text("hunter2-secret")])
        }
        let message = error.map { String(describing: $0) } ?? ""
        #expect(message.contains("INSERT INTO t (a, b) VALUSE (?, ?)"))
        #expect(!message.contains("hunter2-secret"))
        #expect(error?.code == 1, "SQLITE_ERROR")
        #expect(error?.sql == "INSERT INTO t (a, b) VALUSE (?, ?)")
    }

    @Test("A constraint violation names the SQL but never the bound values")
    func constraintErrorMessage() throws {
        let db = try memory()
        try db.run("INSERT INTO u (x) VALUES (?)", [.text("card-4242-secret")])
        let error = #expect(throws: SQLiteError.self) {
            try db.run("INSERT INTO u (x) VALUES (?)", [.text("card-4242-secret")])
        }
        #expect(error?.code == 19, "SQLITE_CONSTRAINT")
        #expect(error?.extendedCode == 2067, "SQLITE_CONSTRAINT_UNIQUE")
        #expect(error.map { String(describing: $0) }?.contains("INSERT INTO u (x) VALUES (?)") == true)
        #expect(error.map { String(describing: $0) }?.contains("card-4242-secret") == false)
        #expect(error?.isBusy == false && error?.isCorrupt == false)
    }

    @Test("A multi-statement execute that fails names the SQL")
    func executeErrorMessage() throws {
        let db = try memory()
        let error = #expect(throws: SQLiteError.self) { try db.execute("SELECT * FROM missing_table") }
        #expect(error.map { String(describing: $0) }?.contains("missing_table") == true)
    }

    @Test("Opening a missing file without create fails instead of making one")
    func openWithoutCreate() throws {
        let scratch = Scratch()
        let path = scratch.path("absent.db")
        #expect(throws: SQLiteError.self) { try Connection(path: path, create: false) }
        #expect(!Files.exists(path))
    }

    @Test("The linked library is SQLCipher, so files are encrypted")
    func cipherAvailable() throws {
        let db = try Connection(path: ":memory:", create: true)
        guard case .text(let version)? = try db.scalar("PRAGMA cipher_version") else {
            Issue.record("PRAGMA cipher_version returned nothing: plain SQLite is linked")
            return
        }
        #expect(!version.isEmpty)
    }

    @Test("Migrations bring a fresh database to the latest version once and mark it as a subs database")
    func migrator() throws {
        let db = try Connection(path: ":memory:", create: true)
        try Schema.migrator.migrate(db)
        #expect(try db.userVersion == Schema.migrator.latestVersion)
        #expect(try db.scalar("PRAGMA application_id") == .integer(Int64(Schema.applicationID)))
        try Schema.migrator.migrate(db)
        #expect(try db.scalar("SELECT count(*) FROM categories") == .integer(Int64(Schema.defaultCategories.count)))
        try db.execute("PRAGMA user_version = \(Schema.migrator.latestVersion + 1)")
        #expect(throws: Migrator.NewerSchemaError(found: Schema.migrator.latestVersion + 1,
                                                  known: Schema.migrator.latestVersion)) {
            try Schema.migrator.migrate(db)
        }
    }
}
