#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation

/// What one command cost as a whole process: from spawn to exit, as a user at a shell pays it.
struct ProcessCost {
    var seconds: Double
    /// Peak resident memory, in bytes.
    var peakMemory: Int
}

/// Runs commands as whole processes, standard output to /dev/null, and keeps the median.
enum ProcessTimer {
    /// The median wall time and the largest peak memory of `runs` runs, after `warmUp` untimed
    /// ones (the page cache warm, as for a user who ran it a moment ago).
    static func measure(
        _ arguments: [String], environment: [String: String], runs: Int, warmUp: Int = 2
    ) throws -> ProcessCost {
        for _ in 0..<warmUp { _ = try run(arguments, environment: environment) }
        return median(try (0..<runs).map { _ in try run(arguments, environment: environment) })
    }

    /// A command and what it runs with.
    typealias Command = (arguments: [String], environment: [String: String])

    /// `runs` rounds of one run of each command, each round starting one command further on
    /// (so that none always runs just after another): what each cost, round by round, in the
    /// commands' order. A figure made of their differences, taken round by round (what a
    /// passphrase adds, over what a key derivation costs), is not moved by the machine being
    /// busier for one of them than for another.
    static func rounds(_ commands: [Command], runs: Int, warmUp: Int = 2) throws -> [[ProcessCost]] {
        var rounds: [[ProcessCost]] = []
        for round in 0..<(warmUp + runs) {
            var costs = [ProcessCost](repeating: ProcessCost(seconds: 0, peakMemory: 0), count: commands.count)
            for step in commands.indices {
                let index = (round + step) % commands.count
                costs[index] = try run(commands[index].arguments, environment: commands[index].environment)
            }
            if round >= warmUp { rounds.append(costs) }
        }
        return rounds
    }

    /// For a command that changes what it runs on (`import`, `undo`): `prepare` puts the files
    /// back before each run, untimed. At most `runs` runs, fewer once `budget` seconds are spent.
    static func measureFresh(
        _ arguments: [String], environment: [String: String], runs: Int, budget: Double, prepare: () throws -> Void
    ) throws -> (cost: ProcessCost, runs: Int) {
        var costs: [ProcessCost] = []
        while costs.count < runs && costs.map(\.seconds).reduce(0, +) < budget {
            try prepare()
            costs.append(try run(arguments, environment: environment))
        }
        return (median(costs), costs.count)
    }

    /// The median time and the largest peak memory.
    static func median(_ costs: [ProcessCost]) -> ProcessCost {
        ProcessCost(seconds: median(costs.map(\.seconds)), peakMemory: costs.map(\.peakMemory).max() ?? 0)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// What a command prints on standard output, refused unless it exits 0.
    static func output(_ arguments: [String], environment: [String: String]) throws -> Data {
        try reading(arguments, environment: environment) { $0.readDataToEndOfFile() }
    }

    /// How many lines of what a command prints match, read a piece at a time: the bench's own
    /// peak memory is in every figure after (see `BenchDatabase.build`), so it never holds a
    /// whole output. Refused unless the command exits 0.
    static func countLines(
        _ arguments: [String], environment: [String: String], where matches: (String) -> Bool
    ) throws -> Int {
        try reading(arguments, environment: environment) { output in
            var count = 0
            var pending: [UInt8] = []
            while true {
                let piece = output.availableData
                if piece.isEmpty { break }
                pending.append(contentsOf: piece)
                var start = 0
                while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    if matches(String(decoding: pending[start..<newline], as: UTF8.self)) { count += 1 }
                    start = newline + 1
                }
                pending.removeFirst(start)
            }
            return count
        }
    }

    /// Runs a command (found on PATH, PATH added to `environment`), hands its standard output to
    /// `read`, and returns what `read` made, refused unless the command exits 0.
    private static func reading<Result>(
        _ arguments: [String], environment: [String: String], _ read: (FileHandle) -> Result
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path(of: arguments[0]))
        process.arguments = Array(arguments.dropFirst())
        var environment = environment
        environment["PATH"] = environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let result = read(pipe.fileHandleForReading)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failed(command: arguments, status: process.terminationStatus)
        }
        return result
    }

    /// `command` as the shell finds it on PATH.
    static func path(of command: String) throws -> String {
        if command.contains("/") { return command }
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let found = directories.map({ "\($0)/\(command)" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Failed(command: [command], status: 127)
        }
        return found
    }

    struct Failed: Error, CustomStringConvertible {
        let command: [String]
        let status: Int32
        var description: String { "\(command.joined(separator: " ")) exited with status \(status)" }
    }

    /// One run: spawned with exactly `environment` (plus PATH), its output thrown away.
    static func run(_ arguments: [String], environment: [String: String]) throws -> ProcessCost {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var environment = environment
        environment["PATH"] = environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pid = pid_t()
        let code = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        guard code == 0 else { throw Failed(command: arguments, status: code) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        // Exited normally with status 0: WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Failed(command: arguments, status: status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f)
        }
        let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        return ProcessCost(seconds: seconds, peakMemory: Int(usage.ru_maxrss) * 1024)
    }
}
