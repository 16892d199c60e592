/// The cost of deriving the vault key from the vault passphrase with scrypt: N = 2^`logN`
/// rounds, block size `r`, parallelism `p`. Stored with the vault, so a later `subs` can raise
/// the default and `vault passwd` moves an existing vault to it.
public struct ScryptParameters: Equatable, Sendable, CustomStringConvertible {
    public let logN: Int
    public let r: Int
    public let p: Int

    public init(logN: Int, r: Int, p: Int) {
        self.logN = logN
        self.r = r
        self.p = p
    }

    /// N = 2^16, r = 8, p = 1: 64 MiB of memory and about a quarter of a second optimised
    /// (0.27 s measured on this project's 2-core build machine, under load; 2^15 took 0.13 s,
    /// 2^17 0.55 s): a pause a person does not mind, paid by an attacker for every guess.
    /// A debug build runs scrypt unoptimised, about 0.9 s.
    public static let standard = ScryptParameters(logN: 16, r: 8, p: 1)

    /// For the test suite only (`SUBS_TESTING_FAST_VAULT_KDF=1`, read by the CLI): N = 2^10,
    /// 1 MiB, so hundreds of derivations stay fast. Never chosen otherwise.
    public static let testing = ScryptParameters(logN: 10, r: 8, p: 1)

    /// The costs a vault may be stored with: what `subs` writes (`testing`, `standard`) and room
    /// to raise them, never a derivation of more than 1 GiB or one that runs for hours. A stored
    /// row outside them is damage, refused before any arithmetic on its values.
    public static let logNRange = 10...22
    public static let rRange = 1...32
    public static let pRange = 1...4
    public static let memoryLimit = 1 << 30

    /// The parameters a stored vault row gives, nil when one is out of range.
    public init?(storedLogN logN: Int64, r: Int64, p: Int64) {
        guard Self.logNRange.contains(Int(clamping: logN)), Self.rRange.contains(Int(clamping: r)),
              Self.pRange.contains(Int(clamping: p))
        else { return nil }
        self.init(logN: Int(logN), r: Int(r), p: Int(p))
        guard memory <= Self.memoryLimit else { return nil }
    }

    /// The memory one derivation takes, in bytes (128 · r · N); only asked of parameters in range.
    public var memory: Int { 128 * r << logN }

    public var description: String { "scrypt N=2^\(logN) r=\(r) p=\(p)" }
}
