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

    /// The instant `text` in the extended style names, or nil (see `parse(_:style:)`).
    public static func parse(_ text: String) -> Date? {
        parse(text, style: .extended)
    }

    /// `date` in `style`, its fraction of a second dropped (towards the past, also before 1970).
    /// An instant outside the years 0001 to 9999 gives the first or last second of that range.
    public static func format(_ date: Date, style: Style) -> String {
        let (day, secondOfDay) = wholeSeconds(date).dividedRoundingDown(by: secondsPerDay)
        let clock = [secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60].map(twoDigits)
        let date = CivilDate(clampingDaysSinceEpoch: day).description
        switch style {
        case .extended: return date + "T" + clock.joined(separator: ":") + "Z"
        case .basic: return date.filter { $0 != "-" } + "T" + clock.joined() + "Z"
        }
    }

    /// The instant `text` names, or nil unless it is exactly in `style`: a day that exists, hours
    /// 00 to 23, minutes and seconds 00 to 59, no fraction, and `Z`.
    public static func parse(_ text: String, style: Style) -> Date? {
        let bytes = Array(text.utf8)
        let layout = style == .extended ? "dddd-dd-ddTdd:dd:ddZ" : "ddddddddTddddddZ"
        guard bytes.count == layout.utf8.count else { return nil }
        var digits: [Int] = []
        for (byte, expected) in zip(bytes, layout.utf8) {
            if expected == UInt8(ascii: "d") {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                digits.append(Int(byte - UInt8(ascii: "0")))
            } else if byte != expected {
                return nil
            }
        }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        let (hour, minute, second) = (number(8..<10), number(10..<12), number(12..<14))
        guard let day = CivilDate(year: number(0..<4), month: number(4..<6), day: number(6..<8)),
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
