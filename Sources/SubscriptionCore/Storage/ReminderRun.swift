import Foundation

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

    /// Whether the run stopped early.
    public var wasInterrupted: Bool { !interrupted.isEmpty }
}

/// The claim → deliver → record protocol of `subs remind` (PRODUCT.md §5), with delivery handed
/// in, so that each reminder is sent exactly once however runs overlap, fail or are stopped:
///
/// - the reminders due are claimed in one transaction, so parallel runs never take the same one;
/// - each is recorded as sent as soon as its delivery succeeds, or given back as soon as it fails;
/// - the claims still pending are renewed at every step, so a long run keeps them;
/// - once delivery reports `.interrupted`, that reminder and every one not yet tried are given
///   back, and what was delivered stays recorded.
public enum ReminderRun {
    /// Claims the reminders due on `today`, shows them to `announce` (before any is delivered),
    /// then delivers them one by one with `deliver`.
    ///
    /// A `today` later than `realToday` is refused: what it records would be silent on the real
    /// day. `now` is the clock claims are dated with.
    public static func run(
        _ store: SubscriptionStore, today: CivilDate, realToday: CivilDate = .today(),
        now: () -> Date = Date.init,
        announce: ([Reminder]) throws -> Void,
        deliver: (Reminder) -> DeliveryResult
    ) throws -> ReminderRunResult {
        guard today <= realToday else {
            throw InputError("cannot send reminders as of \(today), later than today (\(realToday)): they "
                             + "would be recorded as sent and stay silent on their day; add --dry-run to preview them")
        }
        let claimed = try store.claimReminders(today: today, now: now())
        var result = ReminderRunResult(claimed: claimed)
        guard !claimed.isEmpty else { return result }
        var pending = claimed[...]
        do {
            try announce(claimed)
            while let reminder = pending.popFirst() {
                switch deliver(reminder) {
                case .delivered:
                    try store.settleReminders(sent: [reminder], released: [], pending: Array(pending), now: now())
                    result.delivered.append(reminder)
                case .failed(let reason):
                    try store.settleReminders(sent: [], released: [reminder], pending: Array(pending), now: now())
                    result.failures.append(ReminderFailure(reminder: reminder, reason: reason))
                case .interrupted:
                    let given = [reminder] + pending
                    pending = []
                    try store.settleReminders(sent: [], released: given, pending: [], now: now())
                    result.interrupted = given
                }
            }
        } catch {
            // Give back what is left rather than leave it claimed for ten minutes; if the
            // database refuses this too, the claims still expire on their own.
            try? store.settleReminders(sent: [], released: Array(pending), pending: [], now: now())
            throw error
        }
        return result
    }
}
