import Foundation
import Testing
@testable import SubscriptionCore

/// `subs remind` and the last day to cancel (PRODUCT.md §14): each deadline is reminded at its
/// own offsets, once each, apart from the payment reminders.
@Suite struct DeadlineReminderTests {
    private var config: Config {
        var config = Config()
        config.remindDays = [7, 1]
        return config
    }

    private static func span(_ count: Int, _ unit: TimeSpan.Unit) -> TimeSpan {
        guard let span = TimeSpan(count: count, unit: unit) else { fatalError("bad span \(count) \(unit)") }
        return span
    }

    /// PRODUCT.md §14's insurance: a yearly term from 2026-04-01 with 3 months' notice, $40.00 a
    /// month: cancel by 2026-12-31, or it renews to 2028-03-31 for $480.00.
    private func insurance() throws -> Subscription {
        var insurance = subscription(name: "Acme Insurance", price: "40.00", start: "2026-04-01")
        try insurance.setContract(term: Self.span(1, .year), renews: nil, notice: Self.span(3, .month))
        return insurance
    }

    @Test func aDeadlineIsRemindedThirtyAndSevenDaysBeforeOnceEach() throws {
        let insurance = try insurance()
        var sent: Set<SentReminder> = []
        var said: [String: [Int]] = [:]
        var today = day("2026-11-20")
        while today <= day("2027-01-05") {
            let due = ReminderReport.due([insurance], today: today, config: config, sent: sent)
                .filter { $0.kind == .cancelBy }
            for reminder in due { said[today.description, default: []] += reminder.offsets }
            sent.formUnion(due.flatMap(ReminderReport.records(of:)))
            today = try #require(today.adding(days: 1))
        }
        #expect(said == ["2026-12-01": [30], "2026-12-24": [7]])
    }

    @Test func theReminderSaysWhatMissingTheDeadlineCosts() throws {
        let due = ReminderReport.due([try insurance()], today: day("2026-12-01"), config: config, sent: [])
            .filter { $0.kind == .cancelBy }
        let reminder = try #require(due.first)
        #expect(due.count == 1)
        #expect(reminder.kind == .cancelBy)
        #expect(reminder.date == day("2026-12-31"))
        #expect(reminder.daysUntil == 30)
        #expect(reminder.amount == money("480.00"))
        #expect(reminder.deadline?.termEnd == day("2027-03-31"))
        #expect(reminder.deadline?.missed == .renews(term: Self.span(1, .year), until: day("2028-03-31"), cost: money("480.00")))
        #expect(ReminderReport.records(of: reminder)
                == [SentReminder(subscriptionID: reminder.subscriptionID, kind: .cancelBy, date: day("2026-12-31"), offset: 30)])
    }

    @Test func aRunAfterMissedDaysCatchesUpOnceForBothOffsets() throws {
        let late = ReminderReport.due([try insurance()], today: day("2026-12-28"), config: config, sent: [])
            .filter { $0.kind == .cancelBy }
        #expect(late.map(\.offsets) == [[30, 7]])
        #expect(late.first.map(ReminderReport.records(of:))?.count == 2)
    }

    /// A payment and a deadline on the same day, at the same offset: two reminders, kept apart.
    @Test func aPaymentAndADeadlineOnTheSameDayAreBothReminded() throws {
        var trial = subscription(name: "Stream", start: "2026-01-15")
        trial.cancelBy = day("2026-12-15")
        var both = config
        both.remindCancelDays = [7]
        let due = ReminderReport.due([trial], today: day("2026-12-08"), config: both, sent: [])
        #expect(due.map(\.kind) == [.cancelBy, .payment])
        #expect(due.map(\.date) == [day("2026-12-15"), day("2026-12-15")])
        #expect(due.first?.deadline?.missed == .charged(Payment(date: day("2027-01-15"), amount: money("15.49"))))
        #expect(due.first?.amount == money("15.49"))
        let paymentSent = Set(due.filter { $0.kind == .payment }.flatMap(ReminderReport.records(of:)))
        #expect(ReminderReport.due([trial], today: day("2026-12-08"), config: both, sent: paymentSent).map(\.kind) == [.cancelBy])
    }

    @Test func noPaymentRemindersSilencesPaymentsNotDeadlines() throws {
        var insurance = try insurance()
        insurance.remindDays = []
        let due = ReminderReport.due([insurance], today: day("2026-12-30"), config: config, sent: [])
        #expect(due.map(\.kind) == [.cancelBy])
    }

    @Test func noDeadlineOffsetsSilenceDeadlinesNotPayments() throws {
        let insurance = try insurance()
        let due = ReminderReport.due([insurance], today: day("2026-12-30"), config: config, sent: [], cancelOffsets: [])
        #expect(due.map(\.kind) == [.payment])
        var quiet = config
        quiet.remindCancelDays = []
        #expect(ReminderReport.due([insurance], today: day("2026-12-30"), config: quiet, sent: []).map(\.kind) == [.payment])
        #expect(ReminderReport.due([insurance], today: day("2026-12-30"), config: quiet, sent: [], cancelOffsets: [1])
                    .map(\.kind) == [.cancelBy, .payment])
    }

    @Test func remindersOffSilencesDeadlinesToo() throws {
        var off = config
        off.remindersEnabled = false
        #expect(ReminderReport.due([try insurance()], today: day("2026-12-30"), config: off, sent: []).isEmpty)
    }

    /// A pause stops the payments, not the contract: the deadline still comes.
    @Test func aPausedContractIsRemindedOfItsDeadlineOnly() throws {
        var insurance = try insurance()
        try insurance.pause(from: day("2026-11-15"), until: nil)
        let due = ReminderReport.due([insurance], today: day("2026-12-30"), config: config, sent: [])
        #expect(due.map(\.kind) == [.cancelBy])
    }

    @Test func aContractWithNoticeGivenOrCancelledRemindsOfNoDeadline() throws {
        var noticed = try insurance()
        _ = try noticed.giveNotice(on: day("2026-11-01"))
        #expect(ReminderReport.due([noticed], today: day("2026-12-30"), config: config, sent: [])
                    .filter { $0.kind == .cancelBy }.isEmpty)
        var oneOff = subscription(name: "Stream", start: "2026-01-15")
        oneOff.cancelBy = day("2026-12-15")
        try oneOff.cancel(on: day("2026-11-20"))
        #expect(ReminderReport.due([oneOff], today: day("2026-12-14"), config: config, sent: []).isEmpty)
    }

    @Test func aManualRenewalIsRemindedAsAPaymentThatSaysManual() throws {
        var domain = subscription(name: "example.org", price: "12.00", every: cycle(1, .year), start: "2026-01-10")
        domain.autoRenew = false
        let due = ReminderReport.due([domain], today: day("2027-01-09"), config: config, sent: [])
        #expect(due.map(\.kind) == [.payment])
        #expect(due.first?.renewal == .manual)
        #expect(due.first?.date == day("2027-01-10"))
    }
}

/// A year of daily cron runs of `subs remind` through the real store (issue 24): every deadline
/// of the year is reminded exactly once at each offset, none twice, none after notice is given.
@Suite struct DeadlineCronYearTests {
    let scratch = Scratch()

    private static func span(_ text: String) throws -> TimeSpan { try TimeSpan(input: text, field: .term) }

    private func contract(
        _ name: String, amount: String, cycle: BillingCycle, start: String, term: String, renews: String? = nil,
        notice: String?
    ) throws -> NewSubscription {
        var new = NewSubscription(name: name, amount: try DecimalAmount(input: amount), cycle: cycle, startDate: day(start),
                                  remindDays: [3])
        new.term = try Self.span(term)
        new.renews = try renews.map(Self.span)
        new.notice = try notice.map(Self.span)
        return new
    }

    /// One reminder delivered: what it was for and the day the run delivered it.
    struct Delivery: Hashable, CustomStringConvertible {
        let name: String
        let kind: String
        let date: CivilDate
        let offset: Int
        let on: CivilDate
        var description: String { "\(name) \(kind) \(date) K=\(offset) on \(on)" }
    }

    @Test func aYearOfDailyRunsRemindsOfEachDeadlineOnceAtEachOffset() throws {
        let store = try SubscriptionStore(location: scratch.location)
        let insurance = try store.add(try contract("Insurance", amount: "40.00", cycle: .monthly, start: "2025-07-01",
                                                   term: "1y", notice: "3m"), now: fixedNow)
        let phone = try store.add(try contract("Phone", amount: "30.00", cycle: .monthly, start: "2025-03-10",
                                               term: "24m", renews: "1m", notice: "1m"), now: fixedNow)
        let gym = try store.add(try contract("Gym", amount: "25.00", cycle: cycle(4, .week), start: "2026-01-05",
                                             term: "12m", renews: "4w", notice: "4w"), now: fixedNow)
        var trial = NewSubscription(name: "Stream", amount: try DecimalAmount(input: "9.99"), startDate: day("2026-06-01"),
                                    trialEnd: day("2026-07-01"), remindDays: [3])
        trial.cancelBy = day("2026-06-28")
        let stream = try store.add(trial, now: fixedNow)

        let first = day("2026-03-01")
        let noticeDay = day("2027-02-15")
        let offsets = [30, 7]
        let all = [insurance, phone, gym, stream]
        var lastDay = first
        var delivered: [Delivery] = []
        for index in 0..<400 {
            let today = try #require(first.adding(days: index))
            lastDay = today
            if today == noticeDay {
                _ = try store.update(gym.id, as: .cancel, now: fixedNow) { _ = try $0.giveNotice(on: today) }
            }
            // A day later each time, so no claim of an earlier run is still fresh.
            let now = fixedNow.addingTimeInterval(Double(index) * 86_400)
            let result = try ReminderRun.run(store, today: today, realToday: today, cancelOffsets: offsets, now: { now },
                                             announce: { _ in }, deliver: { _ in .delivered })
            #expect(result.failures.isEmpty && result.lostClaims.isEmpty)
            delivered += result.delivered.flatMap { reminder in
                reminder.offsets.map {
                    Delivery(name: reminder.name, kind: reminder.kind.rawValue, date: reminder.date, offset: $0, on: today)
                }
            }
        }

        // Expected: each deadline the year reaches, at each offset whose day came, delivered that
        // day (or on the first day, when it came before it); the gym's only before its notice.
        var expected: [Delivery] = []
        for subscription in all {
            let horizon = try #require(lastDay.adding(days: offsets.max()!))
            for deadline in subscription.deadlines(from: first, through: horizon) {
                for offset in offsets {
                    guard let remindOn = deadline.cancelBy.adding(days: -offset), remindOn <= lastDay else { continue }
                    let on = max(remindOn, first)
                    if subscription.id == gym.id, on >= noticeDay { continue }
                    expected.append(Delivery(name: subscription.name, kind: "cancel_by", date: deadline.cancelBy,
                                             offset: offset, on: on))
                }
            }
        }
        let deadlineDeliveries = delivered.filter { $0.kind == "cancel_by" }
        #expect(deadlineDeliveries.sorted(by: { $0.description < $1.description })
                == expected.sorted(by: { $0.description < $1.description }))
        // The year has what it should: a yearly, monthly and four-weekly deadlines and the one-off.
        let names = Set(expected.map(\.name))
        #expect(names == ["Insurance", "Phone", "Gym", "Stream"])
        #expect(expected.contains(Delivery(name: "Insurance", kind: "cancel_by", date: day("2026-03-31"), offset: 30,
                                           on: day("2026-03-01"))))
        #expect(expected.contains(Delivery(name: "Phone", kind: "cancel_by", date: day("2027-02-09"), offset: 7,
                                           on: day("2027-02-02"))))
        #expect(expected.filter { $0.name == "Phone" }.count > 4, "monthly after the first 24 months")
        // The gym: 12 months from 2026-01-05, then 4 weeks at a time, 4 weeks' notice.
        #expect(Set(expected.filter { $0.name == "Gym" }.map(\.date))
                == Set(days(["2026-12-07", "2027-01-04", "2027-02-01", "2027-03-01"])))
        // Nothing twice, payments included.
        let keys = delivered.map { "\($0.name) \($0.kind) \($0.date) \($0.offset)" }
        #expect(Set(keys).count == keys.count)
        // Notice given: the gym's next deadline was reminded 30 days before, never 7.
        let gymAfter = delivered.filter { $0.name == "Gym" && $0.kind == "cancel_by" && $0.on >= noticeDay }
        #expect(gymAfter.isEmpty)
        #expect(delivered.contains { $0.name == "Gym" && $0.kind == "cancel_by" && $0.date == day("2027-03-01") && $0.offset == 30 })
        // And the store agrees: nothing is left due on the last day.
        #expect(try store.dueReminders(today: lastDay, now: fixedNow.addingTimeInterval(500 * 86_400), cancelOffsets: offsets).isEmpty)
    }

    /// The key of `reminders_sent` has the kind: a payment and a deadline on the same day and
    /// offset are both recorded, and neither comes again.
    @Test func aPaymentAndADeadlineOnTheSameDayAreRecordedApart() throws {
        let store = try SubscriptionStore(location: scratch.location)
        var new = try simpleNewSubscription("Stream", start: "2026-01-15")
        new.remindDays = [7]
        new.cancelBy = day("2026-12-15")
        _ = try store.add(new, now: fixedNow)
        let today = day("2026-12-08")
        func run() throws -> [PaymentKind] {
            try ReminderRun.run(store, today: today, realToday: today, cancelOffsets: [7], now: { fixedNow },
                                announce: { _ in }, deliver: { _ in .delivered }).delivered.map(\.kind)
        }
        #expect(try run() == [.cancelBy, .payment])
        #expect(try run() == [])
    }

    /// Undoing a delete brings the deadline reminders back with their kind.
    @Test func undoingADeleteKeepsTheDeadlineRemindersSent() throws {
        let store = try SubscriptionStore(location: scratch.location)
        var new = try simpleNewSubscription("Stream", start: "2026-01-15")
        new.remindDays = [7]
        new.cancelBy = day("2026-12-15")
        _ = try store.add(new, now: fixedNow)
        let today = day("2026-12-08")
        let run = try ReminderRun.run(store, today: today, realToday: today, cancelOffsets: [7], now: { fixedNow },
                                      announce: { _ in }, deliver: { _ in .delivered })
        #expect(run.delivered.count == 2)
        _ = try store.delete(references: ["stream"], now: fixedNow)
        try store.undo(try #require(try store.nextUndo()), now: fixedNow)
        #expect(try store.dueReminders(today: today, now: fixedNow, cancelOffsets: [7]).isEmpty)
    }

    /// History written before schema 12 has no kind: its rows are payments.
    @Test func aSentReminderRowWithoutAKindIsAPayment() throws {
        let text = #"{"subscription_id":"x","payment_date":"2026-01-01","offset_days":2,"updated_at":"2026-01-01T00:00:00Z"}"#
        let row = try JSONDecoder().decode(SentReminderRow.self, from: Data(text.utf8))
        #expect(row.kind == "payment")
    }
}
