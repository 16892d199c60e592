import SubscriptionCore

/// What `import` did, one line per subscription and a summary.
enum ImportRenderer {
    static func text(_ outcome: ImportPlan) -> String {
        let dryRun = outcome.dryRun
        var lines: [String] = []
        // A record skipped as one this import adds is a repeat within the file, not one that
        // was there before.
        var addedBy: [String: Int] = [:]
        // Each item is read in place: copying one retained and released all its subscription's
        // strings and arrays, 100,000 times in a large import.
        for index in outcome.items.indices {
            if case .added = outcome.items[index].action { addedBy[outcome.items[index].subscription.id] = index }
            let name = outcome.items[index].subscription.name.terminalSafe
            let record = outcome.items[index].record.text(in: Language.current).terminalSafe
            switch outcome.items[index].action {
            case .added(let renamedFrom?):
                let taken = renamedFrom.terminalSafe
                lines.append(dryRun ? localized("would add \(name) (\(record); \(taken) was taken)")
                    : localized("added \(name) (\(record); \(taken) was taken)"))
            case .added(nil):
                lines.append(dryRun ? localized("would add \(name) (\(record))") : localized("added \(name) (\(record))"))
            case .skipped(let id):
                if let firstIndex = addedBy[id] {
                    let first = outcome.items[firstIndex].record.text(in: Language.current).terminalSafe
                    lines.append(dryRun ? localized("would skip \(name) (\(record)): the same as \(first) in this file")
                        : localized("skipped \(name) (\(record)): the same as \(first) in this file"))
                    continue
                }
                let id = id.prefix(8)
                lines.append(dryRun ? localized("would skip \(name) (\(record)): already there as \(id)")
                    : localized("skipped \(name) (\(record)): already there as \(id)"))
            case .replaced(let id):
                let id = id.prefix(8)
                lines.append(dryRun ? localized("would replace \(name) (\(record)): was \(id)")
                    : localized("replaced \(name) (\(record)): was \(id)"))
            }
        }
        for category in outcome.categoriesCreated.map(\.terminalSafe) {
            lines.append(dryRun ? localized("would create category \(category)") : localized("created category \(category)"))
        }
        for key in outcome.settingsSet.map(\.rawValue) {
            lines.append(dryRun ? localized("would set config \(key)") : localized("set config \(key)"))
        }
        // The value is not shown: a line with it would read as if it had been set.
        for key in outcome.settingsLeftOut.map(\.rawValue) {
            lines.append(dryRun
                ? localized("would leave out config \(key): an import never sets a command or address subs runs or calls; to use the file's, read it and run: subs config set \(key) VALUE")
                : localized("left out config \(key): an import never sets a command or address subs runs or calls; to use the file's, read it and run: subs config set \(key) VALUE"))
        }
        for rate in outcome.ratesSet {
            let (code, base) = (rate.rate.currency.code, rate.base.code)
            lines.append(dryRun ? localized("would set rate \(code) in \(base)") : localized("set rate \(code) in \(base)"))
        }
        let (added, skipped, replaced) = (outcome.added, outcome.skipped, outcome.replaced)
        lines.append(dryRun
            ? localized("Dry run: \(added) added, \(skipped) skipped, \(replaced) replaced; nothing was written.")
            : localized("Imported: \(added) added, \(skipped) skipped, \(replaced) replaced."))
        return lines.joined(separator: "\n") + "\n"
    }
}
