import Foundation
import SubscriptionCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The storage and vault errors of the core, said in the reader's language. Texts that differ
// only by which file or key they name are whole sentences for each (the role tables below).

extension StoreError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .wrongKey(let database, let key):
            switch key {
            case .passphrase:
                localized("cannot open \(database): wrong key (the passphrase in SUBS_PASSPHRASE does not unlock it), or the file is damaged", in: language)
            case .passphraseFile(let path):
                localized("cannot open \(database): wrong key (the passphrase in \(path) does not unlock it), or the file is damaged", in: language)
            case .keyFile(let path):
                localized("cannot open \(database): wrong key (the key file \(path) does not unlock it), or the file is damaged", in: language)
            }
        case .missingKey(let database, let keyFile):
            localized("""
                cannot open \(database): its key file \(keyFile) is missing (pass --key-file, or set SUBS_PASSPHRASE if \
                it uses a passphrase)
                """, in: language)
        case .invalidKeyFile(let path):
            localized("key file \(path) is not a subs key (expected 64 hexadecimal characters)", in: language)
        case .unsafePermissions(let path, let mode):
            localized("\(path) is accessible by others (mode \(String(mode & 0o777, radix: 8))); fix it with: chmod 600 \(path)", in: language)
        case .foreignOwner(let path, let owner, let user):
            localized("""
                \(path) belongs to another user (uid \(owner)), who could read or replace it; fix it with: \
                chown \(user) \(path)
                """, in: language)
        case .unsafeDirectory(let path, let mode, let role, let file) where mode & 0o1000 != 0:
            role.inSharedDirectory(file, path, mode: String(mode & 0o7777, radix: 8), in: language)
        case .unsafeDirectory(let path, let mode, let role, let file):
            role.inWritableDirectory(file, path, mode: String(mode & 0o777, radix: 8), in: language)
        case .notAKeyFile(let path, let role, let kind):
            role.notAFile(path, kind: kind, in: language)
        case .noHomeDirectory:
            localized("no home directory for the default key and database: set HOME, or pass --db and --key-file", in: language)
        case .notADatabase(let path, let reason):
            Self.notADatabase(path, reason, in: language)
        case .damaged(let path, let damage):
            Self.damaged(path, damage, in: language)
        case .newerSchema(let path, let found, let known):
            localized("""
                database \(path) has schema version \(found), written by a newer subs (this one knows up to \(known)); \
                upgrade subs
                """, in: language)
        case .upgradeLeavesOrphans(let version):
            localized("the upgrade to schema version \(version) would leave rows that refer to nothing; the database was not changed", in: language)
        case .locked(let path):
            localized("database \(path) stayed locked by another process; try again", in: language)
        case .missingFile(let path, let role):
            role.missing(path, in: language)
        case .unreadableFile(let path, let role, let isDirectory):
            isDirectory ? role.isDirectory(path, in: language) : role.unreadable(path, in: language)
        case .cipherUnavailable:
            localized("SQLCipher is not available: the linked SQLite library cannot encrypt", in: language)
        case .wouldOverwrite(let path, let file):
            switch file {
            case .database(let kept):
                localized("refusing to write to \(path): it is the database \(kept), which subs needs; choose another file", in: language)
            case .keyFile(let kept):
                localized("refusing to write to \(path): it is the key file \(kept), which subs needs; choose another file", in: language)
            case .passphraseFile(let kept):
                localized("refusing to write to \(path): it is the passphrase file \(kept), which subs needs; choose another file", in: language)
            case .currentPassphraseFile:
                localized("refusing to write to \(path): it is the passphrase file, which subs needs; choose another file", in: language)
            case .path(let kept):
                localized("refusing to write to \(path): it is \(kept), which subs needs; choose another file", in: language)
            }
        case .fileSystem(let path, let problem):
            Self.fileSystem(path, problem, in: language)
        case .database(let error):
            error.message(in: language)
        case .unusablePassphrase(let file, let reason):
            switch reason {
            case .nulByte:
                localized("the passphrase in \(file) cannot become the database's key: it holds a NUL byte", in: language)
            case .notUTF8:
                localized("the passphrase in \(file) cannot become the database's key: it is not UTF-8 text", in: language)
            case .isKeyFile:
                localized("the passphrase in \(file) cannot become the database's key: it is the key file, which the rekey moves aside", in: language)
            case .isDatabase:
                localized("the passphrase in \(file) cannot become the database's key: it is the database, which the rekey replaces", in: language)
            }
        }
    }

    private static func notADatabase(_ path: String, _ reason: NotADatabaseReason, in language: Language) -> String {
        switch reason {
        case .notAFile(.directory):
            localized("\(path) is not a subs database (it is a directory, not a regular file)", in: language)
        case .notAFile(.characterDevice):
            localized("\(path) is not a subs database (it is a character device, not a regular file)", in: language)
        case .notAFile(.blockDevice):
            localized("\(path) is not a subs database (it is a block device, not a regular file)", in: language)
        case .notAFile(.pipe):
            localized("\(path) is not a subs database (it is a pipe (FIFO), not a regular file)", in: language)
        case .notAFile(.socket):
            localized("\(path) is not a subs database (it is a socket, not a regular file)", in: language)
        case .notAFile(.other):
            localized("\(path) is not a subs database (it is not a regular file)", in: language)
        case .anotherProgram:
            localized("\(path) is not a subs database (it belongs to another program)", in: language)
        case .unencrypted:
            localized("\(path) is not a subs database (it is an unencrypted SQLite database)", in: language)
        case .truncated:
            localized("\(path) is not a subs database (not an encrypted database, or truncated)", in: language)
        case .empty:
            localized("\(path) is not a subs database (the file is empty)", in: language)
        case .noSubsData:
            localized("\(path) is not a subs database (it holds no subs data)", in: language)
        }
    }

    private static func damaged(_ path: String, _ damage: Damage, in language: Language) -> String {
        switch damage {
        case .categoryName:
            localized("database \(path) is damaged (unreadable category)", in: language)
        case .categoryColour:
            localized("database \(path) is damaged (unreadable category colour)", in: language)
        case .subscriptionName:
            localized("database \(path) is damaged (unreadable subscription name)", in: language)
        case .subscriptionValue(.cycle):
            localized("database \(path) is damaged (unreadable cycle)", in: language)
        case .subscriptionValue(.billingPeriodCycle):
            localized("database \(path) is damaged (unreadable billing period cycle)", in: language)
        case .subscriptionValue(.date):
            localized("database \(path) is damaged (unreadable date)", in: language)
        case .subscriptionValue(.currency):
            localized("database \(path) is damaged (unreadable currency)", in: language)
        case .subscriptionValue(.timestamp):
            localized("database \(path) is damaged (unreadable timestamp)", in: language)
        case .subscriptionValue(.column(let column)):
            localized("database \(path) is damaged (unreadable column \(column))", in: language)
        case .noPrice(let subscription):
            localized("database \(path) is damaged (subscription \(subscription) has no price)", in: language)
        case .exchangeRate(nil):
            localized("database \(path) is damaged (unreadable exchange rate)", in: language)
        case .exchangeRate(let currency?):
            localized("database \(path) is damaged (exchange rate \(currency) is unreadable)", in: language)
        case .setting(nil):
            localized("database \(path) is damaged (unreadable setting)", in: language)
        case .setting(let error?):
            localized("database \(path) is damaged (unreadable setting: \(Self.nested(error, in: language)))", in: language)
        case .sentReminder:
            localized("database \(path) is damaged (unreadable sent-reminder record)", in: language)
        case .historyEntry:
            localized("database \(path) is damaged (unreadable history entry)", in: language)
        case .login:
            localized("database \(path) is damaged (unreadable login)", in: language)
        case .sqlite(let error):
            // SQLite's own words: it has no others.
            localized("database \(path) is damaged (\(error.message))", in: language)
        case .integrity(nil, _):
            localized("database \(path) is damaged (integrity check failed)", in: language)
        case .integrity(let first?, 0):
            localized("database \(path) is damaged (\(first))", in: language)
        case .integrity(let first?, let more):
            localized("database \(path) is damaged (\(first); \(more) more problems)", in: language)
        case .copyDiffers:
            localized("database \(path) is damaged (the copy does not hold the same rows)", in: language)
        case .uncountable(let table):
            localized("database \(path) is damaged (cannot count the rows of \(table))", in: language)
        }
    }

    /// A nested error's own text: its `ErrorMessage` once its folder has one.
    private static func nested(_ error: any Error, in language: Language) -> String {
        (error as? any ErrorMessage)?.message(in: language) ?? String(describing: error)
    }

    private static func fileSystem(_ path: String, _ problem: FileProblem, in language: Language) -> String {
        switch problem {
        case .system(let code):
            "\(path): \(systemReason(code))"
        case .cannotLock(let code):
            localized("\(path): cannot lock: \(systemReason(code))", in: language)
        case .cannotRead(let role, let code):
            role.cannotRead(path, reason: systemReason(code), in: language)
        case .tooLarge(let role):
            role.tooLarge(path, in: language)
        case .emptyPassphraseFile:
            localized("\(path): the passphrase file is empty", in: language)
        case .isDirectory:
            localized("\(path): is a directory", in: language)
        case .notWritten:
            localized("\(path): could not write the file", in: language)
        case .notADirectory(let directory):
            localized("\(path): \(directory) is not a directory", in: language)
        case .tooManyBackups(let stem):
            localized("\(path): too many backups named \(stem)", in: language)
        }
    }

    /// The system's words for `errno` (in English, as the C library has them).
    private static func systemReason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

extension SQLiteError: ErrorMessage {
    func message(in language: Language) -> String {
        // SQLite's own words, with the extended result code kept in the error for whoever asks.
        localized("database error: \(message)", in: language)
    }
}

extension CategoryError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .exists(let existing):
            localized("category \(existing) already exists", in: language)
        case .inUse(let category, let subscriptions):
            localized("""
                category \(category) is used by \(subscriptions.joined(separator: ", ")); move them first with \
                'subs edit <ref> --category NAME'
                """, in: language)
        case .unknown(let name, let suggestions, let known) where suggestions.isEmpty:
            localized("""
                invalid category '\(name.quotedForMessage)': expected one of \(known.joined(separator: ", ")); \
                add one with 'subs category add'
                """, in: language)
        case .unknown(let name, let suggestions, _):
            localized("""
                invalid category '\(name.quotedForMessage)': expected an existing category (did you mean \
                \(suggestions.joined(separator: ", "))?); add one with 'subs category add'
                """, in: language)
        }
    }
}

extension ReminderRunError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .futureDay(let today, let realToday):
            localized("""
                cannot send reminders as of \(today), later than today (\(realToday)): they would be recorded as sent and \
                stay silent on their day; add --dry-run to preview them
                """, in: language)
        }
    }
}

extension VaultError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .wrongPassphrase:
            localized("wrong vault passphrase: nothing was revealed or changed", in: language)
        case .noLogin(let name):
            localized("'\(name)' has no login (add one with 'subs vault set')", in: language)
        case .noPassword(let name):
            localized("the login of '\(name)' has no password (set one with 'subs vault set')", in: language)
        case .noVault:
            localized("the vault is empty: 'subs vault set' creates it with the first login", in: language)
        case .damaged(let damage):
            Self.damaged(damage, in: language)
        case .empty(.password):
            localized("the password is empty", in: language)
        case .empty(.vaultPassphrase):
            localized("the vault passphrase is empty", in: language)
        case .empty(.newVaultPassphrase):
            localized("the new vault passphrase is empty", in: language)
        case .generatedLength(let length):
            localized("""
                invalid --generate length '\(length)': expected \(PasswordGenerator.lengths.lowerBound) to \
                \(PasswordGenerator.lengths.upperBound)
                """, in: language)
        }
    }

    private static func damaged(_ damage: VaultDamage, in language: Language) -> String {
        switch damage {
        case .login:
            localized("the vault is damaged: a login does not read back", in: language)
        case .loginOf(let name):
            localized("the vault is damaged: the login of '\(name)' does not read back", in: language)
        case .keyDerivationUnreadable:
            localized("the vault is damaged: its key derivation settings do not read back", in: language)
        case .keyDerivationOutOfRange:
            localized("the vault is damaged: its key derivation settings are out of range", in: language)
        case .keyDerivationFails(let parameters, let reason):
            localized("the vault is damaged: its key derivation (\(parameters.description)) fails: \(reason)", in: language)
        case .sealingFails(let reason):
            localized("the vault is damaged: sealing failed: \(reason)", in: language)
        case .checkValueNotSealed:
            localized("the vault is damaged: its check value is not a sealed value", in: language)
        case .passwordNotSealed(let name):
            localized("the vault is damaged: the password of '\(name)' is not a sealed value", in: language)
        case .passwordDoesNotOpen(let name):
            localized("""
                the vault is damaged: the password of '\(name)' does not open (altered, or moved from another \
                subscription)
                """, in: language)
        }
    }
}

// MARK: - Sentences for each file a message names
extension FileRole {
    /// `path` does not exist.
    func missing(_ path: String, in language: Language) -> String {
        switch self {
        case .database:
            localized("database \(path) does not exist", in: language)
        case .keyFile:
            localized("key file \(path) does not exist", in: language)
        case .passphraseFile:
            localized("passphrase file \(path) does not exist", in: language)
        case .backup:
            localized("backup \(path) does not exist", in: language)
        case .importFile:
            localized("import file \(path) does not exist", in: language)
        case .statement:
            localized("statement \(path) does not exist", in: language)
        case .ratesFile:
            localized("rates file \(path) does not exist", in: language)
        }
    }

    /// `path` is a directory.
    func isDirectory(_ path: String, in language: Language) -> String {
        switch self {
        case .database:
            localized("database \(path) is a directory, not a file", in: language)
        case .keyFile:
            localized("key file \(path) is a directory, not a file", in: language)
        case .passphraseFile:
            localized("passphrase file \(path) is a directory, not a file", in: language)
        case .backup:
            localized("backup \(path) is a directory, not a file", in: language)
        case .importFile:
            localized("import file \(path) is a directory, not a file", in: language)
        case .statement:
            localized("statement \(path) is a directory, not a file", in: language)
        case .ratesFile:
            localized("rates file \(path) is a directory, not a file", in: language)
        }
    }

    /// `path` cannot be read.
    func unreadable(_ path: String, in language: Language) -> String {
        switch self {
        case .database:
            localized("database \(path) cannot be read", in: language)
        case .keyFile:
            localized("key file \(path) cannot be read", in: language)
        case .passphraseFile:
            localized("passphrase file \(path) cannot be read", in: language)
        case .backup:
            localized("backup \(path) cannot be read", in: language)
        case .importFile:
            localized("import file \(path) cannot be read", in: language)
        case .statement:
            localized("statement \(path) cannot be read", in: language)
        case .ratesFile:
            localized("rates file \(path) cannot be read", in: language)
        }
    }

}

extension PrivateFileRole {
    /// The shared (sticky) directory `directory` holds this file, `file`.
    func inSharedDirectory(_ file: String, _ directory: String, mode: String, in language: Language) -> String {
        switch self {
        case .database:
            localized("the database \(file) is in the shared directory \(directory) (mode \(mode)), where others could put their own in its place; keep it in a directory only you can write to", in: language)
        case .keyFile:
            localized("the key file \(file) is in the shared directory \(directory) (mode \(mode)), where others could put their own in its place; keep it in a directory only you can write to", in: language)
        case .passphraseFile:
            localized("the passphrase file \(file) is in the shared directory \(directory) (mode \(mode)), where others could put their own in its place; keep it in a directory only you can write to", in: language)
        }
    }

    /// `directory`, which holds this file `file`, is writable by others.
    func inWritableDirectory(_ file: String, _ directory: String, mode: String, in language: Language) -> String {
        switch self {
        case .database:
            localized("directory \(directory), which holds the database \(file), is writable by others (mode \(mode)); fix it with: chmod go-w \(directory)", in: language)
        case .keyFile:
            localized("directory \(directory), which holds the key file \(file), is writable by others (mode \(mode)); fix it with: chmod go-w \(directory)", in: language)
        case .passphraseFile:
            localized("directory \(directory), which holds the passphrase file \(file), is writable by others (mode \(mode)); fix it with: chmod go-w \(directory)", in: language)
        }
    }

    /// `path` is a `kind`, not a regular file.
    func notAFile(_ path: String, kind: FileKind, in language: Language) -> String {
        switch self {
        case .database:
            switch kind {
            case .directory: localized("database \(path) is a directory, not a regular file", in: language)
            case .characterDevice: localized("database \(path) is a character device, not a regular file", in: language)
            case .blockDevice: localized("database \(path) is a block device, not a regular file", in: language)
            case .pipe: localized("database \(path) is a pipe (FIFO), not a regular file", in: language)
            case .socket: localized("database \(path) is a socket, not a regular file", in: language)
            case .other: localized("database \(path) is not a regular file", in: language)
            }
        case .keyFile:
            switch kind {
            case .directory: localized("key file \(path) is a directory, not a regular file", in: language)
            case .characterDevice: localized("key file \(path) is a character device, not a regular file", in: language)
            case .blockDevice: localized("key file \(path) is a block device, not a regular file", in: language)
            case .pipe: localized("key file \(path) is a pipe (FIFO), not a regular file", in: language)
            case .socket: localized("key file \(path) is a socket, not a regular file", in: language)
            case .other: localized("key file \(path) is not a regular file", in: language)
            }
        case .passphraseFile:
            switch kind {
            case .directory: localized("passphrase file \(path) is a directory, not a regular file", in: language)
            case .characterDevice: localized("passphrase file \(path) is a character device, not a regular file", in: language)
            case .blockDevice: localized("passphrase file \(path) is a block device, not a regular file", in: language)
            case .pipe: localized("passphrase file \(path) is a pipe (FIFO), not a regular file", in: language)
            case .socket: localized("passphrase file \(path) is a socket, not a regular file", in: language)
            case .other: localized("passphrase file \(path) is not a regular file", in: language)
            }
        }
    }

    /// Reading `path` failed with `reason` (the system's words for `errno`).
    func cannotRead(_ path: String, reason: String, in language: Language) -> String {
        switch self {
        case .database:
            localized("\(path): cannot read the database: \(reason)", in: language)
        case .keyFile:
            localized("\(path): cannot read the key file: \(reason)", in: language)
        case .passphraseFile:
            localized("\(path): cannot read the passphrase file: \(reason)", in: language)
        }
    }

    /// `path` is larger than 64 KiB.
    func tooLarge(_ path: String, in language: Language) -> String {
        switch self {
        case .database:
            localized("\(path): the database is larger than 64 KiB", in: language)
        case .keyFile:
            localized("\(path): the key file is larger than 64 KiB", in: language)
        case .passphraseFile:
            localized("\(path): the passphrase file is larger than 64 KiB", in: language)
        }
    }

}
