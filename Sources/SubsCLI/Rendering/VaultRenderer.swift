import Foundation
import SubscriptionCore

/// Logins as `vault show` and `vault list` print them. A password appears only when given
/// (`--reveal`); otherwise a fixed mask that does not tell its length.
enum VaultRenderer {
    static let mask = "••••••••"

    /// A login with its password masked (or "none").
    static func login(_ login: Login, format: ObjectFormat, terminal: Terminal = .standardOutput) -> String {
        rendered(login, password: nil, format: format, terminal: terminal)
    }

    /// A login with its password shown, as bytes in memory wiped once written: the password
    /// never becomes a String, whose copies nothing clears. The login is rendered with a random
    /// stand-in where the password goes, which is then replaced, escaped as its format wants.
    static func revealed(
        _ login: Login, password: [UInt8], format: ObjectFormat, terminal: Terminal = .standardOutput
    ) -> SecretBytes {
        let standIn = (0..<4).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 16) }.joined(separator: "-")
        let around = rendered(login, password: standIn, format: format, terminal: terminal)
            .components(separatedBy: standIn)
        // Every character of the password can take up to 6 bytes escaped (\u00XX), or 3 (U+FFFD).
        let output = SecretBytes(capacity: around.reduce(0) { $0 + $1.utf8.count } + 6 * password.count)
        output.append(contentsOf: around[0].utf8)
        var bytes = password.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            let scalar: Unicode.Scalar
            switch decoder.decode(&bytes) {
            case .scalarValue(let decoded): scalar = decoded
            case .error: scalar = "\u{FFFD}"
            case .emptyInput: break decoding
            }
            switch format {
            case .json: appendEscapedForJSON(scalar, to: output)
            case .table: appendEncoded(scalar.isControlOrInvisibleFormat ? "\u{FFFD}" : scalar, to: output)
            }
        }
        output.append(contentsOf: around.dropFirst().joined(separator: standIn).utf8)
        return output
    }

    /// What `JSONValue` writes for the character: `"` and `\` escaped, newline, return and tab by
    /// name, the other C0 controls, DEL and the C1 controls as `\u00XX`.
    private static func appendEscapedForJSON(_ scalar: Unicode.Scalar, to output: SecretBytes) {
        switch scalar {
        case "\"": output.append(contentsOf: "\\\"".utf8)
        case "\\": output.append(contentsOf: "\\\\".utf8)
        case "\n": output.append(contentsOf: "\\n".utf8)
        case "\r": output.append(contentsOf: "\\r".utf8)
        case "\t": output.append(contentsOf: "\\t".utf8)
        case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}":
            let hex = "0123456789abcdef".utf8
            output.append(contentsOf: "\\u00".utf8)
            output.append(contentsOf: CollectionOfOne(hex[hex.index(hex.startIndex, offsetBy: Int(scalar.value >> 4))]))
            output.append(contentsOf: CollectionOfOne(hex[hex.index(hex.startIndex, offsetBy: Int(scalar.value & 0xF))]))
        default: appendEncoded(scalar, to: output)
        }
    }

    private static func appendEncoded(_ scalar: Unicode.Scalar, to output: SecretBytes) {
        UTF8.encode(scalar) { output.append(contentsOf: CollectionOfOne($0)) }
    }

    private static func rendered(_ login: Login, password shownPassword: String?, format: ObjectFormat, terminal: Terminal) -> String {
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
                (localized("Updated"), HistoryRenderer.localTime(login.updatedAt)),
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
                .init(header: localized("SERVICE"), minimumWidth: 12), .init(header: localized("USERNAME"), minimumWidth: 10),
                .init(header: localized("URL"), minimumWidth: 12, dropOrder: 1), .init(header: localized("PASSWORD")),
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
