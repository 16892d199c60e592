/// A JSON string (RFC 8259 §7) read in one place for both readers of JSON text a user gives:
/// `JSONKeyCheck` and `JSONPullReader`.
enum JSONString {
    /// Not a JSON string, or not UTF-8.
    struct Broken: Error {}

    /// Reads the string whose opening quote is at `position`, leaving `position` after its
    /// closing quote: its text, escapes decoded, when `keeping` (else nil, unchecked for UTF-8).
    /// Broken, with `position` at the byte that breaks it (a control character, a bad escape's
    /// code) or at the end, when it does not close, holds a control character not escaped or a
    /// bad escape, or its text is not UTF-8.
    static func read(_ bytes: UnsafeRawBufferPointer, at position: inout Int, keeping: Bool) throws(Broken) -> String? {
        position += 1
        let start = position
        // Without escapes (most strings) the text is the bytes as they are: no copy to make.
        var escaped: [UInt8]?
        while true {
            let run = position
            position = plainEnd(in: bytes, from: position)
            if keeping { escaped?.append(contentsOf: bytes[run..<position]) }
            guard position < bytes.count else { throw Broken() }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                guard keeping else { return nil }
                let text = if let escaped { escaped.withUnsafeBytes(String.init(utf8Exactly:)) }
                    else { String(utf8Exactly: UnsafeRawBufferPointer(rebasing: bytes[start..<position - 1])) }
                guard let text else {
                    position -= 1
                    throw Broken()
                }
                return text
            case UInt8(ascii: "\\"):
                if keeping && escaped == nil { escaped = Array(bytes[start..<position]) }
                position += 1
                guard let scalar = scalar(in: bytes, at: &position) else { throw Broken() }
                if keeping { UTF8.encode(scalar) { escaped?.append($0) } }
            default:
                // A control character must be escaped.
                throw Broken()
            }
        }
    }

    /// The character of the escape whose code (the byte after its `\`) is at `position`, with
    /// `position` moved past it; a surrogate pair (`\ud83d\ude00`) is one character. Nil, and
    /// `position` where it was, for a code JSON does not have, hex digits missing and a lone
    /// surrogate.
    private static func scalar(in bytes: UnsafeRawBufferPointer, at position: inout Int) -> Unicode.Scalar? {
        guard position < bytes.count else { return nil }
        let simple: UInt8? = switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes[position]
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            position += 1
            return Unicode.Scalar(simple)
        }
        guard bytes[position] == UInt8(ascii: "u"), let unit = hex4(bytes, at: position + 1) else { return nil }
        guard (0xD800..<0xDC00).contains(unit) else {
            // A low surrogate alone is no scalar.
            guard let scalar = Unicode.Scalar(unit) else { return nil }
            position += 5
            return scalar
        }
        let low = position + 5
        guard bytes.count - low >= 2, bytes[low] == UInt8(ascii: "\\"), bytes[low + 1] == UInt8(ascii: "u"),
              let second = hex4(bytes, at: low + 2), (0xDC00..<0xE000).contains(second),
              let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (second - 0xDC00))
        else { return nil }
        position = low + 6
        return scalar
    }

    /// The four hex digits at `start`, or nil.
    private static func hex4(_ bytes: UnsafeRawBufferPointer, at start: Int) -> UInt32? {
        guard bytes.count - start >= 4 else { return nil }
        var value: UInt32 = 0
        for byte in bytes[start..<start + 4] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The index of the first byte at or after `index` that ends a string's plain run: a `"`,
    /// a `\` or a control character (which must be escaped); `bytes.count` when none does.
    /// Eight bytes are looked at at once, as `JSONWriter` looks for what to escape.
    private static func plainEnd(in bytes: UnsafeRawBufferPointer, from index: Int) -> Int {
        var index = index
        let (ones, highs): (UInt64, UInt64) = (0x0101_0101_0101_0101, 0x8080_8080_8080_8080)
        while bytes.count - index >= 8 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            // A byte's high bit is set when it is below 0x20, or `"` or `\` (the byte xor it is
            // below 1). A borrow runs upward only from a byte flagged itself, so the lowest
            // byte flagged is the first.
            func below(_ word: UInt64, _ bound: UInt64) -> UInt64 { (word &- ones &* bound) & ~word & highs }
            let special = below(word, 0x20) | below(word ^ (ones &* 0x22), 1) | below(word ^ (ones &* 0x5C), 1)
            if special != 0 { return index + special.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count, bytes[index] >= 0x20, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            index += 1
        }
        return index
    }
}
