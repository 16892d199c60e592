/// Values a command is done with but leaves for the process's exit to reclaim: a report over
/// 100,000 subscriptions is a few million small allocations, and freeing them one by one takes
/// longer than the operating system takes to drop the whole heap (compilers skip it the same way).
enum LeftForExit {
    /// Only a command's `run()`, on the main thread, adds to it, and nothing ever reads it.
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ values: Any...) {
        kept += values
    }
}
