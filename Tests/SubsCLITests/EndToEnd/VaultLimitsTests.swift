import Foundation
import Testing

// The vault against hostile input (issue 21): a tampered vault row is damage (65), never a
// crash; a password on standard input is capped as at the prompt; a revealed password is
// printed exactly as before, from memory that is wiped.

@Suite("subs vault: limits")
struct VaultLimitsTests {
    @Test("A tampered vault row (huge r, N or p, short or long salt, odd check value) is damage, 65, one line",
          .enabled(if: Tools.sqlcipher != nil, "the sqlcipher shell is not installed (make test-deps)"),
          arguments: [
              "r = 4611686018427387904", "r = 0", "r = -1", "log_n = 63", "log_n = 64", "log_n = -5", "log_n = 40", "log_n = 22",
              "p = 0", "p = 9223372036854775807", "r = 1024, log_n = 22", "salt = 'AAAA'",
              "salt = '\(String(repeating: "A", count: 4000))'", "check_value = 'AAAA'",
              "check_value = '\(String(repeating: "QUFB", count: 4000))'", "log_n = 'x'",
          ])
    func tamperedVaultRow(_ change: String) throws {
        let fixture = try VaultFixture()
        // A hostile file need not keep the schema's CHECK constraints.
        let tampered = try fixture.sqlcipher("PRAGMA ignore_check_constraints = ON; UPDATE vault SET \(change);")
        #expect(tampered.status == 0, "\(tampered)")
        for arguments in [
            ["vault", "show", "Netflix", "--reveal"],
            ["vault", "set", "Netflix", "--generate"],
            ["vault", "passwd", "--new-vault-passphrase-file", fixture.otherPassphraseFile],
        ] {
            let result = try fixture.run(arguments + ["--vault-passphrase-file", fixture.passphraseFile])
            #expect(result.status == 65, "\(change): \(arguments): \(result)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains("vault is damaged"), "\(result)")
            #expect(!result.stdout.contains(VaultFixture.password))
        }
    }

    @Test("A tampered sealed password (short, empty, huge) is damage, 65",
          .enabled(if: Tools.sqlcipher != nil, "the sqlcipher shell is not installed (make test-deps)"),
          arguments: ["''", "'AAAA'", "'\(String(repeating: "QUFB", count: 4000))'"])
    func tamperedSealedPassword(_ value: String) throws {
        let fixture = try VaultFixture()
        let tampered = try fixture.sqlcipher("UPDATE logins SET sealed_password = \(value);")
        #expect(tampered.status == 0, "\(tampered)")
        let result = try fixture.revealed(with: fixture.passphraseFile)
        #expect(result.status == 65 && result.stderrLines.count == 1, "\(result)")
    }

    @Test("--password-stdin takes 4,096 bytes as the prompt does; a longer line is refused (64), however much follows")
    func passwordFromStandardInputIsCapped() throws {
        let fixture = try VaultFixture()
        let longest = String(repeating: "p", count: 4096)
        try fixture.run(["vault", "set", "Netflix", "--password-stdin", "--vault-passphrase-file", fixture.passphraseFile],
                        input: Data((longest + "\r\n").utf8), expect: 0)
        #expect(try fixture.revealed(with: fixture.passphraseFile).jsonObject()["password"] as? String == longest)

        for input in [
            Data((longest + "q\n").utf8),
            Data((longest + "qq").utf8),
            // 64 MiB without a newline: refused after the first 4 KiB, not read whole.
            Data(repeating: UInt8(ascii: "a"), count: 64 << 20),
        ] {
            let result = try fixture.run(
                ["vault", "set", "Netflix", "--password-stdin", "--vault-passphrase-file", fixture.passphraseFile],
                input: input, expect: 64)
            #expect(result.stderrLines == ["subs: --password-stdin: the password is too long (4096 bytes at most)"],
                    "\(result)")
        }
        #expect(try fixture.revealed(with: fixture.passphraseFile).jsonObject()["password"] as? String == longest,
                "the stored password is unchanged")
    }

    @Test("A revealed password is printed as before: JSON escaped, the table made safe for the terminal",
          arguments: [
              "plain-Password_1", "quote\" backslash\\ tab\t", "ctrl\u{1}\u{1B}[31m del\u{7F} c1\u{85}",
              "ünïcödé ₺ 🔑", "rtl\u{202E}mark",
          ])
    func revealedAsBefore(_ password: String) throws {
        let fixture = try VaultFixture()
        try fixture.run(["vault", "set", "Netflix", "--password-stdin", "--vault-passphrase-file", fixture.passphraseFile],
                        input: Data((password + "\n").utf8), expect: 0)
        let json = try fixture.revealed(with: fixture.passphraseFile)
        #expect(json.status == 0, "\(json)")
        #expect(try json.jsonObject()["password"] as? String == password, "\(json)")
        #expect(try json.jsonObject()["username"] as? String == VaultFixture.username)
        #expect(!json.stdout.contains("\u{1B}") && !json.stdout.contains("\u{7F}"), "controls escaped: \(json.stdout)")

        let table = try fixture.run(["vault", "show", "Netflix", "--reveal", "--vault-passphrase-file", fixture.passphraseFile],
                                    expect: 0)
        let line = try #require(table.stdoutLines.first { $0.contains("Password") }, "\(table)")
        let shown = String(password.unicodeScalars.map {
            $0.properties.generalCategory == .control || $0.properties.generalCategory == .format ? "\u{FFFD}" : Character($0)
        })
        #expect(line.hasSuffix("  " + shown), "\(line)")
        #expect(table.stdout.hasPrefix("Netflix\n") && table.stdout.contains(VaultFixture.username), "\(table)")
    }

    @Test("A password that is not UTF-8 is shown with U+FFFD for each bad byte, as before")
    func revealedNotUTF8() throws {
        let fixture = try VaultFixture()
        try fixture.run(["vault", "set", "Netflix", "--password-stdin", "--vault-passphrase-file", fixture.passphraseFile],
                        input: Data([0x61, 0xFF, 0x62, 0xC3, 0x0A]), expect: 0)
        let json = try fixture.revealed(with: fixture.passphraseFile)
        #expect(try json.jsonObject()["password"] as? String == "a\u{FFFD}b\u{FFFD}", "\(json)")
    }

    @Test("The test-only fast scrypt variable is read in debug builds only: the installed binary ignores it")
    func fastKDFIsDebugOnly() throws {
        let sources = LocalizedRepository.root.appendingPathComponent("Sources")
        var readers: [String] = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            var debugDepth = 0
            var ifDepth = 0
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("#if") {
                    ifDepth += 1
                    if code == "#if DEBUG" { debugDepth = ifDepth }
                } else if code.hasPrefix("#endif") {
                    if debugDepth == ifDepth { debugDepth = 0 }
                    ifDepth -= 1
                } else if code.hasPrefix("#else") || code.hasPrefix("#elseif") {
                    if debugDepth == ifDepth { debugDepth = 0 }
                }
                if line.contains("\"SUBS_TESTING_FAST_VAULT_KDF\"") {
                    readers.append(file)
                    #expect(debugDepth > 0, "\(file) reads SUBS_TESTING_FAST_VAULT_KDF outside #if DEBUG: \(line)")
                }
            }
        }
        #expect(!readers.isEmpty, "the variable is read somewhere")
    }
}
