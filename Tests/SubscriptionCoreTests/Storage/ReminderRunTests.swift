import Foundation
import Testing
@testable import SubscriptionCore

/// The claim → deliver → record protocol of `subs remind` (PRODUCT.md §5), with a fake delivery
/// and a fake clock: each reminder is sent exactly once however a run fails, lasts or is stopped.
@Suite struct ReminderRunTests {
    let scratch = Scratch()
    let today = day("2024-01-30")

    /// A clock the test moves by hand.
    final class Clock {
        var now = fixedNow
        func advance(minutes: Double) { now = now.addingTimeInterval(minutes * 60) }
    }

    /// A store with Alpha, Bravo, Charlie and Delta, each with one reminder due on `today`.
    func store(_ names: [String] = ["Alpha", "Bravo", "Charlie", "Delta"]) throws -> SubscriptionStore {
        let store = try SubscriptionStore(location: scratch.location)
        for name in names { _ = try store.add(try simpleNewSubscription(name, start: "2024-01-31"), now: fixedNow) }
        return store
    }

    /// Another process on the same database.
    func otherRun() throws -> SubscriptionStore { try SubscriptionStore(location: scratch.location) }

    func run(
        _ store: SubscriptionStore, clock: Clock = Clock(), today: CivilDate? = nil,
        deliver: @escaping (Reminder) throws -> DeliveryResult
    ) throws -> ReminderRunResult {
        try ReminderRun.run(store, today: today ?? self.today, realToday: self.today, now: { clock.now },
                            announce: { _ in }, deliver: { (try? deliver($0)) ?? .failed("the test's delivery threw") })
    }

    @Test func eachReminderIsRecordedAsSoonAsItIsDelivered() throws {
        let store = try store()
        var stillDueWhileDelivering: [String: [String]] = [:]
        _ = try run(store) { reminder in
            // Long after now every claim has expired: what is still due then is what is not recorded.
            let later = fixedNow.addingTimeInterval(SubscriptionStore.reminderClaimTimeout * 2)
            stillDueWhileDelivering[reminder.name] = try otherRun().dueReminders(today: today, now: later).map(\.name)
            return .delivered
        }
        #expect(stillDueWhileDelivering["Alpha"] == ["Alpha", "Bravo", "Charlie", "Delta"])
        #expect(stillDueWhileDelivering["Charlie"] == ["Charlie", "Delta"], "Alpha and Bravo are recorded already")
        #expect(try store.dueReminders(today: today, now: fixedNow.addingTimeInterval(3600)).isEmpty)
    }

    @Test func aLongRunKeepsItsClaimsSoASecondRunDeliversNothingTwice() throws {
        let store = try store()
        let clock = Clock()
        var secondRunGot: [String] = []
        let result = try run(store, clock: clock) { reminder in
            // Each delivery takes 6 minutes: by Delta the run is 18 minutes old, past the claim timeout.
            clock.advance(minutes: 6)
            if reminder.name == "Delta" {
                secondRunGot = try run(otherRun(), clock: clock) { _ in .delivered }.claimed.map(\.name)
            }
            return .delivered
        }
        #expect(result.delivered.map(\.name) == ["Alpha", "Bravo", "Charlie", "Delta"])
        #expect(secondRunGot == [], "the first run's claims are fresh")
    }

    /// Claims are renewed once a tenth of the timeout has passed, not after every reminder: a run
    /// of 40 deliveries of 30 seconds each (20 minutes, twice the timeout) still holds the claims
    /// of the last ones, and a second run started at the 39th (19.5 minutes in) takes none.
    @Test func claimsRenewedAsTheRunGoesStayFreshThroughALongRun() throws {
        let names = (1...40).map { "Service \(String(format: "%02d", $0))" }
        let store = try store(names)
        let clock = Clock()
        var secondRunGot: [String]?
        let result = try run(store, clock: clock) { reminder in
            clock.advance(minutes: 0.5)
            if reminder.name == "Service 39" {
                secondRunGot = try run(otherRun(), clock: clock) { _ in .delivered }.claimed.map(\.name)
            }
            return .delivered
        }
        #expect(result.delivered.count == 40)
        #expect(secondRunGot == [], "the first run's claims are fresh after 19.5 minutes")
        #expect(try otherRun().dueReminders(today: today, now: clock.now.addingTimeInterval(3600)).isEmpty)
    }

    /// A subscription deleted while a run delivers: its reminder is not delivered if it was still
    /// to come, and if its hook was running, the run carries on with the rest.
    @Test func aSubscriptionDeletedDuringARunIsLeftOutAndTheRunGoesOn() throws {
        let store = try store()
        var attempted: [String] = []
        let result = try run(store) { reminder in
            attempted.append(reminder.name)
            if reminder.name == "Alpha" { _ = try otherRun().delete(references: ["bravo"], now: fixedNow) }
            if reminder.name == "Charlie" { _ = try otherRun().delete(references: ["charlie"], now: fixedNow) }
            return .delivered
        }
        #expect(attempted == ["Alpha", "Charlie", "Delta"], "Bravo was deleted before its turn")
        #expect(result.delivered.map(\.name) == ["Alpha", "Charlie", "Delta"])
        #expect(try otherRun().dueReminders(today: today, now: fixedNow.addingTimeInterval(3600)).isEmpty)
    }

    /// With no hook, printing the reminders is their delivery: what `announce` showed is
    /// recorded as sent once it has shown it, all in one transaction.
    @Test func withoutAHookWhatWasAnnouncedIsRecorded() throws {
        let store = try store()
        let later = fixedNow.addingTimeInterval(SubscriptionStore.reminderClaimTimeout * 2)
        var dueWhileAnnouncing: [String] = []
        let result = try ReminderRun.run(store, today: today, realToday: today, now: { fixedNow }, announce: { _ in
            dueWhileAnnouncing = try otherRun().dueReminders(today: today, now: later).map(\.name)
        }, deliver: nil)
        #expect(dueWhileAnnouncing == ["Alpha", "Bravo", "Charlie", "Delta"], "nothing is recorded before it is shown")
        #expect(result.delivered.map(\.name) == ["Alpha", "Bravo", "Charlie", "Delta"])
        #expect(try otherRun().dueReminders(today: today, now: later).isEmpty)
    }

    /// Review finding: a run whose claims went stale (one delivery of more than ten minutes, a
    /// machine that slept) leaves what another run took over to that run, and giving back its
    /// own failure never undoes the other run's claim.
    @Test func aRunWhoseClaimsWereTakenOverLeavesThemToTheOtherRun() throws {
        let store = try store(["Alpha", "Bravo", "Charlie"])
        let clock = Clock()
        var delivered: [String] = []
        var otherClaimed: [String] = []
        let result = try run(store, clock: clock) { reminder in
            if reminder.name == "Alpha" {
                // Alpha's hook hangs past the claim timeout; another run starts meanwhile and takes
                // all three, which it is still delivering when Alpha fails here.
                clock.advance(minutes: 11)
                let other = try otherRun()
                let claimed = try other.claimReminders(today: today, now: clock.now, run: "other")
                otherClaimed = claimed.map(\.name)
                return .failed("timed out")
            }
            delivered.append(reminder.name)
            return .delivered
        }
        #expect(otherClaimed == ["Alpha", "Bravo", "Charlie"])
        #expect(delivered.isEmpty, "this run leaves what the other run took over")
        #expect(result.lostClaims.map(\.reminder.name) == ["Bravo", "Charlie"])
        #expect(result.lostClaims.map(\.why) == [.takenOver, .takenOver])
        #expect(result.failures.map(\.reminder.name) == ["Alpha"])
        // Giving Alpha back did not undo the other run's claim: a third run finds nothing due.
        #expect(try otherRun().dueReminders(today: today, now: clock.now).isEmpty)
    }

    /// A claim can also go without another run taking it over: the reminder was recorded as sent
    /// elsewhere (another run, a sync), or its subscription was deleted. The run says which.
    @Test func aRunSaysWhyAClaimWentWhenItWasNotTakenOver() throws {
        let store = try store(["Alpha", "Bravo", "Charlie", "Delta", "Echo"])
        var delivered: [String] = []
        let result = try run(store) { reminder in
            if reminder.name == "Alpha" {
                let other = try otherRun()
                _ = try other.delete(references: ["Bravo"], now: fixedNow)
                // Echo's claim undone (as an undo rewriting it does): nobody holds it.
                let echo = try #require(try other.subscriptions().first { $0.name == "Echo" })
                try other.write { try $0.run("DELETE FROM reminders_sent WHERE subscription_id = ?", [.text(echo.id)]) }
                let charlie = try #require(try other.dueReminders(today: today, now: fixedNow.addingTimeInterval(3600))
                    .first { $0.name == "Charlie" })
                try other.settleReminders(sent: [charlie], released: [], pending: [], now: fixedNow, run: "a sync")
            }
            delivered.append(reminder.name)
            return .delivered
        }
        #expect(delivered == ["Alpha", "Delta"])
        #expect(result.lostClaims.map(\.reminder.name) == ["Bravo", "Charlie", "Echo"])
        #expect(result.lostClaims.map(\.why) == [.subscriptionDeleted, .sentElsewhere, .undone])
        #expect(try otherRun().dueReminders(today: today, now: fixedNow).map(\.name) == ["Echo"], "the next run sends Echo")
    }

    @Test func aFailedReminderIsGivenBackAndTheOthersAreRecorded() throws {
        let store = try store()
        let result = try run(store) { $0.name == "Bravo" ? .failed("HTTP 500") : .delivered }
        #expect(result.delivered.map(\.name) == ["Alpha", "Charlie", "Delta"])
        #expect(result.failures.map(\.reminder.name) == ["Bravo"])
        #expect(result.failures.map(\.reason) == ["HTTP 500"])
        #expect(!result.wasInterrupted)

        let next = try run(otherRun()) { _ in .delivered }
        #expect(next.claimed.map(\.name) == ["Bravo"], "the next run, at once, sends exactly the failed one")
    }

    @Test func anInterruptedRunKeepsWhatWasDeliveredAndGivesBackTheRest() throws {
        let store = try store()
        var attempted: [String] = []
        let result = try run(store) { reminder in
            attempted.append(reminder.name)
            return reminder.name == "Bravo" ? .interrupted : .delivered
        }
        #expect(attempted == ["Alpha", "Bravo"], "nothing is tried after the interruption")
        #expect(result.delivered.map(\.name) == ["Alpha"])
        #expect(result.interrupted.map(\.name) == ["Bravo", "Charlie", "Delta"])
        #expect(result.wasInterrupted)

        let next = try run(otherRun()) { _ in .delivered }
        #expect(next.claimed.map(\.name) == ["Bravo", "Charlie", "Delta"],
                "the next run, at once, sends exactly what was not delivered")
    }

    @Test func aRunAsOfALaterDayThanTodayIsRefusedAndRecordsNothing() throws {
        let store = try store()
        let tomorrow = try #require(today.adding(days: 1))
        #expect(throws: ReminderRunError.futureDay(today: tomorrow, realToday: today)) {
            _ = try run(store, today: tomorrow) { _ in .delivered }
        }
        #expect(try store.dueReminders(today: tomorrow, now: fixedNow).count == 4, "nothing was claimed")
        #expect(try run(store) { _ in .delivered }.delivered.count == 4, "today itself is fine")
    }

    @Test func anUnreadableSentReminderRowIsADamagedDatabase() throws {
        let store = try store(["Alpha"])
        try store.write { connection in
            try connection.run("""
                INSERT INTO reminders_sent (subscription_id, payment_date, offset_days, state, updated_at)
                SELECT id, '2024-02-31', 2, 'sent', '2024-01-01T00:00:00Z' FROM subscriptions
                """)
        }
        for attempt in [{ _ = try store.dueReminders(today: today, now: fixedNow) },
                        { _ = try run(store) { _ in .delivered } }] {
            let error = #expect(throws: StoreError.self) { try attempt() }
            guard case .damaged(let path, _)? = error else {
                Issue.record("expected damaged, got \(String(describing: error))")
                continue
            }
            #expect(path == scratch.location.databasePath)
        }
    }
}
