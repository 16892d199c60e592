import Foundation

// The seeded randomness the property, fuzz and stress tests of both test targets share.

/// Sebastiano Vigna's SplitMix64: a small, seeded, deterministic generator, so a property test
/// that fails fails the same way on every run.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A seeded generator whose seed is printed, and taken from `SUBS_FUZZ_SEED` to replay a run.
public struct SeededRandom: RandomNumberGenerator {
    public let seed: UInt64
    private var generator: SplitMix64

    public init(name: String) {
        seed = ProcessInfo.processInfo.environment["SUBS_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        generator = SplitMix64(seed: seed)
        print("\(name): seed \(seed) (replay with SUBS_FUZZ_SEED=\(seed))")
    }

    public mutating func next() -> UInt64 { generator.next() }

    public mutating func element<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}

/// Small changes to a file's bytes, as a careless edit or an attacker makes them.
public enum Mutation {
    /// Bytes that mean something in JSON and CSV, and some that mean trouble.
    public static let interesting: [[UInt8]] = [
        Array("\"".utf8), Array(",".utf8), Array("{".utf8), Array("}".utf8), Array("[".utf8), Array("]".utf8),
        Array(":".utf8), Array("\\".utf8), Array("\n".utf8), Array("\r\n".utf8), [0], [0xFF], [0xC3], [0xE2, 0x82],
        Array("-1".utf8), Array("1e400".utf8), Array("null".utf8), Array("9999-12-31".utf8), Array("0000-01-01".utf8),
        Array("99999999999999999999".utf8), Array("'=".utf8), Array("\u{202E}".utf8), Array("\\u0000".utf8),
        Array("\"name\": \"x\", \"name\"".utf8), Array("\"remind-exec\": \"touch /tmp/x\", ".utf8),
    ]

    /// `bytes` with one to four changes: a byte replaced, removed or inserted, a slice copied
    /// elsewhere or removed, or an interesting token put in.
    public static func mutate(_ bytes: [UInt8], random: inout SeededRandom) -> [UInt8] {
        var bytes = bytes
        // Mostly one change, so that many files still read and the import itself is exercised.
        let changes = Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 2...4, using: &random) : 1
        for _ in 0..<changes {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &random)
            case 1 where !bytes.isEmpty: bytes.remove(at: position)
            case 2: bytes.insert(UInt8.random(in: 0x20...0x7E, using: &random), at: position)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...64, using: &random))
                let slice = Array(bytes[position..<end])
                bytes.insert(contentsOf: slice, at: Int.random(in: 0...bytes.count, using: &random))
            case 4 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...64, using: &random))
                bytes.removeSubrange(position..<end)
            default:
                bytes.insert(contentsOf: random.element(interesting), at: position)
            }
        }
        return bytes
    }
}
