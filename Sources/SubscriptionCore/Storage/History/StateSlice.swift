import Foundation

/// What one change touched, as it was before or after it: whole subscriptions (with price
/// history, periods, pauses and members), categories with their colours, the settings and the
/// exchange rates. Stored as an export document (PRODUCT.md §8), so a snapshot holds everything
/// the export holds and reads back by the same checks.
struct StateSlice: Equatable {
    var subscriptions: [Subscription] = []
    var categories: [ImportedCategory] = []
    var settings: [ConfigKey: String] = [:]
    var rates: [ImportedRate] = []
    /// Logins as stored (sealed), of the subscriptions whose login the change touched.
    var logins: [LoginRow] = []
    /// The reminders already sent for the subscriptions a delete took.
    var remindersSent: [SentReminderRow] = []
    /// Settlements made or taken back (PRODUCT.md §15).
    var settlements: [Settlement] = []

    static let empty = StateSlice()

    var isEmpty: Bool { self == .empty }

    /// Compact JSON of the export document's shape.
    func encoded(at now: Date) -> String {
        let document = ExportDocument(subscriptions: subscriptions, categories: categories, settings: settings,
                                      rates: rates, settlements: settlements, exportedAt: now)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, integers, booleans and nulls only: encoding cannot fail. The logins and
        // reminders sent ride beside the document's keys, which an export document reader ignores.
        let text = String(decoding: try! encoder.encode(document), as: UTF8.self)
        let extras = Extras(logins: logins.isEmpty ? nil : logins, remindersSent: remindersSent.isEmpty ? nil : remindersSent)
        guard extras.logins != nil || extras.remindersSent != nil else { return text }
        let extra = String(decoding: try! encoder.encode(extras), as: UTF8.self)
        return String(text.dropLast()) + "," + String(extra.dropFirst())
    }

    /// What a snapshot holds beyond an export document.
    struct Extras: Codable {
        var logins: [LoginRow]?
        var remindersSent: [SentReminderRow]?

        enum CodingKeys: String, CodingKey {
            case logins, remindersSent = "reminders_sent"
        }
    }

    /// Reads back what `encoded` wrote; damage is a damaged database.
    init(decoding text: String) throws {
        let damaged = Damaged(.historyEntry)
        guard let document = try? JSONDecoder().decode(ExportDocument.self, from: Data(text.utf8)),
              let extra = try? JSONDecoder().decode(Extras.self, from: Data(text.utf8))
        else { throw damaged }
        logins = extra.logins ?? []
        remindersSent = extra.remindersSent ?? []
        do {
            let check = RecordCheck("history")
            // As stored: undo must bring back whatever was, even what an import now refuses.
            subscriptions = try document.subscriptions.map { try check.subscription($0, checkingLife: false) }
            categories = try document.categories.map { entry in
                ImportedCategory(name: entry.name, color: try entry.color.map { text in
                    guard let color = CategoryColor(stored: text) else { throw damaged }
                    return color
                })
            }
            settings = Dictionary(uniqueKeysWithValues: try document.settings.map { key, value in
                guard let key = ConfigKey(rawValue: key) else { throw damaged }
                return (key, value)
            })
            rates = try document.rates.map { entry in
                guard let currency = Currency(code: entry.currency), let base = Currency(code: entry.base),
                      let setAt = Timestamp.parse(entry.setAt)
                else { throw damaged }
                return ImportedRate(rate: try ExchangeRate(currency: currency, stored: entry.rate, setAt: setAt), base: base)
            }
            settlements = try (document.settlements ?? []).map { try check.settlement($0) }
        } catch is ImportError {
            throw damaged
        }
    }

    init(subscriptions: [Subscription] = [], categories: [ImportedCategory] = [],
         settings: [ConfigKey: String] = [:], rates: [ImportedRate] = [], logins: [LoginRow] = [],
         remindersSent: [SentReminderRow] = [], settlements: [Settlement] = []) {
        self.settlements = settlements
        self.logins = logins
        self.remindersSent = remindersSent
        self.subscriptions = subscriptions
        self.categories = categories
        self.settings = settings
        self.rates = rates
    }
}
