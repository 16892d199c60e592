import Foundation

/// An export document cut in two between two of its subscriptions, so that the parts are decoded
/// on the two cores at once: Foundation's decoder spent 3.4 s on a document of 100,000, a third
/// of the import, on one core.
///
/// `earlier` is the document with its `subscriptions` list ended at the cut, `later` a list of the
/// subscriptions after it. The cut is at a comma between two elements of that list, found by
/// reading strings and brackets as JSON does. For a document `JSONKeyCheck` accepts (JSON's own
/// syntax, at most 512 deep, no key twice in an object):
/// - when each part decodes, so does the whole, to the two joined: the comma put back between two
///   lists of elements makes one;
/// - when the whole decodes, each part does, to the whole's first and last subscriptions.
/// So a part that does not decode is a whole that does not. Without the check the two may differ
/// (a list starting with a comma, which Foundation refuses and each part hides), so its parts are
/// used only once the check has passed.
struct DocumentCut {
    let earlier: Data
    let later: Data

    /// The cut nearest `fraction` of the way through the document; nil when its outermost object
    /// has no `subscriptions` list of two or more elements, or the list does not close. One pass
    /// over the bytes, keeping only the comma nearest so far.
    init?(_ data: Data, at fraction: Double) {
        let parts = data.withUnsafeBytes { bytes -> (earlier: Data, later: Data)? in
            guard let (comma, end) = Self.list(in: bytes, cutNear: Int(fraction * Double(bytes.count))) else { return nil }
            var earlier = Data(capacity: comma + bytes.count - end)
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

    /// Of the list the outermost object's `subscriptions` names, the comma between two elements
    /// nearest `target`, and where the list closes.
    private static func list(in bytes: UnsafeRawBufferPointer, cutNear target: Int) -> (comma: Int, end: Int)? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let count = bytes.count
        let name = Array("subscriptions".utf8)
        // Where a depth-1 `"subscriptions"` key is, before its list opens. Anything else between
        // it and its list would not be JSON, and its parts would not decode either.
        enum Near { case nothing, name, colon }
        var near = Near.nothing
        var depth = 0
        var listOpen = false
        var comma: Int?
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
                    near = depth == 1 && !listOpen
                        && UnsafeBufferPointer(start: base + position + 1, count: end - position - 1).elementsEqual(name) ? .name : .nothing
                    position = end
                case UInt8(ascii: ":"):
                    near = near == .name ? .colon : .nothing
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    if byte == UInt8(ascii: "["), depth == 1, near == .colon { listOpen = true }
                    depth += 1
                    near = .nothing
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if listOpen, depth == 1 {
                        guard byte == UInt8(ascii: "]"), let comma else { return nil }
                        return (comma, position)
                    }
                    guard depth >= 0 else { return nil }
                    near = .nothing
                default:
                    if listOpen, depth == 2, abs(position - target) < abs((comma ?? Int.max / 2) - target) { comma = position }
                    near = .nothing
                }
                position += 1
            }
            return nil
        }
    }

    /// The bytes `list(in:cutNear:)` acts on: quotes, brackets, braces, colons and commas.
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
