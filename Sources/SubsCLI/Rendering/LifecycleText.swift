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

extension LifecycleText {
    /// What giving notice on a contract did (PRODUCT.md §14), a line each: the notice and the end
    /// it reaches (or the end forced), the last payment, and what a missed deadline cost.
    static func notice(_ name: String, _ outcome: NoticeOutcome) -> String {
        let name = name.terminalSafe
        let given = SubscriptionText.date(outcome.noticeGivenOn)
        let end = SubscriptionText.date(outcome.ends)
        var lines = [outcome.forced
            ? localized("Notice given on \(given) for \(name): the contract ends early on \(end), as --end sets.")
            : localized("Notice given on \(given) for \(name): the contract ends on \(end).")]
        lines.append(outcome.lastPayment.map {
            localized("Last payment: \(SubscriptionText.money($0.amount)) on \(SubscriptionText.date($0.date)).")
        } ?? localized("No payment is charged before it ends."))
        if let missed = outcome.missed {
            let termEnd = SubscriptionText.date(missed.termEnd)
            let deadline = SubscriptionText.date(missed.cancelBy)
            let cost = SubscriptionText.money(missed.cost)
            lines.append(localized(
                "The deadline for the term ending \(termEnd) was \(deadline); giving notice now costs \(cost) more."))
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
