import Foundation
import Testing

// What the process keeps to itself (issue 21): no core dumps, whatever the shell allowed; the
// database passphrase out of the environment, so a hook reads it neither from its own nor from
// /proc/$PPID/environ; the default directories said plainly when a variable names a file.

@Suite("subs keeps its secrets in the process")
struct ProcessSecretsTests {
    static let passphrase = "correct horse battery staple 21"

    /// Runs `subs` through /bin/sh with `ulimit -c unlimited` first (where the hard limit allows).
    private func runWithCoreDumpsAllowed(
        _ sandbox: Sandbox, _ arguments: [String], environment: [String: String?] = [:]
    ) throws -> ProcessResult {
        var environment = environment
        environment["SUBS"] = try SubsBinary.url().path
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try sandbox.runTool(URL(fileURLWithPath: "/bin/sh"),
                                   ["-c", "ulimit -S -c unlimited 2>/dev/null || ulimit -S -c \"$(ulimit -H -c)\"; exec \"$SUBS\" " + quoted],
                                   environment: environment)
    }

    @Test("Core dumps are off before anything is read: the core limit a hook sees of subs is 0, and it is not dumpable")
    func coreDumpsOff() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7"], today: "2024-01-01")
        let (directory, environment) = try RemindHooks.directory(sandbox)
        // The shell's own limit, to show the test is not empty where it may be raised.
        let shell = try sandbox.runTool(URL(fileURLWithPath: "/bin/sh"),
                                        ["-c", "ulimit -S -c unlimited 2>/dev/null; ulimit -S -c"])
        let result = try runWithCoreDumpsAllowed(
            sandbox, ["remind", "--today", "2024-01-24", "--exec",
                      "cat /proc/$PPID/limits > \"$DIR/limits\"; stat -c %u /proc/$PPID/environ > \"$DIR/owner\""],
            environment: environment)
        #expect(result.status == 0, "\(result)")
        let limits = try String(contentsOfFile: directory + "/limits", encoding: .utf8)
        let core = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }, "\(limits)")
        let values = core.dropFirst("Max core file size".count).split(separator: " ")
        #expect(values.first == "0", "the soft limit: \(core) (the shell allowed \(shell.stdout))")
        // Not dumpable: its /proc files belong to root, so that no process of the user reads
        // its memory or environment. Only to be seen by a user who is not root.
        if geteuid() != 0 {
            let owner = try String(contentsOfFile: directory + "/owner", encoding: .utf8)
            #expect(owner == "0\n", "the owner of /proc/PID/environ: \(owner)")
        }
    }

    @Test("A hook cannot read SUBS_PASSPHRASE: not in its environment, not in /proc/$PPID/environ")
    func passphraseNotInTheEnvironment() throws {
        let sandbox = try Sandbox()
        let passphrase: [String: String?] = ["SUBS_PASSPHRASE": Self.passphrase]
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7"], today: "2024-01-01",
                        environment: passphrase)
        let (directory, hookEnvironment) = try RemindHooks.directory(sandbox)
        // As root the parent's environ can be read: it must not hold the passphrase. As anyone
        // else it cannot be read at all (the process is not dumpable).
        let hook = "env > \"$DIR/env\"; cat /proc/$PPID/environ > \"$DIR/parent\" 2>&1; cat /proc/$PPID/cmdline > \"$DIR/cmdline\""
        let result = try sandbox.run(["remind", "--today", "2024-01-24", "--exec", hook],
                                     environment: passphrase.merging(hookEnvironment) { $1 })
        #expect(result.status == 0, "\(result)")
        let secret = Data(Self.passphrase.utf8)
        for name in ["env", "parent", "cmdline"] {
            let contents = try #require(FileManager.default.contents(atPath: directory + "/" + name), "\(name)")
            #expect(!contents.contains(bytes: secret), "\(name) holds the passphrase")
        }
        // The hook ran and saw the parent's block (or was refused it): the check above is not empty.
        let parent = try #require(FileManager.default.contents(atPath: directory + "/parent"))
        let text = String(decoding: parent, as: UTF8.self)
        #expect(text.contains("HOME=") || text.contains("Permission denied"), "\(text)")
        // The database still opens with it: it was read before it was removed.
        let list = try sandbox.run(["list", "--format", "json"], environment: passphrase)
        #expect(list.status == 0 && list.stdout.contains("Netflix"), "\(list)")
    }

    @Test("XDG_CONFIG_HOME or XDG_DATA_HOME naming a FIFO or a file: said of the variable, not of key.pending")
    func baseDirectoryThatIsNotOne() throws {
        let sandbox = try Sandbox()
        let fifo = sandbox.path("fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let file = sandbox.path("file")
        try sandbox.write("x\n", to: file)
        for (variable, path) in [("XDG_CONFIG_HOME", fifo), ("XDG_CONFIG_HOME", file), ("XDG_DATA_HOME", fifo), ("XDG_DATA_HOME", file)] {
            let result = try sandbox.run(["list"], environment: [variable: path])
            #expect(result.status != 0 && result.stderrLines.count == 1, "\(result)")
            #expect(result.stderr.contains("\(variable): \(path) is not a directory"), "\(variable)=\(path): \(result)")
            #expect(!result.stderr.contains("pending"), "\(result)")
        }
        // A base directory still to be made is no error: it is made.
        let later = sandbox.path("later/config")
        try sandbox.succeed(["add", "Netflix", "15.49"], environment: ["XDG_CONFIG_HOME": later])
        #expect(FileManager.default.fileExists(atPath: later + "/subs/key"))
    }
}
