import SubscriptionCore

extension JSONValue {
    /// Prints `.array(elements.map(element)).rendered` to standard output as it is made, a few
    /// kilobytes at a time: a long list is never held whole, neither as values nor as text.
    static func printArray<Elements: Collection>(_ elements: Elements, _ element: (Elements.Element) -> JSONValue) {
        guard !elements.isEmpty else { return StandardOutput.write("[]\n") }
        var writer = JSONWriter()
        writer.output.reserveCapacity(StandardOutput.chunk + 4096)
        writer.append("[\n")
        var remaining = elements.count
        for item in elements {
            remaining -= 1
            writer.pad(1)
            writer.write(element(item), indent: 1)
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
