import Foundation

/// An instant as ISO 8601 UTC text with whole seconds: `2026-11-22T08:00:00Z`, as the database and
/// the JSON output hold it, or the basic form `20261122T080000Z` of an iCalendar DATE-TIME.
public enum Timestamp {
    public enum Style: Sendable {
        /// `2026-11-22T08:00:00Z`
        case extended
        /// `20261122T080000Z` (RFC 5545 §3.3.5, UTC)
        case basic
    }

    /// `date` in the extended style: `2026-11-22T08:00:00Z`.
    public static func format(_ date: Date) -> String {
        format(date, style: .extended)
    }

    /// `2026-11-22T08:00:00Z` into the first 20 bytes of `bytes`, written in place: every
    /// subscription in a JSON list has two.
    static func writeExtended(_ date: Date, into bytes: UnsafeMutableBufferPointer<UInt8>) {
        let (day, secondOfDay) = wholeSeconds(date).dividedRoundingDown(by: secondsPerDay)
        CivilDate(clampingDaysSinceEpoch: day).writeISO(into: bytes)
        func put(_ value: Int, at offset: Int, then separator: Unicode.Scalar) {
            bytes[offset] = UInt8(ascii: "0") + UInt8(value / 10)
            bytes[offset + 1] = UInt8(ascii: "0") + UInt8(value % 10)
            bytes[offset + 2] = UInt8(ascii: separator)
        }
        bytes[10] = UInt8(ascii: "T")
        put(secondOfDay / 3600, at: 11, then: ":")
        put(secondOfDay / 60 % 60, at: 14, then: ":")
        put(secondOfDay % 60, at: 17, then: "Z")
    }

    /// The instant `text` in the extended style names, or nil (see `parse(_:style:)`).
    public static func parse(_ text: String) -> Date? {
        parse(text, style: .extended)
    }

    /// `date` in `style`, its fraction of a second dropped (towards the past, also before 1970).
    /// An instant outside the years 0001 to 9999 gives the first or last second of that range.
    public static func format(_ date: Date, style: Style) -> String {
        if style == .extended {
            return String(unsafeUninitializedCapacity: 20) { bytes in
                writeExtended(date, into: bytes)
                return 20
            }
        }
        let (day, secondOfDay) = wholeSeconds(date).dividedRoundingDown(by: secondsPerDay)
        let date = CivilDate(clampingDaysSinceEpoch: day).description
        let clock = [secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60].map(twoDigits)
        switch style {
        case .extended: return date + "T" + clock.joined(separator: ":") + "Z"
        case .basic: return date.filter { $0 != "-" } + "T" + clock.joined() + "Z"
        }
    }

    /// The instant `text` names, or nil unless it is exactly in `style`: a day that exists, hours
    /// 00 to 23, minutes and seconds 00 to 59, no fraction, and `Z`.
    public static func parse(_ text: String, style: Style) -> Date? {
        // Read in place when the string is contiguous, as it is when it comes from the database.
        text.utf8.withContiguousStorageIfAvailable { parse(utf8: $0, style: style) }
            ?? Array(text.utf8).withUnsafeBufferPointer { parse(utf8: $0, style: style) }
    }

    /// `parse(_:style:)` over UTF-8 bytes, with nothing allocated: a database of 100,000
    /// subscriptions has 200,000 timestamps, each read straight from SQLite's buffer. The seven
    /// pairs of digits are read at their places, with no loop over a layout (a list of 1,000 read
    /// two for each row, 450 instructions each that way).
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, style: Style) -> Date? {
        let extended = style == .extended
        guard bytes.count == (extended ? 20 : 16) else { return nil }
        let (dash, colon) = (UInt8(ascii: "-"), UInt8(ascii: ":"))
        let separated = extended
            ? bytes[4] == dash && bytes[7] == dash && bytes[10] == UInt8(ascii: "T") && bytes[13] == colon
                && bytes[16] == colon && bytes[19] == UInt8(ascii: "Z")
            : bytes[8] == UInt8(ascii: "T") && bytes[15] == UInt8(ascii: "Z")
        guard separated else { return nil }
        // Two digits from `at` as a number, or nil.
        func pair(_ at: Int) -> Int? {
            let (tens, ones) = (bytes[at] &- UInt8(ascii: "0"), bytes[at + 1] &- UInt8(ascii: "0"))
            return tens < 10 && ones < 10 ? Int(tens) * 10 + Int(ones) : nil
        }
        // Past each separator, one byte further in the extended style.
        let (gap, time) = extended ? (1, 11) : (0, 9)
        guard let century = pair(0), let year = pair(2), let month = pair(4 + gap), let dayOfMonth = pair(6 + 2 * gap),
              let hour = pair(time), let minute = pair(time + 2 + gap), let second = pair(time + 4 + 2 * gap),
              let day = CivilDate(year: century * 100 + year, month: month, day: dayOfMonth),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = day.daysSinceEpoch * secondsPerDay + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The UTC day of `date`: the date part of `format(date)`.
    public static func day(of date: Date) -> CivilDate {
        CivilDate(clampingDaysSinceEpoch: wholeSeconds(date).dividedRoundingDown(by: secondsPerDay).quotient)
    }

    private static let secondsPerDay = 86_400

    private static let supportedSeconds =
        CivilDate.supportedDays.lowerBound * secondsPerDay...(CivilDate.supportedDays.upperBound + 1) * secondsPerDay - 1

    /// Seconds since 1970 rounded towards the past, within the supported years.
    private static func wholeSeconds(_ date: Date) -> Int {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // Written so that NaN, which compares false, lands on the first supported second.
        guard seconds >= Double(supportedSeconds.lowerBound) else { return supportedSeconds.lowerBound }
        guard seconds <= Double(supportedSeconds.upperBound) else { return supportedSeconds.upperBound }
        return Int(seconds)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}

extension Int {
    /// The quotient rounded towards minus infinity, and the remainder, which is never negative.
    fileprivate func dividedRoundingDown(by divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = (self % divisor + divisor) % divisor
        return ((self - remainder) / divisor, remainder)
    }
}
