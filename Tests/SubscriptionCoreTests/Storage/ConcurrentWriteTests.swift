import Foundation
import Testing
@testable import SubscriptionCore

/// Many `subs` processes at once never lose a write (PRODUCT.md §2): each thread here opens its
/// own store on the same new database, as separate processes would.
@Suite("Parallel writers")
struct ConcurrentWriteTests {
    /// Errors from worker threads, collected under a lock.
    final class ErrorLog: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [any Error] = []

        func record(_ error: any Error) {
            lock.lock()
            recorded.append(error)
            lock.unlock()
        }

        var errors: [any Error] {
            lock.lock()
            defer { lock.unlock() }
            return recorded
        }

        /// The errors as values print, for a failed expectation.
        var all: [String] { errors.map { String(describing: $0) } }
    }

    /// The race is on who creates the database first, so it is run on several new databases:
    /// every round must keep every write.
    @Test("Eight writers adding five subscriptions each to one new database leave exactly 40, under one key",
          arguments: 0..<20)
    func parallelAddsAreAllKept(round: Int) throws {
        let scratch = Scratch()
        let location = scratch.location
        let log = ErrorLog()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            do {
                let store = try SubscriptionStore(location: location)
                for item in 0..<5 {
                    _ = try store.add(simpleNewSubscription("worker \(worker) item \(item)"), now: fixedNow)
                }
            } catch {
                log.record(error)
            }
        }
        #expect(log.all.isEmpty, "\(log.all)")
        let names = try SubscriptionStore(location: location).subscriptions().map(\.name)
        #expect(names.count == 40)
        #expect(Set(names).count == 40)
        let key = try Files.bytes(scratch.path("config/subs/key"))
        #expect(key.count == 65)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path("config/subs"))
        #expect(leftovers == ["key"])
    }

    @Test("Parallel editors of one subscription each get their change in: no edit is lost")
    func parallelEditsAreAllKept() throws {
        let scratch = Scratch()
        let location = scratch.location
        let added = try SubscriptionStore(location: location).add(simpleNewSubscription("Shared"), now: fixedNow)
        let log = ErrorLog()
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            do {
                let store = try SubscriptionStore(location: location)
                var changes = SubscriptionChanges()
                changes.amount = try DecimalAmount(input: "\(10 + worker).00")
                changes.effective = day("2024-0\(2 + worker)-15")
                _ = try store.edit(added.id, changes, today: day("2024-01-31"), now: fixedNow)
            } catch {
                log.record(error)
            }
        }
        #expect(log.all.isEmpty, "\(log.all)")
        let prices = try SubscriptionStore(location: location).subscription(added.id).prices
        #expect(prices.count == 7, "the original price and one change from each editor")
    }

    /// The interleaving behind a lost first write, made deterministic: process B opens the new,
    /// still empty database file while process A holds the write lock and is creating the
    /// schema. When A commits, B must read A's database, not call it damaged or the key wrong.
    @Test("A database another process creates while this one is opening it is read, not reported damaged or wrongly keyed")
    func openingWhileAnotherProcessCreatesTheDatabase() throws {
        let scratch = Scratch()
        let location = scratch.location
        let databasePath = location.databasePath
        let keyPath = scratch.path("config/subs/key")
        // Process A's first steps: the key file and the empty database file exist.
        try Files.writeKeyFile(keyPath, byte: 0x5A)
        try Files.write(Data(), to: databasePath)

        // Process A takes the write lock and creates the schema, not yet committed.
        let creator = try rawConnection(databasePath, keyFile: keyPath)
        try creator.execute("BEGIN IMMEDIATE")
        for migration in Schema.migrator.migrations {
            try creator.execute(migration.sql)
            try creator.execute("PRAGMA user_version = \(migration.version)")
        }

        // Process B opens the store meanwhile and adds a subscription; it finds A's lock and
        // waits, which its busy handler reports.
        let log = ErrorLog()
        let waiting = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        var wait = BusyWait.standard
        wait.observer = { count in
            if count == 0 { waiting.signal() }
        }
        Thread.detachNewThread { [wait] in
            BusyWait.$current.withValue(wait) {
                do {
                    let store = try SubscriptionStore(location: location)
                    _ = try store.add(simpleNewSubscription("Added by B"), now: fixedNow)
                } catch {
                    log.record(error)
                }
            }
            done.signal()
        }
        // A commits once B waits for its lock: no sleep guessing when B gets there.
        let waited = waiting.wait(timeout: .now() + 15) == .success
        try creator.execute("COMMIT")
        #expect(waited, "B found A's lock taken and waited for it")
        #expect(done.wait(timeout: .now() + 15) == .success)

        #expect(log.all.isEmpty, "\(log.all)")
        #expect(try SubscriptionStore(location: location).subscriptions().map(\.name) == ["Added by B"])
    }
}
