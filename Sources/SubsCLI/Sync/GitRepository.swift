import Foundation
import SubscriptionCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sync folder as a git repository (`subs sync --git`, PRODUCT.md §15): pull with rebase,
/// commit this machine's new files, push, and when another machine pushed first, pull again
/// and push again; never force. Runs the `git` program found on PATH, never through a shell,
/// with nothing the folder holds run as a command: hooks, fsmonitor, signing programs, pagers
/// and editors are turned off on every call, and git never asks at the terminal.
struct GitRepository {
    /// The sync folder (the repository's top or a directory in it).
    let directory: String
    /// The `git` program.
    let program: String

    /// What a push did.
    enum PushOutcome: Equatable {
        case pushed
        /// The remote has commits this clone has not: pull (rebase) and push again.
        case rejected
        /// No remote to push to: a repository only on this machine.
        case noRemote
    }

    /// What `syncCommit` did.
    struct SyncOutcome: Equatable {
        /// Whether there was something to commit.
        var committed: Bool
        /// Whether it reached the remote (false when there is none).
        var pushed: Bool
        /// The pushes tried: more than one when another machine pushed first.
        var attempts: Int
    }

    /// Settings given on every call: nothing in the folder's config or the user's runs a
    /// program of its choosing in these commands, nor reaches another repository.
    static let hardening = [
        "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "core.pager=cat",
        "-c", "commit.gpgSign=false", "-c", "tag.gpgSign=false", "-c", "protocol.ext.allow=never",
        "-c", "submodule.recurse=false", "-c", "fetch.recurseSubmodules=false", "-c", "push.recurseSubmodules=no",
        "-c", "gc.auto=0", "-c", "maintenance.auto=false", "-c", "rebase.autoStash=false",
        "-c", "core.splitIndex=false", "-c", "credential.interactive=false",
    ]

    /// The most of a command's output and error kept, in bytes: their ends are what matter.
    static let outputLimit = 64 * 1024

    /// Finds `git` on `searchPath` (PATH when nil); `SyncError.gitMissing` when it is not there.
    init(directory: String, searchPath: String? = nil) throws {
        guard let program = Self.find("git", in: searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") else {
            throw SyncError.gitMissing
        }
        self.directory = directory
        self.program = program
    }

    // MARK: - Operations

    /// Whether the folder is in a git work tree.
    var isRepository: Bool {
        (try? run(["rev-parse", "--is-inside-work-tree"]))?.status == 0
    }

    /// Makes the folder a repository (`sync init --git` on a folder that is not one).
    func initialize() throws {
        try check(["init", "--quiet"])
    }

    /// Brings what other machines pushed: `git pull --rebase` from the upstream, or, with a
    /// remote but no upstream yet, the remote's branch of this name when it has one. Nothing
    /// to pull, or no remote, is fine. A rebase that stops is undone, and the failure reported.
    func pullRebase() throws {
        if try hasUpstream() {
            try rebasing(["pull", "--rebase", "--quiet"])
            return
        }
        guard let remote = try remote(), let branch = try currentBranch() else { return }
        try check(["fetch", "--quiet", remote])
        let tracking = "refs/remotes/\(remote)/\(branch)"
        guard try run(["rev-parse", "--verify", "--quiet", tracking]).status == 0 else { return }
        if try run(["rev-parse", "--verify", "--quiet", "HEAD"]).status == 0 {
            try rebasing(["rebase", "--quiet", tracking])
        } else {
            // A new repository without a commit of its own: take the remote's as it is.
            try check(["merge", "--ff-only", "--quiet", tracking])
        }
    }

    /// Commits the given files (new, changed or removed) and nothing else, with `message`;
    /// false when they hold no change. Commits as "subs" when no identity is configured.
    @discardableResult
    func commit(paths: [String], message: String) throws -> Bool {
        guard !paths.isEmpty else { return false }
        try check(["add", "--all", "--"] + paths)
        // 1: the index differs from HEAD for these paths; 0: nothing to commit.
        let staged = try run(["diff", "--cached", "--quiet", "--"] + paths)
        guard staged.status == 1 else {
            if staged.status == 0 { return false }
            throw failure(["diff", "--cached", "--quiet"], staged)
        }
        try check(try identity() + ["commit", "--quiet", "--no-verify", "-m", message, "--only", "--"] + paths)
        return true
    }

    /// Pushes the current branch to its upstream (setting it on the first push); `.rejected`
    /// when the remote moved on (never forced), `.noRemote` when there is none.
    func push() throws -> PushOutcome {
        let arguments: [String]
        if try hasUpstream() {
            arguments = ["push", "--porcelain"]
        } else if let remote = try remote() {
            arguments = ["push", "--porcelain", "--set-upstream", remote, "HEAD"]
        } else {
            return .noRemote
        }
        let result = try run(arguments)
        if result.status == 0 { return .pushed }
        // `!<TAB>ref:ref<TAB>[rejected] (fetch first)`: the remote has commits we lack. A
        // `[remote rejected]` (a hook, a protected branch) is a failure, not a race.
        let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n")
        if lines.contains(where: { $0.hasPrefix("!") && $0.contains("\t[rejected]") }) { return .rejected }
        throw failure(arguments, result)
    }

    /// Commits `paths` and pushes; when another machine pushed first, pulls (rebase) and pushes
    /// again, up to `maxAttempts` pushes. Never forces.
    func syncCommit(paths: [String], message: String, maxAttempts: Int = 5) throws -> SyncOutcome {
        let committed = try commit(paths: paths, message: message)
        var attempts = 0
        while attempts < max(1, maxAttempts) {
            attempts += 1
            switch try push() {
            case .pushed: return SyncOutcome(committed: committed, pushed: true, attempts: attempts)
            case .noRemote: return SyncOutcome(committed: committed, pushed: false, attempts: attempts)
            case .rejected: try pullRebase()
            }
        }
        throw SyncError.gitPushKeptFailing(attempts: attempts)
    }

    // MARK: - The repository's state

    private func hasUpstream() throws -> Bool {
        try run(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"]).status == 0
    }

    /// The remote to use: `origin`, else the only one; nil when there is none (or several
    /// without an origin: which one is not for subs to guess).
    private func remote() throws -> String? {
        let result = try run(["remote"])
        guard result.status == 0 else { throw failure(["remote"], result) }
        let remotes = String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init)
        if remotes.contains("origin") { return "origin" }
        return remotes.count == 1 ? remotes[0] : nil
    }

    private func currentBranch() throws -> String? {
        let result = try run(["symbolic-ref", "--quiet", "--short", "HEAD"])
        guard result.status == 0 else { return nil }
        let name = String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }

    /// Runs a command that may stop in the middle of a rebase; undoes the rebase when it did.
    private func rebasing(_ arguments: [String]) throws {
        // A rebase commits again: as "subs" when no identity is configured, as `commit` does.
        let arguments = try identity() + arguments
        let result = try run(arguments)
        guard result.status == 0 else {
            _ = try? run(["rebase", "--abort"])
            throw failure(arguments, result)
        }
    }

    /// `-c` settings naming "subs" as the author and committer when git has no identity.
    private func identity() throws -> [String] {
        var identity: [String] = []
        if try run(["config", "user.name"]).status != 0 { identity += ["-c", "user.name=subs"] }
        if try run(["config", "user.email"]).status != 0 { identity += ["-c", "user.email=subs@localhost"] }
        return identity
    }

    // MARK: - Running git

    struct Result {
        var status: Int32
        var output: [UInt8]
        var error: [UInt8]
    }

    /// Runs git; throws a git failure when it exits other than 0.
    private func check(_ arguments: [String]) throws {
        let result = try run(arguments)
        guard result.status == 0 else { throw failure(arguments, result) }
    }

    private func failure(_ arguments: [String], _ result: Result) -> SyncError {
        let command = arguments.first { !$0.hasPrefix("-") && !$0.contains("=") } ?? "git"
        let lines = String(decoding: result.error, as: UTF8.self).split(whereSeparator: \.isNewline)
        let last = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init) ?? ""
        return .git(command: command, status: result.status, message: String(last.prefix(500)))
    }

    /// Runs `git <hardening> <arguments>` in the folder, with standard input empty, and returns
    /// its exit status, the start of its output and the end of its errors.
    func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--no-pager"] + Self.hardening + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true)
        process.environment = Self.environment
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        do {
            try process.run()
        } catch {
            throw SyncError.git(command: arguments.first ?? "git", status: 127, message: "\(error)")
        }
        // Both pipes are drained at once, so git never blocks on a full one.
        let errorText = ErrorTail(error.fileHandleForReading)
        let group = DispatchGroup()
        group.enter()
        Thread.detachNewThread {
            errorText.bytes = Self.drain(errorText.handle, keepingEnd: true)
            group.leave()
        }
        let outputBytes = Self.drain(output.fileHandleForReading, keepingEnd: false)
        group.wait()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Result(status: status, output: outputBytes, error: errorText.bytes)
    }

    /// Standard error, read on another thread, and what it said; read back after `wait`.
    private final class ErrorTail: @unchecked Sendable {
        let handle: FileHandle
        var bytes: [UInt8] = []
        init(_ handle: FileHandle) { self.handle = handle }
    }

    /// Reads `handle` to its end, keeping at most `outputLimit` bytes: the first, or the last.
    private static func drain(_ handle: FileHandle, keepingEnd: Bool) -> [UInt8] {
        var kept: [UInt8] = []
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return kept }
            if keepingEnd {
                kept += chunk
                if kept.count > outputLimit { kept.removeFirst(kept.count - outputLimit) }
            } else if kept.count < outputLimit {
                kept += chunk.prefix(outputLimit - kept.count)
            }
        }
    }

    /// The environment git runs with: the user's (their ssh agent, credentials and identity),
    /// never asking at the terminal or opening an editor, in the C locale so its answers
    /// read the same everywhere, and with nothing that points it at another repository.
    private static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["SUBS_PASSPHRASE", "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
                     "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CEILING_DIRECTORIES", "GIT_NAMESPACE", "GIT_COMMON_DIR",
                     "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_EXTERNAL_DIFF", "GIT_PAGER", "GIT_EXEC_PATH"] {
            environment[name] = nil
        }
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_EDITOR"] = "true"
        environment["GIT_SEQUENCE_EDITOR"] = "true"
        environment["GIT_MERGE_AUTOEDIT"] = "no"
        environment["LC_ALL"] = "C"
        environment["LANGUAGE"] = nil
        return environment
    }

    /// `name` in the absolute directories of `searchPath` (a relative entry would find a
    /// program in whatever directory subs runs in): the first executable regular file.
    static func find(_ name: String, in searchPath: String) -> String? {
        for directory in searchPath.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = "\(directory)/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }
}
