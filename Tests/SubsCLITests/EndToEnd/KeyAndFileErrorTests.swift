import Foundation
import Testing

/// PRODUCT.md §2 and §4: a wrong key, a foreign or damaged file, or files others can read give
/// one clear line, a distinct exit code, and leave the file as it was.
@Suite("Wrong keys, foreign files and permissions")
struct KeyAndFileErrorTests {
    /// A database made with the default key file, holding one subscription.
    static func sandboxWithDatabase() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31"])
        return sandbox
    }

    static func expectOneLine(_ result: ProcessResult, status: Int32, mentioning texts: [String],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout == "", "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderrLines.count == 1, "one line on stderr: \(result)", sourceLocation: sourceLocation)
        for text in texts {
            #expect(result.stderr.contains(text), "stderr should mention \(text.debugDescription): \(result)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("Another key file is refused with exit 77, for reads and writes, and the database is untouched")
    func wrongKeyFile() throws {
        let sandbox = try Self.sandboxWithDatabase()
        let other = sandbox.path("other-key")
        try sandbox.write(String(repeating: "ab", count: 32) + "\n", to: other)
        let before = try #require(sandbox.bytes(sandbox.databasePath))

        for command in [["list", "--today", "2024-06-15"], ["add", "Hulu", "7.99"], ["edit", "Netflix", "--amount", "1"],
                        ["show", "Netflix"], ["upcoming"], ["delete", "Netflix", "--yes"]] {
            let result = try sandbox.run(command + ["--key-file", other])
            Self.expectOneLine(result, status: 77, mentioning: ["wrong key", sandbox.databasePath])
            #expect(sandbox.bytes(sandbox.databasePath) == before, "`\(command.joined(separator: " "))` changed the database")
        }
        #expect(sandbox.bytes(other) == Data((String(repeating: "ab", count: 32) + "\n").utf8))

        // The right key still works afterwards.
        let list = try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"]).jsonArray()
        #expect(list.map { $0["name"] as? String } == ["Netflix"])
    }

    @Test("SUBS_PASSPHRASE against a key-file database is a wrong key (77)")
    func passphraseAgainstKeyFileDatabase() throws {
        let sandbox = try Self.sandboxWithDatabase()
        let before = try #require(sandbox.bytes(sandbox.databasePath))
        let result = try sandbox.run(["list", "--today", "2024-06-15"], environment: ["SUBS_PASSPHRASE": "x"])
        Self.expectOneLine(result, status: 77, mentioning: ["wrong key"])
        #expect(!result.stderr.contains("'x'"), "the passphrase itself is never printed: \(result)")
        #expect(sandbox.bytes(sandbox.databasePath) == before)
    }

    @Test("A missing key file for an existing database is refused (77) and no new key is made")
    func missingKeyFile() throws {
        let sandbox = try Self.sandboxWithDatabase()
        try FileManager.default.removeItem(atPath: sandbox.keyPath)
        let before = try #require(sandbox.bytes(sandbox.databasePath))
        let result = try sandbox.run(["add", "Hulu", "7.99", "--today", "2024-06-15"])
        Self.expectOneLine(result, status: 77, mentioning: [sandbox.keyPath])
        #expect(sandbox.bytes(sandbox.keyPath) == nil, "a new key was generated for an old database")
        #expect(sandbox.bytes(sandbox.databasePath) == before)
    }

    @Test("A key file that is not 64 hex digits is refused (77)")
    func malformedKeyFile() throws {
        let sandbox = try Self.sandboxWithDatabase()
        try sandbox.write("not a key\n", to: sandbox.keyPath)
        let result = try sandbox.run(["list", "--today", "2024-06-15"])
        Self.expectOneLine(result, status: 77, mentioning: [sandbox.keyPath])
        #expect(!result.stderr.contains("not a key\n"), "\(result)")
    }

    /// A plain (unencrypted) SQLite database file at `path`, mode 0600.
    static func makePlainSQLite(_ sandbox: Sandbox, at path: String) throws {
        if let sqlite3 = Tools.sqlite3 {
            let made = try sandbox.runTool(sqlite3, [path, "CREATE TABLE t (x); INSERT INTO t VALUES (1);"])
            try #require(made.status == 0, "\(made)")
            try sandbox.chmod(path, 0o600)
        } else {
            var header = Data("SQLite format 3\0".utf8)
            header.append(Data(count: 4096 - header.count))
            try sandbox.write(header, to: path)
        }
    }

    @Test("A text file given as --db is not a subs database (65) and stays as it was")
    func textFileAsDatabase() throws {
        let sandbox = try Self.sandboxWithDatabase()
        let path = sandbox.path("notes.txt")
        let text = "groceries: milk, eggs\nsubscriptions to cancel: all of them\n"
        try sandbox.write(text, to: path)
        let result = try sandbox.run(["list", "--db", path, "--today", "2024-06-15"])
        Self.expectOneLine(result, status: 65, mentioning: [path, "not a subs database"])
        let add = try sandbox.run(["add", "Netflix", "1", "--db", path, "--today", "2024-06-15"])
        Self.expectOneLine(add, status: 65, mentioning: [path])
        #expect(sandbox.bytes(path) == Data(text.utf8))
    }

    @Test("A plain SQLite database given as --db is refused (65) and stays as it was")
    func plainSQLiteFile() throws {
        let sandbox = try Self.sandboxWithDatabase()
        let path = sandbox.path("plain.db")
        try Self.makePlainSQLite(sandbox, at: path)
        let before = try #require(sandbox.bytes(path))
        let result = try sandbox.run(["list", "--db", path, "--today", "2024-06-15"])
        Self.expectOneLine(result, status: 65, mentioning: [path, "unencrypted"])
        let add = try sandbox.run(["add", "Netflix", "1", "--db", path, "--today", "2024-06-15"])
        Self.expectOneLine(add, status: 65, mentioning: [path])
        #expect(sandbox.bytes(path) == before)
    }

    @Test("On a machine with no key yet, a plain SQLite file is still called what it is (65), not a missing key")
    func plainSQLiteFileWithoutKey() throws {
        let sandbox = try Sandbox()
        let path = sandbox.path("plain.db")
        try Self.makePlainSQLite(sandbox, at: path)
        let before = try #require(sandbox.bytes(path))
        let result = try sandbox.run(["list", "--db", path, "--today", "2024-06-15"])
        Self.expectOneLine(result, status: 65, mentioning: [path, "unencrypted"])
        #expect(sandbox.bytes(path) == before)
        #expect(sandbox.homeEntries() == [], "no key was made for a file that is not ours")
    }

    @Test("A damaged database is reported as damaged (65)")
    func damagedDatabase() throws {
        let sandbox = try Self.sandboxWithDatabase()
        var bytes = try #require(sandbox.bytes(sandbox.databasePath))
        try #require(bytes.count > 2 * 4096)
        // Keep page 1, 4 KB (so the key is proven), and scramble every later page.
        var generator = SystemRandomNumberGenerator()
        for index in 4096..<bytes.count { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        try sandbox.write(bytes, to: sandbox.databasePath)
        let result = try sandbox.run(["list", "--today", "2024-06-15"])
        Self.expectOneLine(result, status: 65, mentioning: [sandbox.databasePath, "damaged"])
        #expect(sandbox.bytes(sandbox.databasePath) == bytes)
    }

    @Test("A database from a newer subs is refused (65) and not migrated",
          .enabled(if: Tools.sqlcipher != nil, "the sqlcipher shell is not installed (make test-deps)"))
    func newerSchema() throws {
        let sandbox = try Self.sandboxWithDatabase()
        let hex = String(decoding: try #require(sandbox.bytes(sandbox.keyPath)), as: UTF8.self)
            .trimmingCharacters(in: .newlines)
        let shell = try sandbox.runTool(try #require(Tools.sqlcipher), [sandbox.databasePath],
                                        input: Data("PRAGMA key = \"x'\(hex)'\";\nPRAGMA cipher_page_size = 4096;\nPRAGMA user_version = 99;\n".utf8))
        try #require(shell.status == 0, "\(shell)")
        let before = try #require(sandbox.bytes(sandbox.databasePath))
        let result = try sandbox.run(["add", "Hulu", "7.99", "--today", "2024-06-15"])
        Self.expectOneLine(result, status: 65, mentioning: [sandbox.databasePath, "newer"])
        #expect(sandbox.bytes(sandbox.databasePath) == before)
    }

    @Test("A database others can read is refused (77) with the chmod that fixes it")
    func databaseReadableByOthers() throws {
        let sandbox = try Self.sandboxWithDatabase()
        try sandbox.chmod(sandbox.databasePath, 0o644)
        let before = try #require(sandbox.bytes(sandbox.databasePath))
        let result = try sandbox.run(["list", "--today", "2024-06-15"])
        Self.expectOneLine(result, status: 77, mentioning: ["chmod 600", sandbox.databasePath])
        let add = try sandbox.run(["add", "Hulu", "7.99", "--today", "2024-06-15"])
        Self.expectOneLine(add, status: 77, mentioning: ["chmod 600 \(sandbox.databasePath)"])
        #expect(sandbox.bytes(sandbox.databasePath) == before)
        #expect(sandbox.mode(sandbox.databasePath) == 0o644, "subs does not silently change the mode")
    }

    @Test("A key file others can read is refused (77) with the chmod that fixes it")
    func keyFileReadableByOthers() throws {
        let sandbox = try Self.sandboxWithDatabase()
        try sandbox.chmod(sandbox.keyPath, 0o644)
        let result = try sandbox.run(["list", "--today", "2024-06-15"])
        Self.expectOneLine(result, status: 77, mentioning: ["chmod 600 \(sandbox.keyPath)"])
        #expect(!result.stderr.contains(String(decoding: sandbox.bytes(sandbox.keyPath) ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: .newlines)), "the key itself is never printed")
    }

    @Test("A group-readable key file given with --key-file is refused too (77)")
    func groupReadableKeyFileFlag() throws {
        let sandbox = try Self.sandboxWithDatabase()
        let copy = sandbox.path("key-copy")
        try sandbox.write(try #require(sandbox.bytes(sandbox.keyPath)), to: copy, mode: 0o640)
        let result = try sandbox.run(["list", "--key-file", copy, "--today", "2024-06-15"])
        Self.expectOneLine(result, status: 77, mentioning: ["chmod 600 \(copy)"])
    }

    @Test("Files named by one character in the current directory work: a database, a passphrase file, a wrong key")
    func oneCharacterPaths() throws {
        let sandbox = try Sandbox()
        try sandbox.write("correct horse\n", to: sandbox.home.path + "/p", mode: 0o600)
        try sandbox.write("wrong horse\n", to: sandbox.home.path + "/w", mode: 0o600)
        try sandbox.succeed(["add", "Netflix", "15.49", "--db", "d", "--passphrase-file", "p"])
        let listed = try sandbox.succeed(["list", "--db", "d", "--passphrase-file", "p", "--format", "csv"])
        #expect(listed.stdout.contains("Netflix"))
        let wrong = try sandbox.run(["list", "--db", "d", "--passphrase-file", "w"])
        Self.expectOneLine(wrong, status: 77, mentioning: ["wrong key"])
        try sandbox.succeed(["backup", "b", "--db", "d", "--passphrase-file", "p"])
        // A passphrase file with no passphrase is a wrong key for this database; for a new one, a
        // key it cannot be given (as `rekey` refuses it).
        try sandbox.write("", to: sandbox.home.path + "/e", mode: 0o600)
        for (database, status) in [("d", Int32(77)), ("new", 64)] {
            let empty = try sandbox.run(["add", "Hulu", "7.99", "--db", database, "--passphrase-file", "e"])
            Self.expectOneLine(empty, status: status, mentioning: ["empty"])
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path + "/new"))
    }
}
