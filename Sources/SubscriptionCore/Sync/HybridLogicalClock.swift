/// When a change was made, as sync orders changes (PRODUCT.md §15): a hybrid logical clock
/// stamp (Kulkarni et al., 2014). Wall-clock milliseconds, a counter for changes in the same
/// millisecond or while this machine's clock lags one already seen, and the device, which breaks
/// the last tie, so every two stamps are ordered and every machine orders them alike.
public struct ClockStamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970, as the wall clock (or a clock seen ahead of it) said.
    public let milliseconds: Int64
    public let counter: UInt32
    /// The id of the device that made the change.
    public let device: String

    public init(milliseconds: Int64, counter: UInt32, device: String) {
        self.milliseconds = milliseconds
        self.counter = counter
        self.device = device
    }

    public static func < (a: ClockStamp, b: ClockStamp) -> Bool {
        (a.milliseconds, a.counter, a.device) < (b.milliseconds, b.counter, b.device)
    }

    /// Fixed-width text whose order as text is the stamps' order, for storage and files:
    /// `000001764145200000-0000002a-<device>`.
    public var description: String {
        let millis = String(milliseconds)
        let count = String(counter, radix: 16)
        return String(repeating: "0", count: max(0, 18 - millis.count)) + millis + "-"
            + String(repeating: "0", count: max(0, 8 - count.count)) + count + "-" + device
    }

    /// A stamp written by `description`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 18, parts[1].count == 8, !parts[2].isEmpty,
              parts[0].allSatisfy(\.isASCIIDigit), let milliseconds = Int64(parts[0]),
              parts[1].allSatisfy({ $0.isASCIIDigit || ("a"..."f").contains($0) }),
              let counter = UInt32(parts[1], radix: 16)
        else { return nil }
        self.init(milliseconds: milliseconds, counter: counter, device: String(parts[2]))
    }
}

/// This device's hybrid logical clock: it stamps each local change later than every stamp it
/// made or saw, stays close to the wall clock, and never runs backwards when the wall clock does.
public struct HybridLogicalClock: Sendable {
    /// How far ahead of this machine's wall clock a received stamp may be. A file from a machine
    /// whose clock is days fast (or a forged one) must not drag every later change along.
    public static let maximumDrift: Int64 = 24 * 60 * 60 * 1000

    public let device: String
    /// The latest stamp made or seen.
    public private(set) var latest: ClockStamp

    /// A clock for `device` that has made and seen nothing later than `latest` (its last stamp,
    /// as stored), or nothing at all.
    public init(device: String, latest: ClockStamp? = nil) {
        self.device = device
        self.latest = latest ?? ClockStamp(milliseconds: 0, counter: 0, device: device)
    }

    /// The stamp of a change made now (`now`: wall-clock milliseconds).
    public mutating func stamp(now: Int64) -> ClockStamp {
        latest = Self.after(latest.milliseconds, latest.counter, now: now, device: device)
        return latest
    }

    /// Takes in a stamp read from another device, so that every later local change is stamped
    /// after it. Refuses one more than `maximumDrift` ahead of `now`, leaving the clock as it was.
    public mutating func receive(_ remote: ClockStamp, now: Int64) throws(ClockError) {
        guard remote.milliseconds <= now &+ Self.maximumDrift else {
            throw .tooFarAhead(remote, now: now)
        }
        let remoteIsLater = (remote.milliseconds, remote.counter) > (latest.milliseconds, latest.counter)
        let newest = remoteIsLater ? remote : latest
        latest = Self.after(newest.milliseconds, newest.counter, now: now, device: device)
    }

    /// The first stamp after (`milliseconds`, `counter`) no earlier than the wall clock's `now`.
    private static func after(_ milliseconds: Int64, _ counter: UInt32, now: Int64, device: String) -> ClockStamp {
        if now > milliseconds { return ClockStamp(milliseconds: now, counter: 0, device: device) }
        // Four billion changes in one millisecond: move on to the next one rather than wrap.
        if counter == .max { return ClockStamp(milliseconds: milliseconds + 1, counter: 0, device: device) }
        return ClockStamp(milliseconds: milliseconds, counter: counter + 1, device: device)
    }
}

/// A received stamp the clock does not take in.
public enum ClockError: Error, Equatable, Sendable {
    /// More than `HybridLogicalClock.maximumDrift` ahead of this machine's clock.
    case tooFarAhead(ClockStamp, now: Int64)
}
