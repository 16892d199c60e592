import SubscriptionCore

/// A core error as a person reads it: one line, in the reader's language. Every `CoreError` gets
/// its text in this folder, one file per core folder, as whole sentences with the error's data in
/// them; a `switch` without `default`, so a new case does not compile until it has a text.
protocol ErrorMessage {
    func message(in language: Language) -> String
}

extension FailureKind {
    /// PRODUCT.md §4's exit code for this kind of failure.
    var exitCode: Int32 {
        switch self {
        case .refused: Failure.usage
        case .badData: Failure.dataError
        case .notFound: Failure.noInput
        case .temporary: Failure.temporaryFailure
        case .denied: Failure.noPermission
        case .system: 1
        }
    }
}
