import CProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `subs` does first, before any secret is read: core dumps off (a dump would hold the
/// keys and passwords in memory), and the database passphrase taken out of the environment, so
/// that a hook or anything else of the user's cannot read it from /proc/PID/environ.
enum ProcessSecrets {
    /// `SUBS_PASSPHRASE` as it was at start-up; the environment no longer holds it.
    nonisolated(unsafe) private(set) static var passphrase: String?

    static func secure() {
        _ = subs_disable_core_dumps()
        guard let taken = subs_take_environment_variable("SUBS_PASSPHRASE") else { return }
        defer {
            subs_wipe(taken, strlen(taken))
            free(taken)
        }
        passphrase = String(cString: taken)
    }

    /// The environment as the database's location is resolved from: the process's, with the
    /// passphrase it started with.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if let passphrase { environment["SUBS_PASSPHRASE"] = passphrase }
        return environment
    }
}
