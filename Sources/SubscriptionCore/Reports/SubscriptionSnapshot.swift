import Foundation

/// A subscription as it stands on one day: what `list`, `show`, `add` and `edit` report.
/// A class, though immutable: reports filter and sort many of them, and a reference is one
/// retain where a copy of every field would be twenty.
public final class SubscriptionSnapshot: Sendable {
    public let subscription: Subscription
    public let today: CivilDate
    public let status: SubscriptionStatus
    /// The price in force today.
    public let amount: Money
    /// The cycle in force today: a plan change dated ahead does not count yet.
    public let cycle: BillingCycle
    public let nextPayment: Payment?
    /// Exact and unrounded; round once for display. Worked out when asked: a list sorts by it
    /// only with `--sort monthly`, and sums it without it (`CurrencyTotals.addMonthlyCost`).
    public var monthlyCost: Decimal { cycle.monthlyCost(of: amount.decimal) }
    /// The subscription's own reminder days, else the configured ones.
    public let remindDays: [Int]
    /// The first deadline on or after today that still matters (PRODUCT.md §14).
    public let nextDeadline: Deadline?
    /// The payments from today through its end; nil when it has no end.
    public let paymentsLeft: Int?
    /// Who uses this machine (config `me`, else the account name), whose `myShare` it tells;
    /// nil for the owner.
    public let me: String?

    public init(_ subscription: Subscription, today: CivilDate, config: Config, me: String? = nil) {
        self.me = me
        self.today = today
        self.status = subscription.status(on: today)
        self.amount = subscription.price(on: today)
        self.cycle = subscription.cycle(on: today)
        self.nextPayment = subscription.nextPayment(onOrAfter: today, today: today)
        self.remindDays = subscription.remindDays ?? config.remindDays
        self.nextDeadline = subscription.nextDeadline(onOrAfter: today)
        self.paymentsLeft = subscription.ends.map { ends in
            ends < today ? 0 : subscription.payments(from: today, through: ends, today: today).count
        }
        // Last, so that it is moved in, not copied: a list makes 100,000 snapshots.
        self.subscription = subscription
    }

    /// Today's price split between the owner (first) and the members; just the price when not
    /// shared.
    public var split: [Money] { subscription.split(amount) }

    /// The part of today's price that is `me`'s (`Subscription.myShare`).
    public var myShare: Money { subscription.myShare(of: amount, me: me) }

    /// Whose the first share is, when it is not `me`'s: a subscription another household member
    /// added, synced here. Nil for one of `me`'s, or from before owners.
    public var otherOwner: String? {
        guard let owner = subscription.owner, let me, !NameMatching.same(owner, me) else { return nil }
        return owner
    }

    public var roundedMonthlyCost: Money {
        cycle.roundedMonthlyCost(of: amount)
    }
}

/// Everything `show` tells about one subscription.
public struct SubscriptionDetail: Sendable {
    public let snapshot: SubscriptionSnapshot
    /// Payments made so far, oldest first.
    public let paymentsMade: [Payment]
    public let nextPayments: [Payment]

    public static let nextPaymentCount = 5

    public init(_ snapshot: SubscriptionSnapshot) {
        self.snapshot = snapshot
        self.paymentsMade = snapshot.subscription.paymentsMade(through: snapshot.today)
        // A renewal by hand due today is not paid until it is recorded: it is still ahead.
        let renewedByHand = snapshot.subscription.manualRenewals != nil
        self.nextPayments = snapshot.subscription.nextPayments(
            onOrAfter: renewedByHand ? snapshot.today : snapshot.today.adding(days: 1) ?? snapshot.today,
            count: Self.nextPaymentCount, today: snapshot.today)
    }

    /// The sum of the payments made, in the subscription's currency.
    public var totalPaid: Money {
        Money(minorUnits: paymentsMade.reduce(0) { $0 + $1.amount.minorUnits },
              currency: snapshot.subscription.currency)
    }
}
