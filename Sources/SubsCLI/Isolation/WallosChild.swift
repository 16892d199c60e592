import CProcess
import Foundation
import SubscriptionCore
#if canImport(Glibc)
import Glibc
#endif

/// Reads an imported Wallos database in a child process of `subs` itself (see
/// `WallosDatabase`): SQLite 3.15.2 crashing on a crafted file, or querying forever, ends the
/// child, and the import fails with one line and nothing written.
enum WallosChild {
    /// The first argument that makes `subs` the child: it prints the answer and exits.
    static let argument = "--read-wallos-database-in-child"
    /// Far longer than a household's database takes (milliseconds), far shorter than forever.
    static let timeout = 30
    /// Address space the child may use: a database is at most 256 MiB unpacked.
    static let memoryLimit: rlim_t = 2 << 30
    /// CPU seconds the child may use, should it outlive its parent's watch: past the soft
    /// limit it gets SIGXCPU, past the hard one SIGKILL.
    static let cpuLimit = rlimit(rlim_cur: rlim_t(timeout + 5), rlim_max: rlim_t(timeout + 10))
    /// Where the child finds the unnamed copy of the database its parent hands it.
    static let databaseDescriptor: Int32 = 3

    /// The child's side: `subs --read-wallos-database-in-child PARENT-PID`, with the database
    /// open as descriptor 3.
    static func runChild(parent: String) -> Never {
        // Dies with the parent, whatever kills it: killed by SIGKILL when it goes. The parent
        // may have gone before this was set: then nobody waits for the answer.
        _ = subs_die_with_parent()
        guard let parent = Int32(parent), getppid() == parent else { exit(1) }
        // Nothing else the parent had open: a descriptor held here (a pipe the parent's caller
        // waits on) would outlive the parent.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > databaseDescriptor { close(descriptor) }
        var cpu = cpuLimit
        _ = setrlimit(Int32(RLIMIT_CPU.rawValue), &cpu)
        var limit = rlimit(rlim_cur: memoryLimit, rlim_max: memoryLimit)
        _ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
        WallosDatabase.answer(file: databaseDescriptor).withUnsafeBytes { StandardOutput.write($0) }
        exit(0)
    }

    /// The parent's side: runs the child on the open unnamed file `file` and returns what it
    /// printed.
    static func read(_ file: Int32) throws -> Data {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw failure(.noPipe) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        // The copy, as descriptor 3 (dup2 clears close-on-exec on the new descriptor), from a
        // number that is not 3 already: dup2 onto itself would leave the flag set.
        let source = fcntl(file, F_DUPFD_CLOEXEC, 10)
        guard source >= 0 else { throw failure(.noDescriptor) }
        defer { close(source) }
        posix_spawn_file_actions_adddup2(&actions, source, databaseDescriptor)
        // A crash is told by the exit status, in one line: no backtrace on the terminal.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words: [String] = ["subs", argument, String(getpid())]
        let arguments = words.map { strdup($0) } + [nil]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (arguments + variables).forEach { free($0) } }
        var pid = pid_t()
        // This very program: /proc/self/exe, else (no /proc) the name it was started by.
        let executable = access("/proc/self/exe", X_OK) == 0 ? "/proc/self/exe" : CommandLine.arguments[0]
        let code = posix_spawnp(&pid, executable, &actions, nil, arguments, variables)
        close(ends[1])
        guard code == 0 else { throw failure(.cannotStart(errno: code)) }

        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let deadline = Date().addingTimeInterval(TimeInterval(timeout))
        var timedOut = false
        while true {
            var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            let polled = poll(&ready, 1, left)
            if polled < 0 && errno == EINTR { continue }
            if polled == 0 {
                timedOut = true
                kill(pid, SIGKILL)
                break
            }
            let count = Glibc.read(ends[0], &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        if timedOut {
            throw failure(.timedOut(seconds: timeout))
        }
        // Exited normally (WIFEXITED) with status 0 (WEXITSTATUS); Swift imports neither macro.
        let signal = status & 0x7f
        if signal == SIGXCPU {
            throw failure(.processorTime(seconds: UInt64(cpuLimit.rlim_cur)))
        }
        guard signal == 0 else {
            throw failure(.signal(signal))
        }
        guard (status >> 8) & 0xff == 0 else { throw failure(.failed) }
        return output
    }

    private static func failure(_ failure: WallosChildFailure) -> ImportError {
        .cannotRead(.wallosChild(failure))
    }
}
