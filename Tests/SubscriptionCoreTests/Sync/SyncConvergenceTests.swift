import Crypto
import FuzzSupport
import Foundation
import Testing
@testable import SubscriptionCore

/// PRODUCT.md §15, "Converging": machines that have applied the same files hold the same data,
/// whatever the order, repetition or interleaving in which the files arrived. Three or four
/// machines make random changes through the store (every kind of write a command makes), sync
/// at random moments, and see the folder as a sync engine delivers it: part of it, files out of
/// order, a file gone and delivered again. Once every file has reached every machine, their
/// export documents are equal.
@Suite("Sync: machines converge")
struct SyncConvergenceTests {
    let scratch = Scratch()

    /// One simulated machine: its database, and the folder as its sync engine has delivered it.
    final class Machine {
        let store: SubscriptionStore
        let view: String
        let device: String

        init(_ scratch: Scratch, index: Int, key: SymmetricKey) throws {
            store = try SubscriptionStore(location: StoreLocation(
                databasePath: scratch.path("m\(index)/subs.db"), key: .keyFile(scratch.path("m\(index)/key"))))
            view = scratch.path("m\(index)/folder")
            device = String(repeating: String(index), count: 16)
            try FileManager.default.createDirectory(atPath: view, withIntermediateDirectories: true)
            // The first write creates the database; a setting is as good as any.
            _ = try store.setConfig(.remindDays, to: "3", now: fixedNow)
            try store.joinSyncGroup(folder: view, key: key, device: device, name: "machine \(index)", git: false)
        }

        var folder: SyncFolder { SyncFolder(path: view) }
    }

    @Test(arguments: [3, 4])
    func randomChangesAndPartialSyncsConverge(machineCount: Int) throws {
        var random = SeededRandom(name: "sync convergence (\(machineCount) machines)")
        for round in 0..<3 {
            let scratch = Scratch()
            try runOnce(machineCount: machineCount, steps: 140, random: &random, scratch: scratch, round: round)
        }
    }

    private func runOnce(machineCount: Int, steps: Int, random: inout SeededRandom, scratch: Scratch, round: Int) throws {
        let key = SymmetricKey(size: .bits256)
        let machines = try (0..<machineCount).map { try Machine(scratch, index: $0, key: key) }
        let pool = scratch.path("pool")
        try FileManager.default.createDirectory(atPath: pool, withIntermediateDirectories: true)
        var now = fixedNow
        for _ in 0..<steps {
            now += Double(Int.random(in: 1...90_000, using: &random))
            let machine = random.element(machines)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                Self.randomChange(machine.store, now: now, random: &random)
            case 6, 7:
                try Self.deliver(from: pool, to: machine, random: &random)
                let report = try machine.store.sync(machine.folder, now: now)
                try Self.checkNothingEscaped(machine, report)
                try Self.publish(machine, to: pool)
            default:
                try Self.deliver(from: pool, to: machine, random: &random)
            }
        }
        // Every file reaches every machine; they sync until none has anything new to say or to
        // take in: a file applied may leave a change to send (a deleted category still in use).
        var quiet = false
        for _ in 0..<10 where !quiet {
            var busy = false
            for machine in machines {
                now += 1
                try Self.deliverAll(from: pool, to: machine)
                let report = try machine.store.sync(machine.folder, now: now)
                try Self.checkNothingEscaped(machine, report)
                #expect(report.skipped.isEmpty, "\(report.skipped)")
                busy = busy || report.written != nil || !report.applied.isEmpty
                try Self.publish(machine, to: pool)
            }
            quiet = !busy
        }
        #expect(quiet, "round \(round): the machines were still sending changes after ten rounds of syncs")
        let documents = try machines.map { try $0.store.exportDocument(now: fixedNow) }
        print("round \(round): \(documents[0].subscriptions.count) subscriptions, \(documents[0].categories.count) categories, \(try Self.poolFiles(pool).count) files, \(try machines[0].store.history().filter { $0.action == .conflict }.count) conflicts on machine 0")
        for (index, document) in documents.enumerated().dropFirst() {
            if document != documents[0] {
                Issue.record("round \(round): machine \(index) differs from machine 0: \(Self.difference(documents[0], document))")
            }
        }
    }

    /// After a sync the database is what its registers say: every change was found and sent.
    static func checkNothingEscaped(_ machine: Machine, _ report: SyncReport) throws {
        let escaped = try machine.store.unsyncedEntities().filter { $0.key.kind == .subscription }
        guard !escaped.isEmpty else { return }
        let history = try machine.store.history(limit: 8).map { "\($0.action) \($0.subject) \($0.changedAt) \($0.undoneAt.map { "\($0)" } ?? "")" }
        Issue.record("after a sync, \(machine.device) still differs from its registers in \(escaped); report \(report.applied.map(\.changed)) deleted \(report.deleted); history: \(history)")
    }

    // MARK: - The folder as sync engines deliver it

    /// Copies this machine's own files into the pool, where every file ever written is.
    static func publish(_ machine: Machine, to pool: String) throws {
        let own = machine.view + "/" + machine.device
        for name in (try? FileManager.default.contentsOfDirectory(atPath: own)) ?? [] where !name.hasPrefix(".") {
            try copy(own + "/" + name, to: pool + "/" + machine.device + "/" + name)
        }
    }

    /// Delivers some of the pool's files the machine lacks, in a random order; now and then
    /// takes one it has away, to be delivered again later.
    static func deliver(from pool: String, to machine: Machine, random: inout SeededRandom) throws {
        var files = try poolFiles(pool).filter { !$0.hasPrefix(machine.device) }
        files.shuffle(using: &random)
        for file in files.prefix(Int.random(in: 0...files.count, using: &random)) {
            try copy(pool + "/" + file, to: machine.view + "/" + file)
        }
        if let file = files.first, Bool.random(using: &random) {
            try? FileManager.default.removeItem(atPath: machine.view + "/" + file)
        }
    }

    static func deliverAll(from pool: String, to machine: Machine) throws {
        for file in try poolFiles(pool) where !file.hasPrefix(machine.device) {
            try copy(pool + "/" + file, to: machine.view + "/" + file)
        }
    }

    static func poolFiles(_ pool: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: pool).flatMap { device in
            try FileManager.default.contentsOfDirectory(atPath: pool + "/" + device).map { device + "/" + $0 }
        }.sorted()
    }

    static func copy(_ source: String, to destination: String) throws {
        guard !FileManager.default.fileExists(atPath: destination) else { return }
        try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: destination)
    }

    // MARK: - Random changes, as the commands make them

    static let names = ["Netflix", "Spotify", "Gym", "Cloud", "News", "Phone"]
    static let categories = ["Streaming", "Music", "Health", "Work"]

    /// One change any command could make; refusals (a name taken, nothing to undo) change nothing.
    static func randomChange(_ store: SubscriptionStore, now: Date, random: inout SeededRandom) {
        let existing = (try? store.subscriptions()) ?? []
        let target = existing.isEmpty ? nil : random.element(existing)
        let today = CivilDate(year: 2025, month: Int.random(in: 1...12, using: &random), day: Int.random(in: 1...28, using: &random))!
        switch Int.random(in: 0..<22, using: &random) {
        case 0, 1:
            var new = NewSubscription(
                name: random.element(names) + " \(Int.random(in: 1...9, using: &random))",
                amount: try! DecimalAmount(input: "\(Int.random(in: 1...40, using: &random)).99"),
                startDate: CivilDate(year: 2024, month: Int.random(in: 1...12, using: &random), day: Int.random(in: 1...31, using: &random)) ?? today)
            new.category = Bool.random(using: &random) ? random.element(categories) : nil
            _ = try? store.addCreatingCategory(new, now: now)
        case 2:
            guard let target else { return }
            var changes = SubscriptionChanges()
            changes.notes = .some("note \(Int.random(in: 1...5, using: &random))")
            _ = try? store.editReportingChange(target.id, changes, today: today, now: now)
        case 3:
            guard let target else { return }
            var changes = SubscriptionChanges()
            changes.amount = try! DecimalAmount(input: "\(Int.random(in: 1...40, using: &random)).49")
            changes.effective = today
            _ = try? store.editReportingChange(target.id, changes, today: today, now: now)
        case 4:
            guard let target else { return }
            var changes = SubscriptionChanges()
            changes.name = random.element(names) + " \(Int.random(in: 10...99, using: &random))"
            _ = try? store.editReportingChange(target.id, changes, today: today, now: now)
        case 5:
            guard let target else { return }
            var changes = SubscriptionChanges()
            changes.category = .some(random.element(categories))
            _ = try? store.editReportingChange(target.id, changes, today: today, now: now)
        case 6:
            guard let target else { return }
            _ = try? store.update(target.id, as: .cancel, now: now) { try $0.cancel(on: today) }
        case 7:
            guard let target else { return }
            _ = try? store.update(target.id, as: .pause, now: now) { try $0.pause(from: today, until: nil) }
        case 8:
            guard let target else { return }
            _ = try? store.update(target.id, as: .paid, now: now) { _ = try $0.recordPaid(on: nil, amount: nil, today: today) }
        case 9:
            guard let target else { return }
            _ = try? store.delete(references: [target.id], now: now)
        case 10:
            _ = try? store.setConfig(.budget, to: "\(Int.random(in: 50...90, using: &random))", now: now)
        case 11:
            _ = try? store.setRates([(Currency(code: "EUR")!, "1.0\(Int.random(in: 1...9, using: &random))")], now: now)
        case 12:
            _ = try? store.addCategory("Extra \(Int.random(in: 1...3, using: &random))", color: nil, now: now)
        case 13:
            guard let settlement = try? Settlement.new(
                from: random.element(["Alice", "Bob"]), to: "Carol",
                amount: Money(minorUnits: Int128(Int.random(in: 100...900, using: &random)), currency: Currency(code: "USD")!),
                on: today, now: now)
            else { return }
            _ = try? store.settle(settlement, now: now)
        case 14:
            guard let target else { return }
            var changes = SubscriptionChanges()
            changes.paidBy = .some(random.element(["Alice", "Bob"]))
            _ = try? store.editReportingChange(target.id, changes, today: today, now: now)
        case 15:
            _ = try? store.renameCategory(random.element(categories + ["Extra 1"]), to: random.element(categories + ["Extra 2"]), now: now)
        case 16:
            _ = try? store.deleteCategory(random.element(categories + ["Extra 1", "Extra 2", "Extra 3"]), now: now)
        case 17:
            _ = try? store.deleteRate(Currency(code: "EUR")!, now: now)
        case 18:
            guard let target else { return }
            _ = try? store.update(target.id, as: .resume, now: now) { _ = try $0.resume(on: today) }
        case 19:
            _ = try? ReminderRun.run(store, today: today, realToday: today, now: { now }, announce: { _ in }, deliver: { _ in .delivered })
        default:
            _ = try? store.undoLatest(now: now)
        }
    }

    /// Where two documents part, for the failure message.
    static func difference(_ a: ExportDocument, _ b: ExportDocument) -> String {
        let left = a.encoded().split(separator: "\n"), right = b.encoded().split(separator: "\n")
        for (index, (x, y)) in zip(left, right).enumerated() where x != y {
            return "line \(index): \(x)  |  \(y)"
        }
        return "lengths \(left.count) and \(right.count)"
    }
}
