import Foundation
import Testing
@testable import SubscriptionCore

@Suite("Timestamps: ISO 8601 UTC with whole seconds")
struct TimestampTests {
    static func instant(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    @Test("Stored form and iCalendar's basic form of one instant")
    func bothStyles() {
        let instant = Self.instant(1_795_334_400) // 2026-11-22T08:00:00Z
        #expect(Timestamp.format(instant) == "2026-11-22T08:00:00Z")
        #expect(Timestamp.format(instant, style: .basic) == "20261122T080000Z")
        #expect(Timestamp.parse("2026-11-22T08:00:00Z") == instant)
        #expect(Timestamp.parse("20261122T080000Z", style: .basic) == instant)
        #expect(Timestamp.day(of: instant) == CivilDate(year: 2026, month: 11, day: 22))
    }

    static let instants: [Double] = [
        0, 1, 59, 86_399, 86_400, 951_782_400 /* 2000-02-29 */, 1_709_164_800 /* 2024-02-29 */,
        1_709_251_199 /* 2024-02-29T23:59:59 */, 1_795_334_400, 4_102_444_799 /* 2099-12-31T23:59:59 */,
        -1, -86_399, -86_400, -86_401, -2_203_891_200 /* 1900-03-01 */,
        253_402_300_799, /* 9999-12-31T23:59:59 */
    ]

    @Test("Formats as Foundation's ISO 8601 formatter does, before 1970 too, and parses back",
          arguments: instants)
    func agreesWithFoundation(_ seconds: Double) {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let instant = Self.instant(seconds)
        let text = Timestamp.format(instant)
        #expect(text == formatter.string(from: instant))
        #expect(Timestamp.parse(text) == instant)
        #expect(Timestamp.parse(Timestamp.format(instant, style: .basic), style: .basic) == instant)
    }

    @Test("The first supported day is in the proleptic Gregorian calendar, as CivilDate counts")
    func firstSupportedDay() {
        // Foundation's calendar is Julian before 1582, so it is no oracle here.
        let first = Self.instant(-62_135_596_800)
        #expect(Timestamp.format(first) == "0001-01-01T00:00:00Z")
        #expect(Timestamp.parse("0001-01-01T00:00:00Z") == first)
    }

    @Test("A fraction of a second is dropped towards the past, before 1970 too")
    func dropsFractionsTowardsThePast() {
        #expect(Timestamp.format(Self.instant(0.999)) == "1970-01-01T00:00:00Z")
        #expect(Timestamp.format(Self.instant(-0.5)) == "1969-12-31T23:59:59Z")
        #expect(Timestamp.format(Self.instant(-86_400.25)) == "1969-12-30T23:59:59Z")
        #expect(Timestamp.day(of: Self.instant(-0.5)) == CivilDate(year: 1969, month: 12, day: 31))
    }

    @Test("An instant outside the years 0001 to 9999 gives the nearest supported second")
    func formatIsTotal() {
        #expect(Timestamp.format(Self.instant(-1e15)) == "0001-01-01T00:00:00Z")
        #expect(Timestamp.format(Self.instant(1e15)) == "9999-12-31T23:59:59Z")
        #expect(Timestamp.format(.distantFuture, style: .basic) == "40010101T000000Z")
        #expect(Timestamp.format(Self.instant(.nan)) == "0001-01-01T00:00:00Z")
    }

    @Test("Leap days exist only in leap years",
          arguments: [("2024-02-29T12:00:00Z", true), ("2000-02-29T00:00:00Z", true),
                      ("2023-02-29T12:00:00Z", false), ("1900-02-29T12:00:00Z", false)])
    func leapDays(_ text: String, exists: Bool) {
        #expect((Timestamp.parse(text) != nil) == exists)
    }

    @Test("Anything but the exact form is refused", arguments: [
        "2026-13-01T00:00:00Z", "2026-11-31T00:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22T08:60:00Z",
        "2026-11-22T08:00:60Z", "2026-11-22T08:00:00", "2026-11-22T08:00:00.5Z", "2026-11-22T08:00:00+00:00",
        "2026-11-22 08:00:00Z", "2026-11-22t08:00:00z", "2026-11-22T8:00:00Z", "2026-11-22T+8:00:00Z",
        "2026-11-22T08:0:00Z ", "20261122T080000Z", "0000-01-01T00:00:00Z", "", "Z",
    ])
    func refusesBadText(_ text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test("The basic form refuses the extended one and bad values",
          arguments: ["2026-11-22T08:00:00Z", "20261322T080000Z", "20261122T240000Z", "20261122T080000", "20261122080000Z"])
    func basicRefusesBadText(_ text: String) {
        #expect(Timestamp.parse(text, style: .basic) == nil)
    }
}
