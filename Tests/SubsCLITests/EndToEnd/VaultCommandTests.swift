import Crypto
import Foundation
import Testing

@Suite("subs vault: commands")
struct VaultCommandTests {
    @Test("Deleting a subscription deletes its login")
    func deleteRemovesLogin() throws {
        let fixture = try VaultFixture()
        #expect(try fixture.run(["show", "Netflix", "--format", "json"], expect: 0).jsonObject()["has_login"] as? Bool == true)
        #expect(try fixture.run(["show", "Netflix"], expect: 0).stdout.contains("Login"))
        try fixture.run(["delete", "Netflix", "--yes"], expect: 0)
        try fixture.sandbox.add("Netflix", "15.49", today: "2024-01-01")
        #expect(try fixture.run(["vault", "list", "--format", "json"], expect: 0).jsonArray().isEmpty)
        #expect(try fixture.run(["show", "Netflix", "--format", "json"], expect: 0).jsonObject()["has_login"] as? Bool == false)
        if Tools.sqlcipher != nil {
            #expect(try fixture.sqlcipher("SELECT count(*) FROM logins;").stdoutLines.last == "0")
        }
    }

    @Test("No export format carries the password (nor the login)")
    func exportsCarryNoPassword() throws {
        let fixture = try VaultFixture()
        for format in ["json", "csv", "ics"] {
            let export = try fixture.run(["export", "--format", format, "--today", "2024-01-15"], expect: 0)
            #expect(!export.stdout.contains(VaultFixture.password), "\(format)")
            #expect(!export.stdout.contains(VaultFixture.username), "\(format)")
        }
    }

    @Test("remind --exec: the hook's standard input and environment carry no login")
    func hookSeesNoLogin() throws {
        let fixture = try VaultFixture()
        let (directory, environment) = try RemindHooks.directory(fixture.sandbox)
        let command = #"cat > "$DIR/stdin"; env > "$DIR/env""#
        try fixture.run(["remind", "--today", "2024-01-24", "--exec", command], environment: environment, expect: 0)
        #expect(RemindHooks.files(directory) == ["env", "stdin"])
        for file in ["env", "stdin"] {
            let text = String(decoding: try #require(fixture.sandbox.bytes(directory + "/" + file)), as: UTF8.self)
            #expect(!text.contains(VaultFixture.password), "\(file)")
            #expect(!text.contains(VaultFixture.username), "\(file)")
            #expect(!text.contains("the vault passphrase"), "\(file)")
        }
    }

    /// A directory on PATH with a fake `xclip` that keeps the clipboard in a file.
    private func fakeXclip(_ sandbox: Sandbox) throws -> (clipboard: String, environment: [String: String?]) {
        let bin = sandbox.path("bin")
        let clipboard = sandbox.path("clipboard")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: false)
        try sandbox.write("""
            #!/bin/sh
            for argument in "$@"; do [ "$argument" = -o ] && exec cat "\(clipboard)"; done
            echo "$@" >> "\(clipboard).args"
            cat > "\(clipboard)"

            """, to: bin + "/xclip", mode: 0o700)
        return (clipboard, ["PATH": bin + ":/usr/bin:/bin"])
    }

    @Test("copy feeds the password to xclip on standard input, never as an argument")
    func copyUsesXclip() throws {
        let fixture = try VaultFixture()
        let (clipboard, environment) = try fakeXclip(fixture.sandbox)
        let result = try fixture.run(["vault", "copy", "Netflix", "--vault-passphrase-file", fixture.passphraseFile],
                                     environment: environment, expect: 0)
        #expect(result.stdout.contains("45 seconds"), "\(result)")
        #expect(fixture.sandbox.bytes(clipboard) == Data(VaultFixture.password.utf8))
        let arguments = String(decoding: fixture.sandbox.bytes(clipboard + ".args") ?? Data(), as: UTF8.self)
        #expect(arguments.hasPrefix("-selection clipboard") && !arguments.contains(VaultFixture.password))

        try fixture.run(["vault", "copy", "Netflix", "--username"], environment: environment, expect: 0)
        #expect(fixture.sandbox.bytes(clipboard) == Data(VaultFixture.username.utf8))
    }

    @Test("The clearing step empties the clipboard only if it still holds what was copied")
    func clearingStep() throws {
        let fixture = try VaultFixture()
        let (clipboard, environment) = try fakeXclip(fixture.sandbox)
        let digest = Data(SHA256.hash(data: Data("copied".utf8)))
        try fixture.sandbox.write("copied", to: clipboard)
        try fixture.run(["vault", "clear-clipboard", "--tool", "xclip", "--after", "0"], environment: environment,
                        input: digest, expect: 0)
        #expect(fixture.sandbox.bytes(clipboard) == Data())

        try fixture.sandbox.write("the user copied something else", to: clipboard)
        try fixture.run(["vault", "clear-clipboard", "--tool", "xclip", "--after", "0"], environment: environment,
                        input: digest, expect: 0)
        #expect(fixture.sandbox.bytes(clipboard) == Data("the user copied something else".utf8))
    }

    @Test("copy with no clipboard tool: one line naming the tools, exit 1; nothing to copy: exit 66")
    func copyRefusals() throws {
        let fixture = try VaultFixture()
        let empty = fixture.sandbox.path("empty-bin")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        let none = try fixture.run(["vault", "copy", "Netflix", "--vault-passphrase-file", fixture.passphraseFile],
                                   environment: ["PATH": empty], expect: 1)
        #expect(none.stderrLines.count == 1, "\(none)")
        for tool in ["wl-copy", "xclip", "xsel", "pbcopy"] { #expect(none.stderr.contains(tool)) }

        try fixture.sandbox.add("Spotify", "9.99", today: "2024-01-01")
        let (_, environment) = try fakeXclip(fixture.sandbox)
        for arguments in [["vault", "copy", "Spotify"], ["vault", "show", "Spotify", "--reveal"], ["vault", "show", "Spotify"]] {
            let result = try fixture.run(arguments + ["--vault-passphrase-file", fixture.passphraseFile],
                                         environment: environment, expect: 66)
            #expect(result.stderrLines.count == 1, "\(result)")
        }
        try fixture.run(["vault", "rm", "Netflix"], expect: 0)
        try fixture.run(["vault", "rm", "Netflix"], expect: 66)
    }

    @Test("From a script: set without --password-stdin or --generate, or without a passphrase file, exits 64")
    func scriptsNeedStdinAndFiles() throws {
        let fixture = try VaultFixture(withLogin: false)
        let prompt = try fixture.run(["vault", "set", "Netflix", "--vault-passphrase-file", fixture.passphraseFile], expect: 64)
        #expect(prompt.stderrLines.count == 1 && prompt.stderr.contains("--password-stdin"), "\(prompt)")
        let passphrase = try fixture.run(["vault", "set", "Netflix", "--generate"], expect: 64)
        #expect(passphrase.stderrLines.count == 1 && passphrase.stderr.contains("--vault-passphrase-file"), "\(passphrase)")
        try fixture.run(["vault", "set", "Netflix", "--generate", "4", "--vault-passphrase-file", fixture.passphraseFile], expect: 64)
        try fixture.run(["vault", "set", "Netflix", "12"], expect: 64)
        #expect(try fixture.run(["vault", "list", "--format", "json"], expect: 0).jsonArray().isEmpty, "nothing created")
    }

    @Test("--generate makes a password of the length asked from the documented alphabet")
    func generate() throws {
        let fixture = try VaultFixture(withLogin: false)
        try fixture.run(["vault", "set", "Netflix", "--generate", "32", "--vault-passphrase-file", fixture.passphraseFile], expect: 0)
        let password = try #require(try fixture.revealed(with: fixture.passphraseFile).jsonObject()["password"] as? String)
        let alphabet = Set("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789-_.!@#%+")
        #expect(password.count == 32 && password.allSatisfy(alphabet.contains), "\(password)")
        // Only the username changes: no passphrase needed, the password stays.
        try fixture.run(["vault", "set", "Netflix", "--username", "carol"], expect: 0)
        let after = try fixture.revealed(with: fixture.passphraseFile).jsonObject()
        #expect(after["password"] as? String == password && after["username"] as? String == "carol")
    }

    /// QA finding: the username and URL were stored with escape sequences and without a limit.
    @Test("A username or URL with control characters, or too long, is refused with one line and stores nothing")
    func usernameAndURLAreCheckedAsText() throws {
        let fixture = try VaultFixture(withLogin: true)
        let before = try fixture.run(["vault", "list", "--format", "json"], expect: 0).stdout
        for arguments in [["--username", "x\u{1B}[2J"], ["--username", "a\nb"], ["--url", String(repeating: "u", count: 2_001)]] {
            let result = try fixture.run(["vault", "set", "Netflix"] + arguments, expect: 64)
            #expect(result.stderrLines.count == 1, "\(result)")
        }
        #expect(try fixture.run(["vault", "list", "--format", "json"], expect: 0).stdout == before)
    }
}
