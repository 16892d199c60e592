import Crypto
import Foundation

/// The bytes of one change file in the sync folder (PRODUCT.md §15): a fixed header, then the
/// changes sealed with ChaChaPoly under the sync key. The device that wrote the file and its
/// sequence number are the associated data, so a file copied into another device's folder, or
/// renamed to another number, does not open; nothing but the header's magic and version can be
/// read without the key.
public enum SealedChangeFile {
    /// What every change file starts with.
    static let magic = Array("SUBSSYNC".utf8)
    static let version: UInt8 = 1
    /// A file larger than this is not read: a change file of 100,000 subscriptions is far below.
    public static let maximumBytes = 256 << 20

    /// Seals `changes` as file number `sequence` of `device`.
    public static func seal(_ changes: Data, device: String, sequence: UInt64, key: SymmetricKey) throws -> Data {
        let box = try ChaChaPoly.seal(changes, using: key, authenticating: context(device: device, sequence: sequence))
        return Data(magic + [version]) + box.combined
    }

    /// Opens file number `sequence` of `device`; throws what makes it unreadable, and gives
    /// nothing of a file that does not open whole.
    public static func open(_ file: Data, device: String, sequence: UInt64, key: SymmetricKey) throws(SealedFileProblem) -> Data {
        guard file.count <= maximumBytes else { throw .tooLarge(bytes: file.count) }
        let headerLength = magic.count + 1
        guard file.count >= headerLength, Array(file.prefix(magic.count)) == magic else { throw .notAChangeFile }
        let version = file[file.startIndex + magic.count]
        guard version == Self.version else { throw .unknownVersion(version) }
        let sealed = file.dropFirst(headerLength)
        // Nonce (12 bytes) and tag (16 bytes) at the least.
        guard sealed.count >= 28, let box = try? ChaChaPoly.SealedBox(combined: sealed) else { throw .truncated }
        do {
            return try ChaChaPoly.open(box, using: key, authenticating: context(device: device, sequence: sequence))
        } catch {
            // Altered, moved, or sealed under another key: the cipher cannot tell these apart.
            throw .doesNotOpen
        }
    }

    /// The associated data: which file of which device this is.
    private static func context(device: String, sequence: UInt64) -> Data {
        Data("subs-sync-v1\u{0}\(device)\u{0}\(sequence)".utf8)
    }
}

/// Why a change file does not open. Nothing of such a file is applied.
public enum SealedFileProblem: Error, Equatable, Sendable {
    /// Larger than `SealedChangeFile.maximumBytes`.
    case tooLarge(bytes: Int)
    /// It does not start as a change file does.
    case notAChangeFile
    /// Written by a later `subs`, in a format this one does not know.
    case unknownVersion(UInt8)
    /// Shorter than its header and seal.
    case truncated
    /// Altered, renamed or moved, or sealed under another group's key.
    case doesNotOpen
}
