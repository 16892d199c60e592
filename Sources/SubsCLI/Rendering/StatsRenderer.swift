import Foundation
import SubscriptionCore

/// `subs stats`: shares drawn as bars of block characters, or the same numbers as JSON.
enum StatsRenderer {
    /// - Parameter categories: the colour each category is painted in on a colour terminal.
    static func render(
        _ stats: Stats, format: ObjectFormat, categories: CategoryStyles = CategoryStyles(),
        terminal: Terminal = .standardOutput
    ) -> String {
        switch format {
        case .json: return json(stats).rendered
        case .table: return text(stats, categories: categories, terminal: terminal)
        }
    }

    static func json(_ stats: Stats) -> JSONValue {
        func rounded(_ value: Decimal) -> String { Money(rounding: value, currency: stats.base).description }
        func months(_ spends: [Stats.MonthSpend]) -> JSONValue {
            .array(spends.map { spend in
                .object([
                    "month": .string(spend.month.description),
                    "converted": .string(spend.converted.map(rounded)),
                    "totals": .object(JSONObject(uniqueKeysWithValues: spend.totals.rounded.map {
                        ($0.currency.code, JSONValue.string($0.description))
                    })),
                ])
            })
        }
        return .object([
            "currency": .string(stats.base.code),
            "categories": .array(stats.categories.map {
                .object([
                    "name": .string($0.name),
                    "monthly": .string(rounded($0.monthly)),
                    "share": .string(percent($0.share)),
                ])
            }),
            "months": months(stats.history),
            "forecast": months(stats.forecast),
            "missing_rates": .array(stats.missingRates.map { .string($0.code) }),
        ])
    }

    private static func text(_ stats: Stats, categories colors: CategoryStyles, terminal: Terminal) -> String {
        let base = stats.base
        func money(_ value: Decimal) -> String { SubscriptionText.money(Money(rounding: value, currency: base)) }
        var output = terminal.paint(localized("Spend by category"), .bold) + localized(" (a month, in \(base.code))") + "\n"
        if stats.categories.isEmpty { output += "  " + localized("nothing is being paid") + "\n" }
        var categories = Table([.init(header: localized("CATEGORY"), minimumWidth: 12), .init(header: localized("MONTHLY"), alignment: .decimal),
                                .init(header: localized("SHARE"), alignment: .right), .init(header: "")])
        for category in stats.categories {
            let style = colors.style(for: category.name)
            categories.append([Table.Cell(category.name ?? localized("(none)"), style: style), Table.Cell(money(category.monthly)),
                               Table.Cell(SubscriptionText.percent(percent(category.share))),
                               Table.Cell(bar(category.share / 100), style: style ?? .cyan)])
        }
        if !stats.categories.isEmpty { output += categories.render(on: terminal) }

        for (title, spends) in [(localized("Spend per month"), stats.history),
                                (localized("Forecast, next 12 months"), stats.forecast)] {
            output += "\n" + monthTable(title, spends, base: base, terminal: terminal)
        }
        if !stats.missingRates.isEmpty {
            let codes = stats.missingRates.map(\.code).joined(separator: ", ")
            let first = stats.missingRates[0].code
            output += "\n" + localized("""
                No exchange rate for \(codes): those subscriptions are left out of the converted figures \
                (subs rates set \(first) RATE).
                """) + "\n"
        }
        return output
    }

    /// Months in the base currency with bars to compare them, when every month converts; else
    /// each month's totals per currency, under a heading that says so and with no bars, since
    /// amounts in different currencies cannot be compared.
    private static func monthTable(_ title: String, _ spends: [Stats.MonthSpend], base: Currency, terminal: Terminal) -> String {
        let converted = spends.compactMap(\.converted)
        var table = Table([.init(header: localized("MONTH")), .init(header: localized("SPEND"), alignment: .decimal),
                           .init(header: "")])
        guard converted.count == spends.count else {
            for spend in spends {
                let totals = SubscriptionText.amounts(spend.totals.rounded)
                table.append([Table.Cell(SubscriptionText.month(spend.month)), Table.Cell(totals.isEmpty ? "-" : totals),
                              Table.Cell("")])
            }
            return terminal.paint(title, .bold) + localized(" (per currency: a rate is missing)") + "\n"
                + table.render(on: terminal)
        }
        let largest = converted.max().flatMap { $0 > 0 ? $0 : nil }
        for (spend, amount) in zip(spends, converted) {
            table.append([Table.Cell(SubscriptionText.month(spend.month)),
                          Table.Cell(SubscriptionText.money(Money(rounding: amount, currency: base))),
                          Table.Cell(largest.map { bar(amount / $0) } ?? "", style: .cyan)])
        }
        return terminal.paint(title, .bold) + localized(" (in \(base.code))") + "\n" + table.render(on: terminal)
    }

    static let barWidth = 24

    /// A horizontal bar of `fraction` (0 to 1) of `barWidth` cells, in eighths of a cell.
    static func bar(_ fraction: Decimal) -> String {
        let eighths = Int(truncating: NSDecimalNumber(decimal: max(0, min(1, fraction)) * Decimal(barWidth * 8)))
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        return String(repeating: "█", count: eighths / 8) + partial
    }

    /// A percentage to one decimal: `58.1`.
    static func percent(_ value: Decimal) -> String {
        var exact = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 1, .plain)
        return SummaryRenderer.oneDecimal("\(rounded)")
    }
}
