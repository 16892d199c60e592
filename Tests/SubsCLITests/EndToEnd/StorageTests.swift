import Foundation
import Testing

/// PRODUCT.md §2: where the files are, who may read them, and that they are really encrypted.
@Suite("Files, keys and encryption")
struct StorageTests {
    @Test("The first add creates a private key file and a private database, with no set-up")
    func firstAddCreatesPrivateKeyAndDatabase() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--every", "month", "--start", "2024-01-31"])

        let key = try #require(sandbox.bytes(sandbox.keyPath), "no key file at \(sandbox.keyPath)")
        let keyText = String(decoding: key, as: UTF8.self)
        #expect(keyText.count == 65)
        #expect(keyText.hasSuffix("\n"))
        #expect(keyText.dropLast().allSatisfy { "0123456789abcdef".contains($0) },
                "the key is 64 lowercase hex digits: \(keyText.debugDescription)")

        #expect(sandbox.mode(sandbox.keyPath) == 0o600)
        #expect(sandbox.mode(sandbox.databasePath) == 0o600)
        for directory in [".config/subs", ".local/share/subs"] {
            #expect(sandbox.mode(sandbox.home.path + "/" + directory) == 0o700, "mode of ~/\(directory)")
        }

        let list = try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"])
        let items = try list.jsonArray()
        #expect(items.count == 1)
        #expect(items.first?["name"] as? String == "Netflix")
    }

    @Test("Nothing the user typed can be read from the database file")
    func databaseBytesDoNotContainUserData() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Zebraflix", "15.49", [
            "--notes", "Plaintextnotes", "--url", "https://zebraflix.example", "--payment-method", "Visa 4242",
        ])
        let database = try #require(sandbox.bytes(sandbox.databasePath))
        #expect(!database.isEmpty)
        for secret in ["Zebraflix", "Plaintextnotes", "zebraflix.example", "Visa 4242", "SQLite format 3", "subscriptions"] {
            #expect(!database.contains(bytes: Data(secret.utf8)), "the database file shows \(secret.debugDescription)")
        }
    }

    @Test("Reading commands on a new machine create no files")
    func readsBeforeAnyAddCreateNothing() throws {
        let sandbox = try Sandbox()
        let list = try sandbox.succeed(["list", "--today", "2024-06-15"])
        #expect(list.stdout == "No subscriptions.\n")
        let json = try sandbox.succeed(["list", "--format", "json", "--today", "2024-06-15"])
        #expect(json.stdout == "[]\n")
        try sandbox.succeed(["upcoming", "--format", "json", "--today", "2024-06-15"])
        let show = try sandbox.run(["show", "Netflix", "--today", "2024-06-15"])
        #expect(show.status == 66, "\(show)")
        #expect(sandbox.homeEntries() == [], "files appeared: \(sandbox.homeEntries())")
    }

    @Test("The stock sqlcipher shell opens the database with the key file's raw key",
          .enabled(if: Tools.sqlcipher != nil, "the sqlcipher shell is not installed (make test-deps)"))
    func sqlcipherShellOpensKeyFileDatabase() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31"])
        let hex = try #require(sandbox.bytes(sandbox.keyPath).map { String(decoding: $0, as: UTF8.self) })
            .trimmingCharacters(in: .newlines)
        let script = """
            PRAGMA key = "x'\(hex)'";
            PRAGMA cipher_page_size = 4096;
            SELECT name FROM subscriptions;

            """
        let shell = try sandbox.runTool(try #require(Tools.sqlcipher), [sandbox.databasePath], input: Data(script.utf8))
        #expect(shell.status == 0, "\(shell)")
        #expect(shell.stdoutLines.contains("Netflix"), "\(shell)")
    }

    @Test("A passphrase database opens in the sqlcipher shell with the documented kdf_iter",
          .enabled(if: Tools.sqlcipher != nil, "the sqlcipher shell is not installed (make test-deps)"))
    func sqlcipherShellOpensPassphraseDatabase() throws {
        let sandbox = try Sandbox()
        let passphrase = ["SUBS_PASSPHRASE": "correct horse battery"]
        try sandbox.add("Spotify", "9.99", environment: passphrase)
        #expect(sandbox.bytes(sandbox.keyPath) == nil, "a passphrase database needs no key file")
        #expect(sandbox.mode(sandbox.databasePath) == 0o600)

        let script = """
            PRAGMA key = 'correct horse battery';
            PRAGMA cipher_page_size = 4096;
            PRAGMA kdf_iter = 256000;
            SELECT name FROM subscriptions;

            """
        let shell = try sandbox.runTool(try #require(Tools.sqlcipher), [sandbox.databasePath], input: Data(script.utf8))
        #expect(shell.status == 0, "\(shell)")
        #expect(shell.stdoutLines.contains("Spotify"), "\(shell)")
    }

    @Test("The locations follow XDG_DATA_HOME, XDG_CONFIG_HOME and SUBS_DB")
    func locationsFollowEnvironment() throws {
        let sandbox = try Sandbox()
        let data = sandbox.home.path + "/data"
        let config = sandbox.home.path + "/conf"
        try sandbox.add("Netflix", "15.49", environment: ["XDG_DATA_HOME": data, "XDG_CONFIG_HOME": config])
        #expect(sandbox.bytes(data + "/subs/subs.db") != nil)
        #expect(sandbox.bytes(config + "/subs/key") != nil)

        let other = sandbox.home.path + "/elsewhere/my.db"
        try sandbox.add("Hulu", "7.99", environment: ["SUBS_DB": other, "XDG_CONFIG_HOME": config])
        let list = try sandbox.succeed(["list", "--format", "json", "--db", other, "--today", "2024-06-15"],
                                       environment: ["XDG_CONFIG_HOME": config])
        #expect(try list.jsonArray().map { $0["name"] as? String } == ["Hulu"])
    }
}
