import Foundation
import Testing
@testable import SubscriptionCore
@testable import SubsCLI

/// A core error as the command line says it, in `Language.current` (English in tests): the core's
/// errors are data (issue 23), and only the command line words them.
func said(_ error: (any Error)?) -> String? {
    SubsTranslations.install()
    return error.map { ($0 as? any ErrorMessage)?.message(in: Language.current) ?? String(describing: $0) }
}

/// A civil date from a `YYYY-MM-DD` literal in a test; a typo in a literal stops the test run.
func day(_ text: String) -> CivilDate {
    guard let date = CivilDate(iso: text) else { fatalError("bad date literal in a test: \(text)") }
    return date
}

/// Dates from literals, in order.
func days(_ texts: [String]) -> [CivilDate] { texts.map(day) }

func cycle(_ count: Int, _ unit: BillingCycle.Unit) -> BillingCycle {
    guard let cycle = BillingCycle(count: count, unit: unit) else { fatalError("bad cycle \(count) \(unit)") }
    return cycle
}

func currency(_ code: String) -> Currency {
    guard let currency = Currency(code: code) else { fatalError("unknown currency literal \(code)") }
    return currency
}

/// An exact amount from a literal, parsed by the same strict grammar users type.
func money(_ text: String, _ code: String = "USD") -> Money {
    do { return try Money(input: text, currency: currency(code)) } catch {
        fatalError("bad money literal \(text) \(code): \(error)")
    }
}

/// A subscription with fixed dates for schedule and price tests.
func subscription(
    id: String = UUID().uuidString.lowercased(), name: String = "Netflix", price: String = "15.49",
    currency code: String = "USD", every cycle: BillingCycle = .monthly, start: String,
    trialEnd: String? = nil
) -> Subscription {
    Subscription(
        id: id, name: name, price: money(price, code), cycle: cycle, startDate: day(start),
        trialEnd: trialEnd.map(day), createdAt: Date(timeIntervalSince1970: 1_700_000_000))
}

extension String {
    /// True when the text holds a C0/C1 control character (newline, ESC, ...).
    var hasControlCharacters: Bool {
        unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

/// Checks that an error message is one line without control characters and names the bad value:
/// its first visible run of characters (at most 20 of them), or `''` when the value is empty.
func expectOneLineNaming(
    _ message: String?, _ value: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let message else {
        Issue.record("no error message", sourceLocation: sourceLocation)
        return
    }
    #expect(!message.contains("\n"), "one line", sourceLocation: sourceLocation)
    #expect(!message.hasControlCharacters, "no control characters reach the terminal", sourceLocation: sourceLocation)
    // Control characters and bidirectional overrides are shown as U+FFFD: compare the part before.
    let visible = value.split(whereSeparator: { $0.unicodeScalars.contains(where: \.isControlOrInvisibleFormat) })
        .first.map { String($0.prefix(20)) } ?? ""
    if visible.isEmpty {
        #expect(message.contains("''"), "the empty value is shown as ''", sourceLocation: sourceLocation)
    } else {
        #expect(message.contains(visible), "names the value", sourceLocation: sourceLocation)
    }
}
