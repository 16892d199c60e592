import Foundation

/// The text of a statement file as banks write it: UTF-8 (with or without a byte-order mark),
/// UTF-16 with one (Excel's "Unicode text"), or a Windows code page, which many banks still
/// export; Turkish banks' Windows-1254 among them.
public enum StatementText {
    /// The text of `data`. What is neither UTF-8 nor marked UTF-16 is read as Windows-1254:
    /// Windows-1252 (Western Europe, the Americas) but for six letters, which it gives to
    /// Turkish (`Ğ İ Ş ğ ı ş` instead of the Icelandic `Ð Ý Þ ð ý þ`). Every byte reads as
    /// something, so this never fails.
    public static func decoded(_ data: Data) -> String {
        if data.starts(with: [0xFF, 0xFE]), let text = String(data: data.dropFirst(2), encoding: .utf16LittleEndian) {
            return text
        }
        if data.starts(with: [0xFE, 0xFF]), let text = String(data: data.dropFirst(2), encoding: .utf16BigEndian) {
            return text
        }
        if let text = String(validating: data, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        for byte in data {
            let value = windows1254[byte] ?? UInt32(byte)
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    /// Where Windows-1254 differs from Latin-1: the punctuation and letters of 0x80–0x9F, and
    /// Turkish's six letters.
    private static let windows1254: [UInt8: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
        0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x91: 0x2018, 0x92: 0x2019,
        0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC, 0x99: 0x2122,
        0x9A: 0x0161, 0x9B: 0x203A, 0x9C: 0x0153, 0x9F: 0x0178,
        0xD0: 0x011E, 0xDD: 0x0130, 0xDE: 0x015E, 0xF0: 0x011F, 0xFD: 0x0131, 0xFE: 0x015F,
    ]
}
