import Dispatch

/// Two pieces of work at once, one on another thread: an import of 100,000 reads its document
/// twice (the key check and the decoder) and checks every record, and `list` and `upcoming` work
/// out something of each subscription. The second core does part of it.
enum BothCores {
    /// Below this many items (subscriptions, records) the work is done on one thread: a thread
    /// is not worth starting for it.
    static let threshold = 2_000

    /// Runs `side` on another thread while `body` runs on this one, and returns both results
    /// once both are done (also when `body` throws, so that nothing runs on after). With `count`
    /// below `threshold`, runs both here.
    static func run<SideValue: Sendable, BodyValue>(
        count: Int = .max, _ side: @escaping @Sendable () -> SideValue, while body: () throws -> BodyValue
    ) rethrows -> (side: SideValue, body: BodyValue) {
        guard count >= threshold else {
            let result = try body()
            return (side(), result)
        }
        let outcome = Outcome<SideValue>()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            outcome.value = side()
            done.signal()
        }
        let result: BodyValue
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
