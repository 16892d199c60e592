import SubscriptionCore

/// Renders subscriptions for `list`, `show`, `add` and `edit` in every format they offer.
enum SubscriptionRenderer {
    /// Prints `list(list, format:categories:)`; JSON is written as it is made, so a long list is
    /// never held whole as text.
    static func printList(_ list: SubscriptionList, format: ListFormat, categories: CategoryStyles) throws {
        if format == .table { return StandardOutput.write(try table(list, categories: categories)) }
        guard format == .json else {
            return print(try self.list(list, format: format, categories: categories), terminator: "")
        }
        JSONValue.printArray(list.items, perBlock: 64) { SubscriptionJSON.members($0, into: &$1) }
    }

    /// - Parameter categories: the colour each category is painted in on a colour terminal.
    static func list(
        _ list: SubscriptionList, format: ListFormat, categories: CategoryStyles = CategoryStyles(),
        terminal: Terminal = .standardOutput
    ) throws -> String {
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
                output.append([
                    item.subscription.id, item.subscription.name, item.amount.description,
                    item.subscription.currency.code, String(item.cycle.count),
                    item.cycle.unit.rawValue, item.subscription.startDate.description,
                    item.subscription.trialEnd?.description ?? "", item.nextPayment?.date.description ?? "",
                    item.roundedMonthlyCost.description, item.status.rawValue,
                    item.subscription.category ?? "", item.subscription.paymentMethod ?? "",
                    item.subscription.autoRenew ? "true" : "false", item.subscription.url ?? "",
                    item.subscription.notes ?? "",
                ])
            }
            return output.rendered
        case .table:
            return Table.text(of: try table(list, categories: categories, terminal: terminal))
        }
    }

    /// The table's rows of `items`: a cell for each column, and CANCEL BY at `cancelByColumn`
    /// when some item has a deadline.
    private static func rows(
        of items: ArraySlice<SubscriptionSnapshot>, categories: CategoryStyles, deadlines: Bool, cancelByColumn: Int
    ) -> [[Table.Cell]] {
        var rows: [[Table.Cell]] = []
        rows.reserveCapacity(items.count)
        // The same few words on many rows: each cycle and status is said once. A status is found
        // among the five, which costs less than hashing it on every row.
        var cycles: [BillingCycle: (long: String, short: String)] = [:]
        let statuses = SubscriptionStatus.allCases.map { (status: $0, word: SubscriptionText.status($0)) }
        for item in items {
            let cycle: (long: String, short: String)
            if let said = cycles[item.cycle] {
                cycle = said
            } else {
                cycle = (SubscriptionText.cycle(item.cycle), SubscriptionText.shortCycle(item.cycle))
                cycles[item.cycle] = cycle
            }
            let status = statuses.first { $0.status == item.status }?.word ?? ""
            var row: [Table.Cell] = [
                Table.Cell(item.subscription.shortID, style: .dim), Table.Cell(item.subscription.name),
                Table.Cell(SubscriptionText.money(item.amount)),
                Table.Cell(cycle.long, short: cycle.short),
                Table.Cell(item.nextPayment.map { SubscriptionText.date($0.date) } ?? "-"),
                Table.Cell(SubscriptionText.money(item.roundedMonthlyCost)),
                Table.Cell(status, style: SubscriptionText.statusStyle(item.status)),
                Table.Cell(item.subscription.category ?? "", style: categories.style(for: item.subscription.category)),
            ]
            if deadlines {
                let cancelBy = item.nextDeadline.map { SubscriptionText.date($0.cancelBy) } ?? ""
                row.insert(Table.Cell(cancelBy, style: .yellow), at: cancelByColumn)
            }
            rows.append(row)
        }
        return rows
    }

    /// The table `list(_:format: .table ...)` gives, as pieces of UTF-8 bytes (`Table.renderedBytes`).
    private static func table(
        _ list: SubscriptionList, categories: CategoryStyles, terminal: Terminal = .standardOutput
    ) throws -> [[UInt8]] {
        // On a narrow terminal cycles are said short first ("3 months"), then categories
        // are cut, then the columns least needed to tell what is due are left out: ID (and
        // only then are names cut), CYCLE, CATEGORY, STATUS, MONTHLY. CANCEL BY, there when
        // a deadline is, is never left out: it is what a contract needs to be seen.
        let deadlines = list.items.contains { $0.nextDeadline != nil }
        var columns: [Table.Column] = [
            .init(header: localized("ID"), dropOrder: 1),
            .init(header: localized("NAME"), maximumWidth: 32, minimumWidth: 12, cutAfterDropping: 1),
            .init(header: localized("AMOUNT"), alignment: .decimal), .init(header: localized("CYCLE"), dropOrder: 2),
            .init(header: localized("NEXT")), .init(header: localized("MONTHLY"), alignment: .decimal, dropOrder: 5),
            .init(header: localized("STATUS"), dropOrder: 4),
            .init(header: localized("CATEGORY"), maximumWidth: 20, minimumWidth: 8, dropOrder: 3),
        ]
        // After NEXT, the other date.
        let cancelByColumn = 5
        if deadlines { columns.insert(.init(header: localized("CANCEL BY")), at: cancelByColumn) }
        var table = Table(columns)
        // The later half's rows are made on the other core, in the same language.
        let (items, half, language) = (list.items, list.items.count / 2, Language.current)
        let (later, first) = BothCores.run(if: items.count >= BothCores.threshold, {
            Language.$current.withValue(language) {
                rows(of: items[half...], categories: categories, deadlines: deadlines, cancelByColumn: cancelByColumn)
            }
        }, while: {
            rows(of: items[..<half], categories: categories, deadlines: deadlines, cancelByColumn: cancelByColumn)
        })
        table.append(contentsOf: first)
        table.append(contentsOf: later)
        guard !list.items.isEmpty else { return [Array(emptyList(list).utf8)] }
        var labels = [localized("Monthly total:"), localized("Yearly total:")]
        // The converted total says something new only when some amount is in another currency.
        var converted: String?
        if let monthly = try list.convertedMonthly(), let base = list.base,
           list.monthlyTotals.currencies.contains(where: { $0 != base }) {
            let month = SubscriptionText.money(Money(rounding: monthly, currency: base))
            let year = SubscriptionText.money(Money(rounding: monthly * 12, currency: base))
            labels.append(localized("In \(base.code):"))
            converted = localized("\(month) a month, \(year) a year")
        }
        let width = labels.map(\.displayWidth).max() ?? 0
        var footer = "\n" + SubscriptionText.totalLines([
            (labels[0].padding(toLength: width), list.monthlyTotals.rounded),
            (labels[1].padding(toLength: width), list.monthlyTotals.rounded(times: 12)),
        ])
        if let converted {
            footer += labels[2].padding(toLength: width) + " " + converted + "\n"
        }
        return table.renderedBytes(on: terminal, footer: footer)
    }

    /// A list empty only because cancelled or ended ones are left out says so.
    private static func emptyList(_ list: SubscriptionList) -> String {
        let (cancelled, ended) = (list.cancelledLeftOut, list.endedLeftOut)
        let line = switch (cancelled, ended) {
        case (0, 0): localized("No subscriptions.")
        case (1, 0): localized("No subscriptions; 1 cancelled one matches ('subs list --status all').")
        case (_, 0): localized("No subscriptions; \(cancelled) cancelled ones match ('subs list --status all').")
        case (0, 1): localized("No subscriptions; 1 ended one matches ('subs list --status all').")
        case (0, _): localized("No subscriptions; \(ended) ended ones match ('subs list --status all').")
        default:
            localized("No subscriptions; \(cancelled) cancelled and \(ended) ended ones match ('subs list --status all').")
        }
        return line + "\n"
    }

    enum Confirmed { case added, updated }

    /// What `add` and `edit` print: the subscription as JSON, or one line on a terminal.
    static func confirmation(_ done: Confirmed, _ snapshot: SubscriptionSnapshot, format: ObjectFormat) -> String {
        switch format {
        case .json:
            return SubscriptionJSON.object(snapshot).rendered
        case .table:
            let subscription = snapshot.subscription
            let name = subscription.name.terminalSafe
            let price = SubscriptionText.money(snapshot.amount)
            let cycle = SubscriptionText.cycle(snapshot.cycle)
            let id = subscription.shortID
            var line = switch done {
            case .added: localized("Added \(name) (\(id)): \(price) \(cycle)")
            case .updated: localized("Updated \(name) (\(id)): \(price) \(cycle)")
            }
            if let next = snapshot.nextPayment {
                let date = SubscriptionText.date(next.date)
                let when = SubscriptionText.days(until: next.date, from: snapshot.today)
                // The first charge of a free trial is the trial's end: say both, on a line of
                // its own so the confirmation fits 80 columns.
                line += subscription.kind(of: next) == .trialEnd
                    ? "\n" + localized("Free trial until \(date) (\(when)); the first payment is charged that day.")
                    : localized(", next payment \(date) (\(when))")
            }
            return line + "\n"
        }
    }

    /// The line saying `add` or `edit` created a category, before its confirmation; nothing in
    /// JSON, whose `category` names it.
    static func newCategory(_ name: String?, format: ObjectFormat) -> String {
        guard let name, format == .table else { return "" }
        return localized("Created the category \(name.terminalSafe).") + "\n"
    }

    /// What `cancel`, `pause` or `resume` did (`message`), and where that leaves the subscription.
    static func lifecycle(_ message: String, _ snapshot: SubscriptionSnapshot, format: ObjectFormat) -> String {
        switch format {
        case .json:
            return SubscriptionJSON.object(snapshot).rendered
        case .table:
            let next = snapshot.nextPayment.map { payment in
                let date = SubscriptionText.date(payment.date)
                let when = SubscriptionText.days(until: payment.date, from: snapshot.today)
                return localized("next payment \(date) (\(when))")
            } ?? localized("no further payments")
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
        func date(_ day: CivilDate) -> String { SubscriptionText.date(day) }
        func when(_ day: CivilDate) -> String { SubscriptionText.days(until: day, from: today) }
        let cycle = SubscriptionText.cycle(snapshot.cycle)
        var fields: [(String, String)] = [
            (localized("ID"), subscription.id),
            (localized("Status"), SubscriptionText.status(snapshot.status)),
            (localized("Amount"), "\(SubscriptionText.money(snapshot.amount)) \(cycle)"),
            (localized("Monthly cost"), SubscriptionText.money(snapshot.roundedMonthlyCost)),
            (localized("Start"), date(subscription.startDate)),
        ]
        if let trialEnd = subscription.trialEnd {
            fields.append((localized("Trial ends"), "\(date(trialEnd)) (\(when(trialEnd)))"))
        }
        for (index, period) in subscription.periods.enumerated() {
            if let restarted = period.restartedOn {
                // A period that follows one not cancelled is a plan change, not a restart; either
                // may be dated ahead, and is then told in the future tense.
                let ahead = restarted > today
                if index > 0, subscription.periods[index - 1].cancelledOn == nil {
                    let plan = SubscriptionText.cycle(subscription.cycle(on: restarted))
                    let price = SubscriptionText.money(subscription.price(on: restarted))
                    fields.append((localized("Plan change"), ahead
                        ? localized("Switches to \(plan), \(price), on \(date(restarted))")
                        : localized("Switched to \(plan), \(price), on \(date(restarted))")))
                } else {
                    fields.append((ahead ? localized("Restarts") : localized("Restarted"),
                                   localized("\(date(restarted)), billing from that day")))
                }
            }
            if let cancelled = period.cancelledOn, let notice = period.noticeGivenOn {
                // A contract given notice ends at a term end, ahead or past.
                fields.append((localized("Notice given"), cancelled > today
                    ? localized("\(date(notice)); the contract ends on \(date(cancelled))")
                    : localized("\(date(notice)); the contract ended on \(date(cancelled))")))
            } else if let cancelled = period.cancelledOn {
                let isLast = index == subscription.periods.count - 1
                let until = isLast ? subscription.activeUntil.map { localized(", active until \(date($0))") } ?? "" : ""
                fields.append((localized("Cancelled"), "\(date(cancelled))\(until)"))
            }
        }
        for pause in subscription.pauses {
            fields.append((localized("Paused"), pause.until.map { localized("from \(date(pause.from)) until \(date($0))") }
                ?? localized("from \(date(pause.from)) until resumed")))
        }
        fields.append((localized("Next payment"), snapshot.nextPayment.map {
            "\(date($0.date)) (\(when($0.date))), \(SubscriptionText.money($0.amount))"
        } ?? localized("none")))
        fields += ContractText.fields(snapshot)
        let remindDays = snapshot.remindDays.map(String.init).joined(separator: ", ")
        fields.append((localized("Category"), subscription.category ?? "-"))
        // Another household member's, synced here (PRODUCT.md §15): whose it is.
        if let owner = snapshot.otherOwner {
            fields.append((localized("Owner"), owner))
        }
        fields.append((localized("Shared with"), sharing(snapshot)))
        // Who pays matters to a shared bill, or to one someone else pays (PRODUCT.md §15).
        if subscription.paidBy != nil || !subscription.members.isEmpty {
            fields.append((localized("Paid by"), subscription.paidBy ?? snapshot.otherOwner ?? localized("you")))
        }
        fields += [
            (localized("Payment method"), subscription.paymentMethod ?? "-"),
        ]
        // A plan renewed by hand says so in its Renewal row (ContractText) while it runs.
        if !ContractText.showsRenewal(snapshot) {
            fields.append((localized("Auto-renew"), subscription.autoRenew ? localized("yes") : localized("no")))
        }
        fields += [
            (localized("Reminders"), snapshot.remindDays.isEmpty ? localized("none")
                : localized("\(remindDays) days before")),
            (localized("URL"), subscription.url ?? "-"),
            (localized("Login"), hasLogin ? localized("yes ('subs vault show \(subscription.shortID)')") : localized("none")),
            (localized("Notes"), subscription.notes ?? "-"),
            (localized("Created"), HistoryRenderer.localTime(subscription.createdAt)),
            (localized("Updated"), HistoryRenderer.localTime(subscription.updatedAt)),
        ]
        let labelWidth = fields.map(\.0.displayWidth).max() ?? 0
        var output = terminal.paint(subscription.name.terminalSafe, .bold) + "\n"
        for (label, value) in fields {
            output += "  " + terminal.paint(label.padding(toLength: labelWidth), .dim) + "  " + value.terminalSafe + "\n"
        }

        output += "\n" + terminal.paint(localized("Price history"), .bold) + "\n"
        for change in subscription.prices {
            output += "  \(date(change.effective))  \(SubscriptionText.money(change.amount))\n"
        }

        let shown = detail.paymentsMade.suffix(Self.paymentsShown)
        let total = SubscriptionText.money(detail.totalPaid)
        output += "\n" + terminal.paint(localized("Payments made"), .bold)
            + localized(" (\(detail.paymentsMade.count), total \(total))") + "\n"
        if detail.paymentsMade.count > shown.count {
            output += "  " + localized("… \(detail.paymentsMade.count - shown.count) earlier") + "\n"
        }
        for payment in shown {
            output += "  \(date(payment.date))  \(SubscriptionText.money(payment.amount))"
                + Self.recorded(payment, renewedByHand: subscription.renewal == .manual) + "\n"
        }
        if let rise = PriceRise(subscription, today: today) {
            output += "\n" + terminal.paint(localized("Price rise"), .bold) + "\n  " + PriceRiseText.line(rise) + "\n"
        }

        output += "\n" + terminal.paint(localized("Next payments"), .bold) + "\n"
        for payment in detail.nextPayments {
            output += "  \(date(payment.date))  \(SubscriptionText.money(payment.amount))\n"
        }
        if detail.nextPayments.isEmpty { output += "  " + localized("none") + "\n" }
        return output
    }

    /// `Alice $3.33, Bob:2 $6.66; your share $3.34`, or `-` when not shared. Another member's
    /// subscription names its owner's share first: `Alice $5.00, Bob $5.00; your share $5.00`.
    private static func sharing(_ snapshot: SubscriptionSnapshot) -> String {
        let members = snapshot.subscription.members
        guard !members.isEmpty else { return "-" }
        let split = snapshot.split
        var shares = zip(members, split.dropFirst()).map { member, share in
            member.name + (member.weight == 1 ? "" : ":\(member.weight)") + " " + SubscriptionText.money(share)
        }
        if let owner = snapshot.otherOwner {
            shares.insert(owner + " " + SubscriptionText.money(split[0]), at: 0)
        }
        return shares.joined(separator: ", ") + localized("; your share \(SubscriptionText.money(snapshot.myShare))")
    }

    /// How a payment made was known: recorded (beside the scheduled amount when it differs), or
    /// from the schedule (nothing said). A plan renewed by hand has no schedule to be extra to:
    /// each record is a renewal.
    private static func recorded(_ payment: Payment, renewedByHand: Bool) -> String {
        guard payment.isActual else { return "" }
        guard let scheduled = payment.scheduledAmount else {
            return "  " + (renewedByHand ? localized("renewed") : localized("charged (extra)"))
        }
        return "  " + (scheduled == payment.amount ? localized("charged")
            : localized("charged (scheduled \(SubscriptionText.money(scheduled)))"))
    }

    /// The most recent payments `show` lists in a table; JSON has them all.
    static let paymentsShown = 12
}

extension String {
    func padding(toLength length: Int) -> String {
        self + String(repeating: " ", count: max(0, length - displayWidth))
    }
}
