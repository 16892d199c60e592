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
        members: @escaping @Sendable (Element, inout JSONWriter.ObjectWriter) -> Void, take: (UnsafeRawBufferPointer) -> Void
    ) {
        guard !elements.isEmpty else { return StaticString("[]\n").withUTF8Buffer { take(UnsafeRawBufferPointer($0)) } }
        let blocks = (elements.count + perBlock - 1) / perBlock
        @Sendable func write(_ block: Int, into writer: inout JSONWriter) {
            if block == 0 { writer.append("[\n") }
            writer.writeObjects(elements, block * perBlock..<min(elements.count, (block + 1) * perBlock), members: members)
            if block == blocks - 1 { writer.append("]\n") }
        }
        guard parallel ?? (elements.count >= BothCores.threshold) else {
            // On one core, every block goes through one writer and is handed over in place:
            // copying each out took a list of 1,000 as long as writing its dates.
            var writer = JSONWriter(capacity: blockCapacity)
            for block in 0..<blocks {
                writer.removeAll()
                write(block, into: &writer)
                writer.withOutput(take)
            }
            return
        }
        BothCores.inTurns(blocks, if: true, make: { block in
            var writer = JSONWriter(capacity: blockCapacity)
            write(block, into: &writer)
            return writer.output
        }, take: { $0.withUnsafeBytes(take) })
    }

    /// A block writer's room: less than glibc's threshold for a mapping of its own, which would
    /// be faulted in afresh for every block made on the other core.
    private static let blockCapacity = 96 * 1024
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
