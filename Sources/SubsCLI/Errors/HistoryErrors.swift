import SubscriptionCore

extension UndoError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .changedSince(let subject):
            localized("'\(subject.quotedForMessage)' was changed since, outside the history; nothing was undone", in: language)
        case .changedMeanwhile:
            localized("the history changed while undo was asking; nothing was undone (run it again)", in: language)
        case .keptChanging:
            localized("other processes kept changing the history while undo ran; nothing was undone (run it again)", in: language)
        case .nothingBeforeRestore:
            localized("that restore created the database: there was nothing before it to go back to; nothing was undone", in: language)
        case .backupGone(let path):
            localized("""
                the backup of the database that restore replaced, \(path), is gone (only the newest \
                \(Backup.automaticKept) automatic backups are kept); nothing was undone
                """, in: language)
        case .backupUnderOldKey(let path):
            localized("""
                the backup of the database that restore replaced, \(path), is under the key the database had before a \
                rekey: restore it with 'subs restore \(path) --backup-key-file OLD-KEY' (or --backup-passphrase-file); \
                nothing was undone
                """, in: language)
        }
    }
}
