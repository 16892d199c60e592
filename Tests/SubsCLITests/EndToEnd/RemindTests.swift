import Foundation
import Testing

// `subs remind` as cron runs it (PRODUCT.md §5, SCHEDULE.md R8): a reminder for payment o and
// offset K fires on the first run with o − K <= today <= o, once; a late run catches up; paused,
// cancelled and deleted subscriptions stay quiet. Hooks: RemindExecTests, RemindWebhookTests;
// signals: RemindSignalTests.

// MARK: - Civil dates, computed here independently of the product

/// A civil date as a day number (days since 1970-01-01), for the test's own model.
private struct Day: Hashable, Comparable, CustomStringConvertible {
    let ordinal: Int

    init(ordinal: Int) { self.ordinal = ordinal }

    init(year: Int, month: Int, day: Int) {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        ordinal = era * 146_097 + doe - 719_468
    }

    init(_ text: String) {
        let parts = text.split(separator: "-").map { Int($0)! }
        self.init(year: parts[0], month: parts[1], day: parts[2])
    }

    var components: (year: Int, month: Int, day: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    func adding(_ days: Int) -> Day { Day(ordinal: ordinal + days) }
    func days(until other: Day) -> Int { other.ordinal - ordinal }

    var description: String {
        let (y, m, d) = components
        return String(format: "%04d-%02d-%02d", y, m, d)
    }

    static func < (a: Day, b: Day) -> Bool { a.ordinal < b.ordinal }

    static func daysIn(year: Int, month: Int) -> Int {
        let next = month == 12 ? Day(year: year + 1, month: 1, day: 1) : Day(year: year, month: month + 1, day: 1)
        return Day(year: year, month: month, day: 1).days(until: next)
    }

    /// Every day from `first` through `last`.
    static func range(_ first: String, _ last: String) -> [Day] {
        (Day(first).ordinal...Day(last).ordinal).map(Day.init(ordinal:))
    }

    /// Monthly from `anchor` through `last`, on the anchor's day of the month or the month's last day.
    static func monthly(from anchor: String, through last: String) -> [Day] {
        let start = Day(anchor).components
        var dates: [Day] = []
        for k in 0... {
            let index = start.month - 1 + k
            let (year, month) = (start.year + index / 12, index % 12 + 1)
            let date = Day(year: year, month: month, day: min(start.day, daysIn(year: year, month: month)))
            if date > Day(last) { break }
            dates.append(date)
        }
        return dates
    }

    /// Every `days` days from `anchor` through `last`.
    static func every(_ days: Int, from anchor: String, through last: String) -> [Day] {
        stride(from: Day(anchor).ordinal, through: Day(last).ordinal, by: days).map(Day.init(ordinal:))
    }
}

// MARK: - The test's model of a subscription in the simulation

private struct Plan {
    let name: String
    let amount: String
    let options: [String]
    let offsets: [Int]
    /// Every payment date the schedule gives, before any pause or cancellation.
    let schedule: [Day]
    var trialEnd: Day?
    /// The day `pause` is run, and the pause it makes: P ≤ o < Q skipped, paused while P ≤ today < Q.
    var pause: (issued: Day, from: Day, until: Day)?
    /// The day `cancel` is run and its date C: nothing charged after C, cancelled from C on.
    var cancel: (issued: Day, on: Day)?
    /// The day `delete` is run.
    var deleted: Day?

    /// Whether the subscription may remind on `day`: it exists and is neither paused nor cancelled.
    func canRemind(on day: Day) -> Bool {
        if let deleted, day >= deleted { return false }
        if let pause, day >= pause.issued, pause.from <= day, day < pause.until { return false }
        if let cancel, day >= cancel.issued, day >= cancel.on { return false }
        return true
    }

    /// Whether payment `date` is charged, as known on `day`.
    func charges(_ date: Day, asOf day: Day) -> Bool {
        if let pause, day >= pause.issued, pause.from <= date, date < pause.until { return false }
        if let cancel, day >= cancel.issued, date > cancel.on { return false }
        return true
    }
}

/// One reminder as the test compares it.
private struct Seen: Hashable, Comparable, CustomStringConvertible {
    let date: String
    let name: String
    let offset: Int
    let daysUntil: Int
    let kind: String
    let amount: String

    static func < (a: Seen, b: Seen) -> Bool { (a.date, a.name, a.offset) < (b.date, b.name, b.offset) }
    var description: String { "\(name) \(kind) \(date) offset \(offset) in \(daysUntil) (\(amount))" }
}

// MARK: - Tests

@Suite("subs remind: every reminder once, on its day or the first run after")
struct RemindTests {
    private func reminders(_ result: ProcessResult) throws -> [Seen] {
        try result.jsonArray().map { object in
            Seen(date: object["date"] as? String ?? "?", name: object["name"] as? String ?? "?",
                 offset: object["offset"] as? Int ?? -1, daysUntil: object["days_until"] as? Int ?? -1,
                 kind: object["kind"] as? String ?? "?", amount: object["amount"] as? String ?? "?")
        }
    }

    @Test("Two months of daily cron runs, two days missed: each reminder once, on its day or the next run")
    func twoMonthSimulation() throws {
        let sandbox = try Sandbox()
        let last = "2024-04-30"
        var plans = [
            // On the 31st: 2024-02-29, 2024-03-31. Reminders a week and a day before.
            Plan(name: "Netflix", amount: "15.49", options: ["--start", "2024-01-31", "--remind", "7,1"],
                 offsets: [7, 1], schedule: Day.monthly(from: "2024-01-31", through: last)),
            // Weekly on Fridays, the default two days before.
            Plan(name: "Gym", amount: "9.00", options: ["--every", "weekly", "--start", "2024-01-05"],
                 offsets: [2], schedule: Day.every(7, from: "2024-01-05", through: last)),
            // A free trial that turns into a charge on 2024-02-20, then monthly.
            Plan(name: "Disney+", amount: "8.99", options: ["--trial-end", "2024-02-20"],
                 offsets: [2], schedule: Day.monthly(from: "2024-02-20", through: last),
                 trialEnd: Day("2024-02-20")),
            // Weekly on Wednesdays, paused from 2024-02-20 until 2024-03-12 (decided on 02-15):
            // the 02-21 payment's reminder (due 02-18) never comes; the 03-13 one, due 03-10
            // during the pause, comes on 03-12 when the pause is over.
            Plan(name: "Hulu", amount: "7.99", options: ["--every", "weekly", "--start", "2024-01-03", "--remind", "3"],
                 offsets: [3], schedule: Day.every(7, from: "2024-01-03", through: last),
                 pause: (Day("2024-02-15"), Day("2024-02-20"), Day("2024-03-12"))),
            // On the 12th with two offsets: the run of 02-09 is missed, so 02-10 catches up on
            // both at once, as one reminder. Deleted on 03-01: nothing for 03-12.
            Plan(name: "Spotify", amount: "10.99", options: ["--start", "2024-01-12", "--remind", "3,2"],
                 offsets: [3, 2], schedule: Day.monthly(from: "2024-01-12", through: last),
                 deleted: Day("2024-03-01")),
            // On the 25th, cancelled on 03-10 as of 03-15: the 03-25 payment is never charged,
            // so its reminder due 03-13 never comes.
            Plan(name: "Audible", amount: "14.95", options: ["--start", "2024-01-25", "--remind", "12,1"],
                 offsets: [12, 1], schedule: Day.monthly(from: "2024-01-25", through: last),
                 cancel: (Day("2024-03-10"), Day("2024-03-15"))),
        ]
        for plan in plans {
            try sandbox.add(plan.name, plan.amount, plan.options, today: "2024-01-15")
        }
        plans.sort { $0.name < $1.name }

        let missed: Set<Day> = [Day("2024-02-09"), Day("2024-03-24")]
        let runDays = Day.range("2024-02-01", "2024-03-31").filter { !missed.contains($0) }
        #expect(runDays.count == 58)

        var sent: Set<String> = []
        var expectedLog: [Day: [Seen]] = [:]
        var actualLog: [Day: [Seen]] = [:]
        var quietDays = 0
        for day in runDays {
            // What the user does that day, before cron runs.
            for plan in plans {
                if plan.pause?.issued == day, let pause = plan.pause {
                    try sandbox.succeed(["pause", plan.name, "--on", "\(pause.from)", "--until", "\(pause.until)",
                                         "--today", "\(day)"])
                }
                if plan.cancel?.issued == day, let cancel = plan.cancel {
                    try sandbox.succeed(["cancel", plan.name, "--on", "\(cancel.on)", "--today", "\(day)"])
                }
                if plan.deleted == day {
                    try sandbox.succeed(["delete", plan.name, "--yes"])
                }
            }

            // What R8 says is due.
            var expected: [Seen] = []
            for plan in plans where plan.canRemind(on: day) {
                for payment in plan.schedule where day <= payment && plan.charges(payment, asOf: day) {
                    let due = plan.offsets.filter {
                        payment.adding(-$0) <= day && !sent.contains("\(plan.name) \(payment) \($0)")
                    }
                    guard let nearest = due.min() else { continue }
                    for offset in due { sent.insert("\(plan.name) \(payment) \(offset)") }
                    expected.append(Seen(
                        date: "\(payment)", name: plan.name, offset: nearest, daysUntil: day.days(until: payment),
                        kind: payment == plan.trialEnd ? "trial_end" : "payment", amount: plan.amount))
                }
            }
            expected.sort()

            let result = try sandbox.run(["remind", "--format", "json", "--today", "\(day)"])
            #expect(result.status == 0, "\(day): \(result)")
            #expect(result.stderr.isEmpty, "\(day): \(result)")
            if expected.isEmpty {
                quietDays += 1
                #expect(result.stdout.isEmpty, "a quiet day prints nothing at all; \(day): \(result)")
                continue
            }
            let actual = result.stdout.isEmpty ? [] : try reminders(result).sorted()
            #expect(actual == expected, "on \(day)")
            expectedLog[day] = expected
            actualLog[day] = actual
        }

        // The model itself, checked against hand-worked days.
        func on(_ day: String) -> [String] { (expectedLog[Day(day)] ?? []).map(\.description) }
        #expect(on("2024-02-01") == ["Gym payment 2024-02-02 offset 2 in 1 (9.00)"], "catching up on the first run")
        #expect(on("2024-02-10") == ["Spotify payment 2024-02-12 offset 2 in 2 (10.99)"], "two offsets, one reminder")
        #expect(on("2024-02-18") == ["Disney+ trial_end 2024-02-20 offset 2 in 2 (8.99)"])
        #expect(on("2024-02-22") == ["Netflix payment 2024-02-29 offset 7 in 7 (15.49)"])
        #expect(on("2024-03-12") == ["Hulu payment 2024-03-13 offset 3 in 1 (7.99)"], "the first day after the pause")
        #expect(on("2024-03-13") == ["Gym payment 2024-03-15 offset 2 in 2 (9.00)"],
                "no Audible reminder for a payment after its cancellation")
        #expect(on("2024-03-25") == ["Hulu payment 2024-03-27 offset 3 in 2 (7.99)",
                                     "Netflix payment 2024-03-31 offset 7 in 6 (15.49)"], "the day after a missed run")
        #expect(on("2024-03-18") == ["Disney+ payment 2024-03-20 offset 2 in 2 (8.99)"])
        #expect(quietDays > 20)

        // Nothing for a paused, deleted or cancelled subscription while it is so.
        let everything = actualLog.flatMap { day, seen in seen.map { (day, $0) } }
        #expect(!everything.contains { $0.1.name == "Hulu" && $0.0 >= Day("2024-02-15") && $0.0 < Day("2024-03-12") })
        #expect(!everything.contains { $0.1.name == "Spotify" && $0.0 >= Day("2024-03-01") })
        #expect(!everything.contains { $0.1.name == "Audible" && $0.0 >= Day("2024-03-10") })
        #expect(everything.filter { $0.1.name == "Disney+" && $0.1.date == "2024-02-20" }.map(\.1.kind) == ["trial_end"],
                "the end of a trial is one reminder, of kind trial_end")

        // Once more on the last day: all was recorded.
        let again = try sandbox.run(["remind", "--format", "json", "--today", "2024-03-31"])
        #expect(again.status == 0 && again.stdout.isEmpty && again.stderr.isEmpty, "\(again)")
    }

    @Test("--dry-run shows what is due but records nothing: the next run shows it again")
    func dryRun() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7,1"], today: "2024-01-01")
        let marker = sandbox.path("hook-ran")
        let dry = try sandbox.succeed(["remind", "--dry-run", "--today", "2024-01-24", "--exec", "touch '\(marker)'"])
        #expect(dry.stdoutLines.count == 1, "\(dry)")
        #expect(dry.stdout.contains("Netflix") && dry.stdout.contains("2024-01-31"), "\(dry)")
        #expect(sandbox.bytes(marker) == nil, "--dry-run runs no hook")

        let dryJSON = try sandbox.succeed(["remind", "--dry-run", "--format", "json", "--today", "2024-01-24"])
        #expect(try reminders(dryJSON).map(\.offset) == [7])

        let real = try sandbox.succeed(["remind", "--today", "2024-01-24"])
        #expect(real.stdout == dry.stdout, "the real run prints what the dry run did")
        let after = try sandbox.succeed(["remind", "--today", "2024-01-24"])
        #expect(after.stdout.isEmpty, "\(after)")
    }

    @Test("config reminders off silences remind entirely; on again, what is still due comes")
    func remindersOff() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7,1"], today: "2024-01-01")
        try sandbox.succeed(["config", "set", "reminders", "off"])
        let marker = sandbox.path("hook-ran")
        for day in ["2024-01-24", "2024-01-30", "2024-01-31"] {
            let result = try sandbox.run(["remind", "--today", day, "--exec", "touch '\(marker)'"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
        }
        #expect(sandbox.bytes(marker) == nil, "no hook runs when reminders are off")

        try sandbox.succeed(["config", "set", "reminders", "on"])
        let back = try sandbox.succeed(["remind", "--format", "json", "--today", "2024-01-31"])
        #expect(try reminders(back).map(\.description) == ["Netflix payment 2024-01-31 offset 1 in 0 (15.49)"])
    }

    @Test("Text lines name the subscription, amount and date, and say in N days, tomorrow or today")
    func textLines() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7"], today: "2024-01-01")
        try sandbox.add("Gym", "9.00", ["--start", "2024-01-25", "--remind", "1"], today: "2024-01-01")
        try sandbox.add("Rent", "1200.00", ["--start", "2024-01-24", "--remind", "0"], today: "2024-01-01")
        try sandbox.add("Disney+", "8.99", ["--trial-end", "2024-01-26"], today: "2024-01-01")
        let result = try sandbox.succeed(["remind", "--today", "2024-01-24"])
        #expect(result.stderr.isEmpty)
        let lines = result.stdoutLines
        #expect(lines.count == 4, "\(result)")
        // The amount as digits, whatever the grouping or currency sign.
        func line(_ name: String) -> String {
            (lines.first { $0.contains(name) } ?? "(none for \(name))").replacingOccurrences(of: ",", with: "")
        }
        #expect(line("Netflix").contains("15.49") && line("Netflix").contains("2024-01-31")
            && line("Netflix").contains("in 7 days"), "\(lines)")
        #expect(line("Gym").contains("9.00") && line("Gym").contains("2024-01-25")
            && line("Gym").contains("tomorrow"), "\(lines)")
        #expect(line("Rent").contains("1200.00") && line("Rent").contains("2024-01-24")
            && line("Rent").contains("today"), "\(lines)")
        #expect(line("Disney+").contains("trial ends") && line("Disney+").contains("2024-01-26")
            && line("Disney+").contains("in 2 days"), "\(lines)")
        #expect(!result.stdout.contains("\u{1B}"), "no colour when not on a terminal")
    }

    @Test("A reminder carries the price in force on the payment date, as sorted JSON")
    func priceChange() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7,1"], today: "2024-01-01")
        try sandbox.succeed(["edit", "Netflix", "--amount", "17.99", "--effective", "2024-02-15", "--today", "2024-02-01"])
        let january = try sandbox.succeed(["remind", "--format", "json", "--today", "2024-01-24"])
        #expect(try reminders(january).map(\.amount) == ["15.49"])
        let february = try sandbox.succeed(["remind", "--format", "json", "--today", "2024-02-22"])
        #expect(try reminders(february).map(\.amount) == ["17.99"])
        #expect(unsortedObjects(inRawJSON: february.stdout).isEmpty, "\(february.stdout)")
    }

    @Test("A --today later than today is refused (64) without --dry-run, and nothing is recorded")
    func futureTodayIsRefused() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Far", "9.99", ["--start", "2099-01-31"], today: "2024-01-01")
        let marker = sandbox.path("hook-ran")
        for (arguments, environment) in [(["--today", "2099-01-30"], [:]),
                                         ([], ["SUBS_TODAY": "2099-01-30"] as [String: String?])] {
            let result = try sandbox.run(["remind", "--exec", "touch '\(marker)'"] + arguments, environment: environment)
            #expect(result.status == 64, "\(result)")
            #expect(result.stdout.isEmpty && result.stderrLines.count == 1, "\(result)")
            #expect(result.stderr.contains("2099-01-30") && result.stderr.contains("--dry-run"), "\(result)")
        }
        #expect(sandbox.bytes(marker) == nil, "no hook ran")
        let preview = try sandbox.succeed(["remind", "--dry-run", "--today", "2099-01-30"])
        #expect(preview.stdout.contains("Far"), "a preview is fine, and the reminder is still due: \(preview)")
    }

    @Test("An unreadable sent-reminder record is a damaged database (65), not a reminder sent again",
          .enabled(if: Tools.sqlcipher != nil, "the sqlcipher shell is not installed (make test-deps)"))
    func damagedRecord() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31"], today: "2024-01-01")
        try sandbox.succeed(["remind", "--today", "2024-01-30"])
        let hex = String(decoding: try #require(sandbox.bytes(sandbox.keyPath)), as: UTF8.self)
            .trimmingCharacters(in: .newlines)
        let sql = "PRAGMA key = \"x'\(hex)'\";\nPRAGMA cipher_page_size = 4096;\nUPDATE reminders_sent SET payment_date = '2024-01-32';\n"
        let shell = try sandbox.runTool(try #require(Tools.sqlcipher), [sandbox.databasePath], input: Data(sql.utf8))
        try #require(shell.status == 0, "\(shell)")

        for arguments in [["--dry-run"], []] {
            let result = try sandbox.run(["remind", "--today", "2024-01-30"] + arguments)
            #expect(result.status == 65, "\(result)")
            #expect(result.stdout.isEmpty && result.stderrLines.count == 1, "\(result)")
            #expect(result.stderr.contains("damaged") && result.stderr.contains(sandbox.databasePath), "\(result)")
        }
    }
}
