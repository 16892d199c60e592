/// Makes random passwords for `vault set --generate` from the system's CSPRNG.
public enum PasswordGenerator {
    /// Letters and digits with the look-alikes dropped (0 O o, 1 l I) plus a few symbols every
    /// site's password form accepts: 62 − 6 + 8 = 64 symbols, exactly 6 bits each, so each
    /// character is drawn without bias and the strength is easy to state.
    public static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789-_.!@#%+")

    /// 20 characters: 120 bits, beyond any offline guessing, and short enough for the forms
    /// that cap passwords (many stop at 32 or 64).
    public static let defaultLength = 20

    /// Lengths offered: 8 (what the weakest forms require) to 128.
    public static let lengths = 8...128

    /// A new password as UTF-8 bytes (ASCII); the caller zeroes them once used.
    public static func generate(length: Int = defaultLength) throws -> [UInt8] {
        guard lengths.contains(length) else { throw VaultError.generatedLength(length) }
        var generator = SystemRandomNumberGenerator()
        let symbols = alphabet.map { $0.asciiValue! }
        var password = [UInt8](repeating: 0, count: length)
        for index in password.indices {
            // 64 symbols: the low 6 bits of a random byte pick one uniformly.
            password[index] = symbols[Int(UInt8.random(in: 0...255, using: &generator) & 0x3F)]
        }
        return password
    }
}
