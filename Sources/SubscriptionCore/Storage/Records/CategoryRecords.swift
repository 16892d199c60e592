/// Reads and writes the `categories` table: every category's name and colour. A category's name
/// is its key, compared without case; subscriptions name it in their `category`.
struct CategoryRecords {
    let connection: Connection

    /// Every category's name, by name.
    func names() throws -> [String] {
        try connection.rows("SELECT name FROM categories ORDER BY name COLLATE NOCASE").map { row in
            guard let name = row.text(0) else { throw Damaged(.categoryName) }
            return name
        }
    }

    /// Every category with its colour, by name.
    func all() throws -> [ImportedCategory] {
        try connection.rows("SELECT name, color FROM categories ORDER BY name COLLATE NOCASE").map { row in
            guard let name = row.text(0) else { throw Damaged(.categoryName) }
            return ImportedCategory(name: name, color: try color(row, 1))
        }
    }

    /// Every category, by name, with how many subscriptions use it.
    func usage() throws -> [CategoryUsage] {
        try connection.rows("""
            SELECT c.name, c.color, count(s.id) FROM categories c
            LEFT JOIN subscriptions s ON s.category = c.name COLLATE NOCASE
            GROUP BY c.name ORDER BY c.name COLLATE NOCASE
            """).map { row in
            guard let name = row.text(0), let count = row.int(2) else {
                throw Damaged(.categoryName)
            }
            return CategoryUsage(name: name, color: try color(row, 1), subscriptionCount: Int(count))
        }
    }

    /// Throws SQLite's own error for a broken key unless every category in `names` is there, as
    /// a subscription naming one needs: checked by hand where foreign keys are off (an import),
    /// one lookup each, as SQLite would (the key's column compares without case).
    func refuseMissing(_ names: Set<String>) throws {
        let sql = "SELECT 1 FROM categories WHERE name = ?"
        for name in names where try connection.scalar(sql, [.text(name)]) == nil {
            throw Connection.brokenForeignKey(sql: sql)
        }
    }

    /// The stored spelling of the category `name` names, matched as names are; nil for none.
    func stored(_ name: String) throws -> String? {
        try names().first { NameMatching.same($0, name) }
    }

    /// The stored spelling of a category, matched as names are; unknown when none matches.
    func existing(_ name: String) throws -> String {
        let known = try names()
        guard let match = known.first(where: { NameMatching.same($0, name) }) else {
            throw CategoryError.unknown(
                name: name, suggestions: Suggestions.closest(to: name, in: known), known: known)
        }
        return match
    }

    /// The stored spelling of a category, matched as names are; a name no category has yet
    /// becomes a new category (`created`), unless it is close to one that exists: that is
    /// refused as a likely typo ("Streming"), with the suggestion.
    func existingOrNew(_ name: String) throws -> (name: String, created: Bool) {
        let known = try names()
        if let match = known.first(where: { NameMatching.same($0, name) }) { return (match, false) }
        let suggestions = Suggestions.closest(to: name, in: known)
        guard suggestions.isEmpty else { throw CategoryError.unknown(name: name, suggestions: suggestions, known: known) }
        try insert(ImportedCategory(name: name, color: nil))
        return (name, true)
    }

    func insert(_ category: ImportedCategory) throws {
        try connection.run("INSERT INTO categories (name, color) VALUES (?, ?)",
                           [.text(category.name), value(of: category.color)])
    }

    func setColor(_ color: CategoryColor?, of name: String) throws {
        try connection.run("UPDATE categories SET color = ? WHERE name = ?", [value(of: color), .text(name)])
    }

    /// Renames the category `current` (its stored spelling); every subscription in it follows.
    func rename(_ current: String, to new: String) throws {
        try connection.run("UPDATE categories SET name = ? WHERE name = ?", [.text(new), .text(current)])
        // ON UPDATE CASCADE does not fire for a change of case alone (the key compares
        // without case), so the subscriptions are updated here too.
        try connection.run("UPDATE subscriptions SET category = ? WHERE category = ? COLLATE NOCASE",
                           [.text(new), .text(current)])
    }

    /// Deletes the category `name` (its stored spelling).
    func delete(_ name: String) throws {
        try connection.run("DELETE FROM categories WHERE name = ?", [.text(name)])
    }

    /// Deletes the category `name`, unless a subscription is in it.
    func deleteIfUnused(_ name: String) throws {
        try connection.run("""
            DELETE FROM categories WHERE name = ? COLLATE NOCASE
                AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE category = ? COLLATE NOCASE)
            """, [.text(name), .text(name)])
    }

    /// Puts `category` back as it was: the one with its name, matched as names are, takes its
    /// spelling and colour, or it is added.
    func restore(_ category: ImportedCategory) throws {
        if let current = try stored(category.name) {
            try rename(current, to: category.name)
            try setColor(category.color, of: category.name)
        } else {
            try insert(category)
        }
    }

    private func value(of color: CategoryColor?) -> SQLiteValue {
        color.map { .text($0.description) } ?? .null
    }

    private func color(_ row: Row, _ column: Int) throws -> CategoryColor? {
        try row.text(column).map { text in
            guard let color = CategoryColor(stored: text) else { throw Damaged(.categoryColour) }
            return color
        }
    }
}
