import Foundation
import Testing
@testable import SubscriptionCore

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

// The core's errors are data (issue 23): core tests check the refusal's field, value and what it
// expects; SubsCLITests (Errors/) check how the command line says them.
extension InputError {
    /// The field of a value its grammar refuses, or nil for another refusal.
    var field: Field? {
        if case .invalid(let field, _, _) = self { field } else { nil }
    }

    /// What a refusal of a value's grammar expects instead, or nil for another refusal.
    var expected: Expected? {
        if case .invalid(_, _, let expected) = self { expected } else { nil }
    }

    /// The value as the user gave it, which every refusal names.
    var value: String {
        switch self {
        case .invalid(_, let value, _), .invalidName(_, let value, _), .invalidText(_, let value, _), .notADay(let value, _, _):
            value
        case .environment(_, let error):
            error.value
        }
    }
}
