import SubscriptionCore

/// What `cancel`, `pause` and `resume` tell the user they did.
enum LifecycleText {
    /// `Resumed Gym on 2026-07-01: the pause ended; billing restarts on that day`: every change
    /// the resume made, and a cancellation it left in place.
    static func resumed(_ name: String, on date: CivilDate, _ outcome: ResumeOutcome) -> String {
        var done: [String] = []
        if let pause = outcome.pause {
            done.append(pause.from >= date ? "the pause from \(pause.from) is withdrawn" : "the pause ended")
        }
        switch outcome.cancellation {
        case .restarted(let cancelled)?:
            done.append("billing restarts on that day (it was cancelled on \(cancelled))")
        case .withdrawn(let cancelled)?:
            done.append("the cancellation on \(cancelled) is withdrawn")
        case .stillAhead(let cancelled)?:
            done.append("it is still cancelled from \(cancelled)")
        case nil:
            break
        }
        return "Resumed \(name.terminalSafe) on \(date): " + done.joined(separator: "; ")
    }
}
