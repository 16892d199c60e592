import Foundation

/// The claim → deliver → record protocol of `subs remind` (PRODUCT.md §5), with delivery handed
/// in, so that each reminder is sent exactly once however runs overlap, fail or are stopped:
///
/// - the reminders due are claimed in one transaction, so parallel runs never take the same one;
/// - each is recorded as sent as soon as its delivery succeeds, or given back as soon as it fails;
///   with no hook, printing them is their delivery, and all are recorded at once after it;
/// - the claims still pending are renewed as the run goes, so a long run keeps them; one that
///   went stale and was taken over by another run is left to that run, and one whose claim went
///   otherwise (sent elsewhere, its subscription deleted, undone) is not sent;
/// - once delivery reports `.interrupted`, that reminder and every one not yet tried are given
///   back, and what was delivered stays recorded.
public enum ReminderRun {
    /// Claims the reminders due on `today`, shows them to `announce` (before any is delivered),
    /// then delivers them one by one with `deliver`; without `deliver`, what `announce` showed
    /// was delivered, and is recorded in one transaction.
    ///
    /// A `today` later than `realToday` is refused: what it records would be silent on the real
    /// day. `now` is the clock claims are dated with. `cancelOffsets` replaces config
    /// `remind-cancel-days` (`--remind-cancel`).
    public static func run(
        _ store: SubscriptionStore, today: CivilDate, realToday: CivilDate = .today(),
        cancelOffsets: [Int]? = nil,
        now: () -> Date = Date.init,
        announce: ([Reminder]) throws -> Void,
        deliver: ((Reminder) -> DeliveryResult)?
    ) throws -> ReminderRunResult {
        guard today <= realToday else {
            throw ReminderRunError.futureDay(today: today, realToday: realToday)
        }
        let run = UUID().uuidString
        var renewed = now()
        let claimed = try store.claimReminders(today: today, now: renewed, run: run, cancelOffsets: cancelOffsets)
        var result = ReminderRunResult(claimed: claimed)
        guard !claimed.isEmpty else { return result }
        var pending = claimed[...]
        func settle(sent: [Reminder] = [], released: [Reminder] = []) throws {
            // A claim can be taken over only once it is stale: renewing the pending ones when a
            // tenth of the timeout has passed keeps them fresh, where renewing every one after
            // each reminder made a run of n reminders write n² rows (2,000 took a minute). The
            // next one is renewed every time: its claim may have gone otherwise (its subscription
            // deleted, or a sync that brought it as sent), and it is delivered next.
            let moment = now()
            let renewingAll = !(0..<SubscriptionStore.reminderClaimTimeout / 10).contains(moment.timeIntervalSince(renewed))
            var lost = try store.settleReminders(
                sent: sent, released: released, pending: Array(renewingAll ? pending : pending.prefix(1)), now: moment, run: run)
            while !lost.isEmpty {
                pending.removeAll { reminder in lost.contains { $0.reminder == reminder } }
                result.lostClaims += lost
                // The next one gone, the one after it is delivered next: it is checked the same way.
                lost = renewingAll ? [] : try store.settleReminders(
                    sent: [], released: [], pending: Array(pending.prefix(1)), now: moment, run: run)
            }
            if renewingAll { renewed = moment }
        }
        do {
            try announce(claimed)
            guard let deliver else {
                pending = []
                try settle(sent: claimed)
                result.delivered = claimed
                return result
            }
            // The first one is checked as every next one is: its claim may have gone while
            // `announce` ran.
            try settle()
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
            // database refuses this too, the claims still expire on their own. (Without a hook,
            // nothing is left once they are printed: if recording them fails, their claims
            // expire, and they are printed again after that.)
            let left = Array(pending)
            pending = []
            try? settle(released: left)
            throw error
        }
        return result
    }
}
