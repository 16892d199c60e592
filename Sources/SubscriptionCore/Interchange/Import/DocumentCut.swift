import Foundation

/// An export document cut in two between two of its subscriptions, so that the parts are decoded
/// on the two cores at once: Foundation's decoder spent 3.5 s on a document of 100,000, a third
/// of the import, on one core.
///
/// `earlier` is the document with its `subscriptions` list ended at the cut, `later` a list of the
/// subscriptions after it. The cut is at a comma between two elements of that list, found by
/// reading strings and brackets as JSON does, so:
/// - when the whole decodes, each part decodes, to the whole's first and last subscriptions;
/// - when each part decodes, so does the whole, to the two joined: the comma put back between two
///   valid lists of elements makes one.
/// A part that does not decode is therefore a whole that does not: no need to try it.
struct DocumentCut {
    let earlier: Data
    let later: Data

    /// The cut nearest `fraction` of the way through the list's bytes; nil when the outermost
    /// object has no `subscriptions` list of two or more elements, or its list does not close.
    /// One pass over the bytes, keeping only the list's commas.
    init?(_ data: Data, at fraction: Double) {
        let parts = data.withUnsafeBytes { bytes -> (earlier: Data, later: Data)? in
            guard let (start, commas, end) = Self.commas(in: bytes), !commas.isEmpty else { return nil }
            let target = start + Int(fraction * Double(end - start))
            guard let comma = commas.min(by: { abs($0 - target) < abs($1 - target) }) else { return nil }
            var earlier = Data(capacity: bytes.count)
            earlier.append(contentsOf: bytes[..<comma])
            earlier.append(contentsOf: bytes[end...])
            var later = Data(capacity: end - comma + 1)
            later.append(UInt8(ascii: "["))
            later.append(contentsOf: bytes[(comma + 1)..<end])
            later.append(UInt8(ascii: "]"))
            return (earlier, later)
        }
        guard let parts else { return nil }
        (earlier, later) = parts
    }

    /// Where the list the outermost object's `subscriptions` names opens, the commas between its
    /// elements, and where it closes.
    private static func commas(in bytes: UnsafeRawBufferPointer) -> (start: Int, commas: [Int], end: Int)? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let count = bytes.count
        let name = Array("subscriptions".utf8)
        // Where a depth-1 `"subscriptions"` key is, before its list opens. Anything else between
        // it and its list would not be JSON, and its parts would not decode either.
        enum Near { case nothing, name, colon }
        var near = Near.nothing
        var depth = 0
        var listStart: Int?
        var commas: [Int] = []
        var position = 0
        return structural.withUnsafeBufferPointer { structural in
            while position < count {
                // Most bytes are indentation, digits and literals: passed over in a tight loop.
                while position < count, !structural[Int(base[position])] { position += 1 }
                guard position < count else { break }
                let byte = base[position]
                switch byte {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(base, from: position + 1, count: count) else { return nil }
                    near = depth == 1 && listStart == nil
                        && UnsafeBufferPointer(start: base + position + 1, count: end - position - 1).elementsEqual(name) ? .name : .nothing
                    position = end
                case UInt8(ascii: ":"):
                    near = near == .name ? .colon : .nothing
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    if byte == UInt8(ascii: "["), depth == 1, near == .colon { listStart = position }
                    depth += 1
                    near = .nothing
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if let listStart, depth == 1 { return byte == UInt8(ascii: "]") ? (listStart, commas, position) : nil }
                    guard depth >= 0 else { return nil }
                    near = .nothing
                default:
                    if listStart != nil, depth == 2 { commas.append(position) }
                    near = .nothing
                }
                position += 1
            }
            return nil
        }
    }

    /// The bytes `commas(in:)` acts on: quotes, brackets, braces, colons and commas.
    private static let structural: [Bool] = (0...255).map { Array("\"[]{}:,".utf8).contains(UInt8($0)) }

    /// The position of the `"` that ends a string whose text starts at `from`: the first not
    /// escaped, that is, after an even run of backslashes. Found with `memchr`: a document is
    /// mostly strings.
    private static func stringEnd(_ base: UnsafePointer<UInt8>, from: Int, count: Int) -> Int? {
        var from = from
        while from < count, let found = memchr(base + from, Int32(UInt8(ascii: "\"")), count - from) {
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            while quote - backslashes > from, base[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return quote }
            from = quote + 1
        }
        return nil
    }
}
