import ArgumentParser
import Foundation
import SubscriptionCore

/// What shell completion offers for values that live in the user's database (PRODUCT.md §11):
/// subscription names after a reference, category names, currency codes. On each Tab the
/// completion script runs `subs ---completion <command> -- <argument> ... <words>`, which
/// calls these with the words typed so far.
///
/// Completing never creates, migrates or writes anything, never asks for a passphrase and never
/// prints an error: a database that does not exist, or that does not open with the key at hand
/// (a passphrase, when SUBS_PASSPHRASE is unset), offers nothing.
///
/// Names are offered ignoring case, as references find them (`subs show ne<Tab>` offers Netflix):
/// the candidates are filtered here by the typed prefix, compared as names, and the bash script
/// is made to take them as they are (`bashScript`).
enum ShellCompletion {
    /// Subscription names, for arguments that take a reference.
    static var references: CompletionKind {
        .custom { words, index, prefix in offer(names(typed: words, completing: index).subscriptions, prefix: prefix) }
    }

    /// The names of subscriptions that have a vault login, for `vault show`, `copy` and `rm`.
    static var logins: CompletionKind {
        .custom { words, index, prefix in offer(names(typed: words, completing: index).withLogins, prefix: prefix) }
    }

    /// Category names.
    static var categories: CompletionKind {
        .custom { words, index, prefix in offer(names(typed: words, completing: index).categories, prefix: prefix) }
    }

    /// Category names and `none`, for `edit --category`.
    static var categoriesOrNone: CompletionKind {
        .custom { words, index, prefix in
            offer(names(typed: words, completing: index).categories + ["none"], prefix: prefix)
        }
    }

    /// Currency codes: before anything is typed, the ones the database uses (subscriptions, the
    /// configured currency, exchange rates), so Tab shows a short list; after a letter, every
    /// code. Codes are read in any case, so they are offered in the case being typed.
    static var currencies: CompletionKind {
        .custom { words, index, prefix in
            let typed = words.indices.contains(index) ? unquoted(words[index]) : ""
            var codes = typed.isEmpty ? names(typed: words, completing: index).currencies : []
            if codes.isEmpty { codes = Currency.allCodes }
            if typed.contains(where: \.isLowercase) && !typed.contains(where: \.isUppercase) {
                codes = codes.map { $0.lowercased() }
            }
            return offer(codes, prefix: prefix)
        }
    }

    /// Paths of files, for options and arguments that name one.
    static var files: CompletionKind { .file() }

    // MARK: - Reading the database

    /// The names in the database the command line names (`--db`, `--key-file` and
    /// `--passphrase-file` typed on it, else the environment and the default places); none when
    /// it cannot be read.
    static func names(typed words: [String], completing index: Int) -> StoreNames {
        let typed = typedOptions(words, completing: index)
        guard let location = try? StoreLocation.resolve(
            databaseFlag: typed["--db"], keyFileFlag: typed["--key-file"],
            passphraseFileFlag: typed["--passphrase-file"], environment: ProcessSecrets.environment,
            newCategories: DefaultCategories.names(in: Language.current)),
            let names = try? StoreNames.read(location, collation: Language.current)
        else { return StoreNames() }
        return names
    }

    /// The values of the store options on the command line, unquoted as the shell would, except
    /// in the word being completed.
    static func typedOptions(_ words: [String], completing index: Int) -> [String: String] {
        let names = ["--db", "--key-file", "--passphrase-file"]
        var found: [String: String] = [:]
        var position = 0
        while position < words.count {
            defer { position += 1 }
            let word = words[position]
            if word == "--" { break }
            guard position != index else { continue }
            if names.contains(word), position + 1 < words.count, position + 1 != index {
                found[word] = expandingTilde(unquoted(words[position + 1]))
                position += 1
            } else if let equals = word.firstIndex(of: "="), names.contains(String(word[..<equals])) {
                found[String(word[..<equals])] = expandingTilde(unquoted(String(word[word.index(after: equals)...])))
            }
        }
        return found
    }

    /// A shell word as the command receives it: quotes and backslashes taken off. Completion
    /// functions are given the words as typed.
    static func unquoted(_ word: String) -> String {
        var result = ""
        var quote: Character?
        var characters = word.makeIterator()
        while let character = characters.next() {
            switch (quote, character) {
            case (nil, "\\"):
                if let next = characters.next() { result.append(next) }
            case (nil, "'"), (nil, "\""):
                quote = character
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("\"", "\\"):
                // In double quotes a backslash escapes only these; before anything else it stays.
                guard let next = characters.next() else { result.append(character); break }
                if !"$`\"\\".contains(next) { result.append(character) }
                result.append(next)
            default:
                result.append(character)
            }
        }
        return result
    }

    /// `~` and `~/...` in the user's home, as the shell expands them in an unquoted word.
    static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"),
              let home = ProcessInfo.processInfo.environment["HOME"] ?? StoreLocation.accountHomeDirectory()
        else { return path }
        return home + path.dropFirst()
    }

    // MARK: - Answering the shell

    /// The candidates as the requesting shell's script reads them. bash's script passes them
    /// through `compgen -W`, which expands each word as shell text: quoted, a name such as
    /// `$(...)` stays a name instead of running. zsh's `_describe` reads `name:description`, so
    /// a colon in a name is escaped.
    ///
    /// Only the candidates that start with `prefix` (the typed part of the word, as typed),
    /// compared as names are: ignoring case, Turkish's i's as one.
    static func offer(_ candidates: [String], prefix: String) -> [String] {
        let typed = unquoted(prefix)
        let candidates = candidates.filter { NameMatching.hasPrefix($0, typed) }
        return switch CompletionShell.requesting {
        case .bash?:
            candidates.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        case .zsh?:
            candidates.map {
                $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
            }
        default:
            candidates
        }
    }

    /// argument-parser's bash script filters a custom completion's candidates again with
    /// `compgen -W ... -- "$cur"`, which compares case: `ne` would drop Netflix. `offer` has
    /// filtered them already, so there the script calls a copy of its `__subs_add_completions`
    /// that gives `compgen` an empty word and keeps them all (still expanding each as shell
    /// text, which unquotes it). Other scripts and help come out as they are.
    static func bashScript(_ text: String) -> String {
        let custom = #"__subs_add_completions -W "$(__subs_custom_complete "#
        let definition = "__subs_custom_complete() {"
        guard text.contains(custom), text.contains(definition) else { return text }
        let function = #"""
            __subs_add_custom_completions() {
                local completion
                while IFS='' read -r completion; do
                    COMPREPLY+=("${completion}")
                done < <(IFS=$'\n' compgen "${@}" -- '')
            }


            """#
        return text
            .replacingOccurrences(of: custom, with: #"__subs_add_custom_completions -W "$(__subs_custom_complete "#)
            .replacingOccurrences(of: definition, with: function + definition)
    }

    /// What to print for a completion request (`subs ---completion ...`): the candidates as they
    /// are, since they are data and not text to translate. Nil for any other help output.
    static func output(_ arguments: [String], _ message: String) -> String? {
        arguments.first == "---completion" ? message : nil
    }
}
