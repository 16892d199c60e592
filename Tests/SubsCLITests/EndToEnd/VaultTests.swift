import Foundation
import Testing

// `subs vault` (PRODUCT.md §9): passwords sealed twice, the vault passphrase only from the
// terminal or a file, nothing secret in the database's readable form, exports or hooks.
// The vault's scrypt cost is lowered with SUBS_TESTING_FAST_VAULT_KDF (test-only) so the
// suite stays quick; `defaultCostIsStored` checks the real default is untouched.

/// A sandbox with one subscription and a login whose password is `VaultFixture.password`.
struct VaultFixture {
    static let password = "Tr0ub4dor&3-correct-horse"
    static let username = "bob@example.com"
    static let fast: [String: String?] = ["SUBS_TESTING_FAST_VAULT_KDF": "1"]

    let sandbox: Sandbox
    let id: String
    let passphraseFile: String
    let otherPassphraseFile: String

    init(withLogin: Bool = true) throws {
        sandbox = try Sandbox()
        id = try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7"], today: "2024-01-01")
        passphraseFile = sandbox.path("vault-passphrase")
        otherPassphraseFile = sandbox.path("other-passphrase")
        try sandbox.write("the vault passphrase\n", to: passphraseFile)
        try sandbox.write("a different passphrase\n", to: otherPassphraseFile)
        if withLogin {
            try run(["vault", "set", "Netflix", "--username", Self.username, "--url", "https://netflix.example",
                     "--password-stdin", "--vault-passphrase-file", passphraseFile],
                    input: Data((Self.password + "\n").utf8), expect: 0)
        }
    }

    @discardableResult
    func run(_ arguments: [String], environment: [String: String?] = [:], input: Data? = nil, expect status: Int32? = nil,
             sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
        let result = try sandbox.run(arguments, environment: Self.fast.merging(environment) { $1 }, input: input)
        if let status {
            #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
        }
        return result
    }

    /// The password `show --reveal` prints with the passphrase in `file`.
    func revealed(with file: String) throws -> ProcessResult {
        try run(["vault", "show", "Netflix", "--reveal", "--format", "json", "--vault-passphrase-file", file])
    }

    /// Runs SQL in the stock sqlcipher shell with the key file's raw key.
    func sqlcipher(_ sql: String) throws -> ProcessResult {
        let hex = try #require(sandbox.bytes(sandbox.keyPath).map { String(decoding: $0, as: UTF8.self) })
            .trimmingCharacters(in: .newlines)
        let script = "PRAGMA key = \"x'\(hex)'\";\nPRAGMA cipher_page_size = 4096;\n\(sql)\n"
        return try sandbox.runTool(try #require(Tools.sqlcipher), [sandbox.databasePath], input: Data(script.utf8))
    }
}

@Suite("subs vault: sealing")
struct VaultSealingTests {
    @Test("The password is in no readable form in the database, even with the raw key in the sqlcipher shell",
          .enabled(if: Tools.sqlcipher != nil, "the sqlcipher shell is not installed (make test-deps)"))
    func passwordNotReadableWithDatabaseKey() throws {
        let fixture = try VaultFixture()
        let dump = try fixture.sqlcipher(".dump")
        #expect(dump.status == 0, "\(dump)")
        #expect(dump.stdout.contains("CREATE TABLE logins"), "\(dump)")
        #expect(dump.stdout.contains(VaultFixture.username), "the username is not secret: \(dump)")
        #expect(!dump.stdout.contains(VaultFixture.password), "plain password in the dump")
        // Nor as hex or base64 of its bytes, in the dump or anywhere in the file.
        let bytes = Data(VaultFixture.password.utf8)
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        #expect(!dump.stdout.lowercased().contains(hex))
        #expect(!dump.stdout.contains(bytes.base64EncodedString().dropLast(4)))
        let file = try #require(fixture.sandbox.bytes(fixture.sandbox.databasePath))
        #expect(!file.contains(bytes: bytes))

        // The sealed value the database key gives is neither the password nor opens it.
        let sealed = try fixture.sqlcipher("SELECT sealed_password FROM logins;")
        let value = try #require(sealed.stdoutLines.last)
        let decoded = try #require(Data(base64Encoded: value), "sealed as base64: \(sealed)")
        #expect(decoded.count == 12 + bytes.count + 16, "nonce, ciphertext, tag")
        #expect(!decoded.contains(bytes: bytes))
    }

    @Test("The database key alone reveals nothing: show --reveal and copy need the vault passphrase")
    func databaseKeyAloneCannotReveal() throws {
        let fixture = try VaultFixture()
        let show = try fixture.run(["vault", "show", "Netflix"], expect: 0)
        #expect(!show.stdout.contains(VaultFixture.password))
        #expect(show.stdout.contains(VaultFixture.username))
        // No terminal and no passphrase file: refused, one line, exit 64.
        let reveal = try fixture.run(["vault", "show", "Netflix", "--reveal"], expect: 64)
        #expect(reveal.stderrLines.count == 1 && !reveal.stdout.contains(VaultFixture.password), "\(reveal)")
        // Not from the environment either: SUBS_PASSPHRASE is the database's, never the vault's.
        let fromEnvironment = try fixture.run(["vault", "show", "Netflix", "--reveal"],
                                              environment: ["SUBS_VAULT_PASSPHRASE": "the vault passphrase"], expect: 64)
        #expect(!fromEnvironment.stdout.contains(VaultFixture.password))
        let revealed = try fixture.revealed(with: fixture.passphraseFile)
        #expect(try revealed.jsonObject()["password"] as? String == VaultFixture.password, "\(revealed)")
    }

    @Test("A wrong vault passphrase: exit 77, one line, nothing revealed, nothing changed")
    func wrongPassphrase() throws {
        let fixture = try VaultFixture()
        let before = try #require(fixture.sandbox.bytes(fixture.sandbox.databasePath))
        for arguments in [
            ["vault", "show", "Netflix", "--reveal"],
            ["vault", "set", "Netflix", "--generate"],
            ["vault", "passwd", "--new-vault-passphrase-file", fixture.passphraseFile],
        ] {
            let result = try fixture.run(arguments + ["--vault-passphrase-file", fixture.otherPassphraseFile], expect: 77)
            #expect(result.stderrLines.count == 1 && result.stderr.contains("wrong vault passphrase"), "\(result)")
            #expect(!result.stdout.contains(VaultFixture.password) && !result.stderr.contains(VaultFixture.password))
        }
        #expect(fixture.sandbox.bytes(fixture.sandbox.databasePath) == before, "the database is unchanged")
        #expect(try fixture.revealed(with: fixture.passphraseFile).jsonObject()["password"] as? String == VaultFixture.password)
    }

    @Test("passwd re-seals every password: readable under the new passphrase only")
    func passwdReseals() throws {
        let fixture = try VaultFixture()
        try fixture.sandbox.add("Spotify", "9.99", today: "2024-01-01")
        try fixture.run(["vault", "set", "Spotify", "--password-stdin", "--vault-passphrase-file", fixture.passphraseFile],
                        input: Data("spotify-pw\n".utf8), expect: 0)
        let changed = try fixture.run(["vault", "passwd", "--vault-passphrase-file", fixture.passphraseFile,
                                       "--new-vault-passphrase-file", fixture.otherPassphraseFile], expect: 0)
        #expect(changed.stdout.contains("2 passwords"), "\(changed)")
        #expect(try fixture.revealed(with: fixture.otherPassphraseFile).jsonObject()["password"] as? String == VaultFixture.password)
        let spotify = try fixture.run(["vault", "show", "Spotify", "--reveal", "--format", "json",
                                       "--vault-passphrase-file", fixture.otherPassphraseFile], expect: 0)
        #expect(try spotify.jsonObject()["password"] as? String == "spotify-pw")
        let old = try fixture.revealed(with: fixture.passphraseFile)
        #expect(old.status == 77 && !old.stdout.contains(VaultFixture.password), "\(old)")
    }

    @Test("A sealed password moved to another subscription does not open: damage, exit 65",
          .enabled(if: Tools.sqlcipher != nil, "the sqlcipher shell is not installed (make test-deps)"))
    func movedPasswordIsDamage() throws {
        let fixture = try VaultFixture()
        let other = try fixture.sandbox.add("Spotify", "9.99", today: "2024-01-01")
        let moved = try fixture.sqlcipher(
            "INSERT INTO logins (subscription_id, sealed_password, updated_at) SELECT '\(other)', sealed_password, updated_at FROM logins;")
        #expect(moved.status == 0, "\(moved)")
        let result = try fixture.run(["vault", "show", "Spotify", "--reveal", "--vault-passphrase-file", fixture.passphraseFile])
        #expect(result.status == 65 && result.stderrLines.count == 1, "\(result)")
        #expect(!result.stdout.contains(VaultFixture.password))
    }

    @Test("A new vault gets the real default cost (scrypt N=2^16, r=8, p=1) without the test override",
          .enabled(if: Tools.sqlcipher != nil, "the sqlcipher shell is not installed (make test-deps)"))
    func defaultCostIsStored() throws {
        let fixture = try VaultFixture(withLogin: false)
        try fixture.run(["vault", "set", "Netflix", "--generate", "--vault-passphrase-file", fixture.passphraseFile],
                        environment: ["SUBS_TESTING_FAST_VAULT_KDF": nil], expect: 0)
        let row = try fixture.sqlcipher("SELECT kdf, log_n, r, p, length(salt) FROM vault;")
        #expect(row.stdoutLines.last == "scrypt|16|8|1|24", "\(row)")
    }
}
