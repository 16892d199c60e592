/// Why `undo` refuses: nothing was changed.
public enum UndoError: CoreError, Equatable, Sendable {
    /// What the change left was changed since, outside the history (by an older `subs`).
    case changedSince(subject: String)
    /// Another process made or undid a change between the question and the answer.
    case changedMeanwhile
    /// With nothing asked (`undo --yes`), other processes changed the history each time undo
    /// looked for the newest change.
    case keptChanging
    /// A restore into a place where no database was: there is nothing to go back to.
    case nothingBeforeRestore
    /// The automatic backup a restore made of the database it replaced is gone (only the newest
    /// `Backup.automaticKept` automatic backups are kept).
    case backupGone(path: String)
    /// That backup no longer opens with the database's key: the key changed since (`rekey`).
    case backupUnderOldKey(path: String)

    public var failure: FailureKind {
        switch self {
        case .changedSince: .badData
        case .changedMeanwhile, .keptChanging: .temporary
        case .nothingBeforeRestore: .refused
        case .backupGone: .notFound
        case .backupUnderOldKey: .denied
        }
    }
}
