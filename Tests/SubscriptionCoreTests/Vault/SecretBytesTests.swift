import Foundation
import Testing
@testable import SubscriptionCore

@Suite("Secrets in memory and in messages")
struct SecretBytesTests {
    @Test("SecretBytes never grows past its capacity, and wipes what it drops")
    func fixedCapacity() {
        let secret = SecretBytes(capacity: 8)
        #expect(secret.append(contentsOf: Array("pass".utf8)))
        #expect(!secret.append(contentsOf: Array("words!".utf8)), "does not fit: nothing appended")
        #expect(secret.array == Array("pass".utf8))
        #expect(secret.append(contentsOf: Array("word".utf8)) && secret.isFull)
        secret.truncate(to: 2)
        #expect(secret.array == Array("pa".utf8))
        // What was dropped is zeros now, not the old bytes.
        #expect(secret.append(contentsOf: [UInt8]()) && secret.count == 2)
        secret.wipe()
        #expect(secret.isEmpty && secret.array.isEmpty)
    }

    @Test("zeroize overwrites every byte")
    func zeroize() {
        var bytes = Array("secret".utf8)
        bytes.zeroizeSecret()
        #expect(bytes == [UInt8](repeating: 0, count: 6))
    }

    @Test("A stored scrypt setting out of range is refused before any arithmetic on it")
    func storedParameters() {
        #expect(ScryptParameters(storedLogN: 16, r: 8, p: 1) == .standard)
        #expect(ScryptParameters(storedLogN: 10, r: 8, p: 1) == .testing)
        for (logN, r, p) in [(16, Int64(1) << 62, 1), (63, 8, 1), (Int64.min, 8, 1), (16, 8, Int64.max), (16, 0, 1),
                             (16, 8, 0), (9, 8, 1), (22, 8, 1), (20, 32, 1)] as [(Int64, Int64, Int64)] {
            #expect(ScryptParameters(storedLogN: logN, r: r, p: p) == nil, "\(logN) \(r) \(p)")
        }
    }

    @Test("An address is shown without the user and password it carries", arguments: [
        ("https://user:pw@hooks.example/x", "https://***@hooks.example/x"),
        ("socks5://user:TopSecretPw@proxy:1080", "socks5://***@proxy:1080"),
        ("user:pw@proxy.lan:3128", "***@proxy.lan:3128"),
        ("http://u:pa/ss#w@host/path", "http://***@host/path"),
        ("https://hooks.example/x", "https://hooks.example/x"),
        ("not a url", "not a url"),
    ])
    func withoutCredentials(_ address: String, _ shown: String) {
        #expect(address.withoutURLCredentials == shown)
    }
}
