import SubscriptionCore

/// The JSON contract of docs/json.md for subscriptions and upcoming items.
enum SubscriptionJSON {
    static func object(_ snapshot: SubscriptionSnapshot) -> JSONValue {
        let subscription = snapshot.subscription
        let split = snapshot.split
        // Members in key order, as printed: the writer then has nothing to sort.
        return .object([
            "amount": .string(snapshot.amount.description),
            "auto_renew": .bool(subscription.autoRenew),
            "category": .string(subscription.category),
            "contract": contract(snapshot),
            "created_at": .string(Timestamp.format(subscription.createdAt)),
            "currency": .string(subscription.currency.code),
            "cycle": .object([
                "count": .int(snapshot.cycle.count),
                "unit": .string(snapshot.cycle.unit.rawValue),
            ]),
            "ends": .string(subscription.ends?.description),
            "id": .string(subscription.id),
            "members": .array(zip(subscription.members, split.dropFirst()).map { member, share in
                .object(["name": .string(member.name), "share": .string(share.description), "weight": .int(member.weight)])
            }),
            "monthly_cost": .string(snapshot.roundedMonthlyCost.description),
            "my_share": .string(snapshot.myShare.description),
            "name": .string(subscription.name),
            "next_payment": .string(snapshot.nextPayment?.date.description),
            "notes": .string(subscription.notes),
            "owner": .string(subscription.owner),
            "paid_by": .string(subscription.paidBy),
            "payment_method": .string(subscription.paymentMethod),
            "payments_left": snapshot.paymentsLeft.map(JSONValue.int) ?? .null,
            "remind_days": .array(snapshot.remindDays.map(JSONValue.int)),
            "renewal": .string(subscription.renewal?.rawValue),
            "start_date": .string(subscription.startDate.description),
            "status": .string(snapshot.status.rawValue),
            "trial_end": .string(subscription.trialEnd?.description),
            "updated_at": .string(Timestamp.format(subscription.updatedAt)),
            "url": .string(subscription.url),
        ])
    }

    /// `contract` (docs/json.md): the terms, and the next deadline on or after today with the
    /// term end it reaches (both null once notice was given); a one-off deadline has only its
    /// day; null for neither.
    static func contract(_ snapshot: SubscriptionSnapshot) -> JSONValue {
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
        guard let cancelBy = subscription.cancelBy else { return .null }
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
        .object([
            "amount": .string(item.amount.description),
            "currency": .string(item.amount.currency.code),
            "date": .string(item.date.description),
            "days_until": .int(item.daysUntil),
            "id": .string(item.subscriptionID),
            "kind": .string(item.kind.rawValue),
            "name": .string(item.name),
        ])
    }
}
