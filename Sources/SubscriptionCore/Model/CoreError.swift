/// What kind of failure an error is: the command line turns it into PRODUCT.md §4's exit code.
public enum FailureKind: Sendable, Equatable {
    /// Input or a step refused; nothing changed (64).
    case refused
    /// A file or stored value that does not read as what it should be (65).
    case badData
    /// Something named that is not there: a subscription, a file, a rate (66).
    case notFound
    /// Worth trying again: the database is busy, or changed meanwhile (75).
    case temporary
    /// A key, passphrase, owner or permission that keeps `subs` out (77).
    case denied
    /// The system failed: a file system error, a missing library (1).
    case system
}

/// An error the core throws. It is data (which record, field, value, dates and limits), never a
/// sentence: the command line says it in the reader's language. Each error type says what kind
/// of failure it is, so a new one cannot reach the user without an exit code.
public protocol CoreError: Error {
    var failure: FailureKind { get }
}
