import SubscriptionCore

/// Renders subscriptions for `list`, `show`, `add` and `edit` in every format they offer.
enum SubscriptionRenderer {
    /// - Parameter categories: the colour each category is painted in on a colour terminal.
    static func list(
        _ list: SubscriptionList, format: ListFormat, categories: CategoryStyles = CategoryStyles(),
        terminal: Terminal = .standardOutput
    ) -> String {
        switch format {
        case .json:
            return JSONValue.array(list.items.map(SubscriptionJSON.object)).rendered
        case .csv, .tsv:
            var output = Delimited(format == .csv ? .csv : .tsv, header: [
                "id", "name", "amount", "currency", "cycle_count", "cycle_unit", "start_date",
                "trial_end", "next_payment", "monthly_cost", "status", "category", "payment_method",
                "auto_renew", "url", "notes",
            ])
            for item in list.items {
                let subscription = item.subscription
                output.append([
                    subscription.id, subscription.name, item.amount.description,
                    subscription.currency.code, String(subscription.cycle.count),
                    subscription.cycle.unit.rawValue, subscription.startDate.description,
                    subscription.trialEnd?.description ?? "", item.nextPayment?.date.description ?? "",
                    item.roundedMonthlyCost.description, item.status.rawValue,
                    subscription.category ?? "", subscription.paymentMethod ?? "",
                    subscription.autoRenew ? "true" : "false", subscription.url ?? "",
                    subscription.notes ?? "",
                ])
            }
            return output.rendered
        case .table:
            // On a narrow terminal names and categories are cut first, then the columns least
            // needed to tell what is due are left out: ID, CYCLE, CATEGORY, STATUS, MONTHLY.
            var table = Table([
                .init(header: "ID", dropOrder: 1), .init(header: "NAME", maximumWidth: 32, minimumWidth: 12),
                .init(header: "AMOUNT", alignment: .decimal), .init(header: "CYCLE", dropOrder: 2),
                .init(header: "NEXT"), .init(header: "MONTHLY", alignment: .decimal, dropOrder: 5),
                .init(header: "STATUS", dropOrder: 4),
                .init(header: "CATEGORY", maximumWidth: 20, minimumWidth: 8, dropOrder: 3),
            ])
            for item in list.items {
                let subscription = item.subscription
                table.append([
                    Table.Cell(subscription.shortID, style: .dim), Table.Cell(subscription.name),
                    Table.Cell(SubscriptionText.money(item.amount)),
                    Table.Cell(subscription.cycle.description),
                    Table.Cell(item.nextPayment?.date.description ?? "-"),
                    Table.Cell(SubscriptionText.money(item.roundedMonthlyCost)),
                    Table.Cell(item.status.rawValue, style: SubscriptionText.statusStyle(item.status)),
                    Table.Cell(subscription.category ?? "", style: categories.style(for: subscription.category)),
                ])
            }
            guard !list.items.isEmpty else { return "No subscriptions.\n" }
            var output = table.render(on: terminal) + "\n"
                + SubscriptionText.totalLine("Monthly total:", list.monthlyTotals.rounded)
                + SubscriptionText.totalLine("Yearly total: ", list.monthlyTotals.rounded(times: 12))
            // The converted total says something new only when some amount is in another currency.
            if let monthly = list.convertedMonthly, let base = list.base,
               list.monthlyTotals.currencies.contains(where: { $0 != base }) {
                output += "In \(base.code):        " + SubscriptionText.money(Money(rounding: monthly, currency: base))
                    + " a month, " + SubscriptionText.money(Money(rounding: monthly * 12, currency: base)) + " a year\n"
            }
            return output
        }
    }

    /// What `add` and `edit` print: the subscription as JSON, or one line on a terminal.
    static func confirmation(_ verb: String, _ snapshot: SubscriptionSnapshot, format: ObjectFormat) -> String {
        switch format {
        case .json:
            return SubscriptionJSON.object(snapshot).rendered
        case .table:
            let subscription = snapshot.subscription
            var line = "\(verb) \(subscription.name.terminalSafe) (\(subscription.shortID)): "
                + "\(SubscriptionText.money(snapshot.amount)) \(subscription.cycle)"
            if let next = snapshot.nextPayment {
                line += ", next payment \(next.date) (\(SubscriptionText.days(until: next.date, from: snapshot.today)))"
            }
            return line + "\n"
        }
    }

    /// What `cancel`, `pause` and `resume` print: the message and the next payment, or the JSON.
    /// What `cancel`, `pause` or `resume` did (`message`), and where that leaves the subscription.
    static func lifecycle(_ message: String, _ snapshot: SubscriptionSnapshot, format: ObjectFormat) -> String {
        switch format {
        case .json:
            return SubscriptionJSON.object(snapshot).rendered
        case .table:
            let next = snapshot.nextPayment.map {
                "next payment \($0.date) (\(SubscriptionText.days(until: $0.date, from: snapshot.today)))"
            } ?? "no further payments"
            return "\(message); \(next).\n"
        }
    }

    static func detail(
        _ detail: SubscriptionDetail, hasLogin: Bool = false, format: ObjectFormat, terminal: Terminal = .standardOutput
    ) -> String {
        guard format == .table else { return SubscriptionJSON.detail(detail, hasLogin: hasLogin).rendered }
        let snapshot = detail.snapshot
        let subscription = snapshot.subscription
        let today = snapshot.today
        var fields: [(String, String)] = [
            ("ID", subscription.id),
            ("Status", snapshot.status.rawValue),
            ("Amount", "\(SubscriptionText.money(snapshot.amount)) \(subscription.cycle)"),
            ("Monthly cost", SubscriptionText.money(snapshot.roundedMonthlyCost)),
            ("Start", subscription.startDate.description),
        ]
        if let trialEnd = subscription.trialEnd {
            fields.append(("Trial ends", "\(trialEnd) (\(SubscriptionText.days(until: trialEnd, from: today)))"))
        }
        for (index, period) in subscription.periods.enumerated() {
            if let restarted = period.restartedOn {
                fields.append(("Restarted", "\(restarted), billing from that day"))
            }
            if let cancelled = period.cancelledOn {
                let isLast = index == subscription.periods.count - 1
                let until = isLast ? subscription.activeUntil.map { ", active until \($0)" } ?? "" : ""
                fields.append(("Cancelled", "\(cancelled)\(until)"))
            }
        }
        for pause in subscription.pauses {
            fields.append(("Paused", "from \(pause.from) " + (pause.until.map { "until \($0)" } ?? "until resumed")))
        }
        fields.append(("Next payment", snapshot.nextPayment.map {
            "\($0.date) (\(SubscriptionText.days(until: $0.date, from: today))), \(SubscriptionText.money($0.amount))"
        } ?? "none"))
        fields += [
            ("Category", subscription.category ?? "-"),
            ("Shared with", sharing(snapshot)),
            ("Payment method", subscription.paymentMethod ?? "-"),
            ("Auto-renew", subscription.autoRenew ? "yes" : "no"),
            ("Reminders", snapshot.remindDays.isEmpty ? "none"
                : snapshot.remindDays.map(String.init).joined(separator: ", ") + " days before"),
            ("URL", subscription.url ?? "-"),
            ("Login", hasLogin ? "yes ('subs vault show \(subscription.shortID)')" : "none"),
            ("Notes", subscription.notes ?? "-"),
            ("Created", Timestamp.format(subscription.createdAt)),
            ("Updated", Timestamp.format(subscription.updatedAt)),
        ]
        let labelWidth = fields.map(\.0.count).max() ?? 0
        var output = terminal.paint(subscription.name.terminalSafe, .bold) + "\n"
        for (label, value) in fields {
            output += "  " + terminal.paint(label.padding(toLength: labelWidth), .dim) + "  " + value.terminalSafe + "\n"
        }

        output += "\n" + terminal.paint("Price history", .bold) + "\n"
        for change in subscription.prices {
            output += "  \(change.effective)  \(SubscriptionText.money(change.amount))\n"
        }

        let shown = detail.paymentsMade.suffix(Self.paymentsShown)
        output += "\n" + terminal.paint("Payments made", .bold)
            + " (\(detail.paymentsMade.count), total \(SubscriptionText.money(detail.totalPaid)))\n"
        if detail.paymentsMade.count > shown.count {
            output += "  … \(detail.paymentsMade.count - shown.count) earlier\n"
        }
        for payment in shown {
            output += "  \(payment.date)  \(SubscriptionText.money(payment.amount))" + Self.recorded(payment) + "\n"
        }
        if let rise = PriceRise(subscription, today: today) {
            output += "\n" + terminal.paint("Price rise", .bold) + "\n  " + PriceRiseText.line(rise) + "\n"
        }

        output += "\n" + terminal.paint("Next payments", .bold) + "\n"
        for payment in detail.nextPayments {
            output += "  \(payment.date)  \(SubscriptionText.money(payment.amount))\n"
        }
        return output
    }

    /// `Alice $3.33, Bob:2 $6.66; your share $3.34`, or `-` when not shared.
    private static func sharing(_ snapshot: SubscriptionSnapshot) -> String {
        let members = snapshot.subscription.members
        guard !members.isEmpty else { return "-" }
        let shares = zip(members, snapshot.split.dropFirst()).map { member, share in
            member.name + (member.weight == 1 ? "" : ":\(member.weight)") + " " + SubscriptionText.money(share)
        }
        return shares.joined(separator: ", ") + "; your share " + SubscriptionText.money(snapshot.split[0])
    }

    /// How a payment made was known: recorded (beside the scheduled amount when it differs), or
    /// from the schedule (nothing said).
    private static func recorded(_ payment: Payment) -> String {
        guard payment.isActual else { return "" }
        guard let scheduled = payment.scheduledAmount else { return "  charged (extra)" }
        return scheduled == payment.amount ? "  charged" : "  charged (scheduled \(SubscriptionText.money(scheduled)))"
    }

    /// The most recent payments `show` lists in a table; JSON has them all.
    static let paymentsShown = 12
}

extension String {
    func padding(toLength length: Int) -> String {
        self + String(repeating: " ", count: max(0, length - count))
    }
}
