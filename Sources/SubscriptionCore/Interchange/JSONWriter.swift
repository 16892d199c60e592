import Foundation

/// Writes a `JSONValue` as UTF-8 bytes: the one JSON writer, for the command line's output and
/// the export document alike.
///
/// Its bytes are in memory of its own, not in an `Array`: appending to an array checks that it
/// has one owner and goes through the generic sequence path, about 80 instructions for a few
/// bytes, and a list writes some 60 pieces for each subscription. So a writer cannot be copied
/// (two copies would share that memory); it is handed on `inout`.
public struct JSONWriter: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    /// With room for `capacity` bytes before it first grows.
    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// The bytes written so far.
    public var output: [UInt8] { [UInt8](written) }

    /// Hands `body` the bytes written so far, in place: valid only during the call.
    public func withOutput<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(written))
    }

    /// Forgets what was written, keeping the memory: the next block goes where the last one was.
    public mutating func removeAll() {
        count = 0
    }

    /// The bytes written so far, as text.
    public var text: String { String(decoding: written, as: UTF8.self) }

    private var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    // MARK: - Bytes

    /// Room for `length` more bytes without growing.
    @inline(__always)
    private mutating func reserve(_ length: Int) {
        if capacity - count < length { grow(count + length) }
    }

    @inline(never)
    private mutating func grow(_ needed: Int) {
        let grown = max(needed, capacity * 2)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        bigger.initialize(from: start, count: count)
        start.deallocate()
        (start, capacity) = (bigger, grown)
    }

    /// Lets `fill` put exactly `length` bytes at the end, in place.
    @inline(__always)
    private mutating func put(_ length: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
        reserve(length)
        fill(start + count)
        count += length
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        put(1) { $0.pointee = byte }
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        put(bytes.count) { Self.copy(bytes, to: $0) }
    }

    /// Copies `count` bytes. Most a list writes are runs of a few to sixteen (a name, a day, an
    /// amount), for which a call to `memcpy` costs more than the copy: those go as two words
    /// that overlap, read and written only within the run.
    @inline(__always)
    static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let (from, to, count) = (UnsafeRawPointer(source), UnsafeMutableRawPointer(target), bytes.count)
        switch count {
        case 8...16:
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4, as: UInt32.self)
        case 0..<4:
            for offset in 0..<count { target[offset] = source[offset] }
        default:
            target.initialize(from: source, count: count)
        }
    }

    /// A bracket, a comma, `null`: a few bytes, put in place by `copy`.
    @inline(__always)
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// `value` in decimal, as `String(value)` writes it.
    mutating func append(decimal value: Int) {
        var digits = 1
        var rest = value.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let sign = value < 0 ? 1 : 0
        put(sign + digits) { bytes in
            if sign == 1 { bytes.pointee = UInt8(ascii: "-") }
            var rest = value.magnitude
            for position in stride(from: sign + digits - 1, through: sign, by: -1) {
                bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
    }

    /// `opening`, a newline, `spaces` spaces, `key` in quotes and `: `. Eight bytes a store: a
    /// key and its indent are a few bytes, for which a call to `memcpy` costs more than the copy,
    /// and a list writes some 30 for each subscription. The spaces' last store may reach up to
    /// seven bytes past them, where the key then goes, and the `": ` one byte past the end,
    /// where the value then goes: room is kept for that.
    @inline(__always)
    private mutating func appendKey(_ key: UnsafeBufferPointer<UInt8>, after opening: UInt8, spaces: Int) {
        let length = spaces + key.count + 6
        reserve(length + 7)
        let at = UnsafeMutableRawPointer(start + count)
        at.storeBytes(of: opening, as: UInt8.self)
        at.storeBytes(of: UInt8(ascii: "\n"), toByteOffset: 1, as: UInt8.self)
        Self.putSpaces(spaces, at: at + 2)
        at.storeBytes(of: UInt8(ascii: "\""), toByteOffset: 2 + spaces, as: UInt8.self)
        let keyStart = 3 + spaces
        Self.copy(key, to: start + count + keyStart)
        // `": ` and a byte past it, which the value then covers.
        at.storeBytes(of: UInt32(littleEndian: 0x0020_3A22), toByteOffset: keyStart + key.count, as: UInt32.self)
        count += length
    }

    /// Two spaces for each level.
    public mutating func pad(_ level: Int) {
        precondition(level >= 0, "a negative indent")
        reserve(2 * level + 7)
        Self.putSpaces(2 * level, at: UnsafeMutableRawPointer(start + count))
        count += 2 * level
    }

    /// `count` spaces at `at`, eight a store, not by `memset`: the last store may reach up to
    /// seven bytes past them, for which room is kept.
    @inline(__always)
    private static func putSpaces(_ count: Int, at: UnsafeMutableRawPointer) {
        var offset = 0
        while offset < count {
            at.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: offset, as: UInt64.self)
            offset += 8
        }
    }

    // MARK: - Values

    public mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: append("null")
        case .bool(let value): append(value ? "true" : "false")
        case .int(let value): append(decimal: value)
        case .string(let value): writeString(value)
        case .array(let items):
            if indent == 0 { reserve(items.count * 256) }
            writeItems(items.count, indent: indent) { $0.write(items[$1], indent: indent + 1) }
        case .object(let object):
            guard !object.isEmpty else { return append("{}") }
            append("{\n")
            let members = object.sortedMembers
            for (index, (key, value)) in members.enumerated() {
                pad(indent + 1)
                writeString(key)
                append(": ")
                write(value, indent: indent + 1)
                append(index < members.count - 1 ? ",\n" : "\n")
            }
            pad(indent)
            append("}")
        }
    }

    /// An array of `count` items, one on each line at `indent + 1`, that `item` writes.
    private mutating func writeItems(_ count: Int, indent: Int, _ item: (inout JSONWriter, Int) -> Void) {
        guard count > 0 else { return append("[]") }
        append("[\n")
        for index in 0..<count {
            pad(indent + 1)
            item(&self, index)
            append(index < count - 1 ? ",\n" : "\n")
        }
        pad(indent)
        append("]")
    }

    /// On one line with no spaces, keys sorted: the canonical text sync compares and stores.
    public mutating func writeCompact(_ value: JSONValue) {
        switch value {
        case .null, .bool, .int, .string: write(value, indent: 0)
        case .array(let items):
            append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                writeCompact(item)
            }
            append(UInt8(ascii: "]"))
        case .object(let object):
            append(UInt8(ascii: "{"))
            for (index, (key, member)) in object.sortedMembers.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                writeString(key)
                append(UInt8(ascii: ":"))
                writeCompact(member)
            }
            append(UInt8(ascii: "}"))
        }
    }

    /// A string in quotes: `"` and `\` escaped, newline, return and tab by name, the other C0
    /// controls, DEL and the C1 controls (U+0080–U+009F) as `\u00XX`; everything else as it is.
    mutating func writeString(_ value: String) {
        // In place: `withUTF8` needs a copy it may change, which retained and released each
        // string a list writes. Only a string bridged from elsewhere has no contiguous bytes.
        if value.utf8.withContiguousStorageIfAvailable({ writeString(utf8: $0) }) == nil {
            var value = value
            value.withUTF8 { writeString(utf8: $0) }
        }
    }

    private mutating func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        // Runs with nothing to escape (most strings are one) are copied whole.
        var (index, run) = (0, 0)
        while index < bytes.count {
            index = Self.plainPrefix(bytes, from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            let escaped: UInt8?
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped = byte
            case UInt8(ascii: "\n"): escaped = UInt8(ascii: "n")
            case UInt8(ascii: "\r"): escaped = UInt8(ascii: "r")
            case UInt8(ascii: "\t"): escaped = UInt8(ascii: "t")
            case 0..<0x20, 0x7F: escaped = nil
            // U+0080–U+009F are C2 80 to C2 9F in UTF-8; any other byte after C2 is a
            // continuation byte, which needs no escape.
            case 0xC2 where index + 1 < bytes.count && (0x80..<0xA0).contains(bytes[index + 1]): escaped = nil
            default:
                index += 1
                continue
            }
            append(UnsafeBufferPointer(rebasing: bytes[run..<index]))
            if let escaped {
                put(2) {
                    $0[0] = UInt8(ascii: "\\")
                    $0[1] = escaped
                }
                index += 1
            } else {
                let code = byte == 0xC2 ? bytes[index + 1] : byte
                let digits: StaticString = "0123456789abcdef"
                put(6) { at in
                    for (offset, ascii) in "\\u00".utf8.enumerated() { at[offset] = ascii }
                    digits.withUTF8Buffer { hex in
                        at[4] = hex[Int(code >> 4)]
                        at[5] = hex[Int(code & 0xF)]
                    }
                }
                index += byte == 0xC2 ? 2 : 1
            }
            run = index
        }
        append(UnsafeBufferPointer(rebasing: bytes[run...]))
        append(UInt8(ascii: "\""))
    }

    /// The index of the first byte at or after `index` that may need an escape: a C0 control,
    /// `"`, `\`, DEL or 0xC2 (the first byte of a C1 control, and of other characters, which the
    /// caller tells apart). Eight bytes are looked at at once.
    @inline(__always)
    private static func plainPrefix(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        if let base = bytes.baseAddress {
            let (ones, highs): (UInt64, UInt64) = (0x0101_0101_0101_0101, 0x8080_8080_8080_8080)
            while bytes.count - index >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                // A byte's high bit is set in `special` when the byte is below 0x20 or is one
                // of the four: a byte b is below n when (b - n) borrows into the high bit and
                // b's own is clear, and equal to c when (b ^ c) is below 1. A borrow runs upward
                // only from a byte that is flagged itself, so the lowest byte flagged is right;
                // the ones after it are looked at again.
                func below(_ word: UInt64, _ bound: UInt64) -> UInt64 { (word &- ones &* bound) & ~word & highs }
                func equal(_ byte: UInt64) -> UInt64 { below(word ^ (ones &* byte), 1) }
                let special = below(word, 0x20) | equal(0x22) | equal(0x5C) | equal(0x7F) | equal(0xC2)
                if special != 0 { return index + special.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0x7F, byte != 0xC2 else { break }
            index += 1
        }
        return index
    }

    // MARK: - Objects written as they come

    /// An object whose members `members` gives, in key order, written as they come: the same
    /// text as `write(.object(...), indent:)` without the values between.
    public mutating func writeObject(indent: Int, _ members: (inout ObjectWriter) -> Void) {
        let wroteMembers = withUnsafeMutablePointer(to: &self) { writer in
            var object = ObjectWriter(writer, indent: indent)
            members(&object)
            return !object.isEmpty
        }
        guard wroteMembers else { return append("{}") }
        append("\n")
        pad(indent)
        append("}")
    }

    /// The members of one object, written into the writer's bytes as `writeObject` is handed
    /// them. It reaches the writer through a pointer, so it must live only as long as that
    /// call: it cannot be copied, so it cannot be kept.
    public struct ObjectWriter: JSONMemberSink, ~Copyable {
        private let writer: UnsafeMutablePointer<JSONWriter>
        fileprivate private(set) var isEmpty = true
        private let indent: Int
        #if DEBUG
        private var lastKey = ""
        #endif

        fileprivate init(_ writer: UnsafeMutablePointer<JSONWriter>, indent: Int) {
            precondition(indent >= 0, "a negative indent")
            self.writer = writer
            self.indent = indent
        }

        /// The separator, the indent and the key: `{` or `,`, a newline, the indent, the key in
        /// quotes, `: `, put in place at once.
        private mutating func key(_ key: StaticString) {
            #if DEBUG
            precondition(isEmpty || lastKey < key.description, "members out of key order: \(key)")
            lastKey = key.description
            #endif
            let opening = UInt8(ascii: isEmpty ? "{" : ",")
            isEmpty = false
            let spaces = 2 * (indent + 1)
            key.withUTF8Buffer { writer.pointee.appendKey($0, after: opening, spaces: spaces) }
        }

        public mutating func add(_ key: StaticString, _ value: JSONValue) {
            self.key(key)
            writer.pointee.write(value, indent: indent + 1)
        }

        public mutating func add(_ key: StaticString, string: String?) {
            self.key(key)
            if let string { writer.pointee.writeString(string) } else { writer.pointee.append("null") }
        }

        public mutating func add(_ key: StaticString, ints: [Int]) {
            self.key(key)
            writer.pointee.writeItems(ints.count, indent: indent + 1) { $0.append(decimal: ints[$1]) }
        }

        // Dates, instants and amounts need no escaping: their bytes go straight in, no string made.
        public mutating func add(_ key: StaticString, date: CivilDate?) {
            guard let date else { return add(key, string: nil) }
            quoted(key, 10) { date.writeISO(into: $0) }
        }

        public mutating func add(_ key: StaticString, money: Money?) {
            guard let money else { return add(key, string: nil) }
            money.withText { text in
                quoted(key, text.count) { at in
                    if let target = at.baseAddress { JSONWriter.copy(text, to: target) }
                }
            }
        }

        public mutating func add(_ key: StaticString, instant: Date) {
            quoted(key, 20) { Timestamp.writeExtended(instant, into: $0) }
        }

        /// The key, then the `length` bytes `fill` puts in place, in quotes.
        private mutating func quoted(_ key: StaticString, _ length: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
            self.key(key)
            writer.pointee.put(length + 2) { at in
                at[0] = UInt8(ascii: "\"")
                fill(UnsafeMutableBufferPointer(start: at + 1, count: length))
                at[length + 1] = UInt8(ascii: "\"")
            }
        }

        public mutating func add(_ key: StaticString, int: Int?) {
            self.key(key)
            if let int { writer.pointee.append(decimal: int) } else { writer.pointee.append("null") }
        }

        public mutating func add(_ key: StaticString, bool: Bool) {
            self.key(key)
            writer.pointee.append(bool ? "true" : "false")
        }

        public mutating func add(_ key: StaticString, object members: (inout ObjectWriter) -> Void) {
            self.key(key)
            writer.pointee.writeObject(indent: indent + 1, members)
        }
    }
}
