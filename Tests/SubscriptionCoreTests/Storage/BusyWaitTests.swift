import Foundation
import Testing
@testable import SubscriptionCore

/// How a connection waits for another process's lock (`BusyWait`), with the wait shortened and
/// watched: a writer that finds the lock taken provably waits and tries again, and provably
/// gives up once its wait is over, without a test waiting out the real 8 s.
@Suite("Waiting for another process's lock")
struct BusyWaitTests {
    /// The pause counts a busy handler reported, collected under a lock.
    final class WaitLog: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [Int32] = []

        func record(_ count: Int32) {
            lock.withLock { counts.append(count) }
        }

        var all: [Int32] { lock.withLock { counts } }
    }

    /// A connection holding the write lock of a new database file, as another process would.
    /// Only `release` touches it once it holds the lock, under a lock, from whichever thread.
    final class LockHolder: @unchecked Sendable {
        private let connection: Connection
        private let lock = NSLock()
        private var held = true

        init(_ path: String) throws {
            connection = try Connection(path: path, create: true, busyWait: .standard)
            try connection.execute("CREATE TABLE t (x)")
            try connection.execute("BEGIN IMMEDIATE")
        }

        /// Commits, once.
        func release() {
            lock.withLock {
                guard held else { return }
                held = false
                try? connection.execute("COMMIT")
            }
        }
    }

    @Test("The standard wait is 8 s, in pauses of 5 ms")
    func standardWait() {
        #expect(BusyWait.standard.timeoutMilliseconds == 8_000)
        #expect(BusyWait.standard.pauseMilliseconds == 5)
        #expect(BusyWait.current.timeoutMilliseconds == 8_000, "what a connection gets unless a test says otherwise")
    }

    @Test("A writer that finds the lock taken waits, tries again, and gets in once it is released")
    func waitsUntilReleased() throws {
        let scratch = Scratch()
        let path = scratch.path("lock.db")
        let holder = try LockHolder(path)
        let waits = WaitLog()
        let wait = BusyWait(timeoutMilliseconds: 60_000) { count in
            waits.record(count)
            if count == 2 { holder.release() }
        }
        let writer = try Connection(path: path, create: false, busyWait: wait)
        try writer.execute("BEGIN IMMEDIATE")
        try writer.execute("INSERT INTO t VALUES (1)")
        try writer.execute("COMMIT")
        #expect(waits.all == [0, 1, 2], "it found the lock taken three times, then got in")
        #expect(try writer.scalar("SELECT count(*) FROM t") == .integer(1))
    }

    @Test("A writer gives up with SQLITE_BUSY once its wait is over: 50 ms are ten pauses of 5 ms")
    func givesUpAfterItsWait() throws {
        let scratch = Scratch()
        let path = scratch.path("lock.db")
        let holder = try LockHolder(path)
        defer { holder.release() }
        let waits = WaitLog()
        let writer = try Connection(path: path, create: false,
                                    busyWait: BusyWait(timeoutMilliseconds: 50) { waits.record($0) })
        let error = #expect(throws: SQLiteError.self) { try writer.execute("BEGIN IMMEDIATE") }
        #expect(error?.isBusy == true, "\(String(describing: error))")
        #expect(waits.all == Array(0..<10))
    }

    @Test("A store's write gives up with `locked` (exit 75) once the wait bound around it is over")
    func storeWriteGivesUpLocked() throws {
        let scratch = Scratch()
        let location = scratch.location
        _ = try SubscriptionStore(location: location).add(simpleNewSubscription("First"), now: fixedNow)
        let holder = try rawConnection(location.databasePath, keyFile: scratch.path("config/subs/key"))
        try holder.execute("BEGIN IMMEDIATE")
        let waits = WaitLog()
        let error = BusyWait.$current.withValue(BusyWait(timeoutMilliseconds: 50) { waits.record($0) }) {
            #expect(throws: StoreError.self) {
                try SubscriptionStore(location: location).add(simpleNewSubscription("Second"), now: fixedNow)
            }
        }
        try holder.execute("COMMIT")
        guard case .locked? = error else {
            Issue.record("expected locked, got \(String(describing: error))")
            return
        }
        #expect(waits.all == Array(0..<10), "it waited for the lock, as long as it was told to")
        #expect(try SubscriptionStore(location: location).subscriptions().map(\.name) == ["First"])
    }

    @Test("Completion's read gives up with `locked` within the shorter wait a test binds, not its own 1 s")
    func namesReadGivesUpLocked() throws {
        let scratch = Scratch()
        let location = scratch.location
        _ = try SubscriptionStore(location: location).add(simpleNewSubscription("First"), now: fixedNow)
        // An exclusive lock keeps readers out too, as a commit in progress does.
        let holder = try rawConnection(location.databasePath, keyFile: scratch.path("config/subs/key"))
        try holder.execute("BEGIN EXCLUSIVE")
        let started = Date()
        let error = BusyWait.$current.withValue(BusyWait(timeoutMilliseconds: 50)) {
            #expect(throws: StoreError.self) { try StoreNames.read(location) }
        }
        let elapsed = Date().timeIntervalSince(started)
        try holder.execute("COMMIT")
        guard case .locked? = error else {
            Issue.record("expected locked, got \(String(describing: error))")
            return
        }
        #expect(elapsed < 0.9, "waited \(elapsed) s: the 1 s wait was not shortened")
        #expect(try StoreNames.read(location).subscriptions == ["First"])
    }
}
