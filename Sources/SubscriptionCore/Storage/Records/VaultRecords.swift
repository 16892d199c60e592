import Foundation

/// Reads and writes the `vault` table: its one row, how the vault key is derived from the vault
/// passphrase (scrypt's parameters and salt) and the sealed value that proves a key.
struct VaultRecords {
    let connection: Connection

    struct Row {
        let parameters: ScryptParameters
        let salt: [UInt8]
        let check: String
    }

    /// The vault's row, or nil before the first login.
    func row() throws -> Row? {
        guard let row = try connection.rows("SELECT kdf, log_n, r, p, salt, check_value FROM vault WHERE id = 1").first else {
            return nil
        }
        // Every stored value is checked before use: a tampered row is damage, never a crash or
        // a derivation that takes all the memory there is.
        guard row.text(0) == "scrypt", let logN = row.int(1), let r = row.int(2), let p = row.int(3),
              let saltText = row.text(4), saltText.utf8.count <= 128,
              let salt = Data(base64Encoded: saltText), VaultKey.saltLengths.contains(salt.count),
              let check = row.text(5), check.utf8.count <= VaultKey.sealedTextLimit
        else {
            throw VaultError.damaged(.keyDerivationUnreadable)
        }
        guard let parameters = ScryptParameters(storedLogN: logN, r: r, p: p) else {
            throw VaultError.damaged(.keyDerivationOutOfRange)
        }
        return Row(parameters: parameters, salt: Array(salt), check: check)
    }

    /// Creates or replaces the vault's row.
    func store(salt: [UInt8], parameters: ScryptParameters, check: String, now: Date) throws {
        try connection.run(
            "INSERT OR REPLACE INTO vault (id, kdf, log_n, r, p, salt, check_value, updated_at) VALUES (1, 'scrypt', ?, ?, ?, ?, ?, ?)",
            [.integer(Int64(parameters.logN)), .integer(Int64(parameters.r)), .integer(Int64(parameters.p)),
             .text(Data(salt).base64EncodedString()), .text(check), .text(Timestamp.format(now))])
    }
}
