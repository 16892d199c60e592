import Crypto
import Foundation
import Testing
@testable import SubscriptionCore

/// The sync key comes from the sync passphrase and the folder's header: the same on every
/// machine of a group, a wrong passphrase told apart from a damaged header, and the header
/// read as hostile input.
@Suite("Sync key and header")
struct SyncKeyTests {
    let passphrase = Array("correct horse battery staple".utf8)

    @Test("A key made with a header opens again from the header; its files open with either")
    func roundTrip() throws {
        let (made, header) = try SyncKey.create(passphrase: passphrase, parameters: .testing)
        let read = try SyncHeader(reading: header.encoded, path: "h")
        #expect(read == header)
        let again = try SyncKey(passphrase: passphrase, header: read)
        let file = try SealedChangeFile.seal(Data("x".utf8), device: "0123456789abcdef", sequence: 1, key: made.key)
        #expect(try SealedChangeFile.open(file, device: "0123456789abcdef", sequence: 1, key: again.key) == Data("x".utf8))
        #expect(header.parameters == .testing && header.salt.count == 16)
    }

    @Test("A wrong passphrase is wrongPassphrase; an empty one is refused; a check that is no sealed box is damage")
    func wrongAndDamaged() throws {
        let (_, header) = try SyncKey.create(passphrase: passphrase, parameters: .testing)
        #expect(throws: SyncError.wrongPassphrase) { try SyncKey(passphrase: Array("wrong".utf8), header: header) }
        #expect(throws: SyncError.emptyPassphrase) { try SyncKey(passphrase: [], header: header) }
        #expect(throws: SyncError.emptyPassphrase) { try SyncKey.create(passphrase: [], parameters: .testing) }
        let broken = SyncHeader(parameters: header.parameters, salt: header.salt, check: Data([1, 2, 3]))
        #expect(throws: SyncError.checkValueNotSealed) { try SyncKey(passphrase: passphrase, header: broken) }
        // Another salt is another key: the check value no longer opens.
        let otherSalt = SyncHeader(parameters: header.parameters, salt: Array(repeating: 7, count: 16), check: header.check)
        #expect(throws: SyncError.wrongPassphrase) { try SyncKey(passphrase: passphrase, header: otherSalt) }
    }

    @Test("The vault's check value does not open as a sync folder's, nor the other way round")
    func separateFromVault() throws {
        let (_, header) = try SyncKey.create(passphrase: passphrase, parameters: .testing)
        let vaultKey = try VaultKey(passphrase: passphrase, salt: header.salt, parameters: header.parameters)
        #expect(try !vaultKey.opensCheck(header.check.base64EncodedString()))
        let vaultCheck = try vaultKey.sealCheck()
        let disguised = SyncHeader(parameters: header.parameters, salt: header.salt, check: Data(base64Encoded: vaultCheck)!)
        #expect(throws: SyncError.wrongPassphrase) { try SyncKey(passphrase: passphrase, header: disguised) }
    }

    @Test("The header holds the format, version, scrypt parameters, salt and check value, and nothing else")
    func headerContents() throws {
        let (_, header) = try SyncKey.create(passphrase: passphrase, parameters: .testing)
        let object = try #require(try JSONSerialization.jsonObject(with: header.encoded) as? [String: Any])
        #expect(Set(object.keys) == ["format", "version", "kdf", "log_n", "r", "p", "salt", "check"])
        #expect(object["format"] as? String == "subs-sync" && object["kdf"] as? String == "scrypt")
        #expect(object["version"] as? Int == 1 && object["log_n"] as? Int == 10)
    }

    @Test("A hostile header is refused with what is wrong with it")
    func hostileHeaders() throws {
        let (_, header) = try SyncKey.create(passphrase: passphrase, parameters: .testing)
        let good = try #require(try JSONSerialization.jsonObject(with: header.encoded) as? [String: Any])
        func damage(_ change: (inout [String: Any]) -> Void) throws -> HeaderDamage? {
            var object = good
            change(&object)
            return damage(of: try JSONSerialization.data(withJSONObject: object))
        }
        func damage(of data: Data) -> HeaderDamage? {
            do {
                _ = try SyncHeader(reading: data, path: "h")
                return nil
            } catch SyncError.headerDamaged(let path, let damage) {
                #expect(path == "h")
                return damage
            } catch {
                Issue.record("\(error)")
                return nil
            }
        }
        #expect(damage(of: Data("not json".utf8)) == .notJSON)
        #expect(damage(of: Data("[1, 2]".utf8)) == .notJSON)
        #expect(damage(of: Data(repeating: 0x20, count: SyncHeader.maximumBytes + 1)) == .tooLarge)
        #expect(try damage { $0["format"] = "subs-vault" } == .notSyncHeader)
        #expect(try damage { $0["version"] = 2 } == .unknownVersion(2))
        #expect(try damage { $0["version"] = 1.5 } == .missingField("version"))
        #expect(try damage { $0["version"] = "1" } == .missingField("version"))
        #expect(try damage { $0["version"] = true } == .missingField("version"))
        #expect(try damage { $0["kdf"] = "argon2" } == .unknownKDF("argon2"))
        #expect(try damage { $0["device"] = "x" } == .unknownField("device"))
        #expect(try damage { $0["salt"] = nil } == .missingField("salt"))
        #expect(try damage { $0["log_n"] = 40 } == .parametersOutOfRange)
        #expect(try damage { $0["log_n"] = -1 } == .parametersOutOfRange)
        #expect(try damage { $0["r"] = Int64.max } == .parametersOutOfRange)
        #expect(try damage { $0["p"] = 0 } == .parametersOutOfRange)
        #expect(try damage { $0["log_n"] = 22; $0["r"] = 32 } == .parametersOutOfRange)
        #expect(try damage { $0["salt"] = "!!" } == .badSalt)
        #expect(try damage { $0["salt"] = Data([1, 2, 3]).base64EncodedString() } == .badSalt)
        #expect(try damage { $0["salt"] = [1, 2] } == .missingField("salt"))
        #expect(try damage { $0["check"] = Data([1, 2, 3]).base64EncodedString() } == .checkNotSealed)
        #expect(try damage { $0["check"] = String(repeating: "A", count: 4000) } == .checkNotSealed)
        #expect(try damage { $0["check"] = NSNull() } == .missingField("check"))
        #expect(try damage { _ in } == nil)
    }
}
