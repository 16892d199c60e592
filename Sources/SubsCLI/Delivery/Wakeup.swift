import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value another thread hands over once, with a descriptor that turns readable when it does,
/// so that a `poll` can wait for it beside sockets and the stop signal (the self-pipe pattern).
/// Only the first value counts.
final class Wakeup<Value>: @unchecked Sendable {
    /// Readable once `deliver` has been called.
    let descriptor: Int32
    private let writeEnd: Int32
    private let lock = NSLock()
    private var delivered: Value?

    /// Nil when the system has no pipe to give.
    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        (descriptor, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        _ = close(descriptor)
        _ = close(writeEnd)
    }

    /// The value handed over, if any yet.
    var value: Value? { lock.withLock { delivered } }

    /// Hands `value` over, unless one was already: from any thread, though not from inside a
    /// signal handler (it takes a lock).
    func deliver(_ value: Value) {
        let first: Bool = lock.withLock {
            defer { delivered = delivered ?? value }
            return delivered == nil
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}
