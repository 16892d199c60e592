import Foundation

extension SubscriptionStore {
    /// Every category's name and colour, by name: what painting a list needs, without counting
    /// the subscriptions of each (which reads them all again).
    public func categoryColors() throws -> [(name: String, color: CategoryColor?)] {
        try read { try CategoryRecords(connection: $0).all().map { ($0.name, $0.color) } }
    }

    /// Every category, by name, with how many subscriptions use it.
    public func categoryUsage() throws -> [CategoryUsage] {
        try read { try CategoryRecords(connection: $0).usage() }
    }

    /// Adds a category, refusing a name another category has (compared as `NameMatching` does).
    public func addCategory(_ name: String, color: CategoryColor?, now: Date = Date()) throws {
        try write { connection in
            let categories = CategoryRecords(connection: connection)
            if let existing = try categories.stored(name) {
                throw CategoryError.exists(existing: existing)
            }
            let category = ImportedCategory(name: name, color: color)
            try categories.insert(category)
            try History.record(connection, .category, subscriptionID: nil, subject: name, detail: .categoryAdded,
                               before: .empty, after: StateSlice(categories: [category]), now: now)
        }
    }

    /// A category with its colour, and the subscriptions in it: what a change to it touches.
    private static func categorySlice(_ name: String, _ connection: Connection) throws -> StateSlice {
        StateSlice(
            subscriptions: try SubscriptionRecords(connection: connection).all().filter {
                $0.category.map { NameMatching.same($0, name) } ?? false
            },
            categories: try CategoryRecords(connection: connection).all().filter { NameMatching.same($0.name, name) })
    }

    /// Renames a category; its subscriptions follow.
    public func renameCategory(_ old: String, to new: String, now: Date = Date()) throws {
        try write { connection in
            let categories = CategoryRecords(connection: connection)
            let current = try categories.existing(old)
            let before = try Self.categorySlice(current, connection)
            let clash = try categories.names().first {
                NameMatching.same($0, new) && $0 != current
            }
            if let clash { throw CategoryError.exists(existing: clash) }
            try categories.rename(current, to: new)
            try History.record(connection, .category, subscriptionID: nil, subject: new,
                               detail: .categoryRenamed(from: current), before: before,
                               after: try Self.categorySlice(new, connection), now: now)
        }
    }

    /// Deletes a category no subscription uses; refuses, naming them, while any does.
    public func deleteCategory(_ name: String, now: Date = Date()) throws {
        try write { connection in
            let categories = CategoryRecords(connection: connection)
            let current = try categories.existing(name)
            let users = try SubscriptionRecords(connection: connection).names(inCategory: current)
            guard users.isEmpty else {
                throw CategoryError.inUse(category: current, by: users)
            }
            let before = try Self.categorySlice(current, connection)
            try categories.delete(current)
            try History.record(connection, .category, subscriptionID: nil, subject: current, detail: .categoryDeleted,
                               before: before, after: .empty, now: now)
        }
    }
}
