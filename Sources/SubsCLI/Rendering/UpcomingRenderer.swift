import SubscriptionCore

/// Renders `upcoming`: every payment and trial end in the window, oldest first.
enum UpcomingRenderer {
    static func render(_ report: UpcomingReport, format: ListFormat, terminal: Terminal = .standardOutput) -> String {
        switch format {
        case .json:
            return JSONValue.array(report.items.map(SubscriptionJSON.upcoming)).rendered
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
            var table = Table([
                .init(header: "DATE"), .init(header: "WHEN"), .init(header: "NAME", maximumWidth: 32),
                .init(header: "AMOUNT", alignment: .decimal), .init(header: "KIND"),
            ])
            for item in report.items {
                let isTrial = item.kind == .trialEnd
                table.append([
                    Table.Cell(item.date.description),
                    Table.Cell(SubscriptionText.days(until: item.date, from: report.today),
                               style: item.daysUntil <= 2 ? .yellow : nil),
                    Table.Cell(item.name),
                    Table.Cell(SubscriptionText.money(item.amount)),
                    Table.Cell(isTrial ? "trial ends" : "payment", style: isTrial ? .yellow : nil),
                ])
            }
            let totals = SubscriptionText.totalLine("Total:", report.totals.rounded)
            return table.render(on: terminal) + (totals.isEmpty ? "" : "\n" + totals)
        }
    }
}
