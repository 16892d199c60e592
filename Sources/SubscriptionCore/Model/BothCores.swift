import Dispatch

/// Two pieces of work at once, one on another thread: an import of 100,000 reads its document
/// twice (the key check and the decoder) and checks every record, `upcoming` ranks every
/// subscription by name as it gathers their items, and a table of thousands of rows is measured
/// and written half on each core. The second core does part of it. The other thread sees no
/// task-local value (the command line's language is one): what runs there is handed its own.
public enum BothCores {
    /// Below this many subscriptions, records or rows the work is done on one thread: a thread
    /// is not worth starting for it.
    public static let threshold = 2_000

    /// The other thread: a queue of its own gets one at once, where the global queues, which
    /// Swift's tasks (and so the tests) run on, may all be busy waiting.
    private static let queue = DispatchQueue(label: "subs.second-core")

    /// Runs `side` on another thread while `body` runs on this one, and returns both results
    /// once both are done (also when `body` throws, so that nothing runs on after). Unless
    /// `parallel`, runs both here.
    public static func run<SideValue: Sendable, BodyValue>(
        if parallel: Bool, _ side: @escaping @Sendable () -> SideValue, while body: () throws -> BodyValue
    ) rethrows -> (side: SideValue, body: BodyValue) {
        guard parallel else {
            let result = try body()
            return (side(), result)
        }
        let outcome = Outcome<SideValue>()
        let done = DispatchSemaphore(value: 0)
        queue.async {
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
