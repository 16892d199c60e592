import Foundation

/// The database as sync sees it: every synced entity's fields (`SubscriptionFields` for a
/// subscription, one canonical JSON `value` for the rest), read from the tables, and written
/// back when a merge changed them.
struct SyncedData {
    let connection: Connection

    /// Settings that stay on their machine (`ConfigKey.isMachineLocal`): who uses it, the
    /// language they read, and what it runs or calls, which no file from another machine may set.
    static func syncs(_ key: ConfigKey) -> Bool {
        !key.isMachineLocal
    }

    /// Every synced entity there is, with its fields.
    func all() throws -> [EntityID: [String: String]] {
        let subscriptions = try SubscriptionRecords(connection: connection).all()
        return try fields(subscriptions: subscriptions, loginsOf: subscriptions.map(\.id))
    }

    /// The subscriptions `ids` name, few or all, as `write` wants them.
    func subscriptions(_ ids: Set<String>) throws -> [String: Subscription] {
        let records = SubscriptionRecords(connection: connection)
        let found = ids.count <= Self.fewIDs ? try records.all(ids: Array(ids)) : try records.all()
        return Dictionary(found.filter { ids.contains($0.id) }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Up to how many ids a query names one by one (SQLite binds at most 999).
    static let fewIDs = 500

    /// Every synced entity there is, but the subscriptions only those given, and the logins only
    /// of the subscriptions `loginsOf` names.
    func fields(subscriptions: [Subscription], loginsOf ids: [String]) throws -> [EntityID: [String: String]] {
        var all: [EntityID: [String: String]] = [:]
        for subscription in subscriptions {
            all[EntityID(.subscription, subscription.id)] = SubscriptionFields.fields(of: subscription)
        }
        for category in try CategoryRecords(connection: connection).all() {
            all[EntityID(.category, category.name.lowercased())] = Self.value(Self.json(category))
        }
        for (key, value) in try SettingRecords(connection: connection).all() where Self.syncs(key) {
            all[EntityID(.setting, key.rawValue)] = Self.value(.string(value))
        }
        for rate in try RateRecords(connection: connection).all() {
            all[Self.id(of: rate)] = Self.value(.object(["rate": .string(rate.rate.text), "set_at": .string(Timestamp.format(rate.rate.setAt))]))
        }
        for login in try LoginRecords(connection: connection).rows(of: ids) {
            // Sealed by the vault key as stored: the sync key seals it once more in the file.
            all[EntityID(.login, login.subscriptionID)] = Self.value(try JSONValueEncoder.encode(login))
        }
        if let vault = try VaultRecords(connection: connection).row() {
            all[EntityID(.vault, "vault")] = Self.value(Self.json(vault))
        }
        for settlement in try SettlementRecords(connection: connection).all() {
            all[EntityID(.settlement, settlement.id)] = Self.value(try JSONValueEncoder.encode(ExportDocument.SettlementEntry(settlement)))
        }
        try connection.forEachRow(
            "SELECT subscription_id, kind, payment_date, offset_days FROM reminders_sent WHERE state = 'sent'"
        ) { row in
            guard let id = row.text(0), let kind = row.text(1), let date = row.text(2), let offset = row.int(3)
            else { throw Damaged(.sentReminder) }
            all[EntityID(.reminder, "\(id)/\(kind)/\(date)/\(offset)")] = Self.value(.string("sent"))
        }
        return all
    }

    /// Writes `fields` as the entity `id` (nil: it is gone). Returns false when the fields do
    /// not make one, which leaves the database as it was.
    func write(_ id: EntityID, _ fields: [String: String]?, subscriptions: inout [String: Subscription]) throws -> Bool {
        switch id.kind {
        case .subscription:
            let records = SubscriptionRecords(connection: connection)
            guard let fields else {
                if subscriptions.removeValue(forKey: id.key) != nil { try records.delete(ids: [id.key]) }
                return true
            }
            guard let entry = SubscriptionFields.entry(id: id.key, fields: fields),
                  let subscription = try? RecordCheck("sync").subscription(entry, checkingLife: false)
            else { return false }
            if let category = subscription.category, try CategoryRecords(connection: connection).stored(category) == nil {
                try CategoryRecords(connection: connection).insert(ImportedCategory(name: category, color: nil))
            }
            if subscriptions[id.key] != nil { try records.update(subscription) } else { try records.insert(subscription) }
            subscriptions[id.key] = subscription
        case .category:
            let categories = CategoryRecords(connection: connection)
            guard let fields else {
                _ = try removeCategory(id.key)
                return true
            }
            guard let category = Self.decode(CategoryValue.self, fields), category.name.lowercased() == id.key,
                  let name = try? TextInput.name(category.name, what: .category)
            else { return false }
            let color = try category.color.map { text in try CategoryColor(input: text) }
            try categories.restore(ImportedCategory(name: name, color: color))
        case .setting:
            guard let key = ConfigKey(rawValue: id.key), Self.syncs(key) else { return false }
            let settings = SettingRecords(connection: connection)
            guard let fields else {
                try settings.set(key, to: nil)
                return true
            }
            guard let value = Self.decode(String.self, fields),
                  (try? settings.config().setting(key, to: value)) != nil
            else { return false }
            try settings.set(key, to: value)
        case .rate:
            let parts = id.key.split(separator: "/").map(String.init)
            guard parts.count == 2, let currency = Currency(code: parts[0]), let base = Currency(code: parts[1]) else { return false }
            let rates = RateRecords(connection: connection)
            guard let fields else {
                _ = try rates.delete(currency, base: base)
                return true
            }
            guard let value = Self.decode(RateValue.self, fields), let setAt = Timestamp.parse(value.setAt),
                  let rate = try? ExchangeRate(currency: currency, stored: value.rate, setAt: setAt)
            else { return false }
            try rates.set(ImportedRate(rate: rate, base: base))
        case .login:
            let logins = LoginRecords(connection: connection)
            guard let fields else {
                try logins.delete(of: id.key)
                return true
            }
            guard let login = Self.decode(LoginRow.self, fields), login.subscriptionID == id.key,
                  (login.sealedPassword?.utf8.count ?? 0) <= VaultKey.sealedTextLimit
            else { return false }
            // A login of a subscription this machine does not have waits for it.
            guard subscriptions[id.key] != nil else { return true }
            try logins.write(login)
        case .vault:
            guard let fields else { return true }
            guard let vault = Self.decode(VaultValue.self, fields),
                  let parameters = ScryptParameters(storedLogN: Int64(vault.logN), r: Int64(vault.r), p: Int64(vault.p)),
                  let salt = Data(base64Encoded: vault.salt), VaultKey.saltLengths.contains(salt.count),
                  vault.check.utf8.count <= VaultKey.sealedTextLimit
            else { return false }
            try VaultRecords(connection: connection).store(salt: Array(salt), parameters: parameters, check: vault.check, now: Date())
        case .reminder:
            let parts = id.key.split(separator: "/").map(String.init)
            guard parts.count == 4, SentReminder.Kind(rawValue: parts[1]) != nil, CivilDate(iso: parts[2]) != nil,
                  let offset = Int(parts[3])
            else { return false }
            guard fields != nil else {
                try connection.run(
                    "DELETE FROM reminders_sent WHERE subscription_id = ? AND kind = ? AND payment_date = ? AND offset_days = ?",
                    [.text(parts[0]), .text(parts[1]), .text(parts[2]), .integer(Int64(offset))])
                return true
            }
            guard subscriptions[parts[0]] != nil else { return true }
            try connection.run("""
                UPDATE reminders_sent SET state = 'sent'
                WHERE subscription_id = ? AND kind = ? AND payment_date = ? AND offset_days = ?
                """, [.text(parts[0]), .text(parts[1]), .text(parts[2]), .integer(Int64(offset))])
            try ReminderRecords(connection: connection).restore(SentReminderRow(
                subscriptionID: parts[0], kind: parts[1], paymentDate: parts[2], offsetDays: offset,
                updatedAt: Timestamp.format(Date())))
        case .settlement:
            let settlements = SettlementRecords(connection: connection)
            guard let fields else {
                try settlements.delete(id: id.key)
                return true
            }
            guard let entry = Self.decode(ExportDocument.SettlementEntry.self, fields), entry.id == id.key,
                  let settlement = try? RecordCheck("sync").settlement(entry)
            else { return false }
            try settlements.delete(id: id.key)
            try settlements.insert(settlement)
        }
        return true
    }

    /// Deletes the category `key` names, unless a subscription is in it: then it stays, without
    /// the colour only its register had. Returns whether it stays.
    func removeCategory(_ key: String) throws -> Bool {
        let categories = CategoryRecords(connection: connection)
        guard let stored = try categories.stored(key) else { return false }
        try categories.deleteIfUnused(stored)
        guard try categories.stored(key) != nil else { return false }
        try categories.setColor(nil, of: stored)
        return true
    }

    /// The order merged entities are written in: what others refer to first.
    static func writingOrder(_ a: EntityID, _ b: EntityID) -> Bool {
        func rank(_ kind: EntityKind) -> Int {
            switch kind {
            case .category: 0
            case .setting, .rate, .vault: 1
            case .subscription: 2
            case .login, .reminder, .settlement: 3
            }
        }
        return (rank(a.kind), a) < (rank(b.kind), b)
    }

    // MARK: - Values

    static func id(of rate: ImportedRate) -> EntityID {
        EntityID(.rate, "\(rate.rate.currency.code)/\(rate.base.code)")
    }

    private static func value(_ json: JSONValue) -> [String: String] {
        [EntityRegisters.valueField: json.compactText]
    }

    private static func json(_ category: ImportedCategory) -> JSONValue {
        .object(["color": .string(category.color?.description), "name": .string(category.name)])
    }

    private static func json(_ vault: VaultRecords.Row) -> JSONValue {
        .object(["check": .string(vault.check), "log_n": .int(vault.parameters.logN), "p": .int(vault.parameters.p),
                 "r": .int(vault.parameters.r), "salt": .string(Data(vault.salt).base64EncodedString())])
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ fields: [String: String]) -> T? {
        guard let text = fields[EntityRegisters.valueField] else { return nil }
        return try? JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    private struct CategoryValue: Decodable {
        let name: String
        let color: String?
    }

    private struct RateValue: Decodable {
        let rate: String
        let setAt: String

        enum CodingKeys: String, CodingKey { case rate, setAt = "set_at" }
    }

    private struct VaultValue: Decodable {
        let logN: Int
        let r: Int
        let p: Int
        let salt: String
        let check: String

        enum CodingKeys: String, CodingKey { case logN = "log_n", r, p, salt, check }
    }
}
