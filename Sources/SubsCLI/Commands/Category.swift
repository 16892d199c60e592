import ArgumentParser
import SubscriptionCore

extension Subs {
    struct Category: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List and manage categories.",
            subcommands: [List.self, Add.self, Rename.self, Delete.self])
    }
}

extension Subs.Category {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show categories with how many subscriptions use each.")

        @Option(help: "Output format.")
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions

        func run() throws {
            print(CategoryRenderer.list(try store.openStore().categoryUsage(), format: format), terminator: "")
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a category.")

        @Argument(help: "Its name.")
        var name: String

        @Option(help: ArgumentHelp("A colour: \(CategoryColor.names.joined(separator: ", ")), or #rrggbb.",
                                   valueName: "colour"))
        var color: String?

        @OptionGroup var store: StoreOptions

        func run() throws {
            let name = try TextInput.name(name, what: "category")
            let color = try color.map(CategoryColor.validated)
            try store.openStore().addCategory(name, color: color)
            print("Added category \(name.terminalSafe).")
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a category; its subscriptions follow.")

        @Argument(help: "The current name.")
        var old: String

        @Argument(help: "The new name.")
        var new: String

        @OptionGroup var store: StoreOptions

        func run() throws {
            let new = try TextInput.name(new, what: "category")
            try store.openStore().renameCategory(old, to: new)
            print("Renamed category \(old.terminalSafe) to \(new.terminalSafe).")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a category no subscription uses.")

        @Argument(help: "The name.")
        var name: String

        @OptionGroup var store: StoreOptions

        func run() throws {
            try store.openStore().deleteCategory(name)
            print("Deleted category \(name.terminalSafe).")
        }
    }
}

/// Category colours: the terminal's named colours, or a hex colour for other tools.
enum CategoryColor {
    static let names = ["red", "green", "yellow", "blue", "magenta", "cyan"]

    static func validated(_ text: String) throws -> String {
        let lower = text.lowercased()
        let isHex = lower.count == 7 && lower.hasPrefix("#") && lower.dropFirst().allSatisfy(\.isHexDigit)
        guard names.contains(lower) || isHex else {
            throw InputError("invalid colour '\(text.terminalSafe)': expected \(names.joined(separator: ", ")) or #rrggbb")
        }
        return lower
    }

    static func style(_ color: String?) -> Terminal.Style? {
        color.flatMap { Terminal.Style(name: $0) }
    }
}

enum CategoryRenderer {
    static func list(_ categories: [CategoryUsage], format: ObjectFormat, terminal: Terminal = .standardOutput) -> String {
        switch format {
        case .json:
            return JSONValue.array(categories.map {
                .object(["color": .string($0.color), "name": .string($0.name), "subscriptions": .int($0.subscriptionCount)])
            }).rendered
        case .table:
            var table = Table([.init(header: "CATEGORY"), .init(header: "SUBSCRIPTIONS", alignment: .right),
                               .init(header: "COLOUR")])
            for category in categories {
                table.append([Table.Cell(category.name, style: CategoryColor.style(category.color)),
                              Table.Cell(String(category.subscriptionCount)), Table.Cell(category.color ?? "")])
            }
            return table.render(on: terminal)
        }
    }
}
