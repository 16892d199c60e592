import SubscriptionCore

/// Renders `upcoming`: every payment, trial end, last day to cancel and end in the window, oldest
/// first. A deadline's amount is what missing it costs, an end's the last payment: neither is
/// money paid, so the footer's totals (the report's) count payments and trials' first charges only.
enum UpcomingRenderer {
    /// Prints `render(report, format:)`; JSON is written as it is made, so a long window is never
    /// held whole as text.
    static func printReport(_ report: UpcomingReport, format: ListFormat) {
        switch format {
        case .json: printJSON(report.items)
        case .table where !report.items.isEmpty: StandardOutput.write(tableWithTotal(report, terminal: .standardOutput))
        case .table, .csv, .tsv: print(render(report, format: format), terminator: "")
        }
    }

    /// The items as `JSONValue.array(items.map(SubscriptionJSON.upcoming)).rendered` writes them,
    /// byte for byte, made straight into bytes: a year ahead is tens of thousands of items, and
    /// a value tree for each cost more than finding them.
    static func json(_ items: [UpcomingItem]) -> String {
        var writer = JSONWriter()
        writer.writeArray(items) { SubscriptionJSON.upcomingMembers($0, into: &$1) }
        return writer.text
    }

    /// `json(items)` printed as it is made, in blocks of 256 payments.
    static func printJSON(_ items: [UpcomingItem]) {
        JSONValue.printArray(items, perBlock: 256) { SubscriptionJSON.upcomingMembers($0, into: &$1) }
    }

    static func render(_ report: UpcomingReport, format: ListFormat, terminal: Terminal = .standardOutput) -> String {
        switch format {
        case .json:
            return json(report.items)
        case .csv, .tsv:
            var output = Delimited(format == .csv ? .csv : .tsv, header: [
                "date", "days_until", "kind", "name", "amount", "currency", "id",
            ])
            for item in report.items {
                output.append([
                    item.date.description, String(item.daysUntil), item.kind.rawValue, item.name,
                    item.amount.description, item.amount.currency.code, item.subscriptionID,
                ])
            }
            return output.rendered
        case .table:
            guard !report.items.isEmpty else { return emptyWindow(report) + "\n" }
            return Table.text(of: tableWithTotal(report, terminal: terminal))
        }
    }

    /// The table of `render(report, format: .table ...)` and its total, as pieces of UTF-8 bytes: a window
    /// of 100,000 items is written out without a string made of it.
    private static func tableWithTotal(_ report: UpcomingReport, terminal: Terminal) -> [[UInt8]] {
        let totals = SubscriptionText.totalLine(localized("Total:"), report.totals.rounded)
        let footer = totals.isEmpty ? "" : "\n" + totals
        return tableBytes(report.items, today: report.today, terminal: terminal, footer: footer)
    }

    /// What an empty window says instead of a header with no rows.
    private static func emptyWindow(_ report: UpcomingReport) -> String {
        switch report.today.days(until: report.end) {
        case 0: localized("No payments today.")
        case 1: localized("No payments today or tomorrow.")
        case let days: localized("No payments in the next \(days) days.")
        }
    }

    /// The kind of an item in words: `payment`, `trial ends, first payment`, `cancel by`, `ends`.
    static func kind(_ kind: PaymentKind) -> String {
        switch kind {
        case .payment: localized("payment")
        case .trialEnd: localized("trial ends, first payment")
        case .cancelBy: localized("cancel by")
        case .ends: localized("ends")
        }
    }

    /// How an item's kind stands out: a deadline most, then a trial's first charge.
    static func style(of kind: PaymentKind) -> Terminal.Style? {
        switch kind {
        case .payment: nil
        case .trialEnd: .yellow
        case .cancelBy: .red
        case .ends: .cyan
        }
    }

    /// Items as a table, the kinds other than a payment marked: for `upcoming` and `summary`.
    static func table(_ items: [UpcomingItem], today: CivilDate, terminal: Terminal) -> String {
        Table.text(of: tableBytes(items, today: today, terminal: terminal))
    }

    private static func tableBytes(
        _ items: [UpcomingItem], today: CivilDate, terminal: Terminal, footer: String = ""
    ) -> [[UInt8]] {
        var table = Table([
            .init(header: localized("DATE")), .init(header: localized("WHEN")),
            .init(header: localized("NAME"), maximumWidth: 32, minimumWidth: 12),
            .init(header: localized("AMOUNT"), alignment: .decimal), .init(header: localized("KIND")),
        ])
        // The same few words on every row: made once, not 200,000 times, and found among the
        // four, which costs less than hashing a key on every row. A trial's end is one row with
        // its first charge.
        let kinds = PaymentKind.allCases.map { (kind: $0, words: kind($0)) }
        // A window has few days and many items, in date order: each day's words are made once,
        // at its first item.
        var day: (date: CivilDate?, dateText: String, whenText: String) = (nil, "", "")
        // Each item's fields are read where it lies: a copy of it retained its subscription's id,
        // a string far off in memory, for nothing, a tenth of `upcoming` over 100,000.
        for index in items.indices {
            let date = items[index].date
            if day.date != date {
                day = (date, SubscriptionText.date(date), SubscriptionText.days(until: date, from: today))
            }
            let kind = items[index].kind
            table.append([
                Table.Cell(day.dateText),
                Table.Cell(day.whenText, style: items[index].daysUntil <= 2 ? .yellow : nil),
                Table.Cell(items[index].name),
                Table.Cell(SubscriptionText.money(items[index].amount)),
                Table.Cell(kinds.first { $0.kind == kind }?.words ?? "", style: style(of: kind)),
            ])
        }
        return table.renderedBytes(on: terminal, footer: footer)
    }
}
