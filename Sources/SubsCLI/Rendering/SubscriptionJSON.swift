import Foundation
import SubscriptionCore

/// The JSON contract of docs/json.md for subscriptions and upcoming items.
enum SubscriptionJSON {
    static func object(_ snapshot: SubscriptionSnapshot) -> JSONValue {
        var object = JSONObject()
        members(snapshot, into: &object)
        return .object(object)
    }

    /// The members of `object(snapshot)`, in key order, as `sink` takes them: a list writes
    /// them straight out (`JSONWriter.writeObject`).
    static func members(_ snapshot: SubscriptionSnapshot, into sink: inout some JSONMemberSink & ~Copyable) {
        sink.add("amount", money: snapshot.amount)
        sink.add("auto_renew", bool: snapshot.subscription.autoRenew)
        sink.add("category", string: snapshot.subscription.category)
        // Most have neither terms nor a deadline: null, written without a value built first.
        if let contract = contract(snapshot) { sink.add("contract", contract) } else { sink.add("contract", string: nil) }
        sink.add("created_at", instant: snapshot.subscription.createdAt)
        sink.add("currency", string: snapshot.subscription.currency.code)
        sink.add("cycle") {
            $0.add("count", int: snapshot.cycle.count)
            $0.add("unit", string: snapshot.cycle.unit.rawValue)
        }
        sink.add("ends", date: snapshot.subscription.ends)
        sink.add("id", string: snapshot.subscription.id)
        if snapshot.subscription.members.isEmpty {
            // An empty array, written as one of numbers is.
            sink.add("members", ints: [])
        } else {
            sink.add("members", .array(zip(snapshot.subscription.members, snapshot.split.dropFirst()).map { member, share in
                .object(["name": .string(member.name), "share": .string(share.description), "weight": .int(member.weight)])
            }))
        }
        sink.add("monthly_cost", money: snapshot.roundedMonthlyCost)
        sink.add("my_share", money: snapshot.myShare)
        sink.add("name", string: snapshot.subscription.name)
        sink.add("next_payment", date: snapshot.nextPayment?.date)
        sink.add("notes", string: snapshot.subscription.notes)
        sink.add("owner", string: snapshot.subscription.owner)
        sink.add("paid_by", string: snapshot.subscription.paidBy)
        sink.add("payment_method", string: snapshot.subscription.paymentMethod)
        sink.add("payments_left", int: snapshot.paymentsLeft)
        sink.add("remind_days", ints: snapshot.remindDays)
        sink.add("renewal", string: snapshot.subscription.renewal?.rawValue)
        sink.add("start_date", date: snapshot.subscription.startDate)
        sink.add("status", string: snapshot.status.rawValue)
        sink.add("trial_end", date: snapshot.subscription.trialEnd)
        sink.add("updated_at", instant: snapshot.subscription.updatedAt)
        sink.add("url", string: snapshot.subscription.url)
    }

    /// `contract` (docs/json.md): the terms, and the next deadline on or after today with the
    /// term end it reaches (both null once notice was given); a one-off deadline has only its
    /// day; nil (null) for neither.
    static func contract(_ snapshot: SubscriptionSnapshot) -> JSONValue? {
        let subscription = snapshot.subscription
        if let contract = subscription.contract {
            return .object([
                "cancel_by": .string(snapshot.nextDeadline?.cancelBy.description),
                "notice": .string(contract.notice?.description),
                "renews": .string(contract.renewal.description),
                "term": .string(contract.term.description),
                "term_end": .string(snapshot.nextDeadline?.termEnd?.description),
            ])
        }
        guard let cancelBy = subscription.cancelBy else { return nil }
        return .object([
            "cancel_by": .string(cancelBy.description), "notice": .null, "renews": .null, "term": .null, "term_end": .null,
        ])
    }

    /// `show`: the subscription plus its price history, payments so far and next payments.
    static func detail(_ detail: SubscriptionDetail, hasLogin: Bool = false) -> JSONValue {
        guard case .object(var members) = object(detail.snapshot) else { fatalError("an object") }
        members["has_login"] = .bool(hasLogin)
        members["price_history"] = .array(detail.snapshot.subscription.prices.map {
            .object(["amount": .string($0.amount.description), "effective": .string($0.effective.description)])
        })
        members["payments"] = .array(detail.paymentsMade.map(payment))
        members["next_payments"] = .array(detail.nextPayments.map(payment))
        let subscription = detail.snapshot.subscription
        members["active_until"] = .string(subscription.activeUntil?.description)
        members["billing_periods"] = .array(subscription.periods.map {
            .object([
                "cancelled_on": .string($0.cancelledOn?.description),
                "notice_given_on": .string($0.noticeGivenOn?.description),
                "restarted_on": .string($0.restartedOn?.description),
                "cycle": $0.cycle.map { .object(["count": .int($0.count), "unit": .string($0.unit.rawValue)]) } ?? .null,
            ])
        })
        members["price_rise"] = PriceRise(subscription, today: detail.snapshot.today).map(PriceRiseText.json) ?? .null
        members["pauses"] = .array(subscription.pauses.map {
            .object(["from": .string($0.from.description), "until": .string($0.until?.description)])
        })
        return .object(members)
    }

    /// A payment: `kind` `actual` when its amount was recorded, `scheduled` when it is the
    /// schedule's; `scheduled` is the schedule's amount for the day (null for an extra charge).
    static func payment(_ payment: Payment) -> JSONValue {
        .object([
            "amount": .string(payment.amount.description), "date": .string(payment.date.description),
            "kind": .string(payment.isActual ? "actual" : "scheduled"),
            "scheduled": .string(payment.scheduledAmount?.description),
        ])
    }

    static func upcoming(_ item: UpcomingItem) -> JSONValue {
        var object = JSONObject()
        upcomingMembers(item, into: &object)
        return .object(object)
    }

    /// The members of `upcoming(item)`, in key order, as `sink` takes them.
    static func upcomingMembers(_ item: UpcomingItem, into sink: inout some JSONMemberSink & ~Copyable) {
        sink.add("amount", money: item.amount)
        sink.add("currency", string: item.amount.currency.code)
        sink.add("date", date: item.date)
        sink.add("days_until", int: item.daysUntil)
        sink.add("id", string: item.subscriptionID)
        sink.add("kind", string: item.kind.rawValue)
        sink.add("name", string: item.name)
    }
}
