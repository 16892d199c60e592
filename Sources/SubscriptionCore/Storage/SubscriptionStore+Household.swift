import Foundation

extension SubscriptionStore {
    /// Every settlement (PRODUCT.md §15), oldest first.
    public func settlements() throws -> [Settlement] {
        try read { try SettlementRecords(connection: $0).all() }
    }

    /// Records `settlement`, in the history: undo takes it back.
    public func settle(_ settlement: Settlement, now: Date = Date()) throws {
        try write { connection in
            try SettlementRecords(connection: connection).insert(settlement)
            try History.record(connection, .settle, subscriptionID: nil, subject: "\(settlement.from) → \(settlement.to)",
                               detail: .settled, before: .empty, after: StateSlice(settlements: [settlement]), now: now)
        }
    }
}
