import Foundation
import SubscriptionCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The file errors of the core (keys, passphrases, the database as a file, what the file system
// refused), said in the reader's language. Texts that differ only by which file they name are
// whole sentences for each (the role tables below).

extension FileError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
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
        case .notAFile(let path, let role, let kind):
            role.notAFile(path, kind: kind, in: language)
        case .missingFile(let path, let role):
            role.missing(path, in: language)
        case .unreadableFile(let path, let role, let isDirectory):
            isDirectory ? role.isDirectory(path, in: language) : role.unreadable(path, in: language)
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
        case .unusablePassphrase(let file, let reason):
            switch reason {
            case .nulByte:
                localized("the passphrase in \(file) cannot become the database's key: it holds a NUL byte", in: language)
            case .notUTF8:
                localized("the passphrase in \(file) cannot become the database's key: it is not UTF-8 text", in: language)
            case .empty:
                localized("the passphrase in \(file) cannot become the database's key: the file's first line is empty", in: language)
            case .tooLarge:
                localized("the passphrase in \(file) cannot become the database's key: the file is larger than 64 KiB", in: language)
            case .isKeyFile:
                localized("the passphrase in \(file) cannot become the database's key: it is the key file, which the rekey moves aside", in: language)
            case .isDatabase:
                localized("the passphrase in \(file) cannot become the database's key: it is the database, which the rekey replaces", in: language)
            }
        }
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
            case .directory: localized("\(path) is not a subs database (it is a directory, not a regular file)", in: language)
            case .characterDevice: localized("\(path) is not a subs database (it is a character device, not a regular file)", in: language)
            case .blockDevice: localized("\(path) is not a subs database (it is a block device, not a regular file)", in: language)
            case .pipe: localized("\(path) is not a subs database (it is a pipe (FIFO), not a regular file)", in: language)
            case .socket: localized("\(path) is not a subs database (it is a socket, not a regular file)", in: language)
            case .other: localized("\(path) is not a subs database (it is not a regular file)", in: language)
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
