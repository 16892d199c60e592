import Foundation

/// Subscription ids and their positions, looked up by the bytes of an id as SQLite hands them
/// over: reading a large database matches some 300,000 part rows to their subscriptions, and
/// neither a `String` per row nor `Dictionary`'s SipHash is needed for that.
struct IDPositions {
    /// Every id's UTF-8 bytes, one after another; id `n` is `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    /// Open addressing: a position, or -1 where the slot is empty. Never more than half full.
    private var slots: [Int32]

    /// Room for `capacity` ids, made at once: growing would place every id again each time
    /// the table doubles.
    init(capacity: Int = 0) {
        let capacity = max(0, min(capacity, 1 << 20))
        var slotCount = 64
        while slotCount < 2 * capacity { slotCount *= 2 }
        slots = [Int32](repeating: -1, count: slotCount)
        // A UUID is 36 bytes.
        bytes.reserveCapacity(capacity * 36)
        starts.reserveCapacity(capacity + 1)
    }

    var count: Int { starts.count - 1 }

    /// Adds `id` as the next position. Ids are a table's primary key, so never repeated.
    mutating func append(_ id: String) {
        if 2 * (count + 1) > slots.count { grow() }
        bytes.append(contentsOf: id.utf8)
        starts.append(bytes.count)
        insert(position: count - 1)
    }

    func position(of id: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(id) & mask
        while slots[slot] >= 0 {
            let position = Int(slots[slot])
            if matches(position, id) { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// `position(of:)`, trying `last` and the position after it first: a table's rows mostly come
    /// in the order their subscriptions were written, so a row's is usually the row before's or
    /// the next.
    func position(of id: UnsafeBufferPointer<UInt8>, after last: Int) -> Int? {
        for guess in last...last + 1 where guess < count && matches(guess, id) { return guess }
        return position(of: id)
    }

    /// Whether id `position` is `id`: a length check and one `memcmp`, not a byte-by-byte walk.
    private func matches(_ position: Int, _ id: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[position], length = starts[position + 1] - start
        guard length == id.count else { return false }
        guard let other = id.baseAddress else { return length == 0 }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, other, length) == 0 }
    }

    private mutating func insert(position: Int) {
        let mask = slots.count - 1
        var slot = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[starts[position]..<starts[position + 1]])) } & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for position in 0..<count { insert(position: position) }
    }

    /// Eight bytes a step, each mixed down into the low bits the mask keeps: quick over a
    /// 36-byte id, and an id that is hard to place costs only time.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
            hash ^= hash >> 29
        }
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        while offset < raw.count {
            mix(UInt64(raw[offset]))
            offset += 1
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
