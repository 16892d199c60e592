import SubscriptionCore

/// An error as the user sees it: one line and an exit code (PRODUCT.md §4, "Exit codes").
struct Failure: Error {
    let message: String
    let exitCode: Int32

    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let temporaryFailure: Int32 = 75
    static let noPermission: Int32 = 77

    init(_ message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    /// Maps the core's typed errors; nil for errors argument-parser reports itself.
    init?(_ error: any Error) {
        if let error = error as? any CoreError {
            // Data from the core, said here; an error without a text says its bare data, which
            // ErrorMessageTests catch before a user could.
            let message = (error as? any ErrorMessage)?.message(in: Language.current) ?? String(describing: error)
            self.init(message, exitCode: error.failure.exitCode)
            return
        }
        switch error {
        case is InputError, is LifecycleError, is DateOrderError, is EditError, is SettingsError, is CategoryError,
             is ReminderRunError:
            // Refused input or a refused step: nothing changed, and the line says why.
            self.init(String(describing: error), exitCode: Self.usage)
        case let error as LookupError:
            switch error {
            case .notFound, .noRate: self.init(error.description, exitCode: Self.noInput)
            case .ambiguous, .duplicateName: self.init(error.description, exitCode: Self.usage)
            }
        case let error as LedgerError:
            self.init(error.description, exitCode: Self.usage)
        case let error as NoChargeRecorded:
            self.init(error.description, exitCode: Self.noInput)
        case let error as FileDataError:
            self.init(error.description, exitCode: Self.dataError)
        case let error as InputTooLarge:
            self.init(error.message(in: Language.current), exitCode: Self.dataError)
        case let error as StatementError:
            self.init(error.description, exitCode: Self.dataError)
        case let error as UndoError:
            switch error {
            case .changedSince: self.init(error.description, exitCode: Self.dataError)
            case .changedMeanwhile, .keptChanging: self.init(error.description, exitCode: Self.temporaryFailure)
            case .nothingBeforeRestore: self.init(error.description, exitCode: Self.usage)
            case .backupGone: self.init(error.description, exitCode: Self.noInput)
            case .backupUnderOldKey: self.init(error.description, exitCode: Self.noPermission)
            }
        case let error as MoneyError:
            self.init(error.description, exitCode: Self.dataError)
        case let error as VaultError:
            self.init(error.description, exitCode: Self.exitCode(for: error))
        case let error as StoreError:
            self.init(error.description, exitCode: Self.exitCode(for: error))
        default:
            return nil
        }
    }

    private static func exitCode(for error: VaultError) -> Int32 {
        switch error {
        case .wrongPassphrase: noPermission
        case .noLogin, .noPassword, .noVault: noInput
        case .damaged: dataError
        case .empty, .generatedLength: usage
        }
    }

    private static func exitCode(for error: StoreError) -> Int32 {
        switch error {
        case .wrongKey, .missingKey, .invalidKeyFile, .unsafePermissions, .foreignOwner, .unsafeDirectory,
             .notAKeyFile:
            noPermission
        case .notADatabase, .damaged, .newerSchema: dataError
        case .wouldOverwrite, .unusablePassphrase: usage
        case .locked: temporaryFailure
        case .missingFile, .unreadableFile: noInput
        case .cipherUnavailable, .fileSystem, .noHomeDirectory, .database: 1
        }
    }
}
