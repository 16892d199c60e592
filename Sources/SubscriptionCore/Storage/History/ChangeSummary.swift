/// The one-line summaries of history entries: what changed, old → new.
enum ChangeSummary {
    /// What became of one subscription: added, deleted, or its changed fields.
    static func describe(before: Subscription?, after: Subscription?) -> String {
        switch (before, after) {
        case (nil, let new?):
            return "added: \(price(new)) \(new.cycle), starting \(new.startDate)"
        case (let old?, nil):
            return "deleted: \(price(old)) \(old.cycle), with its history"
        case (let old?, let new?):
            let changes = fieldChanges(old, new)
            return changes.isEmpty ? "no visible change" : changes.joined(separator: ", ")
        case (nil, nil):
            return "nothing"
        }
    }

    private static func price(_ subscription: Subscription) -> String {
        "\(subscription.prices.last?.amount.description ?? "?") \(subscription.currency)"
    }

    private static func fieldChanges(_ old: Subscription, _ new: Subscription) -> [String] {
        var changes: [String] = []
        func compare<T: Equatable>(_ label: String, _ path: KeyPath<Subscription, T>, _ show: (T) -> String) {
            if old[keyPath: path] != new[keyPath: path] {
                changes.append("\(label) \(show(old[keyPath: path])) → \(show(new[keyPath: path]))")
            }
        }
        func optional(_ text: String?) -> String { text.map { "'\($0)'" } ?? "none" }
        compare("name", \.name) { "'\($0)'" }
        compare("currency", \.currency) { $0.code }
        if old.prices != new.prices {
            let added = new.prices.filter { !old.prices.contains($0) }
            if old.prices.count < new.prices.count, let change = added.last {
                changes.append("price \(price(old)) → \(change.amount) \(new.currency) from \(change.effective)")
            } else {
                changes.append("price history \(old.prices.map { "\($0.amount)" }.joined(separator: ", ")) → "
                    + new.prices.map { "\($0.amount)" }.joined(separator: ", "))
            }
        }
        compare("cycle", \.cycle) { $0.description }
        compare("start", \.startDate) { $0.description }
        compare("trial end", \.trialEnd) { $0?.description ?? "none" }
        compare("category", \.category, optional)
        compare("url", \.url, optional)
        compare("notes", \.notes, optional)
        compare("payment method", \.paymentMethod, optional)
        compare("reminders", \.remindDays) { $0.map { $0.isEmpty ? "none" : $0.map(String.init).joined(separator: ",") } ?? "default" }
        compare("auto-renew", \.autoRenew) { $0 ? "yes" : "no" }
        compare("shared with", \.members) { $0.isEmpty ? "nobody" : $0.map(\.name).joined(separator: ", ") }
        if old.periods != new.periods, new.periods.count > old.periods.count, old.periods.last?.cancelledOn == nil,
           let start = new.periods.last?.restartedOn {
            changes.append("plan changed from \(start)")
        } else if old.periods != new.periods {
            let oldCancel = old.periods.last?.cancelledOn, newCancel = new.periods.last?.cancelledOn
            if new.periods.count > old.periods.count, let restart = new.periods.last?.restartedOn {
                changes.append("restarted on \(restart)")
            } else if let newCancel, oldCancel == nil {
                changes.append("cancelled on \(newCancel)")
            } else if newCancel == nil, let oldCancel {
                changes.append("cancellation on \(oldCancel) withdrawn")
            } else {
                changes.append("billing periods changed")
            }
        }
        if old.charges != new.charges {
            for record in new.charges where !old.charges.contains(record) {
                changes.append(record.amount.map { "charged \($0) \(new.currency) on \(record.date)" } ?? "skipped \(record.date)")
            }
            for record in old.charges where !new.charges.contains(where: { $0.date == record.date }) {
                changes.append("record of \(record.date) removed")
            }
        }
        if old.pauses != new.pauses {
            let added = new.pauses.filter { !old.pauses.contains($0) }
            let removed = old.pauses.filter { !new.pauses.contains($0) }
            for pause in added {
                changes.append("paused from \(pause.from)" + (pause.until.map { " until \($0)" } ?? ""))
            }
            if added.isEmpty, !removed.isEmpty { changes.append("pause withdrawn") }
        }
        return changes
    }
}
