/// Where the database key comes from.
public enum KeySource: Equatable, Sendable {
    /// A passphrase given in the environment (`SUBS_PASSPHRASE`).
    case passphrase(String)
    /// A file whose first line is the passphrase (`--passphrase-file`).
    case passphraseFile(String)
    /// A file of 64 hex digits used as a raw 256-bit key; created with the database when missing.
    case keyFile(String)
}
