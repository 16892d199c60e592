import Foundation
import Testing
@testable import SubsCLI
@testable import SubscriptionCore

/// Every storage and vault error of the core, said in English and in Turkish: English as users
/// have always read it, Turkish present, different, and with no English sentence left in it.
@Suite("Storage and vault errors are said in both languages")
struct StorageErrorMessageTests {
    init() { SubsTranslations.install() }

    private static let path = "/home/ada/.local/share/subs/subs.db"
    private static let key = "/home/ada/.config/subs/key"

    private static let roles: [FileRole] = [.database, .keyFile, .passphraseFile, .backup, .importFile, .statement, .ratesFile]
    private static let privateRoles: [PrivateFileRole] = [.database, .keyFile, .passphraseFile]
    private static let kinds: [FileKind] = [.directory, .characterDevice, .blockDevice, .pipe, .socket, .other]

    private static var settingError: InputError? {
        do {
            _ = try Currency(input: "US1")
            return nil
        } catch {
            return error as? InputError
        }
    }

    private static let sqlite = SQLiteError(extendedCode: 11, message: "database disk image is malformed")

    /// One sample of every case (and of every file, kind and damage a case names).
    private static var samples: [any ErrorMessage] {
        var errors: [any ErrorMessage] = [
            StoreError.wrongKey(database: path, key: .passphrase("hunter2")),
            StoreError.wrongKey(database: path, key: .passphraseFile("/tmp/pass")),
            StoreError.wrongKey(database: path, key: .keyFile(key)),
            StoreError.missingKey(database: path, keyFile: key),
            FileError.invalidKeyFile(path: key),
            FileError.unsafePermissions(path: key, mode: 0o100644),
            FileError.foreignOwner(path: key, owner: 1001, user: "ada"),
            StoreError.noHomeDirectory,
            StoreError.newerSchema(path: path, found: 12, known: 9),
            StoreError.upgradeLeavesOrphans(version: 7),
            StoreError.locked(path: path),
            StoreError.cipherUnavailable,
            StoreError.database(sqlite),
            FileError.wouldOverwrite(path: "/tmp/out", file: .database(path)),
            FileError.wouldOverwrite(path: "/tmp/out", file: .keyFile(key)),
            FileError.wouldOverwrite(path: "/tmp/out", file: .passphraseFile("/tmp/pass")),
            FileError.wouldOverwrite(path: "/tmp/out", file: .currentPassphraseFile),
            FileError.wouldOverwrite(path: "/tmp/out", file: .path(path)),
            SQLiteError(extendedCode: 1811, message: "refused by a trigger"),
            CategoryError.exists(existing: "Films"),
            CategoryError.inUse(category: "Films", by: ["Cinema", "Netflix"]),
            CategoryError.unknown(name: "Nope", suggestions: [], known: ["Films", "Music"]),
            CategoryError.unknown(name: "Flms", suggestions: ["Films"], known: ["Films", "Music"]),
            ReminderRunError.futureDay(today: CivilDate(year: 2026, month: 12, day: 1)!, realToday: CivilDate(year: 2026, month: 11, day: 26)!),
            VaultError.wrongPassphrase,
            VaultError.noLogin(name: "Netflix"),
            VaultError.noPassword(name: "Netflix"),
            VaultError.noVault,
            VaultError.empty(.password),
            VaultError.empty(.vaultPassphrase),
            VaultError.empty(.newVaultPassphrase),
            VaultError.generatedLength(7),
        ]
        for reason in [UnusablePassphrase.nulByte, .notUTF8, .empty, .tooLarge, .isKeyFile, .isDatabase] {
            errors.append(FileError.unusablePassphrase(file: "/tmp/pass", reason: reason))
        }
        for role in roles {
            errors.append(FileError.missingFile(path: "/tmp/f", role: role))
            errors.append(FileError.unreadableFile(path: "/tmp/f", role: role, isDirectory: true))
            errors.append(FileError.unreadableFile(path: "/tmp/f", role: role, isDirectory: false))
        }
        for role in privateRoles {
            errors.append(FileError.unsafeDirectory(path: "/tmp", mode: 0o41777, holding: role, file: "/tmp/f"))
            errors.append(FileError.unsafeDirectory(path: "/srv", mode: 0o40775, holding: role, file: "/srv/f"))
            errors.append(FileError.fileSystem(path: "/tmp/f", problem: .cannotRead(role, errno: EACCES)))
            errors.append(FileError.fileSystem(path: "/tmp/f", problem: .tooLarge(role)))
            for kind in kinds { errors.append(FileError.notAFile(path: "/tmp/f", role: role, kind: kind)) }
        }
        let reasons: [NotADatabaseReason] = [.anotherProgram, .unencrypted, .truncated, .empty, .noSubsData]
        errors += reasons.map { StoreError.notADatabase(path: path, reason: $0) }
        let problems: [FileProblem] = [
            .system(errno: ENOSPC), .cannotLock(errno: EBADF), .emptyPassphraseFile, .isDirectory, .notWritten,
            .notADirectory("/nope"), .tooManyBackups(stem: "backup-20261126-101010"),
        ]
        errors += problems.map { FileError.fileSystem(path: "/tmp/f", problem: $0) }
        let values: [StoredValue] = [.cycle, .billingPeriodCycle, .date, .currency, .timestamp, .column(4)]
        let damages: [Damage] = values.map { .subscriptionValue($0) } + [
            .categoryName, .categoryColour, .subscriptionName, .noPrice(subscription: "sub-1"),
            .exchangeRate(currency: nil), .exchangeRate(currency: "EUR"), .setting(nil), .setting(settingError),
            .sentReminder, .settlement, .historyEntry, .login, .syncState, .sqlite(sqlite), .integrity(first: nil, more: 0),
            .integrity(first: "row 3 missing from index", more: 0), .integrity(first: "row 3 missing from index", more: 4),
            .copyDiffers, .uncountable(table: "charges"),
        ]
        errors += damages.map { StoreError.damaged(path: path, damage: $0) }
        let vaultDamages: [VaultDamage] = [
            .login, .loginOf(name: "Netflix"), .keyDerivationUnreadable, .keyDerivationOutOfRange,
            .keyDerivationFails(.standard, reason: "memory limit"), .sealingFails(reason: "bad nonce"),
            .checkValueNotSealed, .passwordNotSealed(name: "Netflix"), .passwordDoesNotOpen(name: "Netflix"),
        ]
        errors += vaultDamages.map { VaultError.damaged($0) }
        return errors
    }

    @Test("Every case has an English line and a Turkish one that differs")
    func everyCaseInBothLanguages() {
        for error in Self.samples {
            let english = error.message(in: .english)
            let turkish = error.message(in: .turkish)
            #expect(!english.isEmpty && !english.contains("\n") && !english.contains("%@"), "\(error)")
            #expect(!turkish.isEmpty && !turkish.contains("\n") && !turkish.contains("%"), "\(error): \(turkish)")
            // The system's words for an errno stay as the C library has them; all else is Turkish.
            var systemWords = false
            if case FileError.fileSystem(_, .system)? = error as? FileError { systemWords = true }
            #expect(turkish != english || systemWords, "\(error) is not translated: \(turkish)")
        }
    }

    @Test("English reads as it always has")
    func englishIsUnchanged() {
        let cases: [(any ErrorMessage, String)] = [
            (StoreError.wrongKey(database: Self.path, key: .keyFile(Self.key)),
             "cannot open \(Self.path): wrong key (the key file \(Self.key) does not unlock it), or the file is damaged"),
            (StoreError.wrongKey(database: Self.path, key: .passphrase("hunter2")),
             "cannot open \(Self.path): wrong key (the passphrase in SUBS_PASSPHRASE does not unlock it), or the file is damaged"),
            (FileError.unsafePermissions(path: Self.key, mode: 0o100644),
             "\(Self.key) is accessible by others (mode 644); fix it with: chmod 600 \(Self.key)"),
            (FileError.unsafeDirectory(path: "/tmp", mode: 0o41777, holding: .keyFile, file: "/tmp/key"),
             "the key file /tmp/key is in the shared directory /tmp (mode 1777), where others could put their own in its place; keep it in a directory only you can write to"),
            (FileError.unsafeDirectory(path: "/srv", mode: 0o40775, holding: .database, file: "/srv/subs.db"),
             "directory /srv, which holds the database /srv/subs.db, is writable by others (mode 775); fix it with: chmod go-w /srv"),
            (FileError.notAFile(path: "/tmp/k", role: .keyFile, kind: .pipe), "key file /tmp/k is a pipe (FIFO), not a regular file"),
            (FileError.notAFile(path: Self.path, role: .database, kind: .directory),
             "\(Self.path) is not a subs database (it is a directory, not a regular file)"),
            (StoreError.notADatabase(path: Self.path, reason: .unencrypted),
             "\(Self.path) is not a subs database (it is an unencrypted SQLite database)"),
            (StoreError.damaged(path: Self.path, damage: .categoryColour), "database \(Self.path) is damaged (unreadable category colour)"),
            (StoreError.damaged(path: Self.path, damage: .subscriptionValue(.column(4))), "database \(Self.path) is damaged (unreadable column 4)"),
            (StoreError.damaged(path: Self.path, damage: .integrity(first: "page 3 is never used", more: 2)),
             "database \(Self.path) is damaged (page 3 is never used; 2 more problems)"),
            (StoreError.damaged(path: Self.path, damage: .sqlite(Self.sqlite)), "database \(Self.path) is damaged (database disk image is malformed)"),
            (FileError.missingFile(path: "/tmp/x.json", role: .importFile), "import file /tmp/x.json does not exist"),
            (FileError.unreadableFile(path: "/tmp", role: .backup, isDirectory: true), "backup /tmp is a directory, not a file"),
            (FileError.unreadableFile(path: "/tmp/s", role: .statement, isDirectory: false), "statement /tmp/s cannot be read"),
            (FileError.fileSystem(path: "/tmp/f", problem: .system(errno: ENOENT)), "/tmp/f: No such file or directory"),
            (FileError.fileSystem(path: "/tmp/k", problem: .cannotRead(.keyFile, errno: EACCES)), "/tmp/k: cannot read the key file: Permission denied"),
            (FileError.fileSystem(path: "XDG_DATA_HOME", problem: .notADirectory("/etc/passwd")), "XDG_DATA_HOME: /etc/passwd is not a directory"),
            (FileError.wouldOverwrite(path: "/tmp/out", file: .keyFile(Self.key)),
             "refusing to write to /tmp/out: it is the key file \(Self.key), which subs needs; choose another file"),
            (FileError.unusablePassphrase(file: "/tmp/p", reason: .nulByte),
             "the passphrase in /tmp/p cannot become the database's key: it holds a NUL byte"),
            (StoreError.database(SQLiteError(extendedCode: 1811, message: "refused by a trigger")), "database error: refused by a trigger"),
            (StoreError.upgradeLeavesOrphans(version: 7),
             "the upgrade to schema version 7 would leave rows that refer to nothing; the database was not changed"),
            (CategoryError.unknown(name: "Nope", suggestions: [], known: ["Films", "Music"]),
             "invalid category 'Nope': expected one of Films, Music; add one with 'subs category add'"),
            (CategoryError.unknown(name: "Flms", suggestions: ["Films"], known: ["Films"]),
             "invalid category 'Flms': expected an existing category (did you mean Films?); add one with 'subs category add'"),
            (CategoryError.inUse(category: "Films", by: ["Cinema", "Netflix"]),
             "category Films is used by Cinema, Netflix; move them first with 'subs edit <ref> --category NAME'"),
            (VaultError.empty(.newVaultPassphrase), "the new vault passphrase is empty"),
            (VaultError.damaged(.checkValueNotSealed), "the vault is damaged: its check value is not a sealed value"),
            (VaultError.damaged(.keyDerivationFails(.standard, reason: "memory limit")),
             "the vault is damaged: its key derivation (scrypt N=2^16 r=8 p=1) fails: memory limit"),
            (VaultError.generatedLength(7), "invalid --generate length '7': expected 8 to 128"),
        ]
        for (error, english) in cases {
            #expect(error.message(in: .english) == english)
        }
        let setting = StoreError.damaged(path: Self.path, damage: .setting(Self.settingError)).message(in: .english)
        #expect(setting.hasPrefix("database \(Self.path) is damaged (unreadable setting: invalid currency 'US1'"), "\(setting)")
    }

    @Test("Some Turkish, exactly")
    func turkish() {
        #expect(StoreError.locked(path: Self.path).message(in: .turkish)
                == "\(Self.path) veritabanı başka bir süreç tarafından kilitli kaldı; yeniden deneyin")
        #expect(FileError.missingFile(path: "/tmp/k", role: .keyFile).message(in: .turkish) == "anahtar dosyası /tmp/k yok")
        #expect(VaultError.wrongPassphrase.message(in: .turkish) == "yanlış kasa parolası: hiçbir şey gösterilmedi ya da değiştirilmedi")
        #expect(ReminderRunError.futureDay(today: CivilDate(year: 2026, month: 12, day: 1)!, realToday: CivilDate(year: 2026, month: 11, day: 26)!)
            .message(in: .turkish).hasPrefix("hatırlatmalar bugünden ("))
    }

    @Test("A message names the database and never the passphrase; a mode is said with the chmod that fixes it")
    func whatAMessageShows() {
        let wrongKey = StoreError.wrongKey(database: Self.path, key: .passphrase("not the secret"))
        for language in [Language.english, .turkish] {
            let message = wrongKey.message(in: language)
            #expect(message.contains(Self.path) && !message.contains("\n"))
            #expect(!message.contains("not the secret"), "the passphrase never appears in a message")
            let permissions = FileError.unsafePermissions(path: Self.path, mode: 0o100640).message(in: language)
            #expect(permissions.contains("chmod 600 \(Self.path)") && permissions.contains("640"))
        }
    }

    @Test("Each error keeps the exit code it always had")
    func exitCodes() {
        let codes: [(any CoreError, Int32)] = [
            (StoreError.wrongKey(database: Self.path, key: .keyFile(Self.key)), 77),
            (FileError.notAFile(path: "/k", role: .keyFile, kind: .pipe), 77),
            (StoreError.damaged(path: Self.path, damage: .categoryName), 65),
            (StoreError.notADatabase(path: Self.path, reason: .truncated), 65),
            (FileError.wouldOverwrite(path: "/o", file: .currentPassphraseFile), 64),
            (StoreError.locked(path: Self.path), 75),
            (FileError.missingFile(path: "/f", role: .backup), 66),
            (FileError.fileSystem(path: "/f", problem: .notWritten), 1),
            (StoreError.database(Self.sqlite), 1),
            (CategoryError.exists(existing: "Films"), 64),
            (ReminderRunError.futureDay(today: CivilDate(year: 2026, month: 12, day: 1)!, realToday: CivilDate(year: 2026, month: 11, day: 26)!), 64),
            (VaultError.wrongPassphrase, 77), (VaultError.noVault, 66), (VaultError.damaged(.login), 65),
            (VaultError.empty(.password), 64),
        ]
        for (error, code) in codes {
            #expect(Failure(error)?.exitCode == code, "\(error)")
        }
    }
}
