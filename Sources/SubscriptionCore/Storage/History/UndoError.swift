/// Why `undo` refuses: nothing was changed.
public enum UndoError: Error, Equatable, Sendable, CustomStringConvertible {
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
    /// automatic backups are kept).
    case backupGone(path: String)
    /// That backup no longer opens with the database's key: the key changed since (`rekey`).
    case backupUnderOldKey(path: String)

    public var description: String {
        switch self {
        case .changedSince(let subject):
            localized("'\(subject.quotedForMessage)' was changed since, outside the history; nothing was undone")
        case .changedMeanwhile:
            localized("the history changed while undo was asking; nothing was undone (run it again)")
        case .keptChanging:
            localized("other processes kept changing the history while undo ran; nothing was undone (run it again)")
        case .nothingBeforeRestore:
            localized("that restore created the database: there was nothing before it to go back to; nothing was undone")
        case .backupGone(let path):
            localized("""
                the backup of the database that restore replaced, \(path), is gone (only the newest \
                \(Backup.automaticKept) automatic backups are kept); nothing was undone
                """)
        case .backupUnderOldKey(let path):
            localized("""
                the backup of the database that restore replaced, \(path), is under the key the database had before a \
                rekey: restore it with 'subs restore \(path) --backup-key-file OLD-KEY' (or --backup-passphrase-file); \
                nothing was undone
                """)
        }
    }
}
