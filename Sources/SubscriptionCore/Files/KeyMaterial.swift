import Foundation

/// The bytes handed to SQLCipher's `sqlite3_key`, and how they are obtained from a `KeySource`.
enum KeyMaterial {
    /// SQLCipher's PBKDF2 iteration count for passphrases (PRODUCT.md §2). Raw keys skip the KDF.
    static let passphraseIterations = 256_000

    /// Reads the key, creating a new key file first when `createIfMissing` is set and the source
    /// is a key file that does not exist yet. Returns the key material and whether it is a
    /// passphrase (which needs `PRAGMA kdf_iter`).
    static func load(
        _ source: KeySource, createIfMissing: Bool
    ) throws -> (bytes: [UInt8], isPassphrase: Bool) {
        switch source {
        case .passphrase(let passphrase):
            return (Array(passphrase.utf8), true)
        case .passphraseFile(let path):
            guard try PrivateFiles.checkPrivate(path, as: .passphraseFile) else {
                throw FileError.missingFile(path: path, role: .passphraseFile)
            }
            var bytes = try PrivateFiles.read(path, as: .passphraseFile)
            // The passphrase is the first line, as `echo secret > file` writes it.
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                bytes.removeSubrange(newline...)
            }
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            guard !bytes.isEmpty else {
                throw FileError.fileSystem(path: path, problem: .emptyPassphraseFile)
            }
            return (bytes, true)
        case .keyFile(let path):
            if try !PrivateFiles.checkPrivate(path, as: .keyFile) {
                guard createIfMissing else { throw FileError.missingFile(path: path, role: .keyFile) }
                try createKeyFile(at: path)
                _ = try PrivateFiles.checkPrivate(path, as: .keyFile)
            }
            var contents = try PrivateFiles.read(path, as: .keyFile)
            defer { contents.zeroize() }
            while let last = contents.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
                contents.removeLast()
            }
            let isHex = contents.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
                    || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0)
            }
            guard contents.count == 64, isHex else { throw FileError.invalidKeyFile(path: path) }
            // SQLCipher reads x'<hex>' as a raw key, exactly as `PRAGMA key = "x'<hex>'"` does.
            // Built in place: `+` would leave an intermediate copy of the key in freed memory.
            var key: [UInt8] = []
            key.reserveCapacity(contents.count + 3)
            key += "x'".utf8
            key += contents
            key.append(UInt8(ascii: "'"))
            return (key, false)
        }
    }

    /// Refuses a passphrase that a database must not be given as a new key: one that is not
    /// UTF-8 text, or holds a NUL byte, opens the database in subs but cannot be typed to the
    /// sqlcipher shell (nor put in SUBS_PASSPHRASE), the other way to open it. An empty file, or
    /// one over 64 KiB, is refused as unusable too: as the key in use, either is a wrong key. A
    /// key file needs no check: subs writes it.
    static func checkNewPassphrase(_ source: KeySource) throws {
        guard case .passphraseFile(let path) = source else { return }
        var bytes: [UInt8]
        do {
            (bytes, _) = try load(source, createIfMissing: false)
        } catch FileError.fileSystem(_, .emptyPassphraseFile) {
            throw FileError.unusablePassphrase(file: path, reason: .empty)
        } catch FileError.fileSystem(_, .tooLarge) {
            throw FileError.unusablePassphrase(file: path, reason: .tooLarge)
        }
        defer { bytes.zeroize() }
        if bytes.contains(0) {
            throw FileError.unusablePassphrase(file: path, reason: .nulByte)
        }
        // Validated in place: no String copy of the passphrase is made.
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return
            case .error: throw FileError.unusablePassphrase(file: path, reason: .notUTF8)
            }
        }
    }

    /// A new key file's bytes: 32 random bytes as 64 lowercase hex characters and a newline.
    /// The caller zeroes them once written.
    static func newKeyFileContents() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let hexDigits = Array("0123456789abcdef".utf8)
        var contents: [UInt8] = []
        for _ in 0..<32 {
            let byte = UInt8.random(in: 0...255, using: &generator)
            contents += [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
        }
        contents.append(UInt8(ascii: "\n"))
        return contents
    }

    /// Writes a new key file (`newKeyFileContents`), mode 0600, in a 0700 directory. When
    /// another process creates the file first, its key is kept.
    static func createKeyFile(at path: String) throws {
        try PrivateFiles.prepareDirectory(for: path, as: .keyFile)
        var contents = newKeyFileContents()
        defer { contents.zeroize() }
        _ = try PrivateFiles.createAtomically(path, contents: contents)
    }
}

extension Array where Element == UInt8 {
    /// Overwrites the bytes with zeros, so a key does not linger in memory after use.
    mutating func zeroize() {
        withUnsafeMutableBytes { wipeMemory($0) }
    }
}
