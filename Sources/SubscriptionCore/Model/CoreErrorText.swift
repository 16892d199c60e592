/// How the command line says a core error, for the few texts the core still makes from one
/// (an import's record problem, a category's error) until those keep the error as a value
/// (issue 23). The command line sets it once at start-up; unset, it says the bare data.
public enum CoreErrorText {
    nonisolated(unsafe) public static var message: @Sendable (any Error) -> String = { String(describing: $0) }
    /// What an `InputError` says is accepted, as `expected an ISO 4217 code ...`.
    nonisolated(unsafe) public static var expectation: @Sendable (InputError) -> String = { String(describing: $0) }
}
