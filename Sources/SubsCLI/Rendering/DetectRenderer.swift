import SubscriptionCore

/// `subs detect`: what recurs in a statement, as a table or the JSON of docs/json.md.
enum DetectRenderer {
    static func render(_ findings: [Finding], format: ObjectFormat) -> String {
        switch format {
        case .json: JSONValue.array(findings.map(json)).rendered
        case .table: table(findings)
        }
    }

    static func json(_ finding: Finding) -> JSONValue {
        let series = finding.series
        return .object([
            "merchant": .string(series.merchant),
            "amount": .string(series.latest.amount.description),
            "currency": .string(series.latest.amount.currency.code),
            "cycle": .object(["count": .int(series.cycle.count), "unit": .string(series.cycle.unit.rawValue)]),
            "first_charge": .string(series.first.date.description),
            "last_charge": .string(series.latest.date.description),
            "next_expected": .string(series.nextExpected?.description),
            "charges": .int(series.charges.count),
            "status": .string(series.ended ? "ended" : "active"),
            "price_changes": .array(series.priceChanges.map {
                .object(["date": .string($0.date.description), "amount": .string($0.amount.description)])
            }),
            "tracked": finding.tracked.map { .object(["id": .string($0.id), "name": .string($0.name)]) } ?? .null,
        ])
    }

    private static func table(_ findings: [Finding]) -> String {
        guard !findings.isEmpty else { return localized("Nothing in the statement recurs.") + "\n" }
        var table = Table([
            .init(header: localized("MERCHANT"), maximumWidth: 28, minimumWidth: 12),
            .init(header: localized("AMOUNT"), alignment: .decimal),
            .init(header: localized("CYCLE")), .init(header: localized("CHARGES"), alignment: .right, dropOrder: 3),
            .init(header: localized("FIRST"), dropOrder: 2), .init(header: localized("LAST"), dropOrder: 1),
            .init(header: localized("NEXT")), .init(header: localized("TRACKED AS"), maximumWidth: 24, minimumWidth: 10),
        ])
        for finding in findings {
            let series = finding.series
            table.append([
                Table.Cell(series.merchant), Table.Cell(SubscriptionText.money(series.latest.amount)),
                Table.Cell(SubscriptionText.cycle(series.cycle), short: SubscriptionText.shortCycle(series.cycle)),
                Table.Cell(String(series.charges.count)),
                Table.Cell(SubscriptionText.date(series.first.date)), Table.Cell(SubscriptionText.date(series.latest.date)),
                series.nextExpected.map { Table.Cell(SubscriptionText.date($0)) } ?? Table.Cell(localized("ended"), style: .dim),
                finding.tracked.map { Table.Cell($0.name) } ?? Table.Cell(localized("not tracked"), style: .yellow),
            ])
        }
        var output = table.render(on: .standardOutput)
        for finding in findings {
            var previous = finding.series.first.amount
            for change in finding.series.priceChanges {
                let (old, new) = (SubscriptionText.money(previous), SubscriptionText.money(change.amount))
                output += localized("\(finding.series.merchant): \(old) → \(new) from \(SubscriptionText.date(change.date))") + "\n"
                previous = change.amount
            }
        }
        let untracked = findings.filter { $0.tracked == nil && !$0.series.ended }.count
        if untracked > 0 {
            output += "\n" + localized("\(untracked) not tracked yet: 'subs detect FILE --add' adds them.") + "\n"
        }
        return output
    }

    /// `Netflix, $17.99 monthly since 2025-10-07`: a series in one line, for the question of --add.
    static func summary(_ series: RecurringSeries) -> String {
        let amount = SubscriptionText.money(series.latest.amount)
        return localized("\(series.merchant), \(amount) \(SubscriptionText.cycle(series.cycle)) since \(SubscriptionText.date(series.first.date))")
    }

    /// What `--add` and `--record` wrote, before the report.
    static func outcome(_ outcome: DetectionOutcome) -> String {
        var lines = outcome.added.map { localized("Added \($0.name).") }
        let charges = outcome.recorded.map(\.count).reduce(0, +)
        if !outcome.recorded.isEmpty {
            let subscriptions = outcome.recorded.count
            let recorded = charges == 1 ? localized("1 charge") : localized("\(charges) charges")
            let on = subscriptions == 1 ? localized("1 subscription") : localized("\(subscriptions) subscriptions")
            lines.append(localized("Recorded \(recorded) on \(on)."))
        }
        if lines.isEmpty { lines.append(localized("Nothing new to add or record.")) }
        return lines.joined(separator: "\n") + "\n\n"
    }
}
