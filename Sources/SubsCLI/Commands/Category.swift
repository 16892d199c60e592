import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Category: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "category",
            abstract: localized("List and manage categories."),
            subcommands: [List.self, Add.self, Rename.self, Delete.self]).parsedAlone
    }
}

extension Subs.Category {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: localized("Show categories with how many subscriptions use each.")).parsedAlone

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions

        func run() throws {
            print(CategoryRenderer.list(try store.openStore().categoryUsage(), format: format), terminator: "")
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: localized("Add a category.")).parsedAlone

        @Argument(help: .localized("Its name."))
        var name: String

        @Option(help: .localized("A colour: \(CategoryColor.Name.allCases.map(\.rawValue).joined(separator: ", ")), or #rrggbb.",
                                   valueName: "colour"))
        var color: String?

        @OptionGroup var store: StoreOptions

        func run() throws {
            let name = try TextInput.name(name, what: .category)
            let color = try color.map(CategoryColor.init(input:))
            try store.openStore().addCategory(name, color: color)
            print(localized("Added category \(name.terminalSafe)."))
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: localized("Rename a category; its subscriptions follow.")).parsedAlone

        @Argument(help: .localized("The current name."),
                  completion: ShellCompletion.categories)
        var old: String

        @Argument(help: .localized("The new name."))
        var new: String

        @OptionGroup var store: StoreOptions

        func run() throws {
            let new = try TextInput.name(new, what: .category)
            try store.openStore().renameCategory(old, to: new)
            print(localized("Renamed category \(old.terminalSafe) to \(new.terminalSafe)."))
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: localized("Delete a category no subscription uses.")).parsedAlone

        @Argument(help: .localized("The name."),
                  completion: ShellCompletion.categories)
        var name: String

        @OptionGroup var store: StoreOptions

        func run() throws {
            try store.openStore().deleteCategory(name)
            print(localized("Deleted category \(name.terminalSafe)."))
        }
    }
}
