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
    /// subscriptions has 200,000 timestamps, each read straight from SQLite's buffer.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, style: Style) -> Date? {
        let layout: StaticString = style == .extended ? "dddd-dd-ddTdd:dd:ddZ" : "ddddddddTddddddZ"
        guard bytes.count == layout.utf8CodeUnitCount else { return nil }
        // The fourteen digits as one number, yyyyMMddHHmmss, read as the layout says; then cut.
        var digits = 0
        let layoutBytes = layout.utf8Start
        for index in 0..<bytes.count {
            let byte = bytes[index], expected = layoutBytes[index]
            guard expected == UInt8(ascii: "d") else {
                if byte != expected { return nil }
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            digits = digits * 10 + Int(digit)
        }
        let (hour, minute, second) = (digits / 10_000 % 100, digits / 100 % 100, digits % 100)
        guard let day = CivilDate(year: digits / 10_000_000_000, month: digits / 100_000_000 % 100, day: digits / 1_000_000 % 100),
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
