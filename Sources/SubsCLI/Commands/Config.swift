import ArgumentParser
import SubscriptionCore


extension Subs {
    struct Config: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: localized("Read and change settings."),
            discussion: localized("""
                Keys:
                  currency            the default currency of new subscriptions (default USD)
                  remind-days         days before a payment to remind, like 7,1 (default 2)
                  remind-cancel-days  days before a last day to cancel to remind (default 30,7)
                  reminders           on or off: off silences 'subs remind' (default on)
                  remind-exec         the default --exec command of 'subs remind'
                  remind-webhook      the default --webhook URL of 'subs remind'
                  budget              a monthly budget in the base currency, for 'subs summary'
                  language            en or tr, when SUBS_LANG does not say (default: the locale)
                  me                  who uses this machine, for 'subs owe' (default: the account name)
                """),
            subcommands: [List.self, Get.self, Set.self, Unset.self]).parsedAlone
    }
}

extension Subs.Config {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: localized("Show every setting and its value.")).parsedAlone

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try store.openStore()
            print(ConfigRenderer.list(try store.config(), keysSet: try store.configKeysSet(), format: format),
                  terminator: "")
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get", abstract: localized("Print one setting's value.")).parsedAlone

        @Argument(help: .localized("The setting: \(ConfigKey.names).", valueName: "key"),
                  completion: ConfigKey.defaultCompletionKind, transform: strictly(ConfigKey.init(input:)))
        var key: ConfigKey

        @OptionGroup var store: StoreOptions

        func run() throws {
            if let value = try store.openStore().config().value(of: key) {
                print(value.terminalSafe)
            }
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: localized("Change a setting.")).parsedAlone

        @Argument(help: .localized("The setting: \(ConfigKey.names).", valueName: "key"),
                  completion: ConfigKey.defaultCompletionKind, transform: strictly(ConfigKey.init(input:)))
        var key: ConfigKey

        @Argument(help: .localized("Its new value; an empty command or URL unsets it."))
        var value: String

        @OptionGroup var store: StoreOptions

        func run() throws {
            // A budget is an amount: the reader's form of it (`99,50` in Turkish) too.
            let value = key == .budget ? try LocaleInput.amount(value, in: Language.current) ?? value : value
            _ = try key.normalized(value)
            let config = try store.openStore().setConfig(key, to: value)
            let shown = ConfigRenderer.shownValue(of: key, in: config)?.terminalSafe ?? localized("(not set)")
            print(localized("\(key.rawValue) = \(shown)"))
        }
    }

    struct Unset: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unset", abstract: localized("Return a setting to its default.")).parsedAlone

        @Argument(help: .localized("The setting: \(ConfigKey.names).", valueName: "key"),
                  completion: ConfigKey.defaultCompletionKind, transform: strictly(ConfigKey.init(input:)))
        var key: ConfigKey

        @OptionGroup var store: StoreOptions

        func run() throws {
            let config = try store.openStore().setConfig(key, to: nil)
            let shown = ConfigRenderer.shownValue(of: key, in: config)?.terminalSafe ?? localized("(not set)")
            print(localized("\(key.rawValue) = \(shown)"))
        }
    }
}
