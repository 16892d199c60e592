import Testing
@testable import SubscriptionCore

/// Which reminders `subs remind` prints on a day, given what was sent before.
@Suite struct ReminderReportTests {
    private var config: Config {
        var config = Config()
        config.remindDays = [7, 1]
        return config
    }

    @Test func eachOffsetFiresOnItsDayAndNotAgainOnceSent() {
        let netflix = subscription(start: "2024-01-31")
        let first = ReminderReport.due([netflix], today: day("2024-01-24"), config: config, sent: [])
        #expect(first.map(\.offsets) == [[7]])
        let sent = Set(first.flatMap(ReminderReport.records(of:)))
        #expect(ReminderReport.due([netflix], today: day("2024-01-25"), config: config, sent: sent).isEmpty)
        let second = ReminderReport.due([netflix], today: day("2024-01-30"), config: config, sent: sent)
        #expect(second.map(\.offset) == [1])
    }

    @Test func aLateRunSaysOnceWhatSeveralOffsetsWouldHaveSaid() {
        let netflix = subscription(start: "2024-01-31")
        let late = ReminderReport.due([netflix], today: day("2024-01-30"), config: config, sent: [])
        #expect(late.count == 1)
        #expect(late.first?.offsets == [7, 1])
        #expect(late.first?.offset == 1)
        #expect(late.first.map(ReminderReport.records(of:))?.count == 2)
    }

    @Test func pausedAndCancelledSubscriptionsAreSilent() throws {
        var paused = subscription(name: "Paused", start: "2023-12-31")
        try paused.pause(from: day("2024-01-15"), until: nil)
        var cancelled = subscription(name: "Cancelled", start: "2023-12-31")
        try cancelled.cancel(on: day("2024-01-20"))
        #expect(ReminderReport.due([paused, cancelled], today: day("2024-01-30"), config: config, sent: []).isEmpty)
    }

    @Test func theSubscriptionsOwnOffsetsBeatTheConfiguredOnes() {
        var netflix = subscription(start: "2024-01-31")
        netflix.remindDays = [3]
        #expect(ReminderReport.due([netflix], today: day("2024-01-28"), config: config, sent: []).map(\.offset) == [3])
        netflix.remindDays = []
        #expect(ReminderReport.due([netflix], today: day("2024-01-31"), config: config, sent: []).isEmpty)
    }

    @Test func remindersOffSilencesEverything() {
        var silent = config
        silent.remindersEnabled = false
        #expect(ReminderReport.due([subscription(start: "2024-01-31")], today: day("2024-01-30"),
                                   config: silent, sent: []).isEmpty)
    }
}
