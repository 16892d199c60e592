import SubscriptionCore

extension JSONValue {
    /// Prints `.array(elements.map(element)).rendered` to standard output as it is made, a few
    /// kilobytes at a time: a long list is never held whole, neither as values nor as text.
    static func printArray<Elements: Collection>(_ elements: Elements, _ element: (Elements.Element) -> JSONValue) {
        printed { $0.writeElements(elements, flush: StandardOutput.flush) { writer, item in writer.write(element(item), indent: 1) } }
    }

    /// Prints an array of objects whose members `members` gives, each written as it is made
    /// (`JSONWriter.writeObject`): no value is built between the item and its text.
    static func printArray<Elements: Collection>(
        _ elements: Elements, members: (Elements.Element, inout JSONWriter.ObjectWriter) -> Void
    ) {
        printed { $0.writeArray(elements, flush: StandardOutput.flush, members: members) }
    }

    /// What `write` writes, printed; `write` may print parts of it as it goes.
    private static func printed(_ write: (inout JSONWriter) -> Void) {
        var writer = JSONWriter()
        writer.output.reserveCapacity(StandardOutput.chunk + 4096)
        write(&writer)
        StandardOutput.write(writer.output)
    }
}

extension JSONWriter {
    /// The array of objects `members` gives, as `printArray(_:members:)` prints it, into `output`.
    mutating func writeArray<Elements: Collection>(
        _ elements: Elements, flush: (inout [UInt8]) -> Void = { _ in },
        members: (Elements.Element, inout JSONWriter.ObjectWriter) -> Void
    ) {
        writeElements(elements, flush: flush) { writer, item in writer.writeObject(indent: 1) { members(item, &$0) } }
    }

    /// `[`, each element as `write` writes it at indent 1, `]` and a newline; `flush` may take
    /// what is written so far after each element.
    fileprivate mutating func writeElements<Elements: Collection>(
        _ elements: Elements, flush: (inout [UInt8]) -> Void, write: (inout JSONWriter, Elements.Element) -> Void
    ) {
        guard !elements.isEmpty else { return append("[]\n") }
        append("[\n")
        var remaining = elements.count
        for item in elements {
            remaining -= 1
            pad(1)
            write(&self, item)
            append(remaining > 0 ? ",\n" : "\n")
            flush(&output)
        }
        append("]\n")
    }
}

extension StandardOutput {
    /// Writes out `output` once it holds a chunk, and empties it: the `flush` of a JSON array
    /// printed as it is made.
    static func flush(_ output: inout [UInt8]) {
        guard output.count >= chunk else { return }
        write(output)
        output.removeAll(keepingCapacity: true)
    }
}
