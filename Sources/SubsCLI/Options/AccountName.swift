import Foundation
import SubscriptionCore

/// Who uses this machine when config `me` does not say (PRODUCT.md §15): the account's login
/// name, as the environment gives it (`LOGNAME`, `USER`), else the password database.
enum AccountName {
    static var current: String {
        let environment = ProcessInfo.processInfo.environment
        for variable in ["LOGNAME", "USER"] {
            if let name = environment[variable], let checked = try? TextInput.name(name, what: .memberName) { return checked }
        }
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name,
           let checked = try? TextInput.name(String(cString: name), what: .memberName) {
            return checked
        }
        return "me"
    }

    /// The name `owe` and `show` use for the user of this machine.
    static func me(_ config: SubscriptionCore.Config) -> String {
        config.me ?? current
    }

    /// The user of the machine whose database `store` is.
    static func me(_ store: SubscriptionStore) throws -> String {
        me(try store.config())
    }
}
