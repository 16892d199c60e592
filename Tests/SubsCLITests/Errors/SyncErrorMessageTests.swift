import Foundation
import Testing
@testable import SubsCLI
@testable import SubscriptionCore

/// Every sync error of the core, said in English and in Turkish, with the exit code it gets.
@Suite("Sync errors are said in both languages")
struct SyncErrorMessageTests {
    init() { SubsTranslations.install() }

    private static let folder = "/home/ada/Sync/subs"
    private static let header = folder + "/subs-sync.json"
    private static let file = folder + "/0123456789abcdef/000000000007.subs"

    /// One sample of every case, every header damage and every folder problem.
    private static var samples: [SyncError] {
        var errors: [SyncError] = [
            .wrongPassphrase, .emptyPassphrase, .notASyncFolder(path: folder), .alreadySyncFolder(path: folder),
            .checkValueNotSealed, .keyDerivationFails(.standard, reason: "memory limit"), .invalidDevice("../etc"),
            .gitMissing, .git(command: "push", status: 128, message: "fatal: could not read from remote repository."),
            .git(command: "pull", status: 1, message: ""), .gitPushKeptFailing(attempts: 5),
        ]
        let damages: [HeaderDamage] = [
            .tooLarge, .notJSON, .notSyncHeader, .unknownVersion(2), .missingField("salt"), .unknownField("device"),
            .unknownKDF("argon2"), .parametersOutOfRange, .badSalt, .checkNotSealed,
        ]
        errors += damages.map { .headerDamaged(path: header, $0) }
        let problems: [FolderProblem] = [.system(errno: EACCES), .tooLarge(bytes: 300_000_000), .notRegularFile, .exists, .notADirectory]
        errors += problems.map { .file(path: file, $0) }
        return errors
    }

    @Test("Every case has one English line and a Turkish one that differs")
    func everyCaseInBothLanguages() {
        for error in Self.samples {
            let english = error.message(in: .english)
            let turkish = error.message(in: .turkish)
            #expect(!english.isEmpty && !english.contains("\n") && !english.contains("%@"), "\(error)")
            #expect(!turkish.isEmpty && !turkish.contains("\n") && !turkish.contains("%@"), "\(error): \(turkish)")
            #expect(turkish != english, "\(error) is not translated: \(turkish)")
        }
    }

    @Test("Some lines, exactly")
    func exactly() {
        let cases: [(SyncError, String, String)] = [
            (.wrongPassphrase, "wrong sync passphrase: nothing was changed", "yanlış eşitleme parolası: hiçbir şey değiştirilmedi"),
            (.notASyncFolder(path: Self.folder),
             "\(Self.folder) is not a sync folder (it has no subs-sync.json); make one with 'subs sync init \(Self.folder)'",
             "\(Self.folder) bir eşitleme klasörü değil (subs-sync.json yok); 'subs sync init \(Self.folder)' ile oluşturun"),
            (.headerDamaged(path: Self.header, .unknownVersion(2)),
             "sync folder header \(Self.header) has version 2, written by a newer subs; upgrade subs",
             "eşitleme klasörü başlığı \(Self.header) 2 sürümünde, daha yeni bir subs tarafından yazılmış; subs'ı güncelleyin"),
            (.file(path: Self.file, .notRegularFile),
             "\(Self.file) is not a regular file (a symbolic link, a directory or a device); it is not read",
             "\(Self.file) normal bir dosya değil (sembolik bağ, dizin ya da aygıt); okunmadı"),
            (.file(path: Self.file, .system(errno: EACCES)),
             "sync folder: \(Self.file): Permission denied", "eşitleme klasörü: \(Self.file): Permission denied"),
            (.git(command: "push", status: 128, message: "fatal: could not read from remote repository."),
             "'git push' failed (exit status 128): fatal: could not read from remote repository.",
             "'git push' başarısız oldu (çıkış durumu 128): fatal: could not read from remote repository."),
            (.gitMissing, "git is not installed (not found on PATH): install it, or sync the folder without --git",
             "git kurulu değil (PATH'te bulunamadı): kurun ya da klasörü --git olmadan eşitleyin"),
        ]
        for (error, english, turkish) in cases {
            #expect(error.message(in: .english) == english)
            #expect(error.message(in: .turkish) == turkish)
        }
    }

    @Test("What came from a file or git reaches the terminal without its control characters")
    func terminalSafe() {
        let hostile = SyncError.headerDamaged(path: Self.header, .unknownField("x\u{1B}[2Jy"))
        let git = SyncError.git(command: "pull", status: 1, message: "remote: \u{1B}]0;owned\u{07}")
        for language in [Language.english, .turkish] {
            #expect(!hostile.message(in: language).contains("\u{1B}"))
            #expect(!git.message(in: language).contains("\u{1B}"))
        }
    }

    @Test("Exit codes: a wrong passphrase 77 as the vault's, bad input 64, damage 65, a missing folder 66, file and git failures 1")
    func exitCodes() {
        let codes: [(SyncError, Int32)] = [
            (.wrongPassphrase, 77), (.emptyPassphrase, 64), (.alreadySyncFolder(path: Self.folder), 64),
            (.invalidDevice("x"), 64), (.notASyncFolder(path: Self.folder), 66),
            (.headerDamaged(path: Self.header, .notJSON), 65), (.checkValueNotSealed, 65),
            (.file(path: Self.file, .tooLarge(bytes: 1)), 65), (.file(path: Self.file, .system(errno: EIO)), 1),
            (.gitMissing, 1), (.git(command: "push", status: 1, message: ""), 1), (.gitPushKeptFailing(attempts: 5), 75),
        ]
        for (error, code) in codes {
            #expect(error.failure.exitCode == code, "\(error)")
            #expect(Failure(error)?.exitCode == code, "\(error)")
        }
        #expect(VaultError.wrongPassphrase.failure.exitCode == SyncError.wrongPassphrase.failure.exitCode)
    }
}
