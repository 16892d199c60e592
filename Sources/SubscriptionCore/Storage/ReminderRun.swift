import Foundation

/// The claim → deliver → record protocol of `subs remind` (PRODUCT.md §5), with delivery handed
/// in, so that each reminder is sent exactly once however runs overlap, fail or are stopped:
///
/// - the reminders due are claimed in one transaction, so parallel runs never take the same one;
/// - each is recorded as sent as soon as its delivery succeeds, or given back as soon as it fails;
/// - the claims still pending are renewed at every step, so a long run keeps them; one that
///   went stale and was taken over by another run is left to that run;
/// - once delivery reports `.interrupted`, that reminder and every one not yet tried are given
///   back, and what was delivered stays recorded.
public enum ReminderRun {
    /// Claims the reminders due on `today`, shows them to `announce` (before any is delivered),
    /// then delivers them one by one with `deliver`.
    ///
    /// A `today` later than `realToday` is refused: what it records would be silent on the real
    /// day. `now` is the clock claims are dated with. `cancelOffsets` replaces config
    /// `remind-cancel-days` (`--remind-cancel`).
    public static func run(
        _ store: SubscriptionStore, today: CivilDate, realToday: CivilDate = .today(),
        cancelOffsets: [Int]? = nil,
        now: () -> Date = Date.init,
        announce: ([Reminder]) throws -> Void,
        deliver: (Reminder) -> DeliveryResult
    ) throws -> ReminderRunResult {
        guard today <= realToday else {
            throw ReminderRunError.futureDay(today: today, realToday: realToday)
        }
        let run = UUID().uuidString
        let claimed = try store.claimReminders(today: today, now: now(), run: run, cancelOffsets: cancelOffsets)
        var result = ReminderRunResult(claimed: claimed)
        guard !claimed.isEmpty else { return result }
        var pending = claimed[...]
        func settle(sent: [Reminder] = [], released: [Reminder] = []) throws {
            let lost = try store.settleReminders(
                sent: sent, released: released, pending: Array(pending), now: now(), run: run)
            pending.removeAll { lost.contains($0) }
            result.takenOver += lost
        }
        do {
            try announce(claimed)
            while let reminder = pending.popFirst() {
                switch deliver(reminder) {
                case .delivered:
                    try settle(sent: [reminder])
                    result.delivered.append(reminder)
                case .failed(let reason):
                    try settle(released: [reminder])
                    result.failures.append(ReminderFailure(reminder: reminder, reason: reason))
                case .interrupted:
                    let given = [reminder] + pending
                    pending = []
                    try settle(released: given)
                    result.interrupted = given
                }
            }
        } catch {
            // Give back what is left rather than leave it claimed for ten minutes; if the
            // database refuses this too, the claims still expire on their own.
            let left = Array(pending)
            pending = []
            try? settle(released: left)
            throw error
        }
        return result
    }
}
