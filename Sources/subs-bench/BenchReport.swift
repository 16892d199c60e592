import Foundation

/// The figures as they are measured, one line each: what, how much, the target, the floor.
struct BenchReport {
    private var missed: [String] = []

    func note(_ text: String) {
        print(text)
        fflush(nil)
    }

    /// A time (and memory) against its target.
    mutating func check(
        _ label: String, _ cost: ProcessCost, limit: Double, limitText: String? = nil,
        memoryLimit: Int? = nil, floor: (name: String, cost: ProcessCost)? = nil, detail: String? = nil
    ) {
        var met = cost.seconds <= limit
        var measured = Self.time(cost.seconds)
        var target = "≤ " + (limitText.map { "\($0) = \(Self.time(limit))" } ?? Self.time(limit))
        if let memoryLimit {
            met = met && cost.peakMemory <= memoryLimit
            measured += ", " + Self.memory(cost.peakMemory)
            target += ", " + Self.memory(memoryLimit)
        }
        var line = "\(Self.padded(label, 62)) \(Self.padded(measured, 18)) \(Self.padded(target, 26)) \(met ? "met" : "MISSED")"
        if let floor { line += "   floor: \(floor.name) \(Self.time(floor.cost.seconds))" }
        if let detail { line += "   \(detail)" }
        record(line, met: met, label: label)
    }

    /// Any figure against its target, both as text.
    mutating func check(_ label: String, value: String, target: String, met: Bool, detail: String = "") {
        record("\(Self.padded(label, 62)) \(Self.padded(value, 18)) \(Self.padded(target, 26)) \(met ? "met" : "MISSED")"
               + (detail.isEmpty ? "" : "   \(detail)"), met: met, label: label)
    }

    /// A figure with no target of its own, that explains another.
    func info(_ label: String, _ cost: ProcessCost, detail: String) {
        note("\(Self.padded(label, 62)) \(Self.padded(Self.time(cost.seconds), 18)) \(Self.padded("", 26)) info   \(detail)")
    }

    /// A figure with no target of its own, as text (a memory beside the files it read).
    func figure(_ label: String, _ value: String, detail: String) {
        note("\(Self.padded(label, 62)) \(Self.padded(value, 18)) \(Self.padded("", 26)) info   \(detail)")
    }

    /// A ratio against its limit.
    mutating func ratio(_ label: String, _ value: Double, limit: Double, detail: String) {
        // A ratio below zero comes of a denominator lost in the noise: no measure at all.
        let met = value >= 0 && value <= limit
        let line = "\(Self.padded(label, 62)) \(Self.padded(String(format: "%.2f", value), 18)) "
            + "\(Self.padded(String(format: "≤ %.1f", limit), 26)) \(met ? "met" : "MISSED")   \(detail)"
        record(line, met: met, label: label)
    }

    private mutating func record(_ line: String, met: Bool, label: String) {
        if !met { missed.append(label) }
        note(line)
    }

    /// Prints the verdict and exits: 0 when every target is met.
    func finish(subs: String) -> Never {
        var system = utsname()
        uname(&system)
        let machine = withUnsafeBytes(of: &system.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        note("\(subs) on \(ProcessInfo.processInfo.activeProcessorCount) cores, \(machine), "
            + "\(Self.memory(Int(ProcessInfo.processInfo.physicalMemory))); median of whole-process runs")
        if missed.isEmpty {
            note("every target met")
            exit(0)
        }
        note("missed: \(missed.joined(separator: "; "))")
        exit(1)
    }

    /// How many objects the JSON array a command prints holds: as `subs … --format json` writes
    /// one (each opening `  {` on a line of its own) or `task export` (one a line).
    static func count(_ arguments: [String], environment: [String: String]) throws -> Int {
        try ProcessTimer.countLines(arguments, environment: environment) { $0 == "  {" || $0.hasPrefix("{") }
    }

    static func time(_ seconds: Double) -> String {
        seconds < 1 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }

    static func micro(_ seconds: Double) -> String {
        String(format: "%.2f µs", seconds * 1e6)
    }

    static func memory(_ bytes: Int) -> String {
        String(format: "%.0f MB", Double(bytes) / Double(1 << 20))
    }

    static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
