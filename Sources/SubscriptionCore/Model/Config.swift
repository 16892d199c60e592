import Foundation

/// The user's settings, stored in the database (`subs config`).
public struct Config: Equatable, Sendable {
    /// The currency for new subscriptions and the base of converted totals.
    public var currency: Currency = .usd
    /// Days before a payment to remind, for subscriptions without their own list.
    public var remindDays: [Int] = [2]
    /// Days before a last day to cancel to remind (PRODUCT.md §14), apart from payments.
    public var remindCancelDays: [Int] = [30, 7]
    /// `reminders off` silences `subs remind` entirely.
    public var remindersEnabled = true
    /// The default `--exec` command of `subs remind`.
    public var remindExec: String?
    /// The default `--webhook` URL of `subs remind`.
    public var remindWebhook: String?
    /// A monthly spending limit in the base currency, as typed.
    public var budget: DecimalAmount?
    /// The language texts are shown in, when `SUBS_LANG` does not say; nil follows the locale.
    public var language: Language?
    /// Who uses this machine, as the household's names say it (PRODUCT.md §15); nil is the
    /// account name (`Household.me`).
    public var me: String?

    public init() {}

    public static let defaults = Config()

    /// Reads the settings table's key-value pairs. A key this version does not know is skipped;
    /// a known key whose value does not read is an error, never a silent default.
    init(settings: [String: String]) throws {
        for (name, value) in settings {
            guard let key = ConfigKey(rawValue: name) else { continue }
            try key.apply(value, to: &self)
        }
    }

    /// `key` set to `value` on top of these settings, checked against the others: a budget has
    /// no more decimals than the base currency, whichever of the two changes.
    public func setting(_ key: ConfigKey, to value: String) throws -> Config {
        var updated = self
        try key.apply(value, to: &updated)
        if let budget = updated.budget, budget.fractionDigits.count > updated.currency.minorDigits {
            throw key == .budget
                ? SettingsError.budgetTooPrecise(budget: value, currency: updated.currency)
                : SettingsError.currencyTooCoarseForBudget(currency: updated.currency, budget: budget.text)
        }
        return updated
    }

    /// The value of `key` as `config get` prints it, or nil when it is not set.
    public func value(of key: ConfigKey) -> String? {
        switch key {
        case .currency: currency.code
        case .remindDays: RemindDays.format(remindDays)
        case .remindCancelDays: RemindDays.format(remindCancelDays)
        case .reminders: remindersEnabled ? "on" : "off"
        case .remindExec: remindExec
        case .remindWebhook: remindWebhook
        case .budget: budget?.text
        case .language: language?.rawValue
        case .me: me
        }
    }
}

/// A setting `subs config` knows, with the grammar of its values.
public enum ConfigKey: String, CaseIterable, Sendable {
    case currency
    case remindDays = "remind-days"
    case remindCancelDays = "remind-cancel-days"
    case reminders
    case remindExec = "remind-exec"
    case remindWebhook = "remind-webhook"
    case budget
    case language
    case me

    /// Parses a KEY argument, with a one-line error that lists the keys.
    public init(input text: String) throws {
        guard let key = ConfigKey(rawValue: text.lowercased()) else {
            throw InputError.invalid(.configKey, value: text, expected: .configKey)
        }
        self = key
    }

    /// Whether the value is a command `subs` runs or an address it calls: never taken from an
    /// imported file, only from the user (`config set`).
    public var runsOrCalls: Bool {
        switch self {
        case .remindExec, .remindWebhook: true
        case .currency, .remindDays, .remindCancelDays, .reminders, .budget, .language, .me: false
        }
    }

    /// Whether the value belongs to this machine, not to the data (PRODUCT.md §15): who uses it,
    /// the language it speaks, what it runs or calls. Never synced to another machine.
    public var isMachineLocal: Bool {
        switch self {
        case .me, .language, .remindExec, .remindWebhook: true
        case .currency, .remindDays, .remindCancelDays, .reminders, .budget: false
        }
    }

    /// Whether an import leaves the value out: a command or address (`runsOrCalls`), or who uses
    /// the machine the file came from (`me`), which is not who uses this one. The language a file
    /// has is still taken, as it always was.
    public var neverImported: Bool {
        runsOrCalls || self == .me
    }

    /// Validates `value`'s own grammar and returns the form to store; nil for a command or URL
    /// set to the empty string, which unsets it. How it fits the other settings (a budget's
    /// decimals and the base currency) is `Config.setting(_:to:)`'s to check.
    public func normalized(_ value: String) throws -> String? {
        var config = Config()
        try apply(value, to: &config)
        return config.value(of: self)
    }

    func apply(_ value: String, to config: inout Config) throws {
        // Stored values were trimmed when set: Foundation's trimming, which every run's reading
        // of the settings would pay for each, only for a value that may need it.
        func plain(_ end: UInt8?) -> Bool {
            end.map { $0 < 0x80 && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? true
        }
        let trimmed = plain(value.utf8.first) && plain(value.utf8.last) ? value : value.trimmingCharacters(in: .whitespaces)
        switch self {
        case .currency:
            config.currency = try Currency(input: trimmed)
        case .remindDays:
            config.remindDays = try RemindDays.parse(trimmed)
        case .remindCancelDays:
            config.remindCancelDays = try RemindDays.parse(trimmed, expected: .cancelReminderDays)
        case .reminders:
            switch trimmed.lowercased() {
            case "on", "true", "yes": config.remindersEnabled = true
            case "off", "false", "no": config.remindersEnabled = false
            default: throw InputError.invalid(.remindersValue, value: value, expected: .onOrOff)
            }
        case .remindExec:
            config.remindExec = try TextInput.freeText(trimmed, what: .remindExecCommand)
        case .remindWebhook:
            config.remindWebhook = try trimmed.isEmpty ? nil : WebhookURL.validated(trimmed)
        case .budget:
            let amount = try trimmed.isEmpty ? nil : DecimalAmount(input: trimmed)
            if let amount, amount.fractionDigits.count > 4 {
                throw InputError.invalid(.budget, value: value, expected: .monthlyBudget)
            }
            config.budget = amount
        case .language:
            guard !trimmed.isEmpty else { return config.language = nil }
            guard let language = Language(localeName: trimmed), trimmed.count <= 16 else {
                throw InputError.invalid(.language, value: value, expected: .languageCode)
            }
            config.language = language
        case .me:
            config.me = try trimmed.isEmpty ? nil : TextInput.name(trimmed, what: .memberName)
        }
    }
}

/// Webhook addresses: absolute http or https URLs with a host.
public enum WebhookURL {
    public static func validated(_ text: String) throws -> String {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host?.isEmpty == false,
              !text.unicodeScalars.contains(where: \.isControlOrInvisibleFormat)
        else {
            // Never the credentials the address may carry: errors go to cron's mail.
            throw InputError.invalid(.webhookURL, value: text.withoutURLCredentials, expected: .webhookURL)
        }
        return text
    }
}

/// Reminder offsets: days before a payment, or before a last day to cancel.
public enum RemindDays {
    public static let range = 0...365

    /// Parses `7,1` into `[7, 1]`: distinct, in descending order. `none` (in Turkish `yok`) is no reminders.
    public static func parse(_ text: String) throws -> [Int] {
        try parse(text, expected: .reminderDays)
    }

    /// `parse`, with what a refusal expects: days before a payment, or before a deadline.
    public static func parse(_ text: String, expected: InputError.Expected) throws -> [Int] {
        // The stored form, `7,1`, has nothing to trim: read it without Foundation.
        let isPlain = text.utf8.allSatisfy { $0 == UInt8(ascii: ",") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        if isPlain, let days = storedDays(text) { return days }
        if !isPlain, ["none", "yok"].contains(text.trimmingCharacters(in: .whitespaces).lowercased()) { return [] }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { isPlain ? $0 : Substring($0.trimmingCharacters(in: .whitespaces)) }
        var days: Set<Int> = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCIIDigit), let day = Int(part),
                  range.contains(day)
            else { throw InputError.invalid(.reminderDays, value: text, expected: expected) }
            days.insert(day)
        }
        return days.sorted(by: >)
    }

    /// The stored form, already in order (`7,1`: each day 0 to 365, no more than three digits,
    /// largest first, none twice), read byte by byte, as every stored subscription with its own
    /// days is; nil for anything else, which `parse` reads the long way.
    private static func storedDays(_ text: String) -> [Int]? {
        var days: [Int] = []
        var day = 0, digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ",") {
                guard digits > 0, days.last.map({ $0 > day }) ?? true, range.contains(day) else { return nil }
                days.append(day)
                (day, digits) = (0, 0)
            } else {
                day = day * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                guard digits <= 3 else { return nil }
            }
        }
        guard digits > 0, days.last.map({ $0 > day }) ?? true, range.contains(day) else { return nil }
        days.append(day)
        return days
    }

    /// The stored form that `parse` reads back: `7,1`, or `none`.
    public static func format(_ days: [Int]) -> String {
        days.isEmpty ? "none" : days.map(String.init).joined(separator: ",")
    }
}
