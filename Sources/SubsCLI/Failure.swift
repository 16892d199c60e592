import SubscriptionCore

/// An error as the user sees it: one line and an exit code (PRODUCT.md §4, "Exit codes").
struct Failure: Error {
    let message: String
    let exitCode: Int32

    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let temporaryFailure: Int32 = 75
    static let noPermission: Int32 = 77

    init(_ message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    /// Maps the core's typed errors; nil for errors argument-parser reports itself.
    init?(_ error: any Error) {
        if let error = error as? any CoreError {
            // Data from the core, said here; an error without a text says its bare data, which
            // ErrorMessageTests catch before a user could.
            let message = (error as? any ErrorMessage)?.message(in: Language.current) ?? String(describing: error)
            self.init(message, exitCode: error.failure.exitCode)
            return
        }
        switch error {
        case let error as InputTooLarge:
            self.init(error.message(in: Language.current), exitCode: Self.dataError)
        default:
            return nil
        }
    }
}
