import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A calendar day with no time and no time zone: what a bill is due on.
///
/// All schedule math works on these values, never on `Date` instants, so daylight-saving changes
/// and the machine's time zone cannot move a payment (SCHEDULE.md, R1). Day arithmetic goes
/// through a count of days since 1970-01-01 in the proleptic Gregorian calendar.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int { Int(storedYear) }
    public var month: Int { Int(storedMonth) }
    public var day: Int { Int(storedDay) }

    // Four bytes, not three `Int`s' 24: a list of 100,000 subscriptions holds a dozen dates for
    // each (its start, its payments and deadlines, each price's day), and moves them all.
    private let storedYear: Int16
    private let storedMonth: UInt8
    private let storedDay: UInt8

    /// The years `subs` accepts; far enough either way for any bill, small enough that day counts
    /// never overflow.
    public static let supportedYears = 1...9999

    /// Creates a date, or nil when the day does not exist (2024-02-30, 2023-02-29, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard Self.supportedYears.contains(year), (1...12).contains(month),
              (1...Self.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.init(unchecked: year, month, day)
    }

    /// `year` within `supportedYears`, `month` and `day` a day that exists.
    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        storedYear = Int16(clamping: year)
        storedMonth = UInt8(truncatingIfNeeded: month)
        storedDay = UInt8(truncatingIfNeeded: day)
    }

    /// Parses exactly `YYYY-MM-DD` and rejects days that do not exist.
    public init?(iso string: String) {
        // Read in place when the string is contiguous, as it is when it comes from the database.
        guard let date = string.utf8.withContiguousStorageIfAvailable({ Self(isoBytes: $0) })
                ?? Array(string.utf8).withUnsafeBufferPointer({ Self(isoBytes: $0) })
        else { return nil }
        self = date
    }

    /// `init(iso:)` over UTF-8 bytes, as SQLite hands a column over.
    init?(isoBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            return nil
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
            return nil
        }
        self.init(year: year, month: month, day: day)
    }

    public var description: String {
        // Ten ASCII bytes, written in place: dates are printed by the tens of thousands.
        String(unsafeUninitializedCapacity: 10) { bytes in
            writeISO(into: bytes)
            return 10
        }
    }

    /// `YYYY-MM-DD` into the first ten bytes of `bytes`: `description` without a string, for a
    /// writer that has somewhere to put them.
    func writeISO(into bytes: UnsafeMutableBufferPointer<UInt8>) {
        func put(_ value: Int, at offset: Int, digits: Int) {
            var rest = value
            for position in (offset..<offset + digits).reversed() {
                bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        put(year, at: 0, digits: 4)
        bytes[4] = UInt8(ascii: "-")
        put(month, at: 5, digits: 2)
        bytes[7] = UInt8(ascii: "-")
        put(day, at: 8, digits: 2)
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // MARK: - Day arithmetic

    /// Days since 1970-01-01 (negative before it). Howard Hinnant's `days_from_civil`.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Days since 1970-01-01 of 0001-01-01 and 9999-12-31, the first and last supported days.
    static let supportedDays = -719_162...2_932_896

    /// The date that is `days` days after 1970-01-01. Hinnant's `civil_from_days`.
    public init?(daysSinceEpoch days: Int) {
        // Checked first so the arithmetic below cannot overflow.
        guard Self.supportedDays.contains(days) else { return nil }
        self.init(clampingDaysSinceEpoch: days)
    }

    /// The date that is `days` days after 1970-01-01, or the first or last supported day when
    /// that is outside the supported years.
    init(clampingDaysSinceEpoch days: Int) {
        let days = min(max(days, Self.supportedDays.lowerBound), Self.supportedDays.upperBound)
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(unchecked: year, month, day)
    }

    /// The date `count` days later (earlier when negative), or nil outside the supported years.
    public func adding(days count: Int) -> CivilDate? {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(count)
        return overflow ? nil : CivilDate(daysSinceEpoch: sum)
    }

    /// The date `count` months later, its day clamped to the length of the target month:
    /// Jan 31 + 1 month is Feb 29 in 2024 and Feb 28 in 2025.
    public func adding(months count: Int) -> CivilDate? {
        let (total, overflow) = (year * 12 + (month - 1)).addingReportingOverflow(count)
        guard !overflow else { return nil }
        let newYear = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - newYear * 12 + 1
        guard Self.supportedYears.contains(newYear) else { return nil }
        let newDay = min(day, Self.daysInMonth(year: newYear, month: newMonth))
        return CivilDate(unchecked: newYear, newMonth, newDay)
    }

    /// Whole days from `self` to `other`: positive when `other` is later.
    public func days(until other: CivilDate) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// Whole calendar months from `self`'s month to `other`'s month, ignoring days.
    public func months(until other: CivilDate) -> Int {
        (other.year - year) * 12 + (other.month - month)
    }

    // MARK: - Today

    /// The civil date of `instant` as seen on a wall clock in `timeZone`.
    public init(instant: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        self.init(unchecked: parts.year!, parts.month!, parts.day!)
    }

    /// Today in the user's time zone (`TZ`, else the system's): the day `TimeZone.current` gives,
    /// read through the C library where the two read the zone alike (`TZ` unset, or the name of
    /// a zone file such as `Europe/Istanbul`), so that a start does not load ICU. Other forms of
    /// `TZ` (POSIX rules like `JST-9`, `:Area/City`, offsets) they read differently; those go
    /// to Foundation, as every other time `subs` shows does.
    public static func today() -> CivilDate {
        if let variable = getenv("TZ"), !isZoneFileName(String(cString: variable)) { return today(in: .current) }
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return today(in: .current) }
        return CivilDate(unchecked: Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
    }

    private static func isZoneFileName(_ name: String) -> Bool {
        let allowed = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || [UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(byte)
        }
        guard allowed, let first = name.utf8.first, first != UInt8(ascii: "/"), !name.contains("..") else { return false }
        // `GMT+3` is a file that means three hours west, and to Foundation three hours east.
        let offsetName = ["GMT", "UTC", "UCT", "UT"].contains { prefix in
            ["+", "-"].contains { name.uppercased().hasPrefix(prefix + $0) }
        }
        guard !offsetName else { return false }
        return access("/usr/share/zoneinfo/" + name, R_OK) == 0
    }

    /// Today in `timeZone`.
    public static func today(in timeZone: TimeZone) -> CivilDate {
        CivilDate(instant: Date(), in: timeZone)
    }
}

extension CivilDate: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CivilDate(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "not a YYYY-MM-DD date: \(text)")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
