import SubscriptionCore

/// What `cancel`, `pause` and `resume` tell the user they did.
enum LifecycleText {
    /// `Resumed Gym on 2026-07-01: the pause ended; billing restarts on that day`: every change
    /// the resume made, and a cancellation it left in place.
    static func resumed(_ name: String, on date: CivilDate, _ outcome: ResumeOutcome) -> String {
        var done: [String] = []
        if let pause = outcome.pause {
            done.append(pause.from >= date ? localized("the pause from \(SubscriptionText.date(pause.from)) is withdrawn")
                : localized("the pause ended"))
        }
        switch outcome.cancellation {
        case .restarted(let cancelled)?:
            done.append(localized("billing restarts on that day (it was cancelled on \(SubscriptionText.date(cancelled)))"))
        case .withdrawn(let cancelled)?:
            done.append(localized("the cancellation on \(SubscriptionText.date(cancelled)) is withdrawn"))
        case .stillAhead(let cancelled)?:
            done.append(localized("it is still cancelled from \(SubscriptionText.date(cancelled))"))
        case nil:
            break
        }
        return localized("Resumed \(name.terminalSafe) on \(SubscriptionText.date(date)): \(done.joined(separator: "; "))")
    }
}
