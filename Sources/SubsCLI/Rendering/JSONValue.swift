import SubscriptionCore

extension JSONValue {
    /// Prints `.array(elements.map(element)).rendered` to standard output as it is made, a few
    /// kilobytes at a time: a long list is never held whole, neither as values nor as text.
    static func printArray<Elements: Collection>(_ elements: Elements, _ element: (Elements.Element) -> JSONValue) {
        printArray(elements) { writer, item in writer.write(element(item), indent: 1) }
    }

    /// Prints an array of objects whose members `members` gives, each written as it is made
    /// (`JSONWriter.writeObject`): no value is built between the item and its text.
    static func printArray<Elements: Collection>(
        _ elements: Elements, members: (Elements.Element, inout JSONWriter.ObjectWriter) -> Void
    ) {
        printArray(elements) { writer, item in writer.writeObject(indent: 1) { members(item, &$0) } }
    }

    private static func printArray<Elements: Collection>(
        _ elements: Elements, write: (inout JSONWriter, Elements.Element) -> Void
    ) {
        guard !elements.isEmpty else { return StandardOutput.write("[]\n") }
        var writer = JSONWriter()
        writer.output.reserveCapacity(StandardOutput.chunk + 4096)
        writer.append("[\n")
        var remaining = elements.count
        for item in elements {
            remaining -= 1
            writer.pad(1)
            write(&writer, item)
            writer.append(remaining > 0 ? ",\n" : "\n")
            if writer.output.count >= StandardOutput.chunk {
                StandardOutput.write(writer.output)
                writer.output.removeAll(keepingCapacity: true)
            }
        }
        writer.append("]\n")
        StandardOutput.write(writer.output)
    }
}
