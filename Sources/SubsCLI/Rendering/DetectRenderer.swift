import SubscriptionCore

/// `subs detect`: what recurs in a statement, as a table or the JSON of docs/json.md.
enum DetectRenderer {
    static func render(_ findings: [Finding], format: ObjectFormat, statement: BankStatement? = nil) -> String {
        switch format {
        case .json: JSONValue.array(findings.map(json)).rendered
        case .table: findings.isEmpty ? nothingRecurs(statement) : table(findings)
        }
    }

    /// Nothing recurs, with what was read: a file read wrong shows here (two transactions, or
    /// the wrong years).
    private static func nothingRecurs(_ statement: BankStatement?) -> String {
        guard let statement else { return localized("Nothing in the statement recurs.") + "\n" }
        guard let first = statement.firstDate, let last = statement.lastDate else {
            return localized("Nothing in the statement recurs.") + "\n" + localized("Read no transactions.") + "\n"
        }
        let count = statement.transactionCount == 1
            ? localized("1 transaction") : localized("\(statement.transactionCount) transactions")
        let charges = statement.charges.count == 1 ? localized("1 charge") : localized("\(statement.charges.count) charges")
        return localized("Nothing in the statement recurs.") + "\n"
            + localized("Read \(count) (\(charges)) from \(SubscriptionText.date(first)) to \(SubscriptionText.date(last)).") + "\n"
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
        for (subscription, matching) in outcome.matched {
            lines += self.matching(matching, of: subscription)
        }
        let charges = outcome.recorded.map(\.count).reduce(0, +)
        if !outcome.recorded.isEmpty {
            let subscriptions = outcome.recorded.count
            let recorded = charges == 1 ? localized("1 charge") : localized("\(charges) charges")
            let on = subscriptions == 1 ? localized("1 subscription") : localized("\(subscriptions) subscriptions")
            lines.append(localized("Recorded \(recorded) on \(on)."))
        }
        if outcome.added.isEmpty && outcome.recorded.isEmpty { lines.append(localized("Nothing new to add or record.")) }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// `Netflix: 0 of 13 charges recorded.`, then a line for each reason charges were not, with
    /// how to fix the schedule when it is on other days than the bank's.
    static func matching(_ matching: ChargeMatching, of subscription: Subscription) -> [String] {
        let name = subscription.name.terminalSafe
        var lines = [localized("\(name): \(matching.records.count) of \(matching.chargeCount) charges recorded.")]
        if matching.alreadyRecorded > 0 {
            lines.append("  " + localized("\(matching.alreadyRecorded) already recorded"))
        }
        let unmatched = matching.unmatched
        func those(_ test: (UnmatchedCharge.Reason) -> Bool) -> [UnmatchedCharge] { unmatched.filter { test($0.reason) } }
        let offSchedule = those { if case .offSchedule = $0 { true } else { false } }
        if let example = offSchedule.first {
            let charged = SubscriptionText.date(example.charge.date)
            if case .offSchedule(let nearest?) = example.reason {
                let drift = String(matching.postingDrift)
                lines.append("  " + localized("""
                    \(offSchedule.count) more than \(drift) days off the schedule (charged \(charged), due \
                    \(SubscriptionText.date(nearest)))
                    """))
                if let start = subscription.startMoved(from: nearest, to: example.charge.date) {
                    let words = ["subs", "edit"] + (subscription.name.hasPrefix("-") ? ["--start", start.description, "--", subscription.name]
                                                       : [subscription.name, "--start", start.description])
                    let command = words.map(PriceRiseText.shellQuoted).joined(separator: " ")
                    lines.append("  " + localized("to move the schedule to the bank's day: \(command.terminalSafe)"))
                }
            } else {
                lines.append("  " + localized("\(offSchedule.count) charged when no payment is scheduled (like \(charged))"))
            }
        }
        let otherCurrency = those { $0 == .otherCurrency }
        if let example = otherCurrency.first {
            lines.append("  " + localized("""
                \(otherCurrency.count) in \(example.charge.amount.currency.code), but the subscription is in \
                \(subscription.currency.code)
                """))
        }
        let taken = those { if case .paymentTaken = $0 { true } else { false } }
        if let example = taken.first, case .paymentTaken(let day) = example.reason {
            lines.append("  " + localized("""
                \(taken.count) near a payment another charge already matched (like \(SubscriptionText.date(example.charge.date)), \
                near \(SubscriptionText.date(day)))
                """))
        }
        let notRunning = those { $0 == .notRunning }
        if let example = notRunning.first {
            lines.append("  " + localized("""
                \(notRunning.count) on days the subscription was not running (like \(SubscriptionText.date(example.charge.date)))
                """))
        }
        let future = those { $0 == .future }
        if !future.isEmpty {
            lines.append("  " + localized("\(future.count) dated after today"))
        }
        let refused = those { if case .refused = $0 { true } else { false } }
        if let example = refused.first, case .refused(let why) = example.reason {
            // The ledger's own words for the refusal, as `paid` would say it.
            let text = (why as Any as? any ErrorMessage)?.message(in: Language.current) ?? String(describing: why)
            lines.append("  " + localized("\(refused.count) not recordable: \(text.terminalSafe)"))
        }
        return lines
    }
}
