/// One charge of a statement, under the merchant it was made to (PRODUCT.md §13).
public struct MerchantCharge: Hashable, Sendable {
    /// Where it is in the statement, for messages: a line of a CSV file, a record of an OFX one.
    public let line: Int
    public let date: CivilDate
    /// The merchant as `MerchantName` reads the description.
    public let merchant: String
    /// What left the account: always positive.
    public let amount: Money

    public init(line: Int, date: CivilDate, merchant: String, amount: Money) {
        self.line = line
        self.date = date
        self.merchant = merchant
        self.amount = amount
    }
}

/// Charges to one merchant at a regular interval: a subscription found in a statement.
public struct RecurringSeries: Sendable {
    public let merchant: String
    public let cycle: BillingCycle
    /// Oldest first; at least three (two for a yearly cycle).
    public let charges: [MerchantCharge]
    /// When the next charge is due, on the schedule the charges keep; nil when the series ended.
    public let nextExpected: CivilDate?

    /// Whether the statement goes on well past the charge that should have come next: a
    /// subscription that was cancelled. It is reported, never added.
    public var ended: Bool { nextExpected == nil }

    public var first: MerchantCharge { charges[0] }
    public var latest: MerchantCharge { charges[charges.count - 1] }

    /// Each price the series moved to, from the charge it was first paid on (the first price
    /// not included).
    public var priceChanges: [MerchantCharge] {
        zip(charges, charges.dropFirst()).compactMap { previous, charge in
            RecurrenceDetector.isSamePrice(previous.amount, charge.amount) ? nil : charge
        }
    }

    /// The prices in force, from the first charge on: what `--add` enters as the price history.
    public var prices: [PriceChange] {
        [PriceChange(effective: first.date, amount: first.amount)]
            + priceChanges.map { PriceChange(effective: $0.date, amount: $0.amount) }
    }
}
