import ArgumentParser
import Foundation
import SubscriptionCore

/// The root command: `subs <subcommand> [options]`.
public struct Subs: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "subs",
        abstract: localized("Track recurring payments in an encrypted local database."),
        discussion: localized("Run 'subs help <subcommand>' for the options of each command."),
        version: version,
        subcommands: [
            Add.self, Edit.self, List.self, Show.self, Delete.self, Upcoming.self, Calendar.self,
            Cancel.self, Pause.self, Resume.self, Remind.self, Summary.self, Stats.self,
            Rates.self, Category.self, Config.self, Export.self, Backup.self, Restore.self, Rekey.self,
            Import.self, Log.self, Undo.self, Paid.self, Skip.self, Vault.self, Detect.self, Sync.self, Owe.self, Settle.self,
        ]
    )

    public init() {}

    static let version = "0.1.0"

    /// Runs the command line and exits with the code PRODUCT.md gives for the outcome. Every
    /// error is one line on standard error.
    public static func runAsMain(_ arguments: [String]? = nil) -> Never {
        // First of all, before any secret is read: no core dumps, no passphrase in the environment.
        ProcessSecrets.secure()
        let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        // `subs --version` answers as argument-parser would, without building the tree of
        // thirty commands it would first make: scripts ask it to see that `subs` is there.
        if arguments == ["--version"] {
            print(version)
            Foundation.exit(0)
        }
        // Before any text is made: help strings are computed when a command type is first used.
        SubsTranslations.install()
        if arguments.count == 2, arguments[0] == WallosChild.argument { WallosChild.runChild(parent: arguments[1]) }
        // Settled once, before any argument is parsed, and in force for the whole run.
        Language.$current.withValue(StartUp.language(for: arguments)) { run(arguments) }
    }

    private static func run(_ arguments: [String]) -> Never {
        // Where to read more, named in an error: worked out only when there is one.
        var help: String { (["subs", "help"] + commandPath(arguments)).joined(separator: " ") }
        do {
            if arguments.first == "help", commandPath(arguments).isEmpty {
                // argument-parser shows the main help for a name it does not know.
                let names = arguments.dropFirst().filter { !$0.hasPrefix("-") }
                let known = commandPath(names)
                if known.count < names.count {
                    let unknown = names[names.index(names.startIndex, offsetBy: known.count)]
                    let parent = (["subs", "help"] + known).joined(separator: " ")
                    exitUnknownCommand(unknown, among: subcommandNames(of: known), help: parent)
                }
            }
            // argument-parser reads a misspelt command as unexpected arguments to the one before it.
            if let (unknown, known) = unknownCommand(arguments) {
                exitUnknownCommand(unknown, among: subcommandNames(of: known), help: (["subs", "help"] + known).joined(separator: " "))
            }
            var command = try parsedDirectly(arguments) ?? parseAsRoot(arguments)
            try command.run()
            Foundation.exit(0)
        } catch let error as UsageError {
            printError("subs: " + localized("\(error.description.terminalSafe) (see '\(help)')"))
            Foundation.exit(Failure.usage)
        } catch let code as ExitCode {
            // Set by a command that already said why on standard error.
            Foundation.exit(code.rawValue)
        } catch {
            if let failure = error as? Failure ?? Failure(error) {
                printError("subs: " + failure.message.terminalSafe)
                Foundation.exit(failure.exitCode)
            }
            let code = exitCode(for: error)
            // Help and --version go out as argument-parser makes them, its headings in the language.
            guard code != .success else {
                print(ShellCompletion.output(arguments, fullMessage(for: error))
                    ?? ShellCompletion.bashScript(ArgumentParserText.help(fullMessage(for: error))))
                Foundation.exit(0)
            }
            // Usage errors stay one line too: the message, with the values it quotes shown as the
            // core's own errors show them (one line, shortened), and where to read more.
            var message = message(for: error)
            for argument in Set(arguments) where argument.quotedForMessage != argument {
                message = message.replacingOccurrences(of: argument, with: argument.quotedForMessage)
            }
            message = ArgumentParserText.oneLine(message) ?? localized("invalid usage")
            message = ArgumentParserText.error(message)
            printError("subs: " + localized("\(message.terminalSafe) (see '\(help)')"))
            Foundation.exit(code.rawValue)
        }
    }

    /// The command `arguments` name, parsed by that command alone when it has no subcommands of
    /// its own and the parse succeeds; nil otherwise. Building the whole tree of commands costs
    /// more than most commands' work. Help, versions, completions and every error come from
    /// `parseAsRoot`, which parses again from the start and says it as `subs <command>` would.
    static func parsedDirectly(_ arguments: [String]) -> (any ParsableCommand)? {
        // No command's name starts with a dash: `--version` and `--help` go straight to the root.
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let path = commands(arguments)
        let rest = arguments.dropFirst(path.count)
        // `--version` is the root's: a command parsed alone has none, and one that gathers its
        // unknown arguments (`add`'s amount) would take it as a value.
        guard let command = path.last, command.configuration.subcommands.isEmpty,
              !rest.prefix(while: { $0 != "--" }).contains("--version"),
              let parsed = try? command.parseAsRoot(Array(rest)) else { return nil }
        // `--help` parses as argument-parser's own help command, which would name the command alone.
        return type(of: parsed) == command ? parsed : nil
    }

    /// The subcommands `arguments` start with, by their own names (`ls` gives `list`): the
    /// command whose help explains a usage error.
    static func commandPath(_ arguments: [String]) -> [String] {
        commands(arguments).map { $0._commandName }
    }

    /// The word where a command should be that names none (`shwo` in `subs shwo netflix`), and
    /// the commands before it; nil when the command line names its commands, or when the word
    /// may be the value of a command that takes one (no command with subcommands does).
    static func unknownCommand(_ arguments: [String]) -> (String, [String])? {
        let path = commands(arguments)
        let command: any ParsableCommand.Type = path.last ?? Subs.self
        guard path.count < arguments.count, !command.configuration.subcommands.isEmpty,
              command.configuration.defaultSubcommand == nil
        else { return nil }
        let next = arguments[path.count]
        guard !next.hasPrefix("-"), next != "help" else { return nil }
        return (next, path.map { $0._commandName })
    }

    /// The names of the subcommands of the command `path` names.
    private static func subcommandNames(of path: [String]) -> [String] {
        let command: any ParsableCommand.Type = commands(path).last ?? Subs.self
        return command.configuration.subcommands.map { $0._commandName }
    }

    /// Says that `word` is no command, with the nearest command's name when one is near, and
    /// exits with a usage error.
    private static func exitUnknownCommand(_ word: String, among names: [String], help: String) -> Never {
        let shown = word.quotedForMessage.terminalSafe
        if let nearest = Suggestions.closest(to: word, in: names, limit: 1).first {
            printError("subs: " + localized("no command '\(shown)': did you mean '\(nearest)'? (see '\(help)')"))
        } else {
            printError("subs: " + localized("no command '\(shown)' (see '\(help)')"))
        }
        Foundation.exit(Failure.usage)
    }

    /// The subcommands `arguments` start with, found by name or alias.
    private static func commands(_ arguments: [String]) -> [any ParsableCommand.Type] {
        var command: any ParsableCommand.Type = Subs.self
        var path: [any ParsableCommand.Type] = []
        for argument in arguments {
            guard let next = command.configuration.subcommands.first(where: {
                $0._commandName == argument || $0.configuration.aliases.contains(argument)
            }) else { break }
            path.append(next)
            command = next
        }
        return path
    }
}

extension CommandConfiguration {
    /// A subcommand's configuration, naming `subs` as the command above it. Parsed on its own
    /// (`Subs.parsedDirectly`), a command with a super-command is not searched for
    /// `--generate-completion-script`, which argument-parser otherwise does on every run by
    /// reflecting two commands of its own: half the cost of parsing `list --format json`. From
    /// the root, as help, errors and completion scripts are made, the root is `subs`, which has
    /// none, and nothing changes.
    var parsedAlone: CommandConfiguration {
        var configuration = self
        configuration._superCommandName = "subs"
        return configuration
    }
}
