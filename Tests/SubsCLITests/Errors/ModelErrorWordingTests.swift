import Foundation
import SubscriptionCore
import Testing
@testable import SubsCLI

/// What a user reads when the core refuses a typed value, a reference or an imported life: the
/// core's tests check each refusal as data, these the sentence the command line makes of it.
@Suite struct ModelErrorWordingTests {
    init() { SubsTranslations.install() }

    /// The English sentence for the error `body` throws, or nil when it throws none.
    static func said(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as any ErrorMessage {
            return error.message(in: .english)
        } catch {
            return "not a core error: \(error)"
        }
    }

    /// Checks that a message is one line without control characters and names the bad value: its
    /// first visible run of characters (at most 20 of them), or `''` when the value is empty.
    static func expectOneLineNaming(_ message: String?, _ value: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let message else {
            Issue.record("no error message", sourceLocation: sourceLocation)
            return
        }
        #expect(!message.contains("\n"), "one line", sourceLocation: sourceLocation)
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control },
                "no control characters reach the terminal", sourceLocation: sourceLocation)
        // Control characters and bidirectional overrides are shown as U+FFFD: compare the part before.
        let visible = value.split(whereSeparator: { $0.unicodeScalars.contains(where: \.isControlOrInvisibleFormat) })
            .first.map { String($0.prefix(20)) } ?? ""
        if visible.isEmpty {
            #expect(message.contains("''"), "the empty value is shown as ''", sourceLocation: sourceLocation)
        } else {
            #expect(message.contains(visible), "names the value", sourceLocation: sourceLocation)
        }
    }

    @Test("A bad amount gets one line that names it",
          arguments: [("abc", "USD"), ("-5", "USD"), ("1e5", "USD"), ("0.001", "USD"), ("12abc", "USD"),
                      ("1,000", "USD"), ("", "USD"), (".5", "USD"), ("5.", "USD"), ("10.5", "JPY"),
                      ("1.0000", "KWD"), ("+5", "USD"), ("5 USD", "USD"), ("$5", "USD"), ("1.2.3", "USD"),
                      ("nan", "USD"), ("inf", "USD"), ("0x10", "USD"), ("١٢", "USD"), ("1000000000000", "USD"), ("1000000000", "USD"),
                      ("5\u{1B}[2J", "USD")])
    func badAmount(_ text: String, _ code: String) throws {
        let currency = try Currency(input: code)
        let message = Self.said { _ = try Money(input: text, currency: currency) }
        Self.expectOneLineNaming(message, text)
        #expect(message?.contains("amount") == true)
    }

    @Test("A negative amount is told that amounts are 0 or more; too many decimals, how many the currency allows")
    func amountLimits() throws {
        #expect(Self.said { _ = try Money(input: "-5", currency: .usd) }?.contains("0 or more") == true)
        #expect(Self.said { _ = try Money(input: "0.001", currency: .usd) }?.contains("2 digits") == true)
        let yen = try Currency(input: "JPY")
        #expect(Self.said { _ = try Money(input: "10.5", currency: yen) }?.contains("JPY") == true)
    }

    @Test("An unknown currency code gets one line that names it",
          arguments: ["XYZ", "", "US", "USDX", "U$D", "XAU", "€", "usd\u{1B}"])
    func badCurrency(_ text: String) {
        let message = Self.said { _ = try Currency(input: text) }
        Self.expectOneLineNaming(message, text)
        #expect(message?.contains("currency") == true)
    }

    @Test("A bad CYCLE gets one line that names it",
          arguments: ["0 months", "1000 days", "", "fortnight-ish", "2 x", "every", "every 0 weeks", "0d",
                      "-1 months", "1.5 months", "3 months extra", "9999999 days", "99999999999999999999d",
                      "months 3", "3 lightyears", "every\u{1B}[31m week", "2 once", "once a month", "1o"])
    func badCycle(_ text: String) {
        let message = Self.said { _ = try BillingCycle(input: text) }
        Self.expectOneLineNaming(message, text)
        #expect(message?.contains("cycle") == true)
    }

    @Test("A bad DATE gets one line that names it and says what is accepted",
          arguments: ["2024-02-30", "2023-02-29", "2024-13-01", "2024-1-01", "next week", "+3x", "+-3d",
                      "3d", "+d", "+", "", "+1000000d", "-99999y", "+99999y", "1e5", "+3d\u{1B}[31m"])
    func badDate(_ text: String) {
        let today = Self.day("2024-01-31")
        let message = Self.said { _ = try CivilDate(input: text, today: today) }
        Self.expectOneLineNaming(message, text)
        #expect(message?.contains("date") == true)
    }

    @Test("A bad colour is refused with one line that names the value and what is accepted",
          arguments: ["purple", "", " red", "#ff880", "#ff88000", "#gg0000", "ff8800", "#ＦＦ0000"])
    func badColour(_ input: String) {
        #expect(Self.said { _ = try CategoryColor(input: input) }
                == "invalid colour '\(input)': expected red, green, yellow, blue, magenta, cyan or #rrggbb")
    }

    @Test("A bad setting is refused in one line",
          arguments: [(ConfigKey.currency, "XYZ"), (.remindDays, "9999"), (.remindDays, "7,,1"), (.reminders, "maybe"),
                      (.remindWebhook, "ftp://example.com"), (.remindWebhook, "not a url"), (.remindExec, "rm\u{1B}[2J")])
    func badSetting(_ key: ConfigKey, _ value: String) {
        let message = Self.said { _ = try key.normalized(value) }
        #expect(message != nil && message?.contains("\n") == false, "\(String(describing: message))")
    }

    @Test func anUnknownConfigKeyIsRefusedWithTheList() {
        #expect(Self.said { _ = try ConfigKey(input: "colour") }?.contains("remind-days") == true)
    }

    @Test("Bad reminder offsets get one line naming them", arguments: ["", "7,", "-1", "366", "a", "1;2", "1000", "7,,1"])
    func badReminderDays(_ text: String) {
        Self.expectOneLineNaming(Self.said { _ = try RemindDays.parse(text) }, text)
    }

    @Test("A bad name gets one short line without control characters that names (the start of) the value",
          arguments: ["", "   ", String(repeating: "a", count: 101), String(repeating: "Netflix ", count: 1_250),
                      "\u{1B}[31mNetflix", "Net\u{1B}]0;pwned\u{07}flix", "Net\nflix", "Net\u{0}flix", "Net\u{7F}flix",
                      "Net\u{9B}31mflix", "Net\u{202E}xilf", "Net\u{200B}flix", "Netflix\u{200E}", "\u{200F}Netflix",
                      "Net\u{061C}flix", "Net\u{2028}flix", "\u{FEFF}Netflix", "Netflix\u{E0041}\u{E007F}"])
    func badName(_ text: String) {
        let message = Self.said { _ = try TextInput.name(text) }
        Self.expectOneLineNaming(message, text)
        #expect(message?.contains("name") == true)
        #expect((message?.count ?? 0) < 200, "even a 10,000-character name gives a short line")
    }

    static let netflix = Subscription(id: "aaaa1111-0000-4000-8000-000000000001", name: "Netflix",
                                      price: Money(minorUnits: 1549, currency: .usd), cycle: .monthly,
                                      startDate: day("2024-01-01"), createdAt: Date(timeIntervalSince1970: 0))
    static let spotify = Subscription(id: "aaaa2222-0000-4000-8000-000000000002", name: "Spotify",
                                      price: Money(minorUnits: 999, currency: .usd), cycle: .monthly,
                                      startDate: day("2024-01-01"), createdAt: Date(timeIntervalSince1970: 0))
    static let adobeCC = Subscription(id: "eeee6666-0000-4000-8000-000000000006", name: "Adobe CC",
                                      price: Money(minorUnits: 999, currency: .usd), cycle: .monthly,
                                      startDate: day("2024-01-01"), createdAt: Date(timeIntervalSince1970: 0))

    @Test("A reference matching several subscriptions lists them all in one line; no match suggests the closest name")
    func references() {
        let ambiguous = Self.said { _ = try SubscriptionReference.resolve("aaaa", in: [Self.netflix, Self.spotify]) } ?? ""
        #expect(ambiguous.contains("aaaa1111") && ambiguous.contains("aaaa2222") && !ambiguous.contains("\n"), "\(ambiguous)")
        #expect(Self.said { _ = try SubscriptionReference.resolve("adobee", in: [Self.netflix, Self.adobeCC]) }
                == "no subscription matches 'adobee' (did you mean Adobe CC?)")
        let notFound = Self.said { _ = try SubscriptionReference.resolve("zz\u{1B}[31mzz", in: [Self.netflix]) } ?? ""
        #expect(notFound.contains("zz") && !notFound.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    static func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    /// The lives an export document's import refuses (SubsDocumentImportTests), as the record's
    /// problem says them.
    static let refusedLives: [(LifeProblem, String)] = [
        (LifeProblem(.trialEnd, .dateOrder(.trialEndBeforeStart(trialEnd: day("2024-01-01"), start: day("2024-01-05")))),
         "invalid trial end '2024-01-01': expected a date on or after the start date 2024-01-05"),
        (LifeProblem(.restart(period: 0), .firstPeriodRestarted(on: day("2024-01-10"))),
         "expected none: the first billing period begins on the start date, got '2024-01-10'"),
        (LifeProblem(.restart(period: 1), .restartMissing), "missing"),
        (LifeProblem(.restart(period: 1), .restartNotAfterCancellation(restart: day("2024-05-01"), cancelledOn: day("2024-05-01"))),
         "invalid restart '2024-05-01': expected a date after 2024-05-01, when the billing period before it was cancelled"),
        (LifeProblem(.restart(period: 2), .restartNotAfterPeriodStart(restart: day("2024-06-01"), periodStart: day("2024-06-01"))),
         "invalid restart '2024-06-01': expected a date after 2024-06-01, when the billing period before it began"),
        (LifeProblem(.restart(period: 1), .dateOrder(.startAfterLifecycleEvent(start: day("2024-01-05"), firstEvent: day("2024-01-04")))),
         "invalid start '2024-01-05': expected a date on or before 2024-01-04, the first cancellation, pause or restart"),
        (LifeProblem(.cancellation(period: 0), .lifecycle(.cancelBeforeStart(date: day("2024-01-01"), billingStart: day("2024-01-05")))),
         "invalid cancel date '2024-01-01': expected a date on or after 2024-01-05, when billing starts"),
        (LifeProblem(.cancellation(period: 2), .lifecycle(.cancelBeforeStart(date: day("2024-06-20"), billingStart: day("2024-07-01")))),
         "invalid cancel date '2024-06-20': expected a date on or after 2024-07-01, when billing starts"),
        (LifeProblem(.pauseEnd(0), .lifecycle(.pauseEndsBeforeItStarts(from: day("2024-02-01"), until: day("2024-01-15")))),
         "invalid pause end '2024-01-15': expected a date after the pause starts (2024-02-01)"),
        (LifeProblem(.pauseStart(0), .lifecycle(.pauseBeforeStart(from: day("2024-01-01"), billingStart: day("2024-01-05")))),
         "invalid pause start '2024-01-01': expected a date on or after 2024-01-05, when billing starts"),
        (LifeProblem(.pauseStart(1), .lifecycle(.alreadyPaused(name: "Gym", pause: Pause(from: day("2024-02-01"), until: day("2024-03-01"))))),
         "Gym is already paused from 2024-02-01 until 2024-03-01"),
        (LifeProblem(.pauseStart(1), .lifecycle(.pauseAfterCancellation(name: "Gym", from: day("2024-05-10"), cancelledOn: day("2024-05-01")))),
         "Gym is cancelled on 2024-05-01; there is nothing to pause after that"),
        (LifeProblem(.price(2), .secondPrice(on: day("2024-03-05"))), "a second price effective on 2024-03-05"),
        (LifeProblem(.ends, .endsBeforeFirstPayment(ends: day("2024-01-01"), firstPayment: day("2024-01-05"))),
         "invalid end '2024-01-01': expected a date on or after the first payment (2024-01-05)"),
        (LifeProblem(.cancelBy, .deadlineWithContract), "expected none: a contract's deadlines come from its terms"),
        (LifeProblem(.notice(period: 1), .noticeWithoutEnd(notice: day("2024-06-10"))),
         "notice given on 2024-06-10 but no end: notice ends a contract"),
        (LifeProblem(.notice(period: 0), .noticeBeforeStart(notice: day("2024-01-01"), billingStart: day("2024-01-05"))),
         "invalid notice day '2024-01-01': expected a date on or after 2024-01-05, when billing starts"),
        (LifeProblem(.notice(period: 0), .noticeAfterEnd(notice: day("2024-05-02"), end: day("2024-05-01"))),
         "invalid notice day '2024-05-02': expected a date on or before 2024-05-01, the end it reached"),
    ]

    @Test func aRefusedLifeIsSaidAsTheOperationWouldSayIt() {
        for (problem, english) in Self.refusedLives {
            #expect(ModelRefusal.life(problem).message(in: .english) == english)
        }
    }
}
