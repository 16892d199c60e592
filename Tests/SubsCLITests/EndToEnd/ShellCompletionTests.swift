import Foundation
import Testing

/// PRODUCT.md §11: completion offers subscription names after commands that take a reference,
/// category names after --category, currency codes after --currency. The scripts that
/// `subs --generate-completion-script` writes call back into `subs ---completion`, which reads
/// the database without creating, writing or asking for anything.
@Suite("Shell completion")
struct ShellCompletionTests {
    static let bash = Tools.find("bash")

    /// What `subs` offers for the word `words[index]` of the command line `words` ("subs" first),
    /// completing `argument` (`positional@0`, `--category`) of the command `command`.
    static func complete(
        _ sandbox: Sandbox, _ command: [String], _ argument: String, _ words: [String],
        environment: [String: String?] = [:]
    ) throws -> ProcessResult {
        let index = words.count - 1
        let result = try sandbox.run(
            ["---completion"] + command + ["--", argument, String(index), String(words[index].count)] + words,
            environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "", "completion must never print an error: \(result)")
        return result
    }

    /// The candidates, one a line, without the empty line that ends an empty answer.
    static func candidates(_ result: ProcessResult) -> [String] {
        result.stdoutLines.filter { !$0.isEmpty }
    }

    static func sandboxWithSubscriptions() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--category", "Streaming"])
        try sandbox.add("Amazon Prime", "8.99", ["--currency", "EUR"])
        try sandbox.succeed(["category", "add", "Cloud Stuff"])
        return sandbox
    }

    @Test("Every argument that takes a reference offers the subscription names")
    func referencesOfferNames() throws {
        let sandbox = try Self.sandboxWithSubscriptions()
        let commands: [[String]] = [
            ["show"], ["edit"], ["delete"], ["cancel"], ["pause"], ["resume"], ["paid"], ["skip"], ["log"],
            ["vault", "set"],
        ]
        for command in commands {
            let result = try Self.complete(sandbox, command, "positional@0", ["subs"] + command + [""])
            #expect(Self.candidates(result) == ["Amazon Prime", "Netflix"], "subs \(command.joined(separator: " ")): \(result)")
        }
    }

    @Test("vault show, copy and rm offer only the subscriptions with a login; vault set offers them all")
    func vaultOffersLogins() throws {
        let sandbox = try Self.sandboxWithSubscriptions()
        for command in [["vault", "show"], ["vault", "rm"], ["vault", "copy"]] {
            let result = try Self.complete(sandbox, command, "positional@0", ["subs"] + command + [""])
            #expect(Self.candidates(result) == [], "no login yet: \(command): \(result)")
        }
        let passphrase = sandbox.path("vault-passphrase")
        try sandbox.write("the vault passphrase\n", to: passphrase)
        try sandbox.succeed(["vault", "set", "Netflix", "--username", "bob", "--password-stdin", "--vault-passphrase-file", passphrase],
                            environment: ["SUBS_TESTING_FAST_VAULT_KDF": "1"], input: Data("secret\n".utf8))
        for command in [["vault", "show"], ["vault", "rm"], ["vault", "copy"]] {
            let result = try Self.complete(sandbox, command, "positional@0", ["subs"] + command + [""])
            #expect(Self.candidates(result) == ["Netflix"], "\(command): \(result)")
        }
        let set = try Self.complete(sandbox, ["vault", "set"], "positional@0", ["subs", "vault", "set", ""])
        #expect(Self.candidates(set) == ["Amazon Prime", "Netflix"], "\(set)")
    }

    @Test("Names are offered whatever the case typed, as references find them")
    func namesIgnoreCase() throws {
        let sandbox = try Self.sandboxWithSubscriptions()
        try sandbox.add("Şahin Gıda", "100", ["--currency", "TRY"])
        func offered(_ typed: String) throws -> [String] {
            Self.candidates(try Self.complete(sandbox, ["show"], "positional@0", ["subs", "show", typed]))
        }
        #expect(try offered("ne") == ["Netflix"])
        #expect(try offered("AMAZON") == ["Amazon Prime"])
        #expect(try offered("şah") == ["Şahin Gıda"])
        #expect(try offered("SAHIN") == [])
        #expect(try offered("ŞAHİN G") == ["Şahin Gıda"])
        #expect(try offered("x") == [])
        let categories = Self.candidates(try Self.complete(sandbox, ["list"], "--category", ["subs", "list", "--category", "str"]))
        #expect(categories == ["Streaming"])
    }

    @Test("--category and the category commands offer the category names")
    func categoriesOfferNames() throws {
        let sandbox = try Self.sandboxWithSubscriptions()
        let cases: [([String], String, [String])] = [
            (["add"], "--category", ["subs", "add", "Hulu", "7.99", "--category", ""]),
            (["list"], "--category", ["subs", "list", "--category", ""]),
            (["edit"], "--category", ["subs", "edit", "Netflix", "--category", ""]),
            (["category", "rename"], "positional@0", ["subs", "category", "rename", ""]),
            (["category", "delete"], "positional@0", ["subs", "category", "delete", ""]),
        ]
        for (command, argument, words) in cases {
            let offered = Self.candidates(try Self.complete(sandbox, command, argument, words))
            #expect(offered.contains("Streaming") && offered.contains("Cloud Stuff"), "\(words): \(offered)")
            #expect(!offered.contains("Netflix"), "\(words): \(offered)")
        }
        let edit = Self.candidates(try Self.complete(sandbox, ["edit"], "--category", cases[2].2))
        #expect(edit.last == "none", "edit --category also takes none: \(edit)")
    }

    @Test("--currency offers the currencies in use, and every code once a letter is typed, in its case")
    func currenciesInUseThenAll() throws {
        let sandbox = try Self.sandboxWithSubscriptions()
        let words = ["subs", "add", "Hulu", "7.99", "--currency"]
        #expect(Self.candidates(try Self.complete(sandbox, ["add"], "--currency", words + [""])) == ["EUR", "USD"])
        let upper = Self.candidates(try Self.complete(sandbox, ["add"], "--currency", words + ["J"]))
        #expect(upper.contains("JPY") && upper.allSatisfy { $0.hasPrefix("J") } && upper.count >= 3, "\(upper)")
        #expect(Self.candidates(try Self.complete(sandbox, ["add"], "--currency", words + ["G"])).contains("GBP"))
        let lower = Self.candidates(try Self.complete(sandbox, ["summary"], "--currency", ["subs", "summary", "--currency", "j"]))
        #expect(lower.contains("jpy") && !lower.contains("JPY"), "\(lower)")
    }

    @Test("Without a database completion offers no names but the default categories, prints nothing and creates nothing")
    func noDatabaseNoFiles() throws {
        let sandbox = try Sandbox()
        #expect(Self.candidates(try Self.complete(sandbox, ["show"], "positional@0", ["subs", "show", ""])) == [])
        // The first command creates them: the first `add --category` can use one.
        let categories = Self.candidates(try Self.complete(sandbox, ["add"], "--category", ["subs", "add", "x", "1", "--category", ""]))
        #expect(categories.first == "Cloud" && categories.contains("Streaming") && categories.count == 9, "\(categories)")
        // Currencies are not the user's data: with none in use, every code is offered.
        let codes = Self.candidates(try Self.complete(sandbox, ["add"], "--currency", ["subs", "add", "x", "1", "--currency", ""]))
        #expect(codes.contains("USD") && codes.contains("TRY"), "\(codes)")
        let named = sandbox.path("elsewhere.db")
        #expect(Self.candidates(try Self.complete(
            sandbox, ["show"], "positional@0", ["subs", "show", "--db", named, ""])) == [])
        #expect(Self.candidates(try Self.complete(
            sandbox, ["show"], "positional@0", ["subs", "show", ""], environment: ["SUBS_DB": named])) == [])
        #expect(sandbox.homeEntries() == [], "completion created files: \(sandbox.homeEntries())")
        #expect(!FileManager.default.fileExists(atPath: named))
    }

    @Test("A database under a passphrase offers nothing without SUBS_PASSPHRASE, and asks for nothing")
    func passphraseDatabase() throws {
        let sandbox = try Sandbox()
        let passphrase: [String: String?] = ["SUBS_PASSPHRASE": "correct horse battery staple"]
        try sandbox.add("Netflix", "15.49", environment: passphrase)
        let before = sandbox.homeEntries()
        #expect(Self.candidates(try Self.complete(sandbox, ["show"], "positional@0", ["subs", "show", ""])) == [])
        #expect(sandbox.homeEntries() == before, "no key file may be created: \(sandbox.homeEntries())")
        #expect(Self.candidates(try Self.complete(
            sandbox, ["show"], "positional@0", ["subs", "show", ""], environment: passphrase)) == ["Netflix"])
        let wrong: [String: String?] = ["SUBS_PASSPHRASE": "wrong"]
        #expect(Self.candidates(try Self.complete(sandbox, ["show"], "positional@0", ["subs", "show", ""], environment: wrong)) == [])
    }

    @Test("The database named by --db earlier on the line, or SUBS_DB, is the one read")
    func typedDatabase() throws {
        let sandbox = try Sandbox()
        let other = sandbox.path("other.db")
        try sandbox.add("Hulu", "7.99", ["--db", other])
        try sandbox.add("Netflix", "15.49")
        let show: (([String], [String: String?]) throws -> [String]) = { words, environment in
            Self.candidates(try Self.complete(sandbox, ["show"], "positional@0", words, environment: environment))
        }
        #expect(try show(["subs", "show", ""], [:]) == ["Netflix"])
        #expect(try show(["subs", "show", "--db", other, ""], [:]) == ["Hulu"])
        #expect(try show(["subs", "show", "--db=\(other)", ""], [:]) == ["Hulu"])
        #expect(try show(["subs", "show", "--db", "'\(other)'", ""], [:]) == ["Hulu"], "the word as typed, in quotes")
        #expect(try show(["subs", "show", ""], ["SUBS_DB": other]) == ["Hulu"])
    }

    @Test("Candidates come quoted for bash's compgen and with colons escaped for zsh's _describe")
    func shellQuoting() throws {
        let sandbox = try Sandbox()
        try sandbox.add("it's: $(true)", "1")
        let words = ["subs", "show", ""]
        #expect(Self.candidates(try Self.complete(sandbox, ["show"], "positional@0", words, environment: ["SAP_SHELL": "bash"]))
            == [#"'it'\''s: $(true)'"#])
        #expect(Self.candidates(try Self.complete(sandbox, ["show"], "positional@0", words, environment: ["SAP_SHELL": "zsh"]))
            == [#"it's\: $(true)"#, " "])
        #expect(Self.candidates(try Self.complete(sandbox, ["show"], "positional@0", words, environment: ["SAP_SHELL": "fish"]))
            == ["it's: $(true)"])
    }

    // MARK: - The bash script itself

    /// Sources the generated bash script, completes the last of `words` as bash would on Tab
    /// (COMP_WORDS, COMP_CWORD, COMP_LINE, COMP_POINT), and returns COMPREPLY.
    static func bashComplete(_ sandbox: Sandbox, script: String, _ words: [String]) throws -> [String] {
        let bash = try #require(Self.bash)
        let program = #"""
            source "$1"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            _subs "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\n' "${COMPREPLY[@]}"
            """#
        let directory = try SubsBinary.url().deletingLastPathComponent().path
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let result = try sandbox.runTool(
            bash, ["-c", program, "bash", script] + words, environment: ["PATH": directory + ":" + path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "", "\(result)")
        return result.stdoutLines.filter { !$0.isEmpty }
    }

    @Test("bash: the generated script completes names, with spaces, and runs nothing in them",
          .enabled(if: bash != nil, "bash is not installed"))
    func bashScript() throws {
        let sandbox = try Self.sandboxWithSubscriptions()
        let marker = sandbox.path("ran")
        try sandbox.add("Evil $(touch \(marker))", "1")
        let script = sandbox.path("subs.bash")
        let generated = try sandbox.succeed(["--generate-completion-script", "bash"], environment: ["SUBS_LANG": "en"])
        try sandbox.write(generated.stdout, to: script)

        #expect(try Self.bashComplete(sandbox, script: script, ["subs", "show", "Ne"]) == ["Netflix"])
        #expect(try Self.bashComplete(sandbox, script: script, ["subs", "show", "Am"]) == ["Amazon Prime"])
        // After Tab has put in `Amazon\ `, the word reaches the script as typed.
        #expect(try Self.bashComplete(sandbox, script: script, ["subs", "show", #"Amazon\ P"#]) == ["Amazon Prime"])
        #expect(try Self.bashComplete(sandbox, script: script, ["subs", "pause", "--on", "today", "Net"]) == ["Netflix"])
        #expect(try Self.bashComplete(sandbox, script: script, ["subs", "show", "Ev"]) == ["Evil $(touch \(marker))"])
        #expect(!FileManager.default.fileExists(atPath: marker), "completing a name ran the command in it")
        #expect(try Self.bashComplete(sandbox, script: script, ["subs", "add", "Hulu", "1", "--category", "Str"]) == ["Streaming"])
        #expect(try Self.bashComplete(sandbox, script: script, ["subs", "add", "Hulu", "1", "--currency", ""]) == ["EUR", "USD"])
        #expect(try Self.bashComplete(sandbox, script: script, ["subs", "sh"]) == ["show"])
        // Whatever the case typed (issue 22): `subs show ne` finds Netflix, so Tab does too.
        #expect(try Self.bashComplete(sandbox, script: script, ["subs", "show", "ne"]) == ["Netflix"])
        #expect(try Self.bashComplete(sandbox, script: script, ["subs", "show", "amazon\\ p"]) == ["Amazon Prime"])
        #expect(try Self.bashComplete(sandbox, script: script, ["subs", "list", "--category", "str"]) == ["Streaming"])
        #expect(try Self.bashComplete(sandbox, script: script, ["subs", "show", "zz"]) == [])
    }

    @Test("bash: file options complete files",
          .enabled(if: bash != nil, "bash is not installed"))
    func bashFiles() throws {
        let sandbox = try Sandbox()
        let script = sandbox.path("subs.bash")
        try sandbox.write(try sandbox.succeed(["--generate-completion-script", "bash"]).stdout, to: script)
        try sandbox.write("{}", to: sandbox.home.path + "/backup-2026.json")
        // bash runs in the sandbox's home.
        for words in [["subs", "import", "back"], ["subs", "export", "--format", "json", "--output", "back"],
                      ["subs", "list", "--db", "back"], ["subs", "restore", "back"]] {
            #expect(try Self.bashComplete(sandbox, script: script, words) == ["backup-2026.json"], "\(words)")
        }
    }
}
