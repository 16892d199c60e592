/// Reads a vault passphrase from a file (`--vault-passphrase-file`), with the checks the
/// database's passphrase file gets: a regular file of this user, closed to group and others.
public enum VaultPassphraseFile {
    /// The file's first line as bytes; the caller zeroes them once used.
    public static func read(_ path: String) throws -> [UInt8] {
        try KeyMaterial.load(.passphraseFile(path), createIfMissing: false).bytes
    }
}

extension Array where Element == UInt8 {
    /// Overwrites a secret with zeros once used (see `KeyMaterial`).
    public mutating func zeroizeSecret() { zeroize() }
}
