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
        let plain = word.unicodeScalars.allSatisfy { $0.isASCII && (plainCharacters.contains($0)) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static let plainCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=+@%,".unicodeScalars)
}
