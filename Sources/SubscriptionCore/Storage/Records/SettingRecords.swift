/// Reads and writes the `settings` table: the settings the user has set, by key. A key not
/// there has its default.
struct SettingRecords {
    let connection: Connection

    /// The configuration the settings make; a setting that does not read is damage.
    func config() throws -> Config {
        var settings: [String: String] = [:]
        for row in try connection.rows("SELECT key, value FROM settings") {
            guard let key = row.text(0), let value = row.text(1) else {
                throw Damaged(.setting(nil))
            }
            settings[key] = value
        }
        do {
            return try Config(settings: settings)
        } catch let error as InputError {
            throw Damaged(.setting(error))
        } catch {
            throw Damaged(.setting(nil))
        }
    }

    /// The settings set, as stored, of the keys this `subs` knows.
    func all() throws -> [ConfigKey: String] {
        try connection.rows("SELECT key, value FROM settings ORDER BY key").reduce(into: [:]) { settings, row in
            guard let name = row.text(0), let value = row.text(1) else {
                throw Damaged(.setting(nil))
            }
            if let key = ConfigKey(rawValue: name) { settings[key] = value }
        }
    }

    /// The keys set, as stored, known to this `subs` or not.
    func keys() throws -> Set<String> {
        Set(try connection.rows("SELECT key FROM settings").compactMap { $0.text(0) })
    }

    /// The value stored for `key`, nil when it has its default.
    func value(of key: ConfigKey) throws -> String? {
        try connection.scalar("SELECT value FROM settings WHERE key = ?", [.text(key.rawValue)])
            .flatMap { if case .text(let text) = $0 { text } else { nil } }
    }

    /// Stores `value` for `key`; nil returns it to its default.
    func set(_ key: ConfigKey, to value: String?) throws {
        if let value {
            // SQLite 3.15 has no UPSERT: replace the row.
            try connection.run("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                               [.text(key.rawValue), .text(value)])
        } else {
            try connection.run("DELETE FROM settings WHERE key = ?", [.text(key.rawValue)])
        }
    }
}
