import SubscriptionCore

/// A command line that asks for something the command cannot do: one line, a pointer to the
/// command's help, exit 64. Argument-parser's own errors (an unknown option, a missing
/// argument it declares) keep its wording; these are the checks the commands make themselves.
enum UsageError: Error, Equatable, CustomStringConvertible {
    /// An argument taken unparsed (so that `-5` reaches the value's own check) that is missing.
    case missingArgument(String)
    /// A second value for an argument taken unparsed.
    case unexpectedArgument(String)
    /// Two options that each set the same thing.
    case conflictingOptions(String, String)
    /// An option that only means something next to another.
    case optionNeedsOption(String, needs: String, because: String)
    /// `delete` without `--yes` when no one can answer the question.
    case unconfirmedDelete(String)
    /// `restore` without `--yes` when standard input is not a terminal.
    case unconfirmedRestore(String)
    /// `undo` without `--yes` when standard input is not a terminal.
    case unconfirmedUndo(String)
    /// `detect --add` without `--yes` when no one can answer its questions.
    case unconfirmedAdd(Int)
    /// `edit` with no option.
    case nothingToChange
    /// `stats --months` out of its range.
    case monthsOutOfRange(Int)
    /// `calendar` with a MONTH it cannot read.
    case invalidMonth(String)
    /// `detect --add` or `--record` on a statement that names no currency, without `--currency`.
    case statementCurrencyUnnamed(file: String, option: String, assumed: String)

    var description: String {
        switch self {
        // The argument as the help names it, in the language: `<ad>` in Turkish.
        case .missingArgument(let name): localized("Missing expected argument '\(ArgumentParserText.placeholders(in: name))'")
        case .unexpectedArgument(let value): localized("Unexpected argument '\(value)'")
        case .conflictingOptions(let first, let second): localized("give \(first) or \(second), not both")
        case .optionNeedsOption(let option, let needs, let because): localized("\(option) needs \(needs): \(because)")
        case .unconfirmedDelete(let names):
            localized("refusing to delete \(names) without confirmation: pass --yes when standard input is not a terminal")
        case .unconfirmedRestore(let file):
            localized("""
                refusing to restore \(file.quotedForMessage) without confirmation: pass --yes when standard input is not \
                a terminal
                """)
        case .unconfirmedUndo(let change):
            localized("refusing to undo \(change) without confirmation: pass --yes when standard input is not a terminal")
        case .unconfirmedAdd(let count):
            localized("refusing to add \(count) subscriptions without confirmation: pass --yes when standard input is not a terminal")
        case .nothingToChange: localized("nothing to change: give at least one option, like --amount or --name")
        case .monthsOutOfRange(let months): localized("invalid --months '\(months)': expected 1 to 120")
        case .invalidMonth(let month):
            localized("invalid month '\(month.quotedForMessage)': expected YYYY-MM like 2026-11, 11.2026 or November 2026")
        case .statementCurrencyUnnamed(let file, let option, let assumed):
            localized("""
                refusing \(option): \(file.quotedForMessage) does not say which currency its amounts are in, and they \
                would be taken as \(assumed), the config currency; name it with --currency, like --currency \(assumed)
                """)
        }
    }
}
