import Foundation
import SubscriptionCore

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
        case .cipherUnavailable:
            localized("SQLCipher is not available: the linked SQLite library cannot encrypt", in: language)
        case .database(let error):
            error.message(in: language)
        }
    }

    private static func notADatabase(_ path: String, _ reason: NotADatabaseReason, in language: Language) -> String {
        switch reason {
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
        case .subscriptionValue(.contract):
            localized("database \(path) is damaged (unreadable contract term)", in: language)
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
        case .settlement:
            localized("database \(path) is damaged (unreadable settlement)", in: language)
        case .historyEntry:
            localized("database \(path) is damaged (unreadable history entry)", in: language)
        case .login:
            localized("database \(path) is damaged (unreadable login)", in: language)
        case .syncState:
            localized("database \(path) is damaged (unreadable sync state)", in: language)
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
