import SubscriptionCore

/// How `show` and `list` word a contract, its deadlines and its end (PRODUCT.md §14).
enum ContractText {
    /// A duration in words: `1 month`, `24 months`, `90 days`.
    static func span(_ span: TimeSpan, in language: Language = .current) -> String {
        guard span.count == 1 else {
            return switch span.unit {
            case .day: localized("\(span.count) days", in: language)
            case .week: localized("\(span.count) weeks", in: language)
            case .month: localized("\(span.count) months", in: language)
            case .year: localized("\(span.count) years", in: language)
            }
        }
        return switch span.unit {
        case .day: localized("1 day", in: language)
        case .week: localized("1 week", in: language)
        case .month: localized("1 month", in: language)
        case .year: localized("1 year", in: language)
        }
    }

    /// What missing a deadline costs: `renews for 1 year to 2028-03-31: $480.00`.
    static func missed(_ missed: SubscriptionCore.Deadline.Missed) -> String {
        switch missed {
        case .renews(let term, let until, let cost):
            localized("renews for \(span(term)) to \(SubscriptionText.date(until)): \(SubscriptionText.money(cost))")
        case .charged(let payment):
            localized("\(SubscriptionText.money(payment.amount)) is charged on \(SubscriptionText.date(payment.date))")
        }
    }

    /// Whether `show` has a Renewal row: for a plan renewed by hand, while it is paid for.
    static func showsRenewal(_ snapshot: SubscriptionSnapshot) -> Bool {
        snapshot.subscription.renewal == .manual && snapshot.status.isPaying
    }

    /// The rows `show` adds for a contract, a deadline, an end and a manual renewal.
    static func fields(_ snapshot: SubscriptionSnapshot) -> [(String, String)] {
        let subscription = snapshot.subscription
        let today = snapshot.today
        func date(_ day: CivilDate) -> String { SubscriptionText.date(day) }
        func when(_ day: CivilDate) -> String { SubscriptionText.days(until: day, from: today) }
        var fields: [(String, String)] = []
        if let contract = subscription.contract {
            fields.append((localized("Contract"),
                           localized("\(span(contract.term)) from \(date(subscription.contractStart))")))
            if contract.renewal != contract.term {
                fields.append((localized("Renews for"), localized("\(span(contract.renewal)) at a time")))
            }
            fields.append((localized("Notice"), contract.notice.map { localized("\(span($0)) before a term ends") }
                ?? localized("none: by a term's last day")))
            if subscription.periods.last?.noticeGivenOn == nil, snapshot.status != .ended,
               let end = subscription.currentTermEnd(on: today) {
                fields.append((localized("Term ends"), "\(date(end)) (\(when(end)))"))
            }
        }
        if let deadline = snapshot.nextDeadline {
            fields.append((localized("Cancel by"), deadline.termEnd.map {
                localized("\(date(deadline.cancelBy)) (\(when(deadline.cancelBy))), to end on \(date($0))")
            } ?? "\(date(deadline.cancelBy)) (\(when(deadline.cancelBy)))"))
            if let missed = deadline.missed {
                fields.append((localized("If not"), Self.missed(missed)))
            }
        } else if let cancelBy = subscription.cancelBy, subscription.contract == nil {
            fields.append((localized("Cancel by"), "\(date(cancelBy)) (\(when(cancelBy)))"))
        }
        if let ends = subscription.ends {
            let left = snapshot.paymentsLeft ?? 0
            fields.append((localized("Ends"), left == 1 ? localized("\(date(ends)), 1 payment left")
                : localized("\(date(ends)), \(left) payments left")))
        }
        if showsRenewal(snapshot) {
            let renewal = if let lapsed = subscription.lapse(on: snapshot.today) {
                localized("manual: lapsed on \(date(lapsed)), not renewed; renews when you pay")
            } else if let next = snapshot.nextPayment {
                localized("manual: renews when you pay; expires on \(date(next.date))")
            } else {
                localized("manual: renews when you pay")
            }
            fields.append((localized("Renewal"), renewal))
        }
        return fields
    }
}
