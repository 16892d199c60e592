/// Reads a vault passphrase from a file (`--vault-passphrase-file`), with the checks the
/// database's passphrase file gets: a regular file of this user, closed to group and others.
public enum VaultPassphraseFile {
    /// The file's first line as bytes; the caller zeroes them once used.
    public static func read(_ path: String) throws -> [UInt8] {
        try PassphraseFile.read(path)
    }
}

/// Reads a passphrase that is not the database's (the vault's, the sync folder's) from a file,
/// with the checks the database's passphrase file gets: a regular file of this user, closed to
/// group and others, at most 64 KiB; its first line, without the newline.
public enum PassphraseFile {
    /// The file's first line as bytes; the caller zeroes them once used.
    public static func read(_ path: String) throws -> [UInt8] {
        try KeyMaterial.load(.passphraseFile(path), createIfMissing: false).bytes
    }
}

extension Array where Element == UInt8 {
    /// Overwrites a secret with zeros once used (see `KeyMaterial`).
    public mutating func zeroizeSecret() { zeroize() }
}
