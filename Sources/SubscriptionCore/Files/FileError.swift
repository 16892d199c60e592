/// Why a file `subs` keeps or reads could not be used: a key, passphrase or database file that
/// others could read or replace, a file that is missing or not a file, or what the file system
/// refused. Data (paths, modes, which file); the command line says it. Below both the vault and
/// the store, which keep their files the same way.
public enum FileError: CoreError, Equatable, Sendable {
    /// A key file that is not 64 hex digits.
    case invalidKeyFile(path: String)
    /// A key or database file that group or others may read.
    case unsafePermissions(path: String, mode: UInt32)
    /// A key, passphrase or database file, or the directory holding it, owned by another user:
    /// they could read it or put their own in its place. `user` is who should own it.
    case foreignOwner(path: String, owner: UInt32, user: String)
    /// A directory holding the `role` file `file` that group or others may write to: they could
    /// replace the file.
    case unsafeDirectory(path: String, mode: UInt32, holding: PrivateFileRole, file: String)
    /// A database, key or passphrase file (`role`) that is a directory, a device or a socket.
    case notAFile(path: String, role: PrivateFileRole, kind: FileKind)
    /// A file the user named does not exist.
    case missingFile(path: String, role: FileRole)
    /// A file the user named is there but cannot be read: a directory, or no permission.
    case unreadableFile(path: String, role: FileRole, isDirectory: Bool)
    /// The file system refused (permissions, full disk, a directory in the way).
    case fileSystem(path: String, problem: FileProblem)
    /// Output named for a file `subs` keeps (the database or a key), which it would destroy.
    case wouldOverwrite(path: String, file: KeptFile)
    /// The passphrase file `file` cannot be the database's new key, and why.
    case unusablePassphrase(file: String, reason: UnusablePassphrase)

    public var failure: FailureKind {
        switch self {
        case .invalidKeyFile, .unsafePermissions, .foreignOwner, .unsafeDirectory: .denied
        // A database that is not a file is bad data, as any file that is not a database is.
        case .notAFile(_, let role, _): role == .database ? .badData : .denied
        case .wouldOverwrite, .unusablePassphrase: .refused
        case .missingFile, .unreadableFile: .notFound
        // A key that cannot be one is a wrong key, not a failure of the system.
        case .fileSystem(_, .emptyPassphraseFile), .fileSystem(_, .tooLarge): .denied
        case .fileSystem: .system
        }
    }
}

/// A file `subs` keeps private: checked as ssh checks its keys.
public enum PrivateFileRole: Equatable, Sendable {
    case database, keyFile, passphraseFile

    var fileRole: FileRole {
        switch self {
        case .database: .database
        case .keyFile: .keyFile
        case .passphraseFile: .passphraseFile
        }
    }
}

/// What a file is to `subs`, as an error names it.
public enum FileRole: Equatable, Sendable {
    case database, keyFile, passphraseFile, backup
    /// Files a command reads: an import, a bank statement, a rates file.
    case importFile, statement, ratesFile
}

/// What is at a path where a regular file should be.
public enum FileKind: Equatable, Sendable {
    case directory, characterDevice, blockDevice, pipe, socket, other
}

/// What the file system refused, with the system's `errno` where it gave one.
public enum FileProblem: Equatable, Sendable {
    /// A system call failed with this `errno`.
    case system(errno: Int32)
    /// The database's directory could not be locked (`flock`).
    case cannotLock(errno: Int32)
    /// A key or passphrase file that could not be read.
    case cannotRead(PrivateFileRole, errno: Int32)
    /// A key or passphrase file larger than 64 KiB.
    case tooLarge(PrivateFileRole)
    /// A passphrase file without a passphrase.
    case emptyPassphraseFile
    /// A path to write to that is a directory.
    case isDirectory
    /// The bytes could not all be written and synced.
    case notWritten
    /// A variable (the path) names `directory`, which is not a directory.
    case notADirectory(String)
    /// Every backup name of this stem is taken.
    case tooManyBackups(stem: String)
}

/// A file `subs` keeps, which output must not replace.
public enum KeptFile: Equatable, Sendable {
    case database(String)
    case keyFile(String)
    case passphraseFile(String)
    /// The passphrase file the database is keyed with now (a rekey's new key file must not be it).
    case currentPassphraseFile
    /// The database or its key file, named by path alone (an export's output).
    case path(String)
}

/// Why a passphrase file cannot be a database's new key.
public enum UnusablePassphrase: Equatable, Sendable {
    /// It holds a NUL byte: the sqlcipher shell could not be given it.
    case nulByte
    /// It is not UTF-8 text.
    case notUTF8
    /// Its first line is empty.
    case empty
    /// It is larger than 64 KiB.
    case tooLarge
    /// It is the key file, which the rekey moves aside.
    case isKeyFile
    /// It is the database, which the rekey replaces.
    case isDatabase
}
