import ArgumentParser
import SubscriptionCore

// Domain values parsed at the edge: commands receive a `Currency` or a `BillingCycle`, and help
// and shell completion list the values.

extension Currency: ExpressibleByArgument {
    public init?(argument: String) { try? self.init(input: argument) }
    /// The codes the database uses, or every code once a letter is typed (`ShellCompletion`).
    public static var defaultCompletionKind: CompletionKind { ShellCompletion.currencies }
}

extension BillingCycle: ExpressibleByArgument {
    public init?(argument: String) { try? self.init(typed: argument) }
    public static var defaultCompletionKind: CompletionKind { .list(names) }
}

extension ConfigKey: ExpressibleByArgument {
    public init?(argument: String) { try? self.init(input: argument) }

    /// `currency, remind-days, ...`, for help.
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Reads an option's value with the core's strict grammar, so a refusal says what is accepted:
/// `The value 'XYZ' is invalid for '--currency <code>': expected an ISO 4217 code ...`.
func strictly<Value>(_ parse: @escaping @Sendable (String) throws -> Value) -> @Sendable (String) throws -> Value {
    { text in
        do {
            return try parse(text)
        } catch let error as InputError {
            throw ExpectedValue(description: error.expectation(in: Language.current))
        }
    }
}

/// The part of a refusal that argument-parser puts after the value and option it names.
struct ExpectedValue: Error, CustomStringConvertible {
    let description: String
}
