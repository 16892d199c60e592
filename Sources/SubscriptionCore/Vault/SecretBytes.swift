import CProcess
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

/// A secret's bytes (a password read from standard input, output that shows a password) in
/// memory of their own, its size fixed up front so that it never moves, and overwritten with
/// zeros when the value goes away. An Array that grows, a `Data` or a `String` leave copies in
/// freed memory that nothing clears.
public final class SecretBytes {
    public let capacity: Int
    public private(set) var count = 0
    private let storage: UnsafeMutablePointer<UInt8>

    public init(capacity: Int) {
        self.capacity = max(capacity, 0)
        storage = .allocate(capacity: max(capacity, 1))
        storage.initialize(repeating: 0, count: max(capacity, 1))
    }

    deinit {
        subs_wipe(storage, capacity)
        storage.deallocate()
    }

    public var isEmpty: Bool { count == 0 }
    public var isFull: Bool { count == capacity }

    /// Appends `bytes`; false, with nothing appended, when they do not fit.
    @discardableResult
    public func append(contentsOf bytes: some Collection<UInt8>) -> Bool {
        guard bytes.count <= capacity - count else { return false }
        for byte in bytes {
            storage[count] = byte
            count += 1
        }
        return true
    }

    /// Reads once from `descriptor` into the room left (read(2)'s result: bytes read, 0 at the
    /// end, or -1 with errno set). Nothing is read when the buffer is full.
    public func read(from descriptor: Int32) -> Int {
        guard count < capacity else { return 0 }
        let result = systemRead(descriptor, storage + count, capacity - count)
        if result > 0 { count += result }
        return result
    }

    /// Keeps the first `length` bytes and wipes the rest.
    public func truncate(to length: Int) {
        guard length >= 0, length < count else { return }
        subs_wipe(storage + length, count - length)
        count = length
    }

    /// The index of the first `byte`, if any.
    public func firstIndex(of byte: UInt8) -> Int? {
        (0..<count).first { storage[$0] == byte }
    }

    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "index out of range")
        return storage[index]
    }

    /// The bytes as an Array of exactly their size (it never grows); the caller zeroes it.
    public var array: [UInt8] {
        [UInt8](UnsafeBufferPointer(start: storage, count: count))
    }

    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Writes every byte to `descriptor`; false when the system refused.
    public func write(to descriptor: Int32) -> Bool {
        var written = 0
        while written < count {
            let result = systemWrite(descriptor, storage + written, count - written)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return false }
            written += result
        }
        return true
    }

    /// Overwrites every byte with zeros and empties the buffer.
    public func wipe() {
        subs_wipe(storage, capacity)
        count = 0
    }
}

/// Overwrites `bytes` with zeros in a way the optimizer keeps.
func wipeMemory(_ bytes: UnsafeMutableRawBufferPointer) {
    subs_wipe(bytes.baseAddress, bytes.count)
}
