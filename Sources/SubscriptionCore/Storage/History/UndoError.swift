/// Why `undo` refuses: nothing was changed.
public enum UndoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the change left was changed since, outside the history (by an older `subs`).
    case changedSince(subject: String)
    /// Another process made or undid a change between the question and the answer.
    case changedMeanwhile
    /// A restore into a place where no database was: there is nothing to go back to.
    case nothingBeforeRestore

    public var description: String {
        switch self {
        case .changedSince(let subject):
            "'\(subject.quotedForMessage)' was changed since, outside the history; nothing was undone"
        case .changedMeanwhile:
            "the history changed while undo was asking; nothing was undone (run it again)"
        case .nothingBeforeRestore:
            "that restore created the database: there was nothing before it to go back to; nothing was undone"
        }
    }
}
