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
                let value = config.value(of: key).map {
                    $0.terminalSafe + (keysSet.contains(key) ? "" : "  " + localized("(default)"))
                }
                return key.rawValue.padding(toLength: width) + "  " + (value ?? localized("(not set)"))
            }.joined(separator: "\n") + "\n"
        }
    }
}
