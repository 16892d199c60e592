import Testing
@testable import SubscriptionCore
@testable import SubsCLI

/// `upcoming --format json` is written straight into bytes; it must be, byte for byte, what the
/// JSON writer makes of each item's value (docs/json.md).
@Suite struct UpcomingJSONTests {
    static let today = CivilDate(iso: "2026-11-22")!

    static func item(
        _ name: String, _ minorUnits: Int128, _ code: String, on date: String, kind: PaymentKind = .payment,
        id: String = "0b6f7c1e-4a9d-4f1a-9a43-2f5b8d1c7e90"
    ) -> UpcomingItem {
        let currency = Currency(code: code)!
        let subscription = Subscription(
            id: id, name: name, price: Money(minorUnits: 999, currency: currency), cycle: .monthly,
            startDate: CivilDate(iso: "2024-01-31")!)
        return UpcomingItem(
            subscription, date: CivilDate(iso: date)!, kind: kind, amount: Money(minorUnits: minorUnits, currency: currency),
            today: today)
    }

    static func expected(_ items: [UpcomingItem]) -> String {
        JSONValue.array(items.map(SubscriptionJSON.upcoming)).rendered
    }

    @Test func amountsHaveTheirCurrencysDigits() {
        let items = [
            Self.item("Netflix", 1549, "USD", on: "2026-11-22"),
            Self.item("Cheap", 5, "USD", on: "2026-11-23"),
            Self.item("Free", 0, "EUR", on: "2026-12-01", kind: .cancelBy),
            Self.item("Yen", 1000, "JPY", on: "2027-01-05", kind: .trialEnd),
            Self.item("Dinar", 1500, "KWD", on: "2027-02-28", kind: .ends),
            Self.item("Dinar small", 7, "KWD", on: "2027-03-01"),
            Self.item("Refund", -5, "USD", on: "2027-04-01"),
            Self.item("Huge", Int128(UInt64.max) * 1000 + 7, "USD", on: "2027-05-01"),
            Self.item("Huge yen", -Int128(UInt64.max) * 3, "JPY", on: "9999-12-31"),
            Self.item("Early", 123_456_789_012, "TRY", on: "0001-01-01"),
        ]
        #expect(UpcomingRenderer.json(items) == Self.expected(items))
    }

    @Test func namesAreEscapedAsTheWriterEscapesThem() {
        let names = [
            "Say \"hi\"", "back\\slash", "line\nbreak\r\ttab", "bell\u{07}del\u{7F}", "c1\u{85}\u{9F}end",
            "Çay Kulübü", "Éditions ©", "emoji 📺", "",
        ]
        let items = names.enumerated().map { index, name in
            Self.item(name, Int128(index), "USD", on: "2026-11-22", id: "id-\(index)\u{1B}")
        }
        #expect(UpcomingRenderer.json(items) == Self.expected(items))
    }

    @Test func anEmptyWindowIsAnEmptyArray() {
        #expect(UpcomingRenderer.json([]) == "[]\n")
        #expect(UpcomingRenderer.json([]) == Self.expected([]))
    }
}
