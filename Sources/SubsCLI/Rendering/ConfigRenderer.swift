import Foundation
import SubscriptionCore

/// `config list` as aligned `key  value` lines, or a JSON object of the values.
enum ConfigRenderer {
    static func list(_ config: SubscriptionCore.Config, keysSet: Swift.Set<ConfigKey>, format: ObjectFormat) -> String {
        switch format {
        case .json:
            // JSON keys are snake_case like everywhere else: remind-days becomes remind_days.
            return JSONValue.object(JSONObject(uniqueKeysWithValues: ConfigKey.allCases.map {
                ($0.rawValue.replacingOccurrences(of: "-", with: "_"), JSONValue.string(config.value(of: $0)))
            })).rendered
        case .table:
            let width = ConfigKey.allCases.map(\.rawValue.count).max() ?? 0
            return ConfigKey.allCases.map { key in
                let value = shownValue(of: key, in: config).map {
                    $0.terminalSafe + (keysSet.contains(key) ? "" : "  " + localized("(default)"))
                }
                return key.rawValue.padding(toLength: width) + "  " + (value ?? localized("(not set)"))
            }.joined(separator: "\n") + "\n"
        }
    }

    /// A setting's value as listings and confirmations show it: a webhook without the user and
    /// password its address may carry, the budget as the language writes amounts (`1,500.00`,
    /// in Turkish `1.500,00`). `config get` and exports give the stored value, for scripts.
    static func shownValue(of key: ConfigKey, in config: SubscriptionCore.Config) -> String? {
        if key == .budget, let budget = config.budget, let money = try? Money(budget, currency: config.currency) {
            return MoneyText.number(money.description)
        }
        // Who uses this machine is the account's name until set (PRODUCT.md §15).
        if key == .me { return AccountName.me(config) }
        return config.value(of: key).map { key == .remindWebhook ? $0.withoutURLCredentials : $0 }
    }
}
