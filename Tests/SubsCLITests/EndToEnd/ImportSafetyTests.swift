import Foundation
import Testing
import FuzzSupport

/// What an imported file may not do through `subs import`, and how bad input is refused
/// (issue 21, items 2, 11, 16, 17): one line, 65, nothing written.
@Suite("Import safety")
struct ImportSafetyCLITests {
    static let today = ["--today", "2024-06-15"]

    /// An export document from a database with one subscription, and `settings` put in it.
    static func document(_ sandbox: Sandbox, settings: String) throws -> String {
        let source = try Sandbox()
        try source.add("Netflix", "15.49")
        try source.succeed(["config", "set", "budget", "100"])
        let text = try source.succeed(["export", "--format", "json"] + today).stdout
        return text.replacingOccurrences(of: #""settings": {"#, with: #""settings": {"# + settings + ",")
    }

    @Test("A document's remind-exec is left out and said, with the command to set it, and never run")
    func remindExecLeftOut() throws {
        let sandbox = try Sandbox()
        let marker = sandbox.path("ran")
        let text = try Self.document(sandbox, settings: #""remind-exec": "touch \#(marker)", "remind-webhook": "https://evil.example/x""#)
        let file = sandbox.path("export.json")
        try sandbox.write(text, to: file)

        let dry = try sandbox.succeed(["import", file, "--dry-run"] + Self.today)
        #expect(dry.stdout.contains("would leave out config remind-exec: an import never sets a command or address subs runs or calls; "
            + "to use the file's, read it and run: subs config set remind-exec VALUE"), "\(dry)")
        #expect(dry.stdout.contains("would leave out config remind-webhook:"), "\(dry)")
        #expect(!dry.stdout.contains("would set config remind-exec"), "\(dry)")
        #expect(dry.stdout.contains("would set config budget"), "\(dry)")

        let real = try sandbox.succeed(["import", file] + Self.today)
        #expect(real.stdout.contains("left out config remind-exec: "), "\(real)")
        #expect(real.stdout.contains("left out config remind-webhook: "), "\(real)")
        // The value is not printed: a line with it would read as if it had been set.
        for output in [dry.stdout, real.stdout] {
            #expect(!output.contains(marker) && !output.contains("evil.example"))
        }
        #expect(try sandbox.succeed(["config", "get", "remind-exec"]).stdout.isEmpty)
        #expect(try sandbox.succeed(["config", "get", "remind-webhook"]).stdout.isEmpty)
        #expect(try sandbox.succeed(["config", "get", "budget"]).stdout == "100\n")
        try sandbox.succeed(["remind", "--today", "2024-07-13"])
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test("A key written twice refuses the document (65), naming the key and the object; nothing is written")
    func duplicateKeyRefused() throws {
        let sandbox = try Sandbox()
        let text = try Self.document(sandbox, settings: #""remind-exec": "touch a", "remind-exec": "notify-send b""#)
        let file = sandbox.path("export.json")
        try sandbox.write(text, to: file)
        for arguments in [["import", file], ["import", file, "--dry-run"], ["import", "-"]] {
            let result = try sandbox.run(arguments + Self.today, input: Data(text.utf8))
            #expect(result.status == 65, "\(result)")
            #expect(result.stderrLines.count == 1, "\(result)")
            #expect(result.stderr.contains("settings: remind-exec: the key appears twice in one object"), "\(result)")
        }
        #expect(sandbox.homeEntries().isEmpty, "\(sandbox.homeEntries())")
    }

    @Test("Version 1.0 and two rates for one currency are refused (65), naming the field and the record")
    func versionAndRates() throws {
        let sandbox = try Sandbox()
        let source = try Sandbox()
        try source.add("Netflix", "15.49")
        try source.succeed(["rates", "set", "EUR", "1.08"])
        let text = try source.succeed(["export", "--format", "json"] + Self.today).stdout
        let file = sandbox.path("export.json")

        try sandbox.write(text.replacingOccurrences(of: #""version": 1"#, with: #""version": 1.0"#), to: file)
        let version = try sandbox.run(["import", file] + Self.today)
        #expect(version.status == 65, "\(version)")
        #expect(version.stderrLines == ["subs: \(file): document: version: expected 1, got '1.0'; nothing was imported"], "\(version)")

        let rate = try #require(text.range(of: #"\{\s*"base": "USD",[^}]*\}"#, options: .regularExpression))
        try sandbox.write(text.replacingCharacters(in: rate, with: text[rate] + ", " + text[rate]), to: file)
        let rates = try sandbox.run(["import", file] + Self.today)
        #expect(rates.status == 65, "\(rates)")
        #expect(rates.stderrLines == ["subs: \(file): rates[1] (EUR): currency: a second rate for EUR in USD; nothing was imported"], "\(rates)")
        #expect(sandbox.homeEntries().isEmpty)
    }

    @Test("Under --on-duplicate replace, two records for one subscription refuse the file; undo of a replace is exact")
    func replaceAndUndo() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Dup", "5")
        let file = sandbox.path("dup.csv")
        let header = "id,name,amount,currency,cycle_count,cycle_unit,start_date,trial_end,next_payment,monthly_cost,status,category,payment_method,auto_renew,url,notes\n"
        try sandbox.write(header + ",Dup,1,USD,1,month,2024-01-01,,,,active,,,true,,\n,Dup,2,USD,1,month,2024-01-01,,,,active,,,true,,\n", to: file)
        let before = try sandbox.succeed(["list", "--format", "json"] + Self.today).stdout
        let refused = try sandbox.run(["import", file, "--on-duplicate", "replace"] + Self.today)
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderrLines == [
            "subs: \(file): line 3: name: the same name and currency as line 2; with --on-duplicate replace one would overwrite the other; nothing was imported",
        ], "\(refused)")

        try sandbox.write(header + ",Dup,1,USD,1,month,2024-01-01,,,,active,,,true,,\n,New,2,USD,1,month,2024-01-01,,,,active,,,true,,\n", to: file)
        try sandbox.succeed(["import", file, "--on-duplicate", "replace"] + Self.today)
        try sandbox.succeed(["undo", "--yes"])
        #expect(try sandbox.succeed(["list", "--format", "json"] + Self.today).stdout == before)
    }

    @Test("A CSV with a byte that is not UTF-8 names its line (65)")
    func invalidUTF8() throws {
        let sandbox = try Sandbox()
        let file = sandbox.path("list.csv")
        var data = Data("id,name,amount,currency,cycle_count,cycle_unit,start_date,trial_end,next_payment,monthly_cost,status,category,payment_method,auto_renew,url,notes\n,Netflix,1,USD,1,month,2024-01-01,,,,active,,,true,,\n,Caf".utf8)
        data.append(contentsOf: [0xE9])
        data.append(contentsOf: Array(",2,USD,1,month,2024-01-01,,,,active,,,true,,\n".utf8))
        try sandbox.write(data, to: file)
        let result = try sandbox.run(["import", file] + Self.today)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderrLines == ["subs: \(file): cannot read the file: line 3 is not UTF-8 text; nothing was imported"], "\(result)")
    }

    // MARK: - Item 16: bounded reads

    @Test("A file over the limit of its kind is refused by its size, unread (65, one line)")
    func fileOverTheLimit() throws {
        let sandbox = try Sandbox()
        let file = sandbox.path("huge.json")
        // Sparse: 256 MiB and a byte, written in no time and taking no space.
        #expect(FileManager.default.createFile(atPath: file, contents: Data("{".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: UInt64(256 << 20) + 1)
        try handle.close()
        let result = try sandbox.run(["import", file] + Self.today)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderrLines == ["subs: import file \(file) is larger than 256 MiB, the most subs reads for one"], "\(result)")
    }

    @Test("Endless input stops at the limit: import and detect from standard input, rates from a device", arguments: [
        (["import", "-"], "the import file on standard input is larger than 256 MiB, the most subs reads for one"),
        (["detect", "-"], "the statement on standard input is larger than 64 MiB, the most subs reads for one"),
        (["rates", "import", "/dev/zero"], "rates file /dev/zero is larger than 1 MiB, the most subs reads for one"),
    ])
    func endlessInput(_ arguments: [String], message: String) throws {
        let sandbox = try Sandbox()
        let subs = try SubsBinary.url().path
        let command = (["'\(subs)'"] + arguments.map { "'\($0)'" }).joined(separator: " ") + " < /dev/zero"
        let result = try sandbox.runTool(URL(fileURLWithPath: "/bin/sh"), ["-c", command])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderrLines == ["subs: " + message], "\(result)")
    }

    // MARK: - Fuzz through the binary

    @Test("Mutated documents through the binary: 0, or 65/64 in one line with the database untouched")
    func fuzzThroughTheBinary() throws {
        var random = SeededRandom(name: "import fuzz through subs")
        let sandbox = try Sandbox()
        try sandbox.add("Gym", "30", ["--currency", "EUR"])
        let source = try Sandbox()
        try source.add("Netflix", "15.49", ["--category", "Streaming", "--notes", "family, \"plan\""])
        try source.add("Gym", "30", ["--currency", "EUR", "--every", "2 weeks"])
        try source.succeed(["rates", "set", "EUR", "1.08"])
        let seeds = [
            Array(try source.succeed(["export", "--format", "json"] + Self.today).stdoutData),
            Array(try source.succeed(["list", "--format", "csv"] + Self.today).stdoutData),
        ]
        let file = sandbox.path("fuzz")
        for round in 0..<16 {
            let bytes = Mutation.mutate(random.element(seeds), random: &random)
            try sandbox.write(Data(bytes), to: file)
            let before = sandbox.bytes(sandbox.databasePath)
            let result = try sandbox.run(["import", file, "--on-duplicate", random.element(["skip", "add", "replace"])] + Self.today)
            let context = "seed \(random.seed), round \(round): \(result)"
            #expect([0, 64, 65].contains(result.status), "\(context)")
            if result.status != 0 {
                #expect(result.stderrLines.count == 1, "\(context)")
                #expect(sandbox.bytes(sandbox.databasePath) == before, "\(context)")
            }
        }
    }
}
