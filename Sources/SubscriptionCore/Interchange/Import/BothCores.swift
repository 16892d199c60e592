import Dispatch

/// Two pieces of work at once, one on another thread. An import of 100,000 reads its document
/// twice (the key check and the decoder) and checks every record; the second core does part of it.
enum BothCores {
    /// Runs `side` on another thread while `body` runs on this one, and returns both results
    /// once both are done (also when `body` throws, so that nothing runs on after).
    static func run<Side: Sendable, Body>(
        _ side: @escaping @Sendable () -> Side, while body: () throws -> Body
    ) rethrows -> (side: Side, body: Body) {
        let outcome = Outcome<Side>()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            outcome.value = side()
            done.signal()
        }
        let result: Body
        do {
            result = try body()
        } catch {
            done.wait()
            throw error
        }
        done.wait()
        guard let value = outcome.value else { preconditionFailure("the side's value is set before it signals") }
        return (value, result)
    }

    /// Written by the other thread before it signals, read by this one after the wait.
    private final class Outcome<Value>: @unchecked Sendable {
        var value: Value?
    }
}
