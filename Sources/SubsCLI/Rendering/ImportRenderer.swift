import SubscriptionCore

/// What `import` did, one line per subscription and a summary.
enum ImportRenderer {
    static func text(_ outcome: ImportOutcome) -> String {
        let (add, skip, replace) = outcome.dryRun
            ? ("would add", "would skip", "would replace") : ("added", "skipped", "replaced")
        var lines: [String] = []
        for item in outcome.items {
            let name = item.subscription.name.terminalSafe
            let record = item.record.terminalSafe
            switch item.action {
            case .added(let renamedFrom?):
                lines.append("\(add) \(name) (\(record); \(renamedFrom.terminalSafe) was taken)")
            case .added(nil):
                lines.append("\(add) \(name) (\(record))")
            case .skipped(let id):
                lines.append("\(skip) \(name) (\(record)): already there as \(id.prefix(8))")
            case .replaced(let id):
                lines.append("\(replace) \(name) (\(record)): was \(id.prefix(8))")
            }
        }
        for category in outcome.categoriesCreated {
            lines.append("\(outcome.dryRun ? "would create" : "created") category \(category.terminalSafe)")
        }
        for key in outcome.settingsSet {
            lines.append("\(outcome.dryRun ? "would set" : "set") config \(key.rawValue)")
        }
        for rate in outcome.ratesSet {
            lines.append("\(outcome.dryRun ? "would set" : "set") rate \(rate.rate.currency.code) in \(rate.base.code)")
        }
        let summary = "\(outcome.added) added, \(outcome.skipped) skipped, \(outcome.replaced) replaced"
        lines.append(outcome.dryRun ? "Dry run: \(summary); nothing was written." : "Imported: \(summary).")
        return lines.joined(separator: "\n") + "\n"
    }
}
