import SubscriptionCore

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
