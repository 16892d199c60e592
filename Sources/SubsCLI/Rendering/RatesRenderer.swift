import SubscriptionCore

/// `rates list` as a table, or JSON.
enum RatesRenderer {
    static func list(_ rates: [ExchangeRate], base: Currency, format: ObjectFormat) -> String {
        switch format {
        case .json:
            return JSONValue.array(rates.map {
                .object([
                    "currency": .string($0.currency.code), "rate": .string($0.text),
                    "set_at": .string(Timestamp.format($0.setAt)),
                ])
            }).rendered
        case .table:
            guard !rates.isEmpty else {
                // The example is never the base itself, which has no rate.
                let (example, rate) = base.code == "EUR" ? ("USD", "0.92") : ("EUR", "1.08")
                return localized("No exchange rates. Set one with 'subs rates set \(example) \(rate)' (1 \(example) = \(rate) \(base.code)).")
                    + "\n"
            }
            var table = Table([.init(header: localized("CURRENCY")),
                               .init(header: localized("RATE (IN \(base.code))"), alignment: .decimal),
                               .init(header: localized("SET"))])
            for rate in rates {
                table.append([Table.Cell(rate.currency.code), Table.Cell(MoneyText.number(rate.text)),
                              Table.Cell(SubscriptionText.date(Timestamp.day(of: rate.setAt)))])
            }
            return table.render(on: .standardOutput)
        }
    }
}
