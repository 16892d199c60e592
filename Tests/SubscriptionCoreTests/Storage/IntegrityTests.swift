import Foundation
import Testing
@testable import SubscriptionCore

/// A damaged database is never written to, even when the damage is on a page a read skips.
@Suite struct IntegrityTests {
    @Test func aWriteToADatabaseWithOneDamagedPageIsRefusedAndTheFileLeftAsItWas() throws {
        let scratch = Scratch()
        let location = scratch.location
        let store = try SubscriptionStore(location: location)
        for index in 0..<40 {
            _ = try store.add(try simpleNewSubscription("Subscription \(index)"))
        }
        var bytes = try Files.bytes(location.databasePath)
        let pageSize = EncryptedDatabase.pageSize
        let lastPage = bytes.count / pageSize - 1
        #expect(lastPage > 2)
        bytes[lastPage * pageSize + 100] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: location.databasePath))

        let error = #expect(throws: StoreError.self) {
            _ = try SubscriptionStore(location: location).add(try simpleNewSubscription("One more"))
        }
        guard case .damaged? = error else {
            Issue.record("expected damaged, got \(String(describing: error))")
            return
        }
        #expect(try Files.bytes(location.databasePath) == bytes)
    }
}
