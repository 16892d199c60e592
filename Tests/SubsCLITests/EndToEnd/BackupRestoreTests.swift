import Foundation
import Testing

@Suite("Backup and restore")
struct BackupRestoreTests {
    private static let today = "2024-06-15"

    /// A sandbox with a few subscriptions, one with notes and members' data worth keeping.
    private static func sandboxWithData() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--notes", "Family plan shared with Zorbatrix"])
        try sandbox.add("Spotify", "9.99", ["--category", "Music", "--every", "yearly"])
        try sandbox.succeed(["edit", "Netflix", "--amount", "17.99", "--effective", "2024-04-01", "--today", today])
        try sandbox.succeed(["cancel", "Spotify", "--on", "2024-07-01", "--today", today])
        return sandbox
    }

    private static func listJSON(_ sandbox: Sandbox) throws -> String {
        try sandbox.succeed(["list", "--status", "all", "--format", "json", "--today", today]).stdout
    }

    private static func passphraseFile(_ sandbox: Sandbox, _ passphrase: String = "correct horse battery") throws -> String {
        let path = sandbox.path("backup-passphrase")
        try sandbox.write(passphrase + "\n", to: path)
        return path
    }

    @Test("A backup with its own passphrase restores on another machine to the same data")
    func restoreOnAnotherMachine() throws {
        let sandbox = try Self.sandboxWithData()
        let file = sandbox.path("move.db")
        let backup = try sandbox.succeed(["backup", file, "--backup-passphrase-file", try Self.passphraseFile(sandbox)])
        #expect(backup.stdout.contains("checked"), "\(backup)")
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)

        let other = try Sandbox()
        try FileManager.default.copyItem(atPath: file, toPath: other.path("move.db"))
        try other.succeed(["restore", other.path("move.db"), "--backup-passphrase-file", try Self.passphraseFile(other), "--yes"])
        #expect(try Self.listJSON(other) == Self.listJSON(sandbox))
        // The restored data is under the other machine's own key: the next command needs nothing new.
        #expect(FileManager.default.fileExists(atPath: other.keyPath))
        try other.add("Hulu", "7.99")
        #expect(try other.succeed(["list", "--format", "json", "--status", "all", "--today", Self.today]).jsonArray().count == 3)
    }

    @Test("The default backup goes to backups/ next to the database (0600 in 0700) and shows no user data")
    func defaultBackupIsPrivateAndEncrypted() throws {
        let sandbox = try Self.sandboxWithData()
        let result = try sandbox.succeed(["backup"])
        let directory = (sandbox.databasePath as NSString).deletingLastPathComponent + "/backups"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        let name = try #require(names.first, "\(result)")
        #expect(names.count == 1)
        #expect(name.range(of: #"^subs-\d{8}-\d{6}\.db$"#, options: .regularExpression) != nil, "\(name)")
        #expect(try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int == 0o700)
        #expect(try FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.posixPermissions] as? Int == 0o600)
        let bytes = try #require(sandbox.bytes(directory + "/" + name))
        for secret in ["Netflix", "Zorbatrix", "Spotify", "Music", "subscriptions"] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) readable in the backup")
        }
        // Restoring it with the same key gives the same data back.
        let before = try Self.listJSON(sandbox)
        try sandbox.succeed(["delete", "Netflix", "--yes"])
        try sandbox.succeed(["restore", directory + "/" + name, "--yes"])
        #expect(try Self.listJSON(sandbox) == before)
        // Into a directory that is not there: the line names the file asked for.
        let nowhere = sandbox.path("nowhere/x.db")
        let refused = try sandbox.run(["backup", nowhere])
        #expect(refused.status == 1 && refused.stderrLines == ["subs: \(nowhere): No such file or directory"], "\(refused)")
    }

    @Test("restore from a script needs --yes, and without it nothing changes")
    func restoreNeedsConfirmation() throws {
        let sandbox = try Self.sandboxWithData()
        try sandbox.succeed(["backup", sandbox.path("b.db")])
        let before = try #require(sandbox.bytes(sandbox.databasePath))
        let result = try sandbox.run(["restore", sandbox.path("b.db")])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("--yes"), "\(result)")
        #expect(sandbox.bytes(sandbox.databasePath) == before)
    }

    @Test("A bad backup is refused with its own line and exit code; the database stays byte-identical",
          .enabled(if: Tools.sqlcipher != nil, "the sqlcipher shell is not installed (make test-deps)"))
    func badBackupsAreRefused() throws {
        let sandbox = try Self.sandboxWithData()
        let good = sandbox.path("good.db")
        try sandbox.succeed(["backup", good, "--backup-passphrase-file", try Self.passphraseFile(sandbox)])
        let goodBytes = try #require(sandbox.bytes(good))

        let wrong = sandbox.path("wrong-passphrase")
        try sandbox.write("not it\n", to: wrong)
        var damagedBytes = goodBytes
        // Inside the second 4 KB page: damage to the first, which the key is proven on, reads as a wrong key.
        for offset in stride(from: 4096 + 2048, to: 4096 + 2048 + 64, by: 1) { damagedBytes[offset] ^= 0x5A }
        try sandbox.write(String(repeating: "x", count: 10), to: sandbox.path("text.db"))
        let damaged = sandbox.path("damaged.db")
        try damagedBytes.write(to: URL(fileURLWithPath: damaged))
        let newer = sandbox.path("newer.db")
        try goodBytes.write(to: URL(fileURLWithPath: newer))
        let shell = try sandbox.runTool(try #require(Tools.sqlcipher), [newer], input: Data("""
            PRAGMA key = 'correct horse battery';
            PRAGMA cipher_page_size = 4096;
            PRAGMA kdf_iter = 256000;
            PRAGMA user_version = 99;

            """.utf8))
        try #require(shell.status == 0, "\(shell)")
        let foreign = sandbox.path("foreign.db")
        let made = try sandbox.runTool(try #require(Tools.sqlcipher), [foreign], input: Data("""
            PRAGMA key = 'correct horse battery';
            PRAGMA cipher_page_size = 4096;
            PRAGMA kdf_iter = 256000;
            CREATE TABLE notes (body TEXT);
            INSERT INTO notes VALUES ('hello');

            """.utf8))
        try #require(made.status == 0, "\(made)")

        let passphrase = try Self.passphraseFile(sandbox)
        let cases: [(String, [String], Int32, String)] = [
            ("wrong key", [good, "--backup-passphrase-file", wrong], 77, "wrong key"),
            ("current key instead of its passphrase", [good], 77, "wrong key"),
            ("damaged", [damaged, "--backup-passphrase-file", passphrase], 65, "damaged"),
            ("not a database", [sandbox.path("text.db"), "--backup-passphrase-file", passphrase], 65, "not a subs database"),
            ("newer schema", [newer, "--backup-passphrase-file", passphrase], 65, "newer"),
            ("another program's database", [foreign, "--backup-passphrase-file", passphrase], 65, "another program"),
            ("missing", [sandbox.path("nothing.db")], 66, "does not exist"),
        ]
        let before = try #require(sandbox.bytes(sandbox.databasePath))
        let keyBefore = try #require(sandbox.bytes(sandbox.keyPath))
        for (name, arguments, status, mention) in cases {
            let result = try sandbox.run(["restore"] + arguments + ["--yes"])
            #expect(result.status == status, "\(name): \(result)")
            #expect(result.stderrLines.count == 1, "\(name): \(result)")
            #expect(result.stderr.contains(mention), "\(name): \(result)")
            #expect(sandbox.bytes(sandbox.databasePath) == before, "\(name) changed the database")
            #expect(sandbox.bytes(sandbox.keyPath) == keyBefore, "\(name) changed the key")
        }
        #expect(!FileManager.default.fileExists(atPath: (sandbox.databasePath as NSString).deletingLastPathComponent + "/backups"))
    }

    @Test("Each restore first backs up the current database; only the last ten automatic backups are kept")
    func automaticBackupsArePruned() throws {
        let sandbox = try Self.sandboxWithData()
        let file = sandbox.path("b.db")
        try sandbox.succeed(["backup", file])
        try sandbox.succeed(["backup"])
        let directory = (sandbox.databasePath as NSString).deletingLastPathComponent + "/backups"
        try sandbox.succeed(["restore", file, "--yes"])
        let first = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("auto-") }
        #expect(first.count == 1 && first[0].hasSuffix("-restore.db"), "\(first)")
        for _ in 0..<11 { try sandbox.succeed(["restore", file, "--yes"]) }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names.filter { $0.hasPrefix("auto-") }.count == 10, "\(names)")
        #expect(!names.contains(first[0]), "the oldest automatic backup is kept: \(names)")
        #expect(names.filter { $0.hasPrefix("subs-") }.count == 1, "a backup the user made was pruned: \(names)")
        #expect(try Self.listJSON(sandbox).contains("Netflix"))
    }

    @Test("backup refuses to write over the database or its key file (64), which stay as they were")
    func backupSparesTheDatabaseAndKey() throws {
        let sandbox = try Self.sandboxWithData()
        let database = try #require(sandbox.bytes(sandbox.databasePath))
        let key = try #require(sandbox.bytes(sandbox.keyPath))
        for target in [sandbox.databasePath, sandbox.keyPath] {
            let result = try sandbox.run(["backup", target])
            #expect(result.status == 64 && result.stderrLines.count == 1, "\(result)")
            #expect(result.stderr.contains("refusing to write"), "\(result)")
        }
        #expect(sandbox.bytes(sandbox.databasePath) == database)
        #expect(sandbox.bytes(sandbox.keyPath) == key)
    }

    @Test("backup FILE through a link to a file writes where the link leads, and the link stays; a link to nothing is replaced")
    func backupThroughALink() throws {
        let sandbox = try Self.sandboxWithData()
        let stick = sandbox.path("stick")
        try FileManager.default.createDirectory(atPath: stick, withIntermediateDirectories: false)
        try sandbox.succeed(["backup", stick + "/subs.db"])
        let older = try #require(sandbox.bytes(stick + "/subs.db"))
        let link = sandbox.path("on-the-stick.db")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "stick/subs.db")
        try sandbox.succeed(["delete", "Netflix", "--yes"])

        try sandbox.succeed(["backup", link])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "stick/subs.db", "the link stays")
        #expect(sandbox.bytes(stick + "/subs.db") != older, "the file on the stick holds the new backup")
        #expect(try FileManager.default.contentsOfDirectory(atPath: stick) == ["subs.db"], "nothing left beside it")
        let backedUp = try Self.listJSON(sandbox)
        try sandbox.add("Hulu", "7.99")
        try sandbox.succeed(["restore", stick + "/subs.db", "--yes"])
        #expect(try Self.listJSON(sandbox) == backedUp)

        // The stick not plugged in: nothing is written under its empty mount point.
        let dangling = sandbox.path("unplugged.db")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere/subs.db")
        try sandbox.succeed(["backup", dangling])
        #expect(try FileManager.default.attributesOfItem(atPath: dangling)[.type] as? FileAttributeType == .typeRegular)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("nowhere")))
    }

    @Test("backup refuses to write over a passphrase file, the database's or its own (64), which stays as it was")
    func backupSparesPassphraseFiles() throws {
        let sandbox = try Sandbox()
        let passphrase = sandbox.path("database-passphrase")
        try sandbox.write("the database passphrase\n", to: passphrase)
        try sandbox.add("Netflix", "15.49", ["--passphrase-file", passphrase])
        let own = try Self.passphraseFile(sandbox)
        let ownBytes = try #require(sandbox.bytes(own))
        for (arguments, kept) in [(["backup", passphrase, "--passphrase-file", passphrase], passphrase),
                                  (["backup", own, "--passphrase-file", passphrase, "--backup-passphrase-file", own], own)] {
            let before = try #require(sandbox.bytes(kept))
            let result = try sandbox.run(arguments)
            #expect(result.status == 64 && result.stderrLines.count == 1, "\(result)")
            #expect(result.stderr.contains("refusing to write") && result.stderr.contains("passphrase file"), "\(result)")
            #expect(sandbox.bytes(kept) == before)
        }
        #expect(sandbox.bytes(own) == ownBytes)
        try sandbox.succeed(["list", "--passphrase-file", passphrase, "--today", Self.today])
    }

    @Test("restore of a directory is a missing file (66), in one line, like import")
    func restoreOfADirectory() throws {
        let sandbox = try Self.sandboxWithData()
        let directory = sandbox.path("folder.db")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let result = try sandbox.run(["restore", directory, "--yes"])
        #expect(result.status == 66 && result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains("is a directory"), "\(result)")
    }

    @Test("restore only reads the backup: a stray -journal beside it is left as it was, and so is the backup")
    func restoreOnlyReadsTheBackup() throws {
        let sandbox = try Self.sandboxWithData()
        let file = sandbox.path("b.db")
        try sandbox.succeed(["backup", file])
        let journal = Data(repeating: 0x5A, count: 4096)
        try sandbox.write(journal, to: file + "-journal")
        let backup = try #require(sandbox.bytes(file))
        try sandbox.succeed(["delete", "Netflix", "--yes"])
        try sandbox.succeed(["restore", file, "--yes"])
        #expect(try Self.listJSON(sandbox).contains("Netflix"))
        #expect(sandbox.bytes(file + "-journal") == journal)
        #expect(sandbox.bytes(file) == backup)
    }

    @Test("A backup with one page damaged is refused in one short line: the first problem and how many more")
    func damagedBackupInOneShortLine() throws {
        let sandbox = try Self.sandboxWithData()
        let file = sandbox.path("b.db")
        try sandbox.succeed(["backup", file])
        var bytes = try #require(sandbox.bytes(file))
        bytes[bytes.count - 700] ^= 0x01
        try sandbox.write(bytes, to: file)
        let result = try sandbox.run(["restore", file, "--yes"])
        #expect(result.status == 65 && result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains("damaged") && result.stderr.count < 300, "\(result)")
        #expect(!result.stderr.contains("\u{FFFD}") && !result.stderr.contains("***"), "\(result)")
        #expect(result.stderr.contains("more problems"), "\(result)")
    }
}
