import SubscriptionCore

/// `subs owe` and `subs settle`: who owes whom, as lines or as docs/json.md's objects.
enum OweRenderer {
    static func render(_ owed: Owed, format: ObjectFormat) -> String {
        switch format {
        case .json: json(owed).rendered
        case .table: text(owed)
        }
    }

    /// `bob owes alice $5.97`, per currency, then all of it in the base currency when the bills
    /// are in more than it.
    private static func text(_ owed: Owed) -> String {
        let until = SubscriptionText.date(owed.until)
        guard !owed.isSettled else {
            return localized("Nobody owes anybody anything through \(until).") + "\n"
        }
        var output = (owed.since.map { localized("Owed from \(SubscriptionText.date($0)) through \(until):") }
            ?? localized("Owed through \(until):")) + "\n"
        for currency in owed.currencies {
            for transfer in currency.transfers { output += "  " + line(transfer) + "\n" }
        }
        guard owed.currencies.contains(where: { $0.currency != owed.base }) else { return output }
        if let inBase = owed.inBase {
            output += localized("All in \(owed.base.code), at your rates:") + "\n"
            for transfer in inBase { output += "  " + line(transfer) + "\n" }
            if inBase.isEmpty { output += "  " + localized("nothing: it evens out") + "\n" }
        } else {
            let codes = owed.missingRates.map(\.code).joined(separator: ", ")
            output += localized("Not in \(owed.base.code): no rate for \(codes) (set one with 'subs rates set CODE RATE').") + "\n"
        }
        return output
    }

    private static func line(_ transfer: Owed.Transfer) -> String {
        localized("\(transfer.from.terminalSafe) owes \(transfer.to.terminalSafe) \(SubscriptionText.money(transfer.amount))")
    }

    private static func json(_ owed: Owed) -> JSONValue {
        .object([
            "base_currency": .string(owed.base.code),
            "currencies": .array(owed.currencies.map { currency in
                .object([
                    "currency": .string(currency.currency.code),
                    "debts": .array(currency.debts.map(transfer)),
                    "transfers": .array(currency.transfers.map(transfer)),
                ])
            }),
            "in_base_currency": owed.inBase.map { .array($0.map(transfer)) } ?? .null,
            "missing_rates": .array(owed.missingRates.map { .string($0.code) }),
            "since": .string(owed.since?.description),
            "until": .string(owed.until.description),
        ])
    }

    private static func transfer(_ transfer: Owed.Transfer) -> JSONValue {
        .object(["amount": .string(transfer.amount.description), "from": .string(transfer.from), "to": .string(transfer.to)])
    }

    /// What `settle` says it recorded.
    static func settled(_ settlement: Settlement, format: ObjectFormat) -> String {
        switch format {
        case .json:
            JSONValue.object([
                "amount": .string(settlement.amount.description),
                "created_at": .string(Timestamp.format(settlement.createdAt)),
                "currency": .string(settlement.amount.currency.code),
                "date": .string(settlement.date.description),
                "from": .string(settlement.from),
                "id": .string(settlement.id),
                "to": .string(settlement.to),
            ]).rendered
        case .table:
            localized("Recorded: \(settlement.from.terminalSafe) paid \(settlement.to.terminalSafe) \(SubscriptionText.money(settlement.amount)) on \(SubscriptionText.date(settlement.date)).") + "\n"
        }
    }
}
