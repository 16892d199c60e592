import Crypto
import Foundation

/// The header of a sync folder, `DIR/subs-sync.json`: how the sync key is derived from the sync
/// passphrase (scrypt, its parameters and salt) and a sealed check value that tells a wrong
/// passphrase from a right one. Nothing else: no device, name, amount or date.
public struct SyncHeader: Equatable, Sendable {
    public let parameters: ScryptParameters
    public let salt: [UInt8]
    /// The check constant sealed under the sync key (nonce, text and tag).
    public let check: Data

    public init(parameters: ScryptParameters, salt: [UInt8], check: Data) {
        self.parameters = parameters
        self.salt = salt
        self.check = check
    }

    static let format = "subs-sync"
    static let version = 1
    static let kdf = "scrypt"
    /// A header larger than this is not read: a real one takes about 250 bytes.
    public static let maximumBytes = 64 * 1024
    /// The salt lengths accepted: 16 bytes are written.
    static let saltLengths = 16...64
    /// The sealed check constant is 18 + 28 bytes; room to change it, never a large value.
    static let checkLengths = 28...1024

    private static let fields: Set<String> = ["format", "version", "kdf", "log_n", "r", "p", "salt", "check"]

    /// The header in `data`, read as hostile input: every field is checked, nothing else is
    /// accepted. `path` names the file in the error.
    public init(reading data: Data, path: String) throws {
        func damaged(_ damage: HeaderDamage) -> SyncError { .headerDamaged(path: path, damage) }
        guard data.count <= Self.maximumBytes else { throw damaged(.tooLarge) }
        guard let object = try? JSONDecoder().decode([String: HeaderValue].self, from: data) else {
            throw damaged(.notJSON)
        }
        if let unknown = object.keys.sorted().first(where: { !Self.fields.contains($0) }) {
            throw damaged(.unknownField(String(unknown.prefix(64))))
        }
        func text(_ key: String) throws -> String {
            guard case .text(let value)? = object[key] else { throw damaged(.missingField(key)) }
            return value
        }
        func number(_ key: String) throws -> Int64 {
            guard case .number(let value)? = object[key] else { throw damaged(.missingField(key)) }
            return value
        }
        guard try text("format") == Self.format else { throw damaged(.notSyncHeader) }
        let version = try number("version")
        guard version == Int64(Self.version) else { throw damaged(.unknownVersion(Int(clamping: version))) }
        let kdf = try text("kdf")
        guard kdf == Self.kdf else { throw damaged(.unknownKDF(String(kdf.prefix(64)))) }
        guard let parameters = ScryptParameters(storedLogN: try number("log_n"), r: try number("r"), p: try number("p")) else {
            throw damaged(.parametersOutOfRange)
        }
        let saltText = try text("salt")
        guard saltText.utf8.count <= 128, let salt = Data(base64Encoded: saltText), Self.saltLengths.contains(salt.count) else {
            throw damaged(.badSalt)
        }
        let checkText = try text("check")
        guard checkText.utf8.count <= 2048, let check = Data(base64Encoded: checkText), Self.checkLengths.contains(check.count),
              PassphraseKey.box(check) != nil
        else {
            throw damaged(.checkNotSealed)
        }
        self.init(parameters: parameters, salt: Array(salt), check: check)
    }

    /// The header as the file holds it: JSON, keys sorted, one per line.
    public var encoded: Data {
        let fields: [(String, String)] = [
            ("check", "\"\(check.base64EncodedString())\""),
            ("format", "\"\(Self.format)\""),
            ("kdf", "\"\(Self.kdf)\""),
            ("log_n", "\(parameters.logN)"),
            ("p", "\(parameters.p)"),
            ("r", "\(parameters.r)"),
            ("salt", "\"\(Data(salt).base64EncodedString())\""),
            ("version", "\(Self.version)"),
        ]
        // Base64 and the constants hold no character JSON escapes.
        return Data(("{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n").utf8)
    }
}

/// One value of the header: a whole number or a text; anything else (a fraction, a boolean,
/// null, an array) reads as neither, so the field counts as missing.
private enum HeaderValue: Decodable {
    case number(Int64)
    case text(String)
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if (try? container.decode(Bool.self)) != nil {
            self = .other
        } else if let number = try? container.decode(Int64.self) {
            self = .number(number)
        } else {
            self = .other
        }
    }
}

/// The key that seals and opens change files, derived from the sync passphrase with the
/// folder's scrypt parameters and salt. Every machine of a group derives the same key.
public struct SyncKey {
    /// The constant sealed as the folder's check value, and its associated data; neither can
    /// be mistaken for the vault's.
    private static let checkConstant = Array("subs sync check v1".utf8)
    private static let checkContext = Array("subs:sync-check".utf8)

    /// Usable with `SealedChangeFile.seal` and `open`.
    public let key: SymmetricKey

    private init(derived: PassphraseKey) {
        key = derived.key
    }

    /// A new key and the header of a new sync folder: a fresh salt, `parameters`, and the check
    /// value sealed under the key. The passphrase is the caller's to zero.
    public static func create(passphrase: [UInt8], parameters: ScryptParameters = .standard) throws -> (SyncKey, SyncHeader) {
        guard !passphrase.isEmpty else { throw SyncError.emptyPassphrase }
        let salt = PassphraseKey.newSalt()
        let derived = try derive(passphrase, salt: salt, parameters: parameters)
        let check: Data
        do {
            check = try derived.seal(checkConstant, context: checkContext)
        } catch {
            throw SyncError.keyDerivationFails(parameters, reason: error.reason)
        }
        return (SyncKey(derived: derived), SyncHeader(parameters: parameters, salt: salt, check: check))
    }

    /// The key of the folder whose header is `header`; `SyncError.wrongPassphrase` when the
    /// passphrase does not open its check value. The passphrase is the caller's to zero.
    public init(passphrase: [UInt8], header: SyncHeader) throws {
        guard !passphrase.isEmpty else { throw SyncError.emptyPassphrase }
        guard let box = PassphraseKey.box(header.check) else { throw SyncError.checkValueNotSealed }
        let derived = try Self.derive(passphrase, salt: header.salt, parameters: header.parameters)
        guard derived.opensCheck(box, constant: Self.checkConstant, context: Self.checkContext) else {
            throw SyncError.wrongPassphrase
        }
        self.init(derived: derived)
    }

    private static func derive(_ passphrase: [UInt8], salt: [UInt8], parameters: ScryptParameters) throws -> PassphraseKey {
        do {
            return try PassphraseKey(passphrase: passphrase, salt: salt, parameters: parameters)
        } catch {
            throw SyncError.keyDerivationFails(parameters, reason: error.reason)
        }
    }
}
