import Foundation

/// A zip's central directory, walked by hand to say why ZIPFoundation listed fewer entries
/// than the zip holds: it skips the rest of the zip at an encrypted entry or a damaged header,
/// which would otherwise read as "a zip without wallos.db".
enum ZipDirectory {
    /// What is wrong with `data` when ZIPFoundation listed `listed` entries, or nil when the
    /// directory holds that many readable, unencrypted entries (or is ZIP64, which
    /// ZIPFoundation reads in full).
    static func problem(_ data: Data, listed: Int) -> String? {
        data.withUnsafeBytes { bytes in problem(bytes, listed: listed) }
    }

    private static let endSignature: UInt32 = 0x0605_4B50
    private static let entrySignature: UInt32 = 0x0201_4B50
    private static let endSize = 22
    private static let entrySize = 46

    private static func problem(_ bytes: UnsafeRawBufferPointer, listed: Int) -> String? {
        func uint16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func uint32(_ at: Int) -> UInt32? {
            guard let low = uint16(at), let high = uint16(at + 2) else { return nil }
            return UInt32(low) | UInt32(high) << 16
        }
        // The end record is in the last 22 bytes plus a comment of at most 65,535.
        let lowest = max(0, bytes.count - endSize - 0xFFFF)
        guard bytes.count >= endSize,
              let end = stride(from: bytes.count - endSize, through: lowest, by: -1).first(where: { uint32($0) == endSignature }),
              let total = uint16(end + 10), let start = uint32(end + 16)
        else { return localized("a damaged zip (its directory cannot be found)") }
        if total == 0xFFFF || start == 0xFFFF_FFFF { return nil }
        var position = Int(start)
        for index in 0..<total {
            let damaged = localized("a damaged zip (the header of entry \(index + 1) of \(total) cannot be read)")
            guard uint32(position) == entrySignature, let flags = uint16(position + 8), let nameLength = uint16(position + 28),
                  let extraLength = uint16(position + 30), let commentLength = uint16(position + 32),
                  position + entrySize + nameLength <= bytes.count
            else { return damaged }
            if flags & 1 != 0 {
                let name = String(decoding: bytes[(position + entrySize)..<(position + entrySize + nameLength)], as: UTF8.self)
                return localized("an encrypted zip ('\(name.quotedForMessage)' is encrypted): subs cannot read it; unzip it with its password and import the wallos.db inside")
            }
            position += entrySize + nameLength + extraLength + commentLength
        }
        guard listed >= total else {
            return localized("a damaged zip (entry \(listed + 1) of \(total) cannot be read)")
        }
        return nil
    }
}
