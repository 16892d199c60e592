/// Why a sync step was refused or failed (PRODUCT.md §15). Data (paths, devices, what the system
/// or git said); the command line says it. None of the cases carries a secret.
public enum SyncError: CoreError, Equatable, Sendable {
    /// The sync passphrase does not open the folder's check value. Nothing was changed.
    case wrongPassphrase
    /// An empty sync passphrase.
    case emptyPassphrase
    /// `path` holds no `subs-sync.json`: it is not a sync folder (yet).
    case notASyncFolder(path: String)
    /// `path` already holds a `subs-sync.json`: join it rather than make it again.
    case alreadySyncFolder(path: String)
    /// The header's check value is not a sealed value.
    case checkValueNotSealed
    /// Deriving the sync key with these parameters failed, with the library's error as it says it.
    case keyDerivationFails(ScryptParameters, reason: String)
    /// The header `path` does not read as a sync folder's header, and what is wrong with it.
    case headerDamaged(path: String, HeaderDamage)
    /// A file or directory of the folder that cannot be used, and why.
    case file(path: String, FolderProblem)
    /// A device id that is not 16 lowercase hexadecimal characters.
    case invalidDevice(String)
    /// The `git` program is not on PATH.
    case gitMissing
    /// A git command failed: its words (no secret: arguments are subcommands, paths and
    /// messages subs made), exit status, and the last line of what it wrote on standard error.
    case git(command: String, status: Int32, message: String)
    /// Pushing was rejected each time, because another machine pushed first, `attempts` times.
    case gitPushKeptFailing(attempts: Int)

    public var failure: FailureKind {
        switch self {
        case .wrongPassphrase: .denied
        case .emptyPassphrase, .alreadySyncFolder, .invalidDevice: .refused
        case .notASyncFolder: .notFound
        case .headerDamaged, .checkValueNotSealed, .keyDerivationFails: .badData
        case .file(_, let problem): problem.failure
        case .gitMissing, .git: .system
        case .gitPushKeptFailing: .temporary
        }
    }
}

/// What is wrong with a sync folder's header.
public enum HeaderDamage: Equatable, Sendable {
    /// Larger than `SyncHeader.maximumBytes`.
    case tooLarge
    /// Not a JSON object.
    case notJSON
    /// `format` is not "subs-sync".
    case notSyncHeader
    /// A version this `subs` does not know (a later one wrote it).
    case unknownVersion(Int)
    /// A key that is missing, or of the wrong type (named as the file has it).
    case missingField(String)
    /// A key the format does not have.
    case unknownField(String)
    /// A key derivation other than scrypt.
    case unknownKDF(String)
    /// scrypt parameters outside what `subs` accepts.
    case parametersOutOfRange
    /// The salt is not base64 of 16 to 64 bytes.
    case badSalt
    /// The check value is not a sealed value.
    case checkNotSealed
}

/// Why a file or directory of the sync folder cannot be used.
public enum FolderProblem: Equatable, Sendable {
    /// A system call failed with this `errno`.
    case system(errno: Int32)
    /// A change file larger than `SealedChangeFile.maximumBytes`.
    case tooLarge(bytes: Int)
    /// Not a regular file (a symbolic link, a directory, a device...).
    case notRegularFile
    /// A change file of that name exists already: a written file never changes.
    case exists
    /// A path where a directory should be that is something else.
    case notADirectory

    var failure: FailureKind {
        switch self {
        case .system: .system
        case .tooLarge, .notRegularFile: .badData
        case .exists: .refused
        case .notADirectory: .system
        }
    }
}
