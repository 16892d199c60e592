import Foundation
import SubscriptionCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The sync errors of the core (the key, the folder's header and files, git), said in the
// reader's language. What came from a file or from git is made safe for a terminal.

extension SyncError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .wrongPassphrase:
            localized("wrong sync passphrase: nothing was changed", in: language)
        case .emptyPassphrase:
            localized("the sync passphrase is empty", in: language)
        case .notASyncFolder(let path):
            localized("\(path) is not a sync folder (it has no subs-sync.json); make one with 'subs sync init \(path)'", in: language)
        case .alreadySyncFolder(let path):
            localized("\(path) is already a sync folder; join it with 'subs sync join \(path)'", in: language)
        case .checkValueNotSealed:
            localized("the sync folder's header is damaged: its check value is not a sealed value", in: language)
        case .keyDerivationFails(let parameters, let reason):
            localized("the sync folder's key derivation (\(parameters.description)) fails: \(reason.terminalSafe)", in: language)
        case .headerDamaged(let path, let damage):
            Self.damaged(path, damage, in: language)
        case .file(let path, let problem):
            Self.file(path, problem, in: language)
        case .invalidDevice(let device):
            localized("invalid device id '\(device.terminalSafe)': expected 16 lowercase hexadecimal characters", in: language)
        case .gitMissing:
            localized("git is not installed (not found on PATH): install it, or sync the folder without --git", in: language)
        case .git(let command, let status, let message) where message.isEmpty:
            localized("'git \(command.terminalSafe)' failed (exit status \(status))", in: language)
        case .git(let command, let status, let message):
            localized("'git \(command.terminalSafe)' failed (exit status \(status)): \(message.terminalSafe)", in: language)
        case .gitPushKeptFailing(let attempts):
            localized("""
                git push was refused \(attempts) times because other machines pushed first each time; \
                run 'subs sync' again
                """, in: language)
        }
    }

    private static func damaged(_ path: String, _ damage: HeaderDamage, in language: Language) -> String {
        switch damage {
        case .tooLarge:
            localized("sync folder header \(path) is damaged: it is larger than 64 KiB", in: language)
        case .notJSON:
            localized("sync folder header \(path) is damaged: it is not a JSON object of texts and numbers", in: language)
        case .notSyncHeader:
            localized("\(path) is not a sync folder header: its format is not subs-sync", in: language)
        case .unknownVersion(let version):
            localized("sync folder header \(path) has version \(version), written by a newer subs; upgrade subs", in: language)
        case .missingField(let field):
            localized("sync folder header \(path) is damaged: \(field) is missing or not of its type", in: language)
        case .unknownField(let field):
            localized("sync folder header \(path) is damaged: it holds an unknown field '\(field.terminalSafe)'", in: language)
        case .unknownKDF(let kdf):
            localized("sync folder header \(path) uses the key derivation '\(kdf.terminalSafe)', which this subs does not know", in: language)
        case .parametersOutOfRange:
            localized("sync folder header \(path) is damaged: its scrypt parameters are out of range", in: language)
        case .badSalt:
            localized("sync folder header \(path) is damaged: its salt is not base64 of 16 to 64 bytes", in: language)
        case .checkNotSealed:
            localized("sync folder header \(path) is damaged: its check value is not a sealed value", in: language)
        }
    }

    private static func file(_ path: String, _ problem: FolderProblem, in language: Language) -> String {
        switch problem {
        case .system(let code):
            localized("sync folder: \(path): \(String(cString: strerror(code)))", in: language)
        case .tooLarge(let bytes):
            localized("\(path) is larger than a change file can be (\(bytes) bytes); it is not read", in: language)
        case .notRegularFile:
            localized("\(path) is not a regular file (a symbolic link, a directory or a device); it is not read", in: language)
        case .exists:
            localized("\(path) exists already: a change file, once written, is never replaced", in: language)
        case .notADirectory:
            localized("sync folder: \(path) is not a directory", in: language)
        }
    }
}
