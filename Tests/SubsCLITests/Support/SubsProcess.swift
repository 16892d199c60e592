import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Runs the built `subs` executable (and a few helper tools) as a user would: in a fresh home
// directory per test, with none of the caller's `SUBS_*`, `XDG_*` or `NO_COLOR` settings, standard
// input from /dev/null unless a test gives some, and standard output and error captured.

/// What one run of a program did.
struct ProcessResult: CustomStringConvertible {
    let command: [String]
    let status: Int32
    let stdoutData: Data
    let stderrData: Data
    let timedOut: Bool

    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    var stderr: String { String(decoding: stderrData, as: UTF8.self) }

    /// Standard error split into lines, without the newline that ends the last one.
    var stderrLines: [String] {
        var text = stderr
        if text.hasSuffix("\n") { text.removeLast() }
        return text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Standard output split into lines, without the newline that ends the last one.
    var stdoutLines: [String] {
        var text = stdout
        if text.hasSuffix("\n") { text.removeLast() }
        return text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A summary for failure messages: the command, its exit status and what it printed.
    var description: String {
        let shown = command.map { $0.count > 80 ? String($0.prefix(77)) + "..." : $0 }
        return "`\(shown.joined(separator: " "))` exited \(status)\(timedOut ? " (killed: timed out)" : "")\n"
            + "stdout: \(stdout.debugDescription)\nstderr: \(stderr.debugDescription)"
    }

    /// Standard output parsed as JSON.
    func json() throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: stdoutData, options: [.fragmentsAllowed])
        } catch {
            throw HarnessError("standard output is not JSON (\(error)):\n\(self)")
        }
    }

    /// Standard output parsed as a JSON array of objects.
    func jsonArray() throws -> [[String: Any]] {
        guard let array = try json() as? [[String: Any]] else {
            throw HarnessError("standard output is not a JSON array of objects:\n\(self)")
        }
        return array
    }

    /// Standard output parsed as one JSON object.
    func jsonObject() throws -> [String: Any] {
        guard let object = try json() as? [String: Any] else {
            throw HarnessError("standard output is not a JSON object:\n\(self)")
        }
        return object
    }
}

/// A failure of the test harness itself (a program that cannot be found or started, output that
/// does not parse), reported with what it was doing.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Starts programs with captured output. Output goes to files, not pipes, so a child that leaves
/// a descriptor open or prints a lot can never block the test.
enum ProcessRunner {
    /// How long one program may run before it is killed and the test fails.
    static let timeout: TimeInterval = 60

    final class Running: @unchecked Sendable {
        let process: Process
        let command: [String]
        let stdoutURL: URL
        let stderrURL: URL
        private let lock = NSLock()
        private var killed = false

        init(process: Process, command: [String], stdoutURL: URL, stderrURL: URL) {
            self.process = process
            self.command = command
            self.stdoutURL = stdoutURL
            self.stderrURL = stderrURL
        }

        fileprivate func kill() {
            lock.lock()
            defer { lock.unlock() }
            guard process.isRunning else { return }
            killed = true
            process.terminate()
        }

        /// Waits for the program to end and collects what it printed.
        func wait() -> ProcessResult {
            process.waitUntilExit()
            lock.lock()
            let timedOut = killed
            lock.unlock()
            let result = ProcessResult(
                command: command, status: process.terminationStatus,
                stdoutData: (try? Data(contentsOf: stdoutURL)) ?? Data(),
                stderrData: (try? Data(contentsOf: stderrURL)) ?? Data(),
                timedOut: timedOut)
            try? FileManager.default.removeItem(at: stdoutURL)
            try? FileManager.default.removeItem(at: stderrURL)
            return result
        }
    }

    /// Starts `executable`; its output is captured in files under `scratch`.
    static func start(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        standardInput: Data?, directory: URL, scratch: URL
    ) throws -> Running {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory

        let token = UUID().uuidString
        let stdoutURL = scratch.appendingPathComponent("\(token).out")
        let stderrURL = scratch.appendingPathComponent("\(token).err")
        FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)
        defer {
            try? stdoutHandle.close()
            try? stderrHandle.close()
        }
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle

        var stdinHandle: FileHandle?
        if let standardInput {
            let stdinURL = scratch.appendingPathComponent("\(token).in")
            try standardInput.write(to: stdinURL)
            stdinHandle = try FileHandle(forReadingFrom: stdinURL)
        } else {
            stdinHandle = FileHandle(forReadingAtPath: "/dev/null")
        }
        defer { try? stdinHandle?.close() }
        process.standardInput = stdinHandle

        let command = [executable.lastPathComponent] + arguments
        do {
            try process.run()
        } catch {
            throw HarnessError("cannot start \(executable.path): \(error)")
        }
        let running = Running(process: process, command: command, stdoutURL: stdoutURL, stderrURL: stderrURL)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { running.kill() }
        return running
    }

    /// Runs `executable` to the end.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        standardInput: Data? = nil, directory: URL, scratch: URL
    ) throws -> ProcessResult {
        try start(executable, arguments, environment: environment, standardInput: standardInput,
                  directory: directory, scratch: scratch).wait()
    }
}

/// Where the `subs` executable under test is.
enum SubsBinary {
    /// The executable, or an error that lists every place looked at.
    static func url() throws -> URL {
        switch located {
        case .success(let url): return url
        case .failure(let error): throw error
        }
    }

    private static let located: Result<URL, HarnessError> = {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["SUBS_BINARY"], !path.isEmpty {
            // An explicit choice is the only one tried: a typo must not silently test another build.
            let url = URL(fileURLWithPath: path)
            return isExecutable(url) ? .success(url)
                : .failure(HarnessError("SUBS_BINARY=\(path) is not an executable file"))
        }
        // Next to the test executable (Linux: .build/debug/subsPackageTests.xctest) or the
        // test bundle (macOS: .build/debug/subsPackageTests.xctest/Contents/MacOS/...).
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("subs"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("subs"))
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("subs"))
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("subs"))
        }
        if let first = CommandLine.arguments.first {
            let argv0 = URL(fileURLWithPath: first).resolvingSymlinksInPath()
            candidates.append(argv0.deletingLastPathComponent().appendingPathComponent("subs"))
        }
        // The package root, from this file: <root>/Tests/SubsCLITests/Support/SubsProcess.swift.
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/subs"))

        if let found = candidates.first(where: isExecutable) { return .success(found.standardizedFileURL) }
        return .failure(HarnessError(
            "cannot find the subs executable; build it first (`swift build --build-tests`) or set "
                + "SUBS_BINARY. Looked at:\n" + candidates.map { "  " + $0.path }.joined(separator: "\n")))
    }()

    private static func isExecutable(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: url.path)
    }
}

/// Other programs the tests use when the machine has them.
enum Tools {
    static let sqlcipher = find("sqlcipher")
    static let sqlite3 = find("sqlite3")
    /// util-linux `script`, which runs a command on a pseudo-terminal.
    static let script = find("script")
    /// The calcurse calendar, a client that reads RFC 5545 without BYSETPOS.
    static let calcurse = find("calcurse")

    /// The first executable called `name` on PATH.
    static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

/// A fresh home directory for one test, removed when the test is done, with the user's files at
/// the places PRODUCT.md §2 gives.
final class Sandbox: @unchecked Sendable {
    /// Holds `home` and the harness's own scratch files (which must not show up in `home`).
    let root: URL
    let home: URL
    private let scratch: URL

    /// Variables a developer's shell may have that would change what `subs` does.
    static let scrubbedVariables = [
        "SUBS_DB", "SUBS_KEY_FILE", "SUBS_PASSPHRASE", "SUBS_TODAY", "XDG_DATA_HOME",
        "XDG_CONFIG_HOME", "NO_COLOR", "SUBS_BINARY", "SUBS_LANG", "LC_ALL", "LC_MESSAGES", "LANG",
    ]

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/subs-cli-tests.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw HarnessError("cannot create a temporary directory: \(String(cString: strerror(errno)))")
        }
        root = URL(fileURLWithPath: String(cString: made)).standardizedFileURL
        home = root.appendingPathComponent("home")
        scratch = root.appendingPathComponent("io")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    var keyPath: String { home.path + "/.config/subs/key" }
    var databasePath: String { home.path + "/.local/share/subs/subs.db" }

    /// A path inside the sandbox but outside `home`.
    func path(_ name: String) -> String { root.path + "/" + name }

    /// The environment `subs` runs with: the caller's, minus anything that would change where
    /// the data is or how it is shown, with HOME set to the sandbox. `overrides` sets variables,
    /// or removes them with nil.
    func environment(_ overrides: [String: String?] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in Self.scrubbedVariables { environment[name] = nil }
        environment["HOME"] = home.path
        environment["TERM"] = "xterm-256color"
        for (name, value) in overrides { environment[name] = value }
        return environment
    }

    // MARK: Running programs

    /// Runs `subs` with `arguments` and waits for it.
    @discardableResult
    func run(_ arguments: [String], environment overrides: [String: String?] = [:], input: Data? = nil) throws -> ProcessResult {
        try start(arguments, environment: overrides, input: input).wait()
    }

    /// Starts `subs` without waiting, for tests of processes running at once.
    func start(_ arguments: [String], environment overrides: [String: String?] = [:], input: Data? = nil) throws -> ProcessRunner.Running {
        try ProcessRunner.start(
            SubsBinary.url(), arguments, environment: environment(overrides), standardInput: input,
            directory: home, scratch: scratch)
    }

    /// Runs another program (sqlcipher, sqlite3, script) with the sandbox's environment.
    func runTool(_ tool: URL, _ arguments: [String], environment overrides: [String: String?] = [:], input: Data? = nil) throws -> ProcessResult {
        try ProcessRunner.run(
            tool, arguments, environment: environment(overrides), standardInput: input,
            directory: home, scratch: scratch)
    }

    /// Runs `subs` and requires success; returns the result.
    @discardableResult
    func succeed(
        _ arguments: [String], environment overrides: [String: String?] = [:], input: Data? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ProcessResult {
        let result = try run(arguments, environment: overrides, input: input)
        try #require(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Adds a subscription with `subs add ... --format json` and returns its id.
    @discardableResult
    func add(
        _ name: String, _ amount: String, _ options: [String] = [], today: String = "2024-06-15",
        environment overrides: [String: String?] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let result = try succeed(
            ["add", name, amount] + options + ["--today", today, "--format", "json"],
            environment: overrides, sourceLocation: sourceLocation)
        let id = try #require(try result.jsonObject()["id"] as? String, "\(result)", sourceLocation: sourceLocation)
        return id
    }

    // MARK: Files

    /// Every file and directory under `home`, as paths relative to it, sorted.
    func homeEntries() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: home.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.sorted()
    }

    func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    func write(_ text: String, to path: String, mode: mode_t = 0o600) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try chmod(path, mode)
    }

    func write(_ data: Data, to path: String, mode: mode_t = 0o600) throws {
        try data.write(to: URL(fileURLWithPath: path))
        try chmod(path, mode)
    }

    func chmod(_ path: String, _ mode: mode_t) throws {
        #if canImport(Glibc)
        let code = Glibc.chmod(path, mode)
        #else
        let code = Darwin.chmod(path, mode)
        #endif
        guard code == 0 else { throw HarnessError("chmod \(path): \(String(cString: strerror(errno)))") }
    }

    /// The permission bits of `path`, or nil when it does not exist.
    func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}

extension Data {
    /// Whether `needle` occurs anywhere in these bytes.
    func contains(bytes needle: Data) -> Bool {
        range(of: needle) != nil
    }
}

/// The path of every JSON object key in `json` whose keys are not in sorted order, judged from
/// the raw text (one key per line, as `subs` pretty-prints). Empty when all are sorted.
func unsortedObjects(inRawJSON json: String) -> [[String]] {
    var stack: [[String]] = []
    var unsorted: [[String]] = []
    for line in json.split(separator: "\n") {
        let text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("\""), let end = text.range(of: "\": ") {
            let key = String(text[text.index(after: text.startIndex)..<end.lowerBound])
            if !stack.isEmpty { stack[stack.count - 1].append(key) }
        }
        if text.hasSuffix("{") { stack.append([]) }
        if text.hasPrefix("}"), let keys = stack.popLast(), keys != keys.sorted() {
            unsorted.append(keys)
        }
    }
    return unsorted
}
