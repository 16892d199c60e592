extension Array {
    /// Puts the element at `source[i]` at position i, for every i, moving each once, cycle by
    /// cycle: no element copied (which retains each of its references, and `swapAt` does) and no
    /// second array of them. `source` holds every position once. For 100,000 subscriptions or report
    /// rows sorted as positions.
    mutating func rearrange(taking source: [Int]) {
        precondition(source.count == count, "one source position for each position")
        var placed = [Bool](repeating: false, count: source.count)
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in source.indices where !placed[start] {
                placed[start] = true
                // In place already, as nearly every subscription is when the order only confirms
                // the stored one: not moved out and back (two copies of 270 bytes each).
                guard source[start] != start else { continue }
                let first = (base + start).move()
                var current = start
                while source[current] != start {
                    let next = source[current]
                    (base + current).moveInitialize(from: base + next, count: 1)
                    current = next
                    placed[current] = true
                }
                (base + current).initialize(to: first)
            }
        }
    }
}
