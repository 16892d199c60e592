/// What `detect --add` and `--record` wrote.
public struct DetectionOutcome: Sendable {
    public var added: [Subscription] = []
    /// Each tracked subscription that got records, with how many.
    public var recorded: [(subscription: Subscription, count: Int)] = []
    /// Each subscription whose charges were to be recorded, with what came of each charge.
    public var matched: [(subscription: Subscription, matching: ChargeMatching)] = []
}
