import Foundation
import Testing
@testable import SubscriptionCore

/// The SQL layer is internal: what SQLite reports leaves the store as a `StoreError`.
@Suite("SQLite errors leave the store as store errors")
struct SQLiteErrorMappingTests {
    let scratch = Scratch()
    var location: StoreLocation { scratch.location }

    @Test("A failure SQLite reports (here a trigger's) is a database error with its message, and nothing is written")
    func otherFailuresAreDatabaseErrors() throws {
        let store = try SubscriptionStore(location: location)
        _ = try store.add(simpleNewSubscription("Netflix"), now: fixedNow)
        let raw = try rawConnection(location.databasePath, keyFile: scratch.path("config/subs/key"))
        try raw.execute("""
            CREATE TRIGGER refuse BEFORE INSERT ON subscriptions BEGIN SELECT RAISE(ABORT, 'refused by a trigger'); END
            """)
        let error = #expect(throws: StoreError.self) {
            try store.add(simpleNewSubscription("Hulu"), now: fixedNow)
        }
        guard case .database(let sqlite)? = error else {
            Issue.record("expected a database error, got \(String(describing: error))")
            return
        }
        #expect(sqlite.message == "refused by a trigger")
        // RAISE(ABORT) is SQLITE_CONSTRAINT_TRIGGER: the extended code reaches the caller.
        #expect(sqlite.extendedCode == 1811)
        #expect(try store.subscriptions().map(\.name) == ["Netflix"])
    }
}
