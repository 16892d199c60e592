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
        let name = Array("subscriptions".utf8)
        // Where a depth-1 `"subscriptions"` key is, before its list opens.
        enum Near { case nothing, name, colon }
        var near = Near.nothing
        var depth = 0
        var inString = false, escaped = false
        var stringStart = 0
        var listStart: Int?
        var commas: [Int] = []
        for position in bytes.indices {
            let byte = bytes[position]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    near = depth == 1 && listStart == nil && bytes[(stringStart + 1)..<position].elementsEqual(name) ? .name : .nothing
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                stringStart = position
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
            case UInt8(ascii: ","):
                if listStart != nil, depth == 2 { commas.append(position) }
                near = .nothing
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            default:
                near = .nothing
            }
        }
        return nil
    }
}
