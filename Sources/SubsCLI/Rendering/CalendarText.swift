import SubscriptionCore

extension CalendarWording {
    /// The calendar's words: its name, each line of an event's description, and each reminder.
    /// Always English with §4's dates and amounts, whatever the reader's language: like JSON
    /// and CSV, an exported calendar is the same bytes in every locale (PRODUCT.md §11).
    static let english = CalendarWording(
        calendarName: "Subscriptions",
        detail: { detail in
            switch detail {
            case .billed(let cycle): "Billed \(SubscriptionText.cycle(cycle, in: .english))"
            case .category(let name): "Category: \(name)"
            case .paymentMethod(let method): "Payment method: \(method)"
            case .url(let url): "URL: \(url)"
            case .notes(let notes): "Notes: \(notes)"
            case .trialEnds(let day): "Free trial ends \(day) with the first charge"
            case .price(let amount, let from): "From \(from): \(amount) \(amount.currency.code)"
            case .paused(let from, let until?): "Paused from \(from) until \(until)"
            case .paused(let from, nil): "Paused from \(from) until resumed"
            case .cancelled(let day): "Cancelled on \(day)"
            case .termEnds(let day): "The term ends on \(day)"
            case .renewsIfMissed(let term, let until, let cost):
                "If not cancelled by then, it renews for \(ContractText.span(term, in: .english)) to \(until): \(cost) \(cost.currency.code)"
            case .chargedIfMissed(let amount, let day):
                "If not cancelled by then, it is charged \(amount) \(amount.currency.code) on \(day)"
            }
        },
        reminder: { title, daysBefore in
            switch daysBefore {
            case 0: "\(title) today"
            case 1: "\(title) tomorrow"
            default: "\(title) in \(daysBefore) days"
            }
        },
        deadlineTitle: { name in "Cancel \(name) by today" },
        deadlineReminder: { name, cancelBy, daysBefore in
            switch daysBefore {
            case 0: "Cancel \(name) by today (\(cancelBy))"
            case 1: "Cancel \(name) by tomorrow (\(cancelBy))"
            default: "Cancel \(name) by \(cancelBy) (in \(daysBefore) days)"
            }
        })
}
