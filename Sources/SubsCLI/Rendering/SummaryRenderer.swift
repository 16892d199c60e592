import Foundation
import SubscriptionCore

/// `subs summary` as a short report, or as the JSON object of docs/json.md.
enum SummaryRenderer {
    static func render(_ summary: Summary, today: CivilDate, format: ObjectFormat, terminal: Terminal = .standardOutput) -> String {
        switch format {
        case .json: return json(summary).rendered
        case .table: return text(summary, today: today, terminal: terminal)
        }
    }

    static func json(_ summary: Summary) -> JSONValue {
        func byCurrency(_ amounts: [Money]) -> JSONValue {
            .object(JSONObject(uniqueKeysWithValues: amounts.map { ($0.currency.code, .string($0.description)) }))
        }
        let converted = summary.convertedMonthly.map { monthly -> JSONValue in
            .object([
                "currency": .string(summary.base.code),
                "monthly": .string(Money(rounding: monthly, currency: summary.base).description),
                "yearly": .string(Money(rounding: monthly * 12, currency: summary.base).description),
            ])
        }
        let budget = summary.budget.map { budget -> JSONValue in
            .object([
                "amount": .string(budget.limit.description),
                "used": .string(budget.used?.description),
                "percent": .string(budget.percent.map { "\($0)" }.map(oneDecimal)),
                "status": .string(budget.status?.rawValue),
            ])
        }
        return .object([
            "active": .int(summary.active),
            "total": .int(summary.total),
            "monthly": byCurrency(summary.monthly.rounded),
            "yearly": byCurrency(summary.yearly),
            "converted": converted ?? .null,
            "missing_rates": .array(summary.missingRates.map { .string($0.code) }),
            "next_payments": .array(summary.nextPayments.map(SubscriptionJSON.upcoming)),
            "trials_ending": .array(summary.trialsEnding.map(SubscriptionJSON.upcoming)),
            "budget": budget ?? .null,
            "price_rises": .array(summary.priceRises.map(PriceRiseText.json)),
            "deadlines": .array(summary.deadlines.map(deadline)),
        ])
    }

    /// A last day to cancel: when, the term end it reaches (null for a one-off deadline) and what
    /// missing it costs (`0` when nothing is charged after it).
    static func deadline(_ item: UpcomingItem) -> JSONValue {
        .object([
            "amount": .string(item.amount.description),
            "cancel_by": .string(item.date.description),
            "currency": .string(item.amount.currency.code),
            "days_until": .int(item.daysUntil),
            "id": .string(item.subscriptionID),
            "name": .string(item.name),
            "term_end": .string(item.deadline?.termEnd?.description),
        ])
    }

    private static func text(_ summary: Summary, today: CivilDate, terminal: Terminal) -> String {
        let money = SubscriptionText.money
        var lines: [(String, String)] = [
            (localized("Subscriptions"), localized("\(summary.active) active of \(summary.total)")),
        ]
        if !summary.monthly.isEmpty {
            lines.append((localized("Monthly"), SubscriptionText.amounts(summary.monthly.rounded)))
            lines.append((localized("Yearly"), SubscriptionText.amounts(summary.yearly)))
        }
        if let monthly = summary.convertedMonthly, summary.monthly.currencies.count > 1
            || summary.monthly.currencies.first.map({ $0 != summary.base }) == true {
            let month = money(Money(rounding: monthly, currency: summary.base))
            let year = money(Money(rounding: monthly * 12, currency: summary.base))
            lines.append((localized("In \(summary.base.code)"), localized("\(month) a month, \(year) a year")))
        }
        var output = ""
        let width = lines.map(\.0.displayWidth).max() ?? 0
        for (label, value) in lines {
            output += terminal.paint(label.padding(toLength: width), .dim) + "  " + value + "\n"
        }
        if !summary.missingRates.isEmpty {
            let codes = summary.missingRates.map(\.code).joined(separator: ", ")
            let first = summary.missingRates[0].code
            output += localized("No total in \(summary.base.code): missing exchange rate for \(codes) (subs rates set \(first) RATE)")
                + "\n"
        }
        if let budget = summary.budget {
            output += budgetLine(budget, terminal: terminal)
        }
        for rise in summary.priceRises {
            output += terminal.paint(localized("Price rise:") + " ", .bold) + PriceRiseText.line(rise) + "\n"
        }
        if !summary.nextPayments.isEmpty {
            output += "\n" + terminal.paint(localized("Next payments"), .bold) + "\n" + UpcomingRenderer.table(summary.nextPayments, today: today, terminal: terminal)
        }
        if !summary.trialsEnding.isEmpty {
            output += "\n" + terminal.paint(localized("Trials ending within \(Summary.trialWindowDays) days"), .bold) + "\n"
                + UpcomingRenderer.table(summary.trialsEnding, today: today, terminal: terminal)
        }
        if !summary.deadlines.isEmpty {
            output += "\n" + terminal.paint(localized("Last days to cancel within \(Summary.deadlineWindowDays) days"), .bold) + "\n"
                + deadlineTable(summary.deadlines, today: today, terminal: terminal)
        }
        return output
    }

    /// The deadlines: the day, how soon, whose, and what happens when it passes.
    private static func deadlineTable(_ items: [UpcomingItem], today: CivilDate, terminal: Terminal) -> String {
        var table = Table([
            .init(header: localized("CANCEL BY")), .init(header: localized("WHEN")),
            .init(header: localized("NAME"), maximumWidth: 32, minimumWidth: 12),
            .init(header: localized("IF MISSED"), maximumWidth: 48, minimumWidth: 16),
        ])
        for item in items {
            table.append([
                Table.Cell(SubscriptionText.date(item.date)),
                Table.Cell(SubscriptionText.days(until: item.date, from: today), style: item.daysUntil <= 7 ? .red : .yellow),
                Table.Cell(item.name),
                Table.Cell(missed(item.deadline?.missed)),
            ])
        }
        return table.render(on: terminal)
    }

    /// What missing a deadline costs, in words: `$480.00, renews to 2028-03-31`.
    static func missed(_ missed: SubscriptionCore.Deadline.Missed?) -> String {
        switch missed {
        case .renews(_, let until, let cost): localized("\(SubscriptionText.money(cost)), renews to \(until)")
        case .charged(let payment): localized("\(SubscriptionText.money(payment.amount)) charged on \(payment.date)")
        case nil: localized("nothing is charged")
        }
    }

    private static func budgetLine(_ budget: BudgetUse, terminal: Terminal) -> String {
        let limit = SubscriptionText.money(budget.limit)
        guard let used = budget.used, let status = budget.status else {
            // Over even without the currencies that have no rate: said, and in red.
            if budget.status == .over {
                return terminal.paint(localized("Budget: \(limit) a month: over budget before the currencies without a rate"), .red) + "\n"
            }
            return localized("Budget: \(limit) a month; set the missing rates to see its use") + "\n"
        }
        let percent = budget.percent.map { " (" + SubscriptionText.percent(oneDecimal("\($0)")) + ")" } ?? ""
        let line = localized("Budget: \(SubscriptionText.money(used)) of \(limit) a month") + percent
        switch status {
        case .ok: return line + "\n"
        case .warning: return terminal.paint(line + localized(": warning, 80% or more used"), .yellow) + "\n"
        case .over: return terminal.paint(line + localized(": over budget"), .red) + "\n"
        }
    }

    /// `79` → `79.0`, `80.25` stays as rounded upstream.
    static func oneDecimal(_ text: String) -> String {
        text.contains(".") ? text : text + ".0"
    }
}
