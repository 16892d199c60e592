import Foundation
import SubscriptionCore
#if canImport(Glibc)
import Glibc
#endif

/// Runs `--exec COMMAND` through `/bin/sh -c`, once per reminder, with the reminder as JSON on
/// standard input and as `SUBS_*` variables.
///
/// The command runs in a process group of its own, so that stopping it reaches whatever it
/// started, and so that a Ctrl-C at the terminal reaches `subs` (which then stops the hook in
/// order) rather than the hook behind its back.
enum ExecHook {
    /// How long a command may run before it is stopped and the reminder counts as not sent.
    static let timeout: TimeInterval = 60
    /// How long a command has to end after SIGTERM before its group gets SIGKILL.
    static let grace: TimeInterval = 2

    static func run(
        _ command: String, payload: String, variables: [String: String], stop: StopSignal?
    ) -> DeliveryResult {
        // A command that does not read its input must not fail the write.
        signal(SIGPIPE, SIG_IGN)
        let input: (read: Int32, write: Int32)
        let exited: (read: Int32, write: Int32)
        let pid: pid_t
        do {
            input = try makePipe()
            do {
                exited = try makePipe()
            } catch {
                for end in [input.read, input.write] { _ = close(end) }
                throw error
            }
            do {
                pid = try spawn(command, input: input.read, variables: variables)
            } catch {
                for end in [input.read, input.write, exited.read, exited.write] { _ = close(end) }
                throw error
            }
        } catch {
            return .failed((error as? DeliveryError)?.description ?? "\(error)")
        }
        _ = close(input.read)
        watch(pid, announcingOn: exited.write)
        defer { _ = close(exited.read) }

        feed(payload, to: input.write)
        _ = close(input.write)

        switch waitFor([(exited.read, Int16(POLLIN))], until: Deadline(after: timeout), stop: stop) {
        case .ready:
            let status = reap(pid)
            if status.exitCode == 0 { return .delivered }
            if let code = status.exitCode { return .failed(localized("--exec command failed with status \(code)")) }
            return .failed(localized("--exec command was killed by signal \(status.signal)"))
        case .timedOut:
            end(pid, exited: exited.read)
            return .failed(localized("--exec command still running after \(Int(timeout)) s; stopped it"))
        case .stopped:
            end(pid, exited: exited.read)
            return .interrupted
        }
    }

    // MARK: - Starting

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw DeliveryError(description: localized("cannot run /bin/sh: \(String(cString: strerror(errno)))"))
        }
        // Only the descriptors `spawn` places on purpose reach the command.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Starts `/bin/sh -c command` as the leader of a new process group, with `input` as its
    /// standard input, its standard output on our standard error (so `--format json` output stays
    /// JSON), and the signals we handle or ignore back to their defaults.
    private static func spawn(_ command: String, input: Int32, variables: [String: String]) throws -> pid_t {
        var environment = ProcessInfo.processInfo.environment.merging(variables) { _, new in new }
        // The hook needs the reminder, not the key to the whole database.
        environment["SUBS_PASSPHRASE"] = nil
        let arguments: [UnsafeMutablePointer<CChar>?] = [String](["/bin/sh", "-c", command]).map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] =
            environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in arguments + variables { free(pointer) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let code = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, variables)
        guard code == 0 else {
            throw DeliveryError(description: localized("could not run /bin/sh: \(String(cString: strerror(code)))"))
        }
        return pid
    }

    /// Writes what fits of `payload` without ever blocking: a command that does not read its
    /// input gets what the pipe holds, which is all of a reminder.
    private static func feed(_ payload: String, to descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var bytes = Array(payload.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    // MARK: - Waiting and stopping

    /// Writes a byte to `descriptor` once `pid` has exited, without reaping it: until we reap
    /// it, its pid (and so its process group id) cannot be reused, so signalling the group
    /// never reaches a stranger.
    private static func watch(_ pid: pid_t, announcingOn descriptor: Int32) {
        Thread.detachNewThread {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
            var byte: UInt8 = 1
            _ = write(descriptor, &byte, 1)
            _ = close(descriptor)
        }
    }

    /// SIGTERM to the command's group, SIGKILL after the grace period to whatever is left of it
    /// (also when the command ignores SIGTERM), then reaps the command.
    private static func end(_ pid: pid_t, exited: Int32) {
        _ = kill(-pid, SIGTERM)
        _ = waitFor([(exited, Int16(POLLIN))], until: Deadline(after: grace), stop: nil)
        _ = kill(-pid, SIGKILL)
        _ = reap(pid)
    }

    private struct Status {
        let raw: Int32
        /// The exit status, when the command exited rather than being killed.
        var exitCode: Int32? { raw & 0x7F == 0 ? (raw >> 8) & 0xFF : nil }
        var signal: Int32 { raw & 0x7F }
    }

    private static func reap(_ pid: pid_t) -> Status {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Status(raw: status)
    }
}
