import SubscriptionCore

/// Renders `subs calendar`: the month laid out as `cal` lays it out (title centred, a weekday
/// header, seven columns of three characters), each day with something on it followed by a mark,
/// then a legend of the marks and a table of what falls on each marked day. The week starts on
/// Sunday in English, as `cal` has it, and on Monday in Turkish, as Turkish calendars have it.
enum CalendarRenderer {
    static func render(_ calendar: MonthCalendar, format: ObjectFormat, terminal: Terminal = .standardOutput) -> String {
        switch format {
        case .json: JSONValue.array(calendar.items.map(SubscriptionJSON.upcoming)).rendered
        case .table: text(calendar, terminal: terminal)
        }
    }

    /// The day the week starts on in the reader's language.
    static func firstWeekday(in language: Language = .current) -> MonthCalendar.Weekday {
        language == .turkish ? .monday : .sunday
    }

    /// A day's mark: the kind that most needs seeing when several fall on one day.
    static func mark(_ kind: PaymentKind) -> Character {
        switch kind {
        case .cancelBy: "!"
        case .trialEnd: "+"
        case .ends: "#"
        case .payment: "*"
        }
    }

    /// The kinds, most urgent first: the one a day's mark shows.
    private static let urgency: [PaymentKind] = [.cancelBy, .trialEnd, .ends, .payment]

    private static func rank(_ kind: PaymentKind) -> Int {
        urgency.firstIndex(of: kind) ?? urgency.count
    }

    /// `November 2026`, in Turkish `Kasım 2026`.
    static func title(_ calendar: MonthCalendar) -> String {
        CivilDate.monthName(calendar.month, in: .current) + " " + String(calendar.year)
    }

    /// Two letters a day, as `cal` heads its columns, starting on `first`.
    static func weekdayHeader(startingOn first: MonthCalendar.Weekday) -> [String] {
        let names = [
            localized("Su"), localized("Mo"), localized("Tu"), localized("We"), localized("Th"),
            localized("Fr"), localized("Sa"),
        ]
        return (0..<7).map { names[(first.rawValue + $0) % 7] }
    }

    /// The grid: 21 columns, the title centred over them.
    static func grid(_ calendar: MonthCalendar, terminal: Terminal) -> [String] {
        let first = firstWeekday()
        var kinds: [Int: PaymentKind] = [:]
        for item in calendar.items {
            if kinds[item.date.day].map({ rank(item.kind) < rank($0) }) ?? true {
                kinds[item.date.day] = item.kind
            }
        }
        let title = title(calendar)
        let width = 20
        let padding = max(0, (width - title.displayWidth) / 2)
        var lines = [String(repeating: " ", count: padding) + title]
        lines.append(weekdayHeader(startingOn: first).joined(separator: " "))
        for week in calendar.weeks(startingOn: first) {
            var line = ""
            for day in week {
                guard let day else {
                    line += "   "
                    continue
                }
                let number = day.day < 10 ? " \(day.day)" : "\(day.day)"
                if let kind = kinds[day.day] {
                    line += terminal.paint(number, UpcomingRenderer.style(of: kind) ?? .green) + String(mark(kind))
                } else {
                    line += (day == calendar.today ? terminal.paint(number, .bold) : number) + " "
                }
            }
            lines.append(String(line.reversed().drop(while: { $0 == " " }).reversed()))
        }
        return lines
    }

    private static func text(_ calendar: MonthCalendar, terminal: Terminal) -> String {
        var output = grid(calendar, terminal: terminal).joined(separator: "\n") + "\n\n"
        guard !calendar.items.isEmpty else {
            return output + localized("No payments, deadlines or ends in \(title(calendar)).") + "\n"
        }
        let used = urgency.reversed().filter { kind in calendar.items.contains { $0.kind == kind } }
        output += used.map { "\(mark($0)) " + UpcomingRenderer.kind($0) }.joined(separator: "   ") + "\n\n"
        var table = Table([
            .init(header: localized("DATE")), .init(header: localized("KIND")),
            .init(header: localized("NAME"), maximumWidth: 32, minimumWidth: 12),
            .init(header: localized("AMOUNT"), alignment: .decimal),
        ])
        for item in calendar.items {
            table.append([
                Table.Cell(SubscriptionText.date(item.date)),
                Table.Cell(String(mark(item.kind)) + " " + UpcomingRenderer.kind(item.kind),
                           style: UpcomingRenderer.style(of: item.kind)),
                Table.Cell(item.name),
                Table.Cell(SubscriptionText.money(item.amount)),
            ])
        }
        output += table.render(on: terminal)
        // Deadlines and ends are not money paid: the total counts payments only.
        let totals = SubscriptionText.totalLine(localized("Total:"), calendar.totals.rounded)
        return output + (totals.isEmpty ? "" : "\n" + totals)
    }
}
