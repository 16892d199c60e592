/// What one attempt to hand a reminder to its hooks came to.
public enum DeliveryResult: Equatable, Sendable {
    /// Every hook took it: it is recorded and not sent again.
    case delivered
    /// A hook refused it (the reason, for the user): the next run tries again.
    case failed(String)
    /// The run was asked to stop (SIGINT, SIGTERM) before this reminder was delivered: it and the
    /// rest go back for the next run.
    case interrupted
}

/// A reminder a hook refused, and why.
public struct ReminderFailure: Equatable, Sendable {
    public let reminder: Reminder
    public let reason: String
}

/// A reminder a run claimed and then found was no longer its own to deliver.
public struct LostClaim: Equatable, Sendable {
    public let reminder: Reminder
    public let why: Why

    public enum Why: Equatable, Sendable {
        /// The run's claim went stale (a run of more than ten minutes, a machine that slept) and
        /// another run took it over: that run delivers it, or gives it back for the next.
        case takenOver
        /// Recorded as sent meanwhile, by another run or by a sync from another machine.
        case sentElsewhere
        /// Its subscription was deleted meanwhile.
        case subscriptionDeleted
        /// Its claim was undone meanwhile (an `undo`, a sync) and nobody holds it: the next run
        /// sends it.
        case undone
    }
}

/// How a run of `subs remind` ended.
public struct ReminderRunResult: Equatable, Sendable {
    /// Every reminder the run claimed, in the order it delivered them.
    public let claimed: [Reminder]
    /// Recorded as sent.
    public internal(set) var delivered: [Reminder] = []
    /// Refused by a hook; given back for the next run.
    public internal(set) var failures: [ReminderFailure] = []
    /// Not delivered because the run was interrupted; given back for the next run.
    public internal(set) var interrupted: [Reminder] = []
    /// Not delivered here because this run's claim on it went before its turn came, and why.
    public internal(set) var lostClaims: [LostClaim] = []

    /// Whether the run stopped early.
    public var wasInterrupted: Bool { !interrupted.isEmpty }
}
