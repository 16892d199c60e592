import Crypto
import Foundation
import Testing
@testable import SubscriptionCore

/// A change file in the sync folder (PRODUCT.md §15) opens only whole, only under its key, and
/// only as the file of the device and number it was written as; without the key it shows nothing.
@Suite("Sealed change files")
struct SealedChangeFileTests {
    let key = SymmetricKey(size: .bits256)
    let changes = Data(#"{"name":"Netflix","amount":"15.49","date":"2026-11-30"}"#.utf8)

    @Test("Sealed and opened, the changes come back; the file shows none of them")
    func roundTrip() throws {
        let file = try SealedChangeFile.seal(changes, device: "d1", sequence: 7, key: key)
        #expect(try SealedChangeFile.open(file, device: "d1", sequence: 7, key: key) == changes)
        let text = String(decoding: file, as: UTF8.self)
        for secret in ["Netflix", "15.49", "2026-11-30", "d1"] { #expect(!text.contains(secret), "\(secret)") }
        // Each sealing has its own nonce: the same changes never give the same bytes.
        #expect(try SealedChangeFile.seal(changes, device: "d1", sequence: 7, key: key) != file)
    }

    @Test("Moved to another device or number, altered, truncated or under another key, it does not open")
    func refused() throws {
        let file = try SealedChangeFile.seal(changes, device: "d1", sequence: 7, key: key)
        func open(_ data: Data, device: String = "d1", sequence: UInt64 = 7, key: SymmetricKey? = nil) -> SealedFileProblem? {
            do {
                _ = try SealedChangeFile.open(data, device: device, sequence: sequence, key: key ?? self.key)
                return nil
            } catch {
                return error
            }
        }
        #expect(open(file, device: "d2") == .doesNotOpen)
        #expect(open(file, sequence: 8) == .doesNotOpen)
        #expect(open(file, key: SymmetricKey(size: .bits256)) == .doesNotOpen)
        for index in [0, 8, 9, 20, file.count - 1] {
            var altered = file
            altered[index] ^= 0x01
            #expect(open(altered) != nil, "byte \(index)")
        }
        #expect(open(file.prefix(file.count - 1)) == .doesNotOpen)
        #expect(open(file.prefix(20)) == .truncated)
        #expect(open(Data("SUBS".utf8)) == .notAChangeFile)
        #expect(open(Data("SUBSSYNC".utf8) + [9] + Data(count: 40)) == .unknownVersion(9))
        #expect(open(Data(count: SealedChangeFile.maximumBytes + 1)) == .tooLarge(bytes: SealedChangeFile.maximumBytes + 1))
    }
}
