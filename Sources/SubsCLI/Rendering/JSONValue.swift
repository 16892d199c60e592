import SubscriptionCore

extension JSONValue {
    /// Prints an array of objects whose members `members` gives, each written as it is made
    /// (`JSONWriter.writeObject`): no value is built between the item and its text. It is printed
    /// in blocks of `perBlock` elements, made on both cores when there are thousands
    /// (`writeArray(_:perBlock:members:take:)`).
    static func printArray<Element: Sendable>(
        _ elements: [Element], perBlock: Int,
        members: @escaping @Sendable (Element, inout JSONWriter.ObjectWriter) -> Void
    ) {
        writeArray(elements, perBlock: perBlock, members: members) { StandardOutput.write($0) }
    }

    /// The text of `printArray`, handed to `take` in pieces, in order. It is made in blocks of
    /// `perBlock` elements, with thousands of them (or when `parallel`) a block on each core in
    /// turn (`BothCores.inTurns`): a list of 100,000 is written at twice the pace, and never held
    /// whole.
    static func writeArray<Element: Sendable>(
        _ elements: [Element], perBlock: Int, parallel: Bool? = nil,
        members: @escaping @Sendable (Element, inout JSONWriter.ObjectWriter) -> Void, take: ([UInt8]) -> Void
    ) {
        guard !elements.isEmpty else { return take(Array("[]\n".utf8)) }
        let blocks = (elements.count + perBlock - 1) / perBlock
        let parallel = parallel ?? (elements.count >= BothCores.threshold)
        BothCores.inTurns(blocks, if: parallel, make: { block in
            // Less than glibc's threshold for a mapping of its own, which would be faulted in
            // afresh for every block.
            var writer = JSONWriter(capacity: 96 * 1024)
            if block == 0 { writer.append("[\n") }
            writer.writeObjects(elements, block * perBlock..<min(elements.count, (block + 1) * perBlock), members: members)
            if block == blocks - 1 { writer.append("]\n") }
            return writer.output
        }, take: take)
    }
}

extension JSONWriter {
    /// The array of objects `members` gives, as `printArray(_:perBlock:members:)` prints it, into `output`.
    mutating func writeArray<Element>(
        _ elements: [Element], members: (Element, inout JSONWriter.ObjectWriter) -> Void
    ) {
        guard !elements.isEmpty else { return append("[]\n") }
        append("[\n")
        writeObjects(elements, elements.indices, members: members)
        append("]\n")
    }

    /// The elements at `positions` of an array of objects, each at indent 1 and followed by a
    /// comma unless it is the array's last.
    fileprivate mutating func writeObjects<Element>(
        _ elements: [Element], _ positions: Range<Int>, members: (Element, inout JSONWriter.ObjectWriter) -> Void
    ) {
        for position in positions {
            pad(1)
            writeObject(indent: 1) { members(elements[position], &$0) }
            append(position < elements.count - 1 ? ",\n" : "\n")
        }
    }
}
