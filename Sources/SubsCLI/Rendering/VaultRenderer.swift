import Foundation
import SubscriptionCore

/// Logins as `vault show` and `vault list` print them. A password appears only when given
/// (`--reveal`); otherwise a fixed mask that does not tell its length.
enum VaultRenderer {
    static let mask = "••••••••"

    static func login(_ login: Login, password: [UInt8]?, format: ObjectFormat, terminal: Terminal = .standardOutput) -> String {
        let shownPassword: String? = password.map { String(decoding: $0, as: UTF8.self) }
        switch format {
        case .json:
            var members: JSONObject = [
                "id": .string(login.subscriptionID),
                "name": .string(login.name),
                "username": .string(login.username),
                "url": .string(login.url),
                "has_password": .bool(login.hasPassword),
                "updated_at": .string(Timestamp.format(login.updatedAt)),
            ]
            if let shownPassword { members["password"] = .string(shownPassword) }
            return JSONValue.object(members).rendered
        case .table:
            let fields: [(String, String)] = [
                (localized("Username"), login.username ?? "-"),
                (localized("URL"), login.url ?? "-"),
                (localized("Password"), shownPassword ?? (login.hasPassword ? mask : localized("none"))),
                (localized("Updated"), Timestamp.format(login.updatedAt)),
            ]
            let width = fields.map(\.0.displayWidth).max() ?? 0
            var output = terminal.paint(login.name.terminalSafe, .bold) + "\n"
            for (label, value) in fields {
                output += "  " + terminal.paint(label.padding(toLength: width), .dim) + "  " + value.terminalSafe + "\n"
            }
            return output
        }
    }

    static func list(_ logins: [Login], format: ListFormat, terminal: Terminal = .standardOutput) -> String {
        switch format {
        case .json:
            return JSONValue.array(logins.map {
                .object([
                    "id": .string($0.subscriptionID), "name": .string($0.name), "username": .string($0.username),
                    "url": .string($0.url), "has_password": .bool($0.hasPassword),
                ])
            }).rendered
        case .csv, .tsv:
            var delimited = Delimited(format == .csv ? .csv : .tsv, header: ["id", "name", "username", "url", "has_password"])
            for login in logins {
                delimited.append([login.subscriptionID, login.name, login.username ?? "", login.url ?? "",
                                  login.hasPassword ? "yes" : "no"])
            }
            return delimited.rendered
        case .table:
            guard !logins.isEmpty else { return localized("No logins. Add one with 'subs vault set <subscription>'.") + "\n" }
            var table = Table([
                .init(header: localized("Service")), .init(header: localized("Username")),
                .init(header: localized("URL"), dropOrder: 1), .init(header: localized("Password")),
            ])
            for login in logins {
                table.append([
                    .init(login.name.terminalSafe), .init((login.username ?? "-").terminalSafe),
                    .init((login.url ?? "-").terminalSafe), .init(login.hasPassword ? mask : localized("none")),
                ])
            }
            return table.render(on: terminal)
        }
    }
}
