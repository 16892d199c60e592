import Dispatch

/// Two pieces of work at once, one on another thread: an import of 100,000 reads its document
/// twice (the key check and the decoder) and checks every record, `upcoming` ranks every
/// subscription by name as it gathers their items, `list` makes and sorts its items half on each
/// core, a table of thousands of rows is measured and written half on each core, and a JSON list
/// is written a block on each core in turn. The second core does part of it. The other thread
/// sees no task-local value (the command line's language is one): what runs there is handed its
/// own.
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
        let outcome = Handover<SideValue>()
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

    /// Makes `count` pieces and hands each to `take` on this thread, in order: the even ones are
    /// made here while the odd ones are made on the other thread, which makes its next once this
    /// one has received the last. So no more than three pieces are held whatever the count (a
    /// JSON list of 100,000 is printed as it is made, on both cores). Unless `parallel`, all are
    /// made here. Neither `make` nor `take` may use `BothCores`: its one other thread is busy.
    public static func inTurns<Piece: Sendable>(
        _ count: Int, if parallel: Bool, make: @escaping @Sendable (Int) -> Piece, take: (Piece) -> Void
    ) {
        guard parallel, count > 1 else {
            for index in 0..<count { take(make(index)) }
            return
        }
        let waiting = Handover<Piece>()
        let (made, taken, finished) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        queue.async {
            for index in stride(from: 1, to: count, by: 2) {
                waiting.value = make(index)
                made.signal()
                taken.wait()
            }
            finished.signal()
        }
        for index in stride(from: 0, to: count, by: 2) {
            take(make(index))
            guard index + 1 < count else { break }
            made.wait()
            guard let next = waiting.value.take() else { preconditionFailure("a piece is set before it signals") }
            taken.signal()
            take(next)
        }
        finished.wait()
    }

    /// A value handed between the two threads: written by one before it signals, taken by the
    /// other after the wait (`value.take()`), so that the taker holds it alone.
    final class Handover<Value>: @unchecked Sendable {
        var value: Value?
    }
}
