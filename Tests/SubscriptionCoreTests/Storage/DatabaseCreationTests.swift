import Foundation
import Testing
@testable import SubscriptionCore

/// What killed first runs leave behind is removed, but never the file of a first run under way.
@Suite("Database creation leftovers")
struct DatabaseCreationTests {
    let scratch = Scratch()

    @Test("A .new- file is kept while a first run holds the directory, and removed by the next write after")
    func fileOfRunningFirstRunIsKept() throws {
        let location = scratch.location
        let directory = (location.databasePath as NSString).deletingLastPathComponent
        let building = location.databasePath + ".new-1-2"
        try Files.write(Data("being built".utf8), to: building)
        try Files.chmod(directory, 0o700)

        do {
            // What a first run in another process holds while its file exists.
            let builder = try #require(DirectoryLock(holding: location.databasePath))
            try #require(builder.lock(LOCK_SH))
            _ = try SubscriptionStore(location: location).add(simpleNewSubscription("Netflix"), now: fixedNow)
            #expect(Files.exists(building), "the file of a first run under way was removed")
            withExtendedLifetime(builder) {}
        }

        _ = try SubscriptionStore(location: location).add(simpleNewSubscription("Hulu"), now: fixedNow)
        #expect(!Files.exists(building))
        #expect(try SubscriptionStore(location: location).subscriptions().count == 2)
    }
}
