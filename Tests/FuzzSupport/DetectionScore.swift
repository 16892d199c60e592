import Foundation
import SubscriptionCore

/// How well a detection did against the truth a statement was made from.
public struct DetectionScore: CustomStringConvertible {
    /// Truths found with the right cycle, latest amount and state.
    public var found: [StatementYear.Truth] = []
    public var missed: [StatementYear.Truth] = []
    /// Findings that are no subscription of the truth (or report it wrongly).
    public var wrong: [String] = []

    public struct Finding {
        let merchant: String
        let cycle: BillingCycle
        let latestAmount: Decimal
        let ended: Bool

        public init(merchant: String, cycle: BillingCycle, latestAmount: Decimal, ended: Bool) {
            self.merchant = merchant
            self.cycle = cycle
            self.latestAmount = latestAmount
            self.ended = ended
        }
    }

    public init(truths: [StatementYear.Truth], findings: [Finding]) {
        var unmatched = findings
        for truth in truths {
            if let index = unmatched.firstIndex(where: {
                NameMatching.same($0.merchant, truth.merchant) && $0.cycle == truth.cycle
                    && Money(rounding: $0.latestAmount, currency: .usd) == Money(rounding: truth.latestAmount, currency: .usd)
                    && $0.ended == truth.ended
            }) {
                found.append(truth)
                unmatched.remove(at: index)
            } else {
                missed.append(truth)
            }
        }
        wrong = unmatched.map { "\($0.merchant) \($0.cycle) \($0.latestAmount)\($0.ended ? " ended" : "")" }
    }

    public var recall: Double { Double(found.count) / Double(found.count + missed.count) }
    public var falseShare: Double { Double(wrong.count) / Double(max(1, found.count + wrong.count)) }

    public var description: String {
        "found \(found.count) of \(found.count + missed.count); missed "
            + missed.map { "\($0.merchant) \($0.cycle) \($0.latestAmount)\($0.ended ? " ended" : "")" }.description
            + "; wrong \(wrong)"
    }
}
