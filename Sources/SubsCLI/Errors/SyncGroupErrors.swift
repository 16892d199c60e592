import SubscriptionCore

extension SyncGroupError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .alreadyInGroup(let folder):
            localized("this database already syncs with \(folder.terminalSafe)", in: language)
        case .notInGroup:
            localized("this database does not sync yet: 'subs sync init DIR' makes a sync folder, 'subs sync join DIR' joins one", in: language)
        }
    }
}
