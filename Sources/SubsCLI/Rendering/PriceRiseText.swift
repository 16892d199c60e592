import SubscriptionCore

enum PriceRiseText {
    /// `Netflix's last two charges were above its price of $15.49 (the latest $17.99); to update
    /// it: subs edit Netflix --amount 17.99 --effective 2026-09-30`.
    static func line(_ rise: PriceRise) -> String {
        let (scheduled, charged) = (SubscriptionText.money(rise.scheduled), SubscriptionText.money(rise.charged))
        return localized("""
            \(rise.name.terminalSafe)'s last two charges were above its price of \(scheduled) (the latest \(charged)); \
            to update it: \(command(rise).terminalSafe)
            """)
    }

    /// The command, quoted for a POSIX shell where a word needs it.
    static func command(_ rise: PriceRise) -> String {
        (["subs"] + rise.editArguments).map(shellQuoted).joined(separator: " ")
    }

    static func json(_ rise: PriceRise) -> JSONValue {
        .object([
            "id": .string(rise.subscriptionID),
            "name": .string(rise.name),
            "scheduled": .string(rise.scheduled.description),
            "charged": .string(rise.charged.description),
            "effective": .string(rise.since.description),
            "command": .string(command(rise)),
        ])
    }

    static func shellQuoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.utf8.allSatisfy { $0 < 128 && plainBytes[Int($0)] }
        if plain { return word }
        guard word.utf8.contains(UInt8(ascii: "'")) else { return "'" + word + "'" }
        // By scalar, not by character: a quote with a combining mark after it is still a quote.
        var quoted = "'"
        for scalar in word.unicodeScalars {
            if scalar == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }

    /// The bytes a word needs no quotes for, by value.
    private static let plainBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 128)
        for byte in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=+@%,".utf8 { table[Int(byte)] = true }
        return table
    }()
}
