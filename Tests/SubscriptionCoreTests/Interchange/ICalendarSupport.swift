import Foundation
@testable import SubscriptionCore

/// 2024-02-01T08:00:00Z, the `DTSTAMP` of every test calendar.
let calendarStamp = Date(timeIntervalSince1970: 1_706_774_400)

func calendar(
    _ subscriptions: [Subscription], today: String = "2024-02-01", config: Config = .defaults,
    cancelReminderOffsets: [Int] = [30, 7]
) -> String {
    var config = config
    config.remindCancelDays = cancelReminderOffsets
    return ICalendar.document(
        for: subscriptions, config: config, today: day(today), generatedAt: calendarStamp, wording: dataWording)
}

/// Words for the test calendars that show the data plainly: the core writes the file and the
/// command line words it (its words, in both languages, are `CalendarTextTests`').
let dataWording = CalendarWording(
    calendarName: "Calendar",
    detail: { detail in
        switch detail {
        case .billed(let cycle): "billed \(cycle.count) \(cycle.unit.rawValue)"
        case .category(let name): "category \(name)"
        case .paymentMethod(let method): "method \(method)"
        case .url(let url): "url \(url)"
        case .notes(let notes): "notes \(notes)"
        case .trialEnds(let day): "trial ends \(day)"
        case .price(let amount, let from): "price \(amount) \(amount.currency) from \(from)"
        case .paused(let from, let until): "paused \(from) to \(until.map(\.description) ?? "resumed")"
        case .cancelled(let day): "cancelled \(day)"
        case .termEnds(let day): "term ends \(day)"
        case .renewsIfMissed(let term, let until, let cost): "renews \(term) to \(until) for \(cost) \(cost.currency)"
        case .chargedIfMissed(let amount, let day): "charged \(amount) \(amount.currency) on \(day)"
        }
    },
    reminder: { title, daysBefore in "\(title) -\(daysBefore)d" },
    deadlineTitle: { name in "cancel \(name)" },
    deadlineReminder: { name, cancelBy, daysBefore in "cancel \(name) by \(cancelBy) -\(daysBefore)d" })

/// One `VEVENT` of a calendar, read back from its unfolded lines (alarms left out).
struct ParsedEvent {
    var properties: [(name: String, value: String)] = []

    func values(_ name: String) -> [String] { properties.filter { $0.name == name }.map(\.value) }
    func value(_ name: String) -> String? { values(name).first }

    var start: CivilDate { Self.date(value("DTSTART;VALUE=DATE")!) }
    var exclusions: Set<CivilDate> { Set(values("EXDATE;VALUE=DATE").map(Self.date)) }

    /// The rule parts: `["FREQ": "MONTHLY", "BYMONTHDAY": "-1"]`.
    var rule: [String: String] {
        Dictionary(uniqueKeysWithValues: value("RRULE")!.split(separator: ";").map {
            let pair = $0.split(separator: "=", maxSplits: 1)
            return (String(pair[0]), String(pair[1]))
        })
    }

    static func date(_ text: String) -> CivilDate {
        let digits = Array(text)
        return day(String(digits[0..<4]) + "-" + String(digits[4..<6]) + "-" + String(digits[6..<8]))
    }

    /// Every event of `document`, its lines unfolded; properties of its alarms are not kept.
    static func all(in document: String) -> [ParsedEvent] {
        let lines = document.replacingOccurrences(of: "\r\n ", with: "")
            .components(separatedBy: "\r\n")
        var events: [ParsedEvent] = []
        var current: ParsedEvent?
        var inAlarm = false
        for line in lines {
            switch line {
            case "BEGIN:VEVENT": current = ParsedEvent()
            case "END:VEVENT": current.map { events.append($0) }; current = nil
            case "BEGIN:VALARM": inAlarm = true
            case "END:VALARM": inAlarm = false
            default:
                guard !inAlarm, let colon = line.firstIndex(of: ":") else { continue }
                current?.properties.append((String(line[..<colon]), String(line[line.index(after: colon)...])))
            }
        }
        return events
    }
}

/// An independent reading of RFC 5545 §3.3.10 for the rule parts `subs` writes (FREQ, INTERVAL,
/// BYMONTH, BYMONTHDAY, BYSETPOS, UNTIL) plus EXDATE: it selects days from each month or year the
/// way the RFC describes, with no billing-style clamping, so it checks the rules instead of
/// repeating the schedule's arithmetic.
struct ReferenceRecurrence {
    let event: ParsedEvent

    /// The occurrences from `DTSTART` through `end` (and `UNTIL`), less the excluded days.
    func occurrences(through end: CivilDate) -> [CivilDate] {
        let start = event.start
        // Without a rule an event happens once, on its start (RFC 5545 §3.8.5.3).
        guard event.value("RRULE") != nil else {
            return start <= end && !event.exclusions.contains(start) ? [start] : []
        }
        let rule = event.rule
        let interval = Int(rule["INTERVAL"] ?? "1")!
        let last = rule["UNTIL"].map { min(ParsedEvent.date($0), end) } ?? end
        var candidates: [CivilDate] = []
        switch rule["FREQ"]! {
        case "DAILY", "WEEKLY":
            let step = interval * (rule["FREQ"] == "WEEKLY" ? 7 : 1)
            var next: CivilDate? = start
            while let date = next, date <= last {
                candidates.append(date)
                next = date.adding(days: step)
            }
        case "MONTHLY":
            // BYMONTH limits the months of a monthly rule.
            let months = rule["BYMONTH"].map { Set($0.split(separator: ",").map { Int($0)! }) }
            var month = 0
            while let first = firstOfMonth(start, plusMonths: month), first <= last {
                if months?.contains(first.month) ?? true {
                    candidates += selected(fromMonths: [first.month], year: first.year, rule: rule, start: start)
                }
                month += interval
            }
        case "YEARLY":
            let months = rule["BYMONTH"].map { $0.split(separator: ",").map { Int($0)! } } ?? [start.month]
            var year = start.year
            while year <= last.year {
                candidates += selected(fromMonths: months, year: year, rule: rule, start: start)
                year += interval
            }
        default:
            fatalError("a frequency subs does not write")
        }
        let excluded = event.exclusions
        return candidates.filter { $0 >= start && $0 <= last && !excluded.contains($0) }
    }

    private func firstOfMonth(_ date: CivilDate, plusMonths count: Int) -> CivilDate? {
        CivilDate(year: date.year, month: date.month, day: 1)?.adding(months: count)
    }

    /// The days a BYMONTHDAY list (negative counts from the month's end; default the start's
    /// day) picks in the months of one period, then BYSETPOS over the whole set.
    private func selected(fromMonths months: [Int], year: Int, rule: [String: String], start: CivilDate) -> [CivilDate] {
        let monthDays = rule["BYMONTHDAY"].map { $0.split(separator: ",").map { Int($0)! } } ?? [start.day]
        var set: [CivilDate] = []
        for month in months {
            let length = CivilDate.daysInMonth(year: year, month: month)
            for monthDay in monthDays {
                let resolved = monthDay > 0 ? monthDay : length + 1 + monthDay
                if let date = CivilDate(year: year, month: month, day: resolved) { set.append(date) }
            }
        }
        set.sort()
        guard let position = rule["BYSETPOS"].map({ Int($0)! }) else { return set }
        let index = position > 0 ? position - 1 : set.count + position
        return set.indices.contains(index) ? [set[index]] : []
    }
}
