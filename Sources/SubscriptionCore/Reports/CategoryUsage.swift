/// A category with its colour and how many subscriptions use it.
public struct CategoryUsage: Hashable, Sendable {
    public let name: String
    public let color: CategoryColor?
    public let subscriptionCount: Int
}
