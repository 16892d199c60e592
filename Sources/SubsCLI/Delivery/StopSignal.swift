import SubscriptionCore
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM, turned from "die now" into "stop when it is safe": while a `StopSignal` is
/// listening, the first of them is noted and announced on a pipe that waits can `poll`, so that a
/// run stops its hook, records what was delivered and gives back the rest.
///
/// No code of ours runs in a signal handler: Dispatch receives the signal and calls the event
/// handler on its own queue, where taking a lock and writing to a pipe are safe.
final class StopSignal: @unchecked Sendable {
    private let received: Wakeup<Int32>
    private var sources: [DispatchSourceSignal] = []

    /// Readable once a signal has arrived: add it to a `poll` to be woken by one.
    var descriptor: Int32 { received.descriptor }

    /// Starts listening for SIGINT and SIGTERM.
    init() throws {
        guard let received = Wakeup<Int32>() else {
            throw DeliveryError(description: localized("cannot listen for signals: \(String(cString: strerror(errno)))"))
        }
        self.received = received
        let queue = DispatchQueue(label: "subs.stop-signal")
        for number in [SIGINT, SIGTERM] {
            // Dispatch delivers the signal; the default action must not end the process first.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [received] in received.deliver(number) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    /// The signal that asked the run to stop, if one did.
    var signalNumber: Int32? { received.value }
}

/// A point in time that waits count down to, on the monotonic clock.
struct Deadline {
    private let end: DispatchTime

    init(after seconds: TimeInterval) {
        end = .now() + seconds
    }

    /// Milliseconds left, for `poll`; 0 once passed.
    var millisecondsLeft: Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        guard end.uptimeNanoseconds > now else { return 0 }
        return Int32(min((end.uptimeNanoseconds - now) / 1_000_000 + 1, UInt64(Int32.max)))
    }

    var hasPassed: Bool { millisecondsLeft == 0 }
}

/// What a wait on descriptors came to.
enum WaitOutcome: Equatable {
    /// The descriptor at this index is ready.
    case ready(Int)
    case timedOut
    case stopped
}

/// Waits until one of `descriptors` is ready for `events`, the deadline passes, or `stop` fires.
/// A stop signal wins over everything else.
func waitFor(
    _ descriptors: [(Int32, Int16)], until deadline: Deadline, stop: StopSignal?
) -> WaitOutcome {
    var entries = descriptors.map { pollfd(fd: $0.0, events: $0.1, revents: 0) }
    if let stop { entries.append(pollfd(fd: stop.descriptor, events: Int16(POLLIN), revents: 0)) }
    while true {
        if stop?.signalNumber != nil { return .stopped }
        for index in entries.indices { entries[index].revents = 0 }
        let ready = poll(&entries, nfds_t(entries.count), deadline.millisecondsLeft)
        if ready < 0 {
            // A signal interrupted the wait: look again.
            if errno == EINTR { continue }
            return .timedOut
        }
        if stop?.signalNumber != nil { return .stopped }
        if ready == 0 {
            if deadline.hasPassed { return .timedOut }
            continue
        }
        if let index = entries.prefix(descriptors.count).firstIndex(where: { $0.revents != 0 }) {
            return .ready(index)
        }
    }
}
