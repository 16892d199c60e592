// zlib, through the module ZIPFoundation declares for it (a second module of ours for the same
// header would clash with it).
import CZlib
import Foundation

/// A zip's central directory, walked by hand: to say why ZIPFoundation listed fewer entries
/// than the zip holds (it skips the rest of the zip at an encrypted entry or a damaged header,
/// which would otherwise read as "a zip without wallos.db"), and to unpack one entry within
/// bounds of its own (ZIPFoundation's reader spins forever on some damaged deflate streams).
enum ZipDirectory {
    /// One file of the zip, as its central directory describes it.
    struct Entry {
        let name: String
        let isEncrypted: Bool
        let method: Int
        let checksum: UInt32
        let compressedSize: Int
        let uncompressedSize: Int
        let localHeaderOffset: Int
    }

    /// What is wrong with `data` when ZIPFoundation listed `listed` entries, or nil when the
    /// directory holds that many readable, unencrypted entries (or is ZIP64, which
    /// ZIPFoundation reads in full).
    static func problem(_ data: Data, listed: Int) -> ImportFileProblem? {
        switch entries(data) {
        case .failure(let problem): return problem.fileProblem
        case .success(nil): return nil
        case .success(let entries?):
            if let encrypted = entries.first(where: \.isEncrypted) {
                return .encryptedZip(entry: encrypted.name)
            }
            guard listed >= entries.count else {
                return .unreadableZipEntry(listed + 1, of: entries.count)
            }
            return nil
        }
    }

    /// The bytes of the entry `name` (the last of that name, as ZIPFoundation lists them), stored or deflated, handed to `write` a chunk at a time;
    /// more than `limit` bytes, whatever the header says, throws `tooLarge`. Each input byte is
    /// read once, so a damaged stream ends as `damaged`, never in a loop.
    static func unpack(_ name: String, from data: Data, limit: Int, into write: (Data) throws -> Void) throws {
        guard case .success(let entries?) = entries(data), let entry = entries.last(where: { $0.name == name }) else {
            throw ZipProblem.damaged
        }
        try data.withUnsafeBytes { bytes in
            let reader = ByteReader(bytes: bytes)
            let header = entry.localHeaderOffset
            guard reader.uint32(header) == localSignature, let nameLength = reader.uint16(header + 26),
                  let extraLength = reader.uint16(header + 28)
            else { throw ZipProblem.damaged }
            let start = header + localSize + nameLength + extraLength
            guard start <= bytes.count, entry.compressedSize <= bytes.count - start else { throw ZipProblem.damaged }
            let input = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + entry.compressedSize)])
            let checksum: UInt32
            switch entry.method {
            case 0:
                guard input.count <= limit else { throw ZipProblem.tooLarge }
                try write(Data(input))
                checksum = crc(input, 0)
            case 8: checksum = try inflate(input, limit: limit, into: write)
            default: throw ZipProblem.damaged
            }
            guard checksum == entry.checksum else { throw ZipProblem.checksum }
        }
    }

    /// Why `unpack` stopped; `WallosBackupFormat` says it as a `ImportFileProblem`.
    enum ZipProblem: CoreError {
        case damaged, tooLarge, checksum

        var failure: FailureKind { .badData }
    }

    private static let endSignature: UInt32 = 0x0605_4B50
    private static let entrySignature: UInt32 = 0x0201_4B50
    private static let localSignature: UInt32 = 0x0403_4B50
    private static let endSize = 22
    private static let entrySize = 46
    private static let localSize = 30

    private struct DirectoryProblem: CoreError {
        let fileProblem: ImportFileProblem

        var failure: FailureKind { .badData }
    }

    /// The entries of the central directory; nil for a ZIP64 zip, which this walk leaves to
    /// ZIPFoundation.
    private static func entries(_ data: Data) -> Result<[Entry]?, DirectoryProblem> {
        data.withUnsafeBytes { bytes in
            let reader = ByteReader(bytes: bytes)
            // The end record is in the last 22 bytes plus a comment of at most 65,535.
            let lowest = max(0, bytes.count - endSize - 0xFFFF)
            guard bytes.count >= endSize,
                  let end = stride(from: bytes.count - endSize, through: lowest, by: -1).first(where: { reader.uint32($0) == endSignature }),
                  let total = reader.uint16(end + 10), let start = reader.uint32(end + 16)
            else { return .failure(DirectoryProblem(fileProblem: .zipDirectoryMissing)) }
            if total == 0xFFFF || start == 0xFFFF_FFFF { return .success(nil) }
            var entries: [Entry] = []
            var position = Int(start)
            for index in 0..<total {
                guard reader.uint32(position) == entrySignature, let flags = reader.uint16(position + 8),
                      let method = reader.uint16(position + 10), let checksum = reader.uint32(position + 16),
                      let compressed = reader.uint32(position + 20), let uncompressed = reader.uint32(position + 24),
                      let nameLength = reader.uint16(position + 28), let extraLength = reader.uint16(position + 30),
                      let commentLength = reader.uint16(position + 32), let offset = reader.uint32(position + 42),
                      position + entrySize + nameLength <= bytes.count
                else {
                    return .failure(DirectoryProblem(fileProblem: .unreadableZipHeader(index + 1, of: total)))
                }
                let name = String(decoding: bytes[(position + entrySize)..<(position + entrySize + nameLength)], as: UTF8.self)
                entries.append(Entry(
                    name: name, isEncrypted: flags & 1 != 0, method: method, checksum: checksum,
                    compressedSize: Int(compressed), uncompressedSize: Int(uncompressed), localHeaderOffset: Int(offset)))
                position += entrySize + nameLength + extraLength + commentLength
            }
            return .success(entries)
        }
    }

    /// Inflates the raw deflate stream `input` (given whole, once) in 64 KiB pieces; returns
    /// the CRC-32 of what came out.
    private static func inflate(_ input: UnsafeRawBufferPointer, limit: Int, into write: (Data) throws -> Void) throws -> UInt32 {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ZipProblem.damaged
        }
        defer { inflateEnd(&stream) }
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        var output = [UInt8](repeating: 0, count: 64 << 10)
        var written = 0
        var checksum: UInt32 = 0
        while true {
            let (status, produced) = output.withUnsafeMutableBytes { buffer in
                stream.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(buffer.count)
                let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                return (status, buffer.count - Int(stream.avail_out))
            }
            let chunk = output[..<produced]
            written += produced
            guard written <= limit else { throw ZipProblem.tooLarge }
            if produced > 0 {
                checksum = chunk.withUnsafeBytes { crc($0, checksum) }
                try write(Data(chunk))
            }
            switch status {
            case Z_STREAM_END: return checksum
            // Progress made, or room needed for more: go on. No input left and no output
            // made means the stream stops short of its end.
            case Z_OK where produced > 0 || stream.avail_in > 0: continue
            case Z_BUF_ERROR where produced > 0: continue
            default: throw ZipProblem.damaged
            }
        }
    }

    private static func crc(_ bytes: UnsafeRawBufferPointer, _ running: UInt32) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return running }
        return UInt32(crc32(uLong(running), base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    }
}

/// Little-endian integers read from a zip's bytes; nil past the end.
private struct ByteReader {
    let bytes: UnsafeRawBufferPointer

    func uint16(_ at: Int) -> Int? {
        guard at >= 0, at <= bytes.count - 2 else { return nil }
        return Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }

    func uint32(_ at: Int) -> UInt32? {
        guard let low = uint16(at), let high = uint16(at + 2) else { return nil }
        return UInt32(low) | UInt32(high) << 16
    }
}
