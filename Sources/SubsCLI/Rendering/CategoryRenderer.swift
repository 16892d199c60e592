import SubscriptionCore

extension Terminal.Style {
    /// How a category in `color` is painted: in its named colour; a #rrggbb colour is not painted.
    init?(category color: CategoryColor?) {
        switch color?.name {
        case .red: self = .red
        case .green: self = .green
        case .yellow: self = .yellow
        case .blue: self = .blue
        case .magenta: self = .magenta
        case .cyan: self = .cyan
        case nil: return nil
        }
    }
}

enum CategoryRenderer {
    static func list(_ categories: [CategoryUsage], format: ObjectFormat, terminal: Terminal = .standardOutput) -> String {
        switch format {
        case .json:
            return JSONValue.array(categories.map {
                .object(["color": .string($0.color?.description), "name": .string($0.name), "subscriptions": .int($0.subscriptionCount)])
            }).rendered
        case .table:
            var table = Table([.init(header: localized("CATEGORY"), minimumWidth: 12),
                               .init(header: localized("SUBSCRIPTIONS"), alignment: .right),
                               .init(header: localized("COLOUR"))])
            for category in categories {
                table.append([Table.Cell(category.name, style: Terminal.Style(category: category.color)),
                              Table.Cell(String(category.subscriptionCount)), Table.Cell(category.color?.description ?? "")])
            }
            return table.render(on: terminal)
        }
    }
}
