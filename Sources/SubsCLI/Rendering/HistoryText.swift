import SubscriptionCore

/// The one-line summary of a history entry, said at display time in the reader's language from
/// what the entry keeps as data: what changed, old → new.
enum HistoryText {
    static func summary(_ change: HistoryChange, in language: Language) -> String {
        switch change {
        case .subscription(let before, let after):
            subscription(before: before, after: after, in: language)
        case .deletedSeveral(let count):
            localized("deleted \(count) subscriptions, with their history", in: language)
        case .imported(let added, let replaced, let skipped):
            localized("\(added) added, \(replaced) replaced, \(skipped) skipped", in: language)
        case .restored(let path, let replaced?):
            localized("restored from \(path); what it replaced is in \(replaced)", in: language)
        case .restored(let path, nil):
            localized("restored from \(path)", in: language)
        case .categoryAdded:
            localized("category added", in: language)
        case .categoryRenamed(let old):
            localized("category renamed from '\(old)'", in: language)
        case .categoryDeleted:
            localized("category deleted", in: language)
        case .setting(let key, let before, let after):
            // A webhook's credentials stay out of what the history shows.
            "\(setting(key, before, in: language)) → \(setting(key, after, in: language))"
        case .ratesSet(let rates, let base):
            rates.map { "1 \($0.currency.code) = \(number($0.text, in: language)) \(base.code)" }.joined(separator: ", ")
        case .rateRemoved:
            localized("rate removed", in: language)
        case .login(let change, let fields):
            login(change, fields: fields, in: language)
        case .synced(let changes):
            localized("changes applied from this device: \(changes)", in: language)
        case .conflict(let field, let kept, let keptBy, let setAside, let setAsideBy):
            SyncText.conflict(field: field, kept: kept, keptBy: keptBy, setAside: setAside, setAsideBy: setAsideBy, in: language)
        case .settled(let settlement):
            localized("\(settlement.from) paid \(settlement.to) \(settlement.amount) \(settlement.amount.currency) on \(settlement.date)", in: language)
        case .storedSummary(let text):
            text
        }
    }

    private static func setting(_ key: ConfigKey, _ value: String?, in language: Language) -> String {
        value.map { key == .remindWebhook ? $0.withoutURLCredentials : $0 } ?? localized("default", in: language)
    }

    private static func login(_ change: LoginChange, fields: [LoginField], in language: Language) -> String {
        let names = fields.map { field in
            switch field {
            case .username: localized("username", in: language)
            case .url: localized("url", in: language)
            case .password: localized("password", in: language)
            }
        }.joined(separator: ", ")
        switch (change, names.isEmpty) {
        case (.added, true): return localized("login added", in: language)
        case (.added, false): return localized("login added: \(names)", in: language)
        case (.changed, true): return localized("login changed", in: language)
        case (.changed, false): return localized("login changed: \(names)", in: language)
        case (.removed, _): return localized("login removed", in: language)
        }
    }

    /// A plain decimal number with the language's decimal mark: `1.08`, in Turkish `1,08`.
    private static func number(_ plain: String, in language: Language) -> String {
        language == .turkish ? plain.replacingOccurrences(of: ".", with: ",") : plain
    }

    private static func amount(_ money: Money?, in language: Language) -> String {
        money.map { LocalizedText.Argument.amount($0).written(in: language) } ?? "?"
    }

    /// The latest price with its currency: `15.49 USD`.
    private static func price(_ subscription: Subscription, in language: Language) -> String {
        "\(amount(subscription.prices.last?.amount, in: language)) \(subscription.currency)"
    }

    /// Amounts in a list: `15.49, 17.99`; in Turkish, whose decimal mark is a comma, `15,49; 17,99`.
    private static func amounts(_ prices: [PriceChange], in language: Language) -> String {
        prices.map { amount($0.amount, in: language) }.joined(separator: language == .turkish ? "; " : ", ")
    }

    /// What became of one subscription: added, deleted, or its changed fields.
    private static func subscription(before: Subscription?, after: Subscription?, in language: Language) -> String {
        switch (before, after) {
        case (nil, let new?):
            return localized(
                "added: \(price(new, in: language)) \(SubscriptionText.cycle(new.cycle, in: language)), starting \(new.startDate)", in: language)
        case (let old?, nil):
            return localized("deleted: \(price(old, in: language)) \(SubscriptionText.cycle(old.cycle, in: language)), with its history", in: language)
        case (let old?, let new?):
            let changes = fieldChanges(old, new, in: language)
            return changes.isEmpty ? localized("no visible change", in: language) : changes.joined(separator: ", ")
        case (nil, nil):
            return localized("nothing", in: language)
        }
    }

    private static func fieldChanges(_ old: Subscription, _ new: Subscription, in language: Language) -> [String] {
        var changes: [String] = []
        func compare<T: Equatable>(_ path: KeyPath<Subscription, T>, _ show: (T) -> String, _ line: (String, String) -> String) {
            if old[keyPath: path] != new[keyPath: path] {
                changes.append(line(show(old[keyPath: path]), show(new[keyPath: path])))
            }
        }
        let none = localized("none", in: language)
        func optional(_ text: String?) -> String { text.map { "'\($0)'" } ?? none }
        func date(_ date: CivilDate?) -> String { date?.written(in: language) ?? none }
        compare(\.name, { "'\($0)'" }) { localized("name \($0) → \($1)", in: language) }
        compare(\.currency, { $0.code }) { localized("currency \($0) → \($1)", in: language) }
        if old.prices != new.prices {
            let added = new.prices.filter { !old.prices.contains($0) }
            if old.prices.count < new.prices.count, let change = added.last {
                changes.append(localized(
                    "price \(price(old, in: language)) → \(change.amount) \(new.currency) from \(change.effective)", in: language))
            } else {
                changes.append(localized(
                    "price history \(amounts(old.prices, in: language)) → \(amounts(new.prices, in: language))", in: language))
            }
        }
        compare(\.cycle, { SubscriptionText.cycle($0, in: language) }) { localized("cycle \($0) → \($1)", in: language) }
        compare(\.startDate, { date($0) }) { localized("start \($0) → \($1)", in: language) }
        compare(\.trialEnd, date) { localized("trial end \($0) → \($1)", in: language) }
        compare(\.category, optional) { localized("category \($0) → \($1)", in: language) }
        compare(\.url, optional) { localized("url \($0) → \($1)", in: language) }
        compare(\.notes, optional) { localized("notes \($0) → \($1)", in: language) }
        compare(\.paymentMethod, optional) { localized("payment method \($0) → \($1)", in: language) }
        compare(\.remindDays, { days in
            days.map { $0.isEmpty ? none : $0.map(String.init).joined(separator: ",") } ?? localized("default", in: language)
        }) { localized("reminders \($0) → \($1)", in: language) }
        compare(\.autoRenew, { $0 ? localized("yes", in: language) : localized("no", in: language) }) { localized("auto-renew \($0) → \($1)", in: language) }
        contractChanges(old, new, into: &changes, in: language)
        compare(\.members, { $0.isEmpty ? localized("nobody", in: language) : $0.map(\.name).joined(separator: ", ") }) {
            localized("shared with \($0) → \($1)", in: language)
        }
        compare(\.paidBy, { $0 ?? localized("you", in: language) }) { localized("paid by \($0) → \($1)", in: language) }
        if old.periods != new.periods, new.periods.count > old.periods.count, old.periods.last?.cancelledOn == nil,
           let start = new.periods.last?.restartedOn {
            changes.append(localized("plan changed from \(start)", in: language))
        } else if old.periods != new.periods {
            let oldCancel = old.periods.last?.cancelledOn, newCancel = new.periods.last?.cancelledOn
            if new.periods.count > old.periods.count, let restart = new.periods.last?.restartedOn {
                changes.append(localized("restarted on \(restart)", in: language))
            } else if let newCancel, oldCancel == nil, let notice = new.periods.last?.noticeGivenOn {
                changes.append(localized("notice given on \(notice), the contract ends on \(newCancel)", in: language))
            } else if let newCancel, oldCancel == nil {
                changes.append(localized("cancelled on \(newCancel)", in: language))
            } else if newCancel == nil, let oldCancel {
                changes.append(localized("cancellation on \(oldCancel) withdrawn", in: language))
            } else {
                changes.append(localized("billing periods changed", in: language))
            }
        }
        if old.charges != new.charges {
            for record in new.charges where !old.charges.contains(record) {
                changes.append(record.amount.map { localized("charged \($0) \(new.currency) on \(record.date)", in: language) }
                    ?? localized("skipped \(record.date)", in: language))
            }
            for record in old.charges where !new.charges.contains(where: { $0.date == record.date }) {
                changes.append(localized("record of \(record.date) removed", in: language))
            }
        }
        if old.pauses != new.pauses {
            let added = new.pauses.filter { !old.pauses.contains($0) }
            let removed = old.pauses.filter { !new.pauses.contains($0) }
            for pause in added {
                changes.append(pause.until.map { localized("paused from \(pause.from) until \($0)", in: language) }
                    ?? localized("paused from \(pause.from)", in: language))
            }
            if added.isEmpty, !removed.isEmpty { changes.append(localized("pause withdrawn", in: language)) }
        }
        return changes
    }

    /// A contract's terms, deadline and end, in the short form input reads (`24m`).
    private static func contractChanges(
        _ old: Subscription, _ new: Subscription, into changes: inout [String], in language: Language
    ) {
        let none = localized("none", in: language)
        func span(_ span: TimeSpan?) -> String { span?.description ?? none }
        func date(_ date: CivilDate?) -> String { date?.written(in: language) ?? none }
        if old.contract?.term != new.contract?.term {
            changes.append(localized("term \(span(old.contract?.term)) → \(span(new.contract?.term))", in: language))
        }
        // Removing a contract says so once, by its term; a new one says its renewal only when it differs.
        if let contract = new.contract {
            let before = old.contract?.renewal ?? contract.term
            if before != contract.renewal {
                changes.append(localized("renews \(span(before)) → \(span(contract.renewal))", in: language))
            }
            if old.contract?.notice != contract.notice {
                changes.append(localized("notice \(span(old.contract?.notice)) → \(span(contract.notice))", in: language))
            }
        }
        if old.cancelBy != new.cancelBy {
            changes.append(localized("cancel by \(date(old.cancelBy)) → \(date(new.cancelBy))", in: language))
        }
        if old.ends != new.ends {
            changes.append(localized("ends \(date(old.ends)) → \(date(new.ends))", in: language))
        }
    }
}
