import Foundation
import Testing
import ZIPFoundation
@testable import SubscriptionCore
import FuzzSupport

/// Mutated Wallos exports and backup zips, read in this process (the database itself is read
/// by a child process of `subs`: see WallosStressTests): each reads, or is refused with an
/// `ImportError`, never anything else. Bounded in rounds and seconds; the seed is printed, and
/// SUBS_FUZZ_SEED replays it.
@Suite("Wallos readers, fuzzed")
struct WallosFuzzTests {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["SUBS_FUZZ_SEED"].flatMap { UInt64($0) }
        ?? UInt64.random(in: 0...UInt64(UInt32.max))
    static let rounds = 3000
    static let seconds = 4.0

    static let json = Data("""
        [{"Name":"Netflix","Payment Cycle":"Monthly","Next Payment":"2026-12-05","Renewal":"Automatic","Category":"Entertainment","Payment Method":"Credit Card","Paid By":"Ana","Price":"$15.49","Notes":"","URL":"https:\\/\\/netflix.com","State":"Enabled","Notifications":"Enabled","Cancellation Date":null,"Active":"Yes"},
        {"Name":"Amazon Prime","Payment Cycle":"Every 3 Months","Next Payment":"2027-01-31","Renewal":"Automatic","Category":"Shopping","Payment Method":"PayPal","Paid By":"Bruno","Price":"\\u20ac24.9","Notes":"quarterly plan","URL":"","State":"Disabled","Notifications":"Disabled","Cancellation Date":"2027-02-01","Active":"No"}]
        """.utf8)

    static let csv = Data("""
        Name,Payment Cycle,Next Payment,Renewal,Category,Payment Method,Paid By,Price,Notes,URL,State,Notifications,Cancellation Date,Active
        Netflix,Monthly,2026-12-05,Automatic,Entertainment,Credit Card,Ana,$15.49,,https://example.com/a,b,Enabled,Enabled,,Yes
        Amazon Prime,Every 3 Months,2027-01-31,Automatic,Shopping,PayPal,Ana,€24.9,two
        lines,,Enabled,Disabled,,Yes
        Hulu,Monthly,2026-08-20,Automatic,Entertainment,Credit Card,Ana,R$7.99,,,Disabled,Enabled,2026-09-30,No
        """.utf8)

    /// `data` with one to four random changes: a bit flipped, a byte set to one that matters
    /// to the format, a run deleted, repeated or zeroed, or the end cut off.
    static func mutated(_ data: Data, _ random: inout SplitMix64) -> Data {
        var bytes = [UInt8](data)
        let interesting = Array("\0\u{7F},\"\\\n{}[]:09.-$€".utf8) + [0xFF, 0x80, 0xC3]
        for _ in 0...(random.next() % 4) {
            guard !bytes.isEmpty else { break }
            let at = Int(random.next() % UInt64(bytes.count))
            let length = min(bytes.count - at, 1 + Int(random.next() % 64))
            switch random.next() % 7 {
            case 0: bytes[at] ^= UInt8(1 << (random.next() % 8))
            case 1: bytes[at] = interesting[Int(random.next() % UInt64(interesting.count))]
            case 2: bytes.removeSubrange(at..<at + length)
            case 3: bytes.insert(contentsOf: bytes[at..<at + length], at: at)
            case 4: bytes.replaceSubrange(at..<at + length, with: repeatElement(0, count: length))
            case 5: bytes.removeSubrange(at...)
            default: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            }
        }
        return Data(bytes)
    }

    /// Runs `read` on mutants of `original` until the rounds or the seconds run out; every
    /// error must be an `ImportError`.
    func fuzz(_ name: String, _ original: Data, salt: UInt64, _ read: (Data) throws -> Void) {
        print("Wallos \(name) fuzz: seed \(Self.seed) (replay with SUBS_FUZZ_SEED=\(Self.seed))")
        var random = SplitMix64(seed: Self.seed &+ salt)
        let deadline = Date().addingTimeInterval(Self.seconds)
        var refused = 0
        for round in 0..<Self.rounds where Date() < deadline {
            let mutant = Self.mutated(original, &random)
            do {
                try read(mutant)
            } catch is ImportError {
                refused += 1
            } catch {
                Issue.record("seed \(Self.seed), round \(round): \(type(of: error)): \(error) for \(mutant.base64EncodedString())")
            }
        }
        #expect(refused > 0, "seed \(Self.seed): no mutant of the \(name) was refused")
    }

    static let options = ImportOptions(currency: Currency(code: "USD"), today: CivilDate(iso: "2026-11-22")!,
                                       now: Date(timeIntervalSince1970: 0))

    @Test("Mutated JSON exports read or are refused")
    func jsonExport() {
        fuzz("JSON export", Self.json, salt: 1) { _ = try WallosJSONFormat.parse($0, options: Self.options) }
    }

    @Test("Mutated CSV exports read or are refused")
    func csvExport() {
        fuzz("CSV export", Self.csv, salt: 2) { _ = try WallosCSVFormat.parse($0, options: Self.options) }
    }

    @Test("Mutated backup zips unpack or are refused")
    func backupZip() throws {
        let archive = try Archive(accessMode: .create)
        let database = Data(repeating: 0x5A, count: 4096) + Data("SQLite format 3".utf8)
        for (path, data) in [("logos/a.png", Data([0x89, 0x50, 0x4E, 0x47])), ("wallos.db", database)] {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        let zip = try #require(archive.data)
        fuzz("backup zip", zip, salt: 3) { try WallosBackupFormat.extractDatabase(zip: $0, into: try WallosCopy(), limit: 1 << 20) }
    }
}
