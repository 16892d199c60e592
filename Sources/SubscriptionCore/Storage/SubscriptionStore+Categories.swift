import Foundation

extension SubscriptionStore {
    /// Every category's name and colour, by name: what painting a list needs, without counting
    /// the subscriptions of each (which reads them all again).
    public func categoryColors() throws -> [(name: String, color: CategoryColor?)] {
        try read { try Self.categoryColors($0) }
    }

    /// Every category, by name, with how many subscriptions use it.
    public func categoryUsage() throws -> [CategoryUsage] {
        try read { connection in
            try connection.rows("""
                SELECT c.name, c.color, count(s.id) FROM categories c
                LEFT JOIN subscriptions s ON s.category = c.name COLLATE NOCASE
                GROUP BY c.name ORDER BY c.name COLLATE NOCASE
                """).map { row in
                guard let name = row.text(0), let count = row.int(2) else {
                    throw Damaged(.categoryName)
                }
                let color = try row.text(1).map { text in
                    guard let color = CategoryColor(stored: text) else {
                        throw Damaged(.categoryColour)
                    }
                    return color
                }
                return CategoryUsage(name: name, color: color, subscriptionCount: Int(count))
            }
        }
    }

    /// Adds a category, refusing a name another category has (compared as `NameMatching` does).
    public func addCategory(_ name: String, color: CategoryColor?, now: Date = Date()) throws {
        try write { connection in
            if let existing = try Self.categories(connection).first(where: { NameMatching.same($0, name) }) {
                throw CategoryError.exists(existing: existing)
            }
            try connection.run("INSERT INTO categories (name, color) VALUES (?, ?)",
                               [.text(name), color.map { .text($0.description) } ?? .null])
            try History.record(connection, .category, subscriptionID: nil, subject: name, detail: .categoryAdded,
                               before: .empty, after: StateSlice(categories: [ImportedCategory(name: name, color: color)]), now: now)
        }
    }

    /// A category with its colour, and the subscriptions in it: what a change to it touches.
    private static func categorySlice(_ name: String, _ connection: Connection) throws -> StateSlice {
        StateSlice(
            subscriptions: try SubscriptionRecords(connection: connection).all().filter {
                $0.category.map { NameMatching.same($0, name) } ?? false
            },
            categories: try categoryColors(connection).filter { NameMatching.same($0.name, name) }
                .map { ImportedCategory(name: $0.name, color: $0.color) })
    }

    /// Renames a category; its subscriptions follow (`ON UPDATE CASCADE`).
    public func renameCategory(_ old: String, to new: String, now: Date = Date()) throws {
        try write { connection in
            let current = try Self.canonicalCategory(old, connection)
            let before = try Self.categorySlice(current, connection)
            let clash = try Self.categories(connection).first {
                NameMatching.same($0, new) && $0 != current
            }
            if let clash { throw CategoryError.exists(existing: clash) }
            try connection.run("UPDATE categories SET name = ? WHERE name = ?", [.text(new), .text(current)])
            // ON UPDATE CASCADE does not fire for a change of case alone (the key compares
            // without case), so the subscriptions are updated here too.
            try connection.run("UPDATE subscriptions SET category = ? WHERE category = ? COLLATE NOCASE",
                               [.text(new), .text(current)])
            try History.record(connection, .category, subscriptionID: nil, subject: new,
                               detail: .categoryRenamed(from: current), before: before,
                               after: try Self.categorySlice(new, connection), now: now)
        }
    }

    /// Deletes a category no subscription uses; refuses, naming them, while any does.
    public func deleteCategory(_ name: String, now: Date = Date()) throws {
        try write { connection in
            let current = try Self.canonicalCategory(name, connection)
            let users = try connection.rows(
                "SELECT name FROM subscriptions WHERE category = ? COLLATE NOCASE ORDER BY name", [.text(current)]
            ).map { row in
                guard let name = row.text(0) else { throw Damaged(.subscriptionName) }
                return name
            }
            guard users.isEmpty else {
                throw CategoryError.inUse(category: current, by: users)
            }
            let before = try Self.categorySlice(current, connection)
            try connection.run("DELETE FROM categories WHERE name = ?", [.text(current)])
            try History.record(connection, .category, subscriptionID: nil, subject: current, detail: .categoryDeleted,
                               before: before, after: .empty, now: now)
        }
    }
}
