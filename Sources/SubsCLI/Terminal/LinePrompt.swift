import Foundation
import SubscriptionCore

/// Questions asked one line at a time at a terminal, as `hledger add` asks them: the default in
/// brackets (Enter takes it), a refused answer explained in one line and the question asked
/// again. Ctrl-D or Ctrl-C ends the session: `Cancelled`, and nothing is written.
enum LinePrompt {
    /// The user ended the questions (end of input, or Ctrl-C).
    struct Cancelled: Error {}

    /// Asks `question` until `parse` accepts the answer; an empty answer is `shown`'s default,
    /// handed to `parse` as the empty string when there is none.
    static func ask<Value>(
        _ question: String, default shown: String? = nil, _ parse: (String) throws -> Value
    ) throws -> Value {
        while true {
            print(question + (shown.map { " [\($0)]" } ?? "") + ": ", terminator: "")
            fflush(nil)
            guard let line = readLine() else {
                print("")
                throw Cancelled()
            }
            let answer = line.trimmingCharacters(in: .whitespaces)
            do {
                return try parse(answer)
            } catch {
                printError("subs: " + (Failure(error)?.message ?? String(describing: error)).terminalSafe)
            }
        }
    }

    /// Runs `body` with Ctrl-C ending the questions instead of the process: the terminal is left
    /// as it was, with the same one line and exit status as Ctrl-D.
    static func withInterruptAsCancel<Result>(_ body: () throws -> Result) throws -> Result {
        let previous = signal(SIGINT) { _ in
            let message = "\nsubs: " + LinePrompt.cancelledMessage + "\n"
            _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            _exit(1)
        }
        defer { signal(SIGINT, previous) }
        // A parent that blocked SIGINT must not keep Ctrl-C from ending the questions.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        sigprocmask(SIG_UNBLOCK, &interrupt, nil)
        return try body()
    }

    /// Set before the questions, so the signal handler only writes bytes made beforehand.
    nonisolated(unsafe) static var cancelledMessage = "cancelled; nothing was added"
}
