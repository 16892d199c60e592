import Foundation

/// What subtrack (nazozokc/subtrack, `subtrack export --format csv`) writes: a BOM, then
/// `name,status,cycle,tags,price,currency,notes,payment_method,contract_start,contract_end,
/// auto_renewal,vendor_name,vendor_url,plan_tier,discount_amount,discount_type`. Prices are in
/// major units as JavaScript prints numbers; tags are joined with `;`; a field that starts like a
/// formula has a tab before it.
public enum SubtrackFormat: ImportFormat {
    public static let name = "subtrack"
    public static let kind = ImportFormatKind.subtrack

    static let headerStart = ["name", "status", "cycle", "tags", "price", "currency"]

    static let cycles: [String: BillingCycle] = [
        "weekly": BillingCycle(count: 1, unit: .week)!, "bi-weekly": BillingCycle(count: 2, unit: .week)!,
        "monthly": .monthly, "quarterly": BillingCycle(count: 3, unit: .month)!,
        "semi-annual": BillingCycle(count: 6, unit: .month)!, "yearly": BillingCycle(count: 1, unit: .year)!,
    ]

    public static func detect(_ data: Data) -> Bool { CSVTable.header(of: data, startsWith: headerStart) }

    public static func parse(_ data: Data, options: ImportOptions) throws -> ParsedImport {
        let table = try CSVTable(data)
        return ParsedImport(subscriptions: try table.rows.map { row in
            ImportedSubscription(record: .line(row.line), subscription: try subscription(row, options: options))
        })
    }

    private static func subscription(_ row: CSVTable.Row, options: ImportOptions) throws -> Subscription {
        let check = row.check
        let currency = try row.value("currency").map { try check.currency($0.uppercased(), field: "currency") }
            ?? options.currency ?? { throw check.fail("currency", .missingCurrency) }()
        let cycleText = try row.required("cycle")
        guard let cycle = cycles[cycleText.lowercased()] else {
            throw check.fail("cycle", .subtrackCycle(got: cycleText))
        }
        // subtrack's CSV has no billing day: the contract start is the anchor, else the import day.
        let start = try row.value("contract_start").map { try check.date($0, field: "contract_start") } ?? options.today
        let tags = (row.value("tags") ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let extras = [
            row.value("notes"), row.value("vendor_name").map { "vendor: \($0)" }, row.value("plan_tier").map { "plan: \($0)" },
            tags.count > 1 ? "tags: \(tags.joined(separator: ", "))" : nil,
            row.value("discount_amount").map { "discount: \($0)\(row.value("discount_type") == "percentage" ? "%" : "")" },
        ].compactMap { $0 }
        let autoRenew = row.value("auto_renewal")?.lowercased() != "false"
        var subscription = Subscription(
            name: try check.field("name") { try TextInput.name(try row.required("name")) },
            price: try check.amount(try row.required("price"), currency, field: "price"),
            cycle: cycle, startDate: start,
            category: try tags.first.map { tag in try check.field("tags") { try TextInput.name(tag, what: .category) } },
            url: try check.optionalText(row.value("vendor_url"), field: "vendor_url"),
            notes: try check.optionalText(extras.isEmpty ? nil : extras.joined(separator: "; "), field: "notes"),
            paymentMethod: try check.optionalText(row.value("payment_method"), field: "payment_method"),
            autoRenew: autoRenew, createdAt: options.now)
        let status: SubscriptionStatus?
        switch row.value("status")?.lowercased() {
        case nil, "active": status = nil
        case "paused": status = .paused
        case "cancelled", "archived": status = .cancelled
        case let other?: throw check.fail("status", .subtrackStatus(got: other))
        }
        let contractEnd = try row.value("contract_end").map { try check.date($0, field: "contract_end") }
        if status == nil, let contractEnd {
            if autoRenew {
                // A contract that renews on its own unless stopped: its end is the last day to
                // cancel (subtrack knows no notice period).
                subscription.cancelBy = contractEnd
            } else {
                // One that does not renew stops paying on its last day: a finite subscription,
                // not a cancelled one (`subtrack cancel` marks those `cancelled`).
                guard contractEnd >= subscription.anchor else {
                    throw check.fail("contract_end", .refused(.life(LifeProblem(
                        .ends, .endsBeforeFirstPayment(ends: contractEnd, firstPayment: subscription.anchor)))))
                }
                subscription.ends = contractEnd
            }
        }
        try check.applyStatus(status, to: &subscription, on: status == .cancelled ? contractEnd : nil,
                              today: options.today, field: "status")
        return subscription
    }
}
