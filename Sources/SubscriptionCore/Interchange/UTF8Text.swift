extension String {
    /// The text `bytes` hold, or nil when they are not UTF-8: `String(validating:as:)`, which
    /// for a buffer takes about 500 instructions a string, with ASCII (ids, dates, amounts: most
    /// of what a JSON document holds) told apart eight bytes at a time and made directly. A
    /// reader of files cannot use `String(decoding:)` alone: it replaces bytes that are not
    /// UTF-8, and some replacements are as long as what they replace.
    init?(utf8Exactly bytes: UnsafeRawBufferPointer) {
        let units = bytes.assumingMemoryBound(to: UInt8.self)
        guard Self.isASCII(bytes) else {
            guard let text = String(validating: units, as: UTF8.self) else { return nil }
            self = text
            return
        }
        self = String(decoding: units, as: UTF8.self)
    }

    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        var high: UInt64 = 0
        while bytes.count - index >= 8 {
            high |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            high |= UInt64(bytes[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
