import Foundation

/// PRODUCT.md §12's heavy paths over the large database: `import` of its export document into
/// a new database, `undo` of that import, `log` of its history, and `remind` recording what it
/// prints.
struct BenchHeavy {
    let subs: String
    let directory: String
    let quick: Bool

    func measure(_ large: BenchDatabase, into report: inout BenchReport) throws {
        let count = large.count.formatted()
        let document = "\(directory)/large-export.json"
        let exported = try ProcessTimer.run([subs, "export", "--format", "json", "--output", document], environment: large.environment)
        report.info("export --format json, \(count) (once, for the import)", exported,
                    detail: "\(BenchSync.bytes(Self.size(document))), \(BenchReport.memory(exported.peakMemory)) peak")

        // Each import into a database that is not there yet, under the large database's key.
        let imports = "\(directory)/import"
        var environment = large.environment
        environment["SUBS_DB"] = "\(imports)/imported.db"
        let (imported, importsMade) = try ProcessTimer.measureFresh(
            [subs, "import", document], environment: environment, runs: 3, budget: 30
        ) {
            try? FileManager.default.removeItem(atPath: imports)
            try FileManager.default.createDirectory(atPath: imports, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
        }
        report.check("import of that document, \(count), into a new database", imported, limit: 10.0,
                     detail: "\(Self.runs(importsMade)); \(BenchReport.memory(imported.peakMemory)) peak")

        // Each undo on a fresh copy of the database just imported, whose latest change is the import.
        let importedCopy = "\(directory)/imported-copy.db"
        try FileManager.default.copyItem(atPath: "\(imports)/imported.db", toPath: importedCopy)
        let undos = "\(directory)/undo"
        environment["SUBS_DB"] = "\(undos)/undo.db"
        let (undone, undosMade) = try ProcessTimer.measureFresh(
            [subs, "undo", "--yes"], environment: environment, runs: 3, budget: 10
        ) {
            try? FileManager.default.removeItem(atPath: undos)
            try FileManager.default.createDirectory(atPath: undos, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
            try FileManager.default.copyItem(atPath: importedCopy, toPath: "\(undos)/undo.db")
        }
        // The undo took the import back: nothing is left.
        let left = try BenchReport.count([subs, "list", "--format", "json"], environment: environment)
        guard left == 0 else { throw BenchPeers.Mismatch(what: "undo of the import", count: left, expected: 0) }
        report.check("undo --yes of that import", undone, limit: 1.0,
                     detail: "\(Self.runs(undosMade)); \(BenchReport.memory(undone.peakMemory)) peak")

        // `remind` as cron runs it, on a fresh copy each run: it claims what is due, prints it and
        // records it. No §12 target (§12 times --dry-run); shown so that its cost stays in view:
        // it once renewed every pending claim after each reminder (2,146 took a minute).
        let reminders = try BenchReport.count([subs, "remind", "--dry-run", "--format", "json"], environment: large.environment)
        let remindCopies = "\(directory)/remind"
        environment["SUBS_DB"] = "\(remindCopies)/remind.db"
        let (reminded, remindsMade) = try ProcessTimer.measureFresh(
            [subs, "remind"], environment: environment, runs: 3, budget: 20
        ) {
            try? FileManager.default.removeItem(atPath: remindCopies)
            try FileManager.default.createDirectory(atPath: remindCopies, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
            try FileManager.default.copyItem(atPath: large.location.databasePath, toPath: "\(remindCopies)/remind.db")
        }
        // Everything printed was recorded as sent, none left claimed (a claim would hide it from
        // a --dry-run for ten minutes too): read in the sqlcipher shell.
        let states = try ProcessTimer.output(["sqlcipher", "-batch"] + large.shellOpening(copyAt: "\(remindCopies)/remind.db") + [
            "SELECT count(*) FROM reminders_sent WHERE state = 'sent' AND payment_date >= '\(BenchDatabase.today)';"
                + " SELECT count(*) FROM reminders_sent WHERE state = 'claimed';",
        ], environment: [:])
        let counts = String(decoding: states, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        guard counts.count == 2, counts[1] == 0, counts[0] >= reminders else {
            throw BenchPeers.Mismatch(what: "reminders recorded as sent by remind", count: counts.first ?? 0, expected: reminders)
        }
        report.info("remind, \(count) (\(reminders.formatted()) reminders printed and recorded)", reminded,
                    detail: "\(Self.runs(remindsMade)); \(BenchReport.memory(reminded.peakMemory)) peak")

        // `log` as typed: no --limit (it has no default), every entry, newest first.
        let entries = try BenchReport.count([subs, "log", "--format", "json"], environment: large.environment)
        let log = try ProcessTimer.measure([subs, "log"], environment: large.environment, runs: quick ? 3 : 5, warmUp: 1)
        report.check("log, \(count) (\(entries.formatted()) entries: the import, the changes after)", log, limit: 1.0,
                     detail: "\(BenchReport.memory(log.peakMemory)) peak")
    }

    /// How a figure over fresh copies was taken.
    static func runs(_ count: Int) -> String {
        count == 1 ? "on fresh files, once" : "on fresh files each run, median of \(count)"
    }

    static func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
    }
}
