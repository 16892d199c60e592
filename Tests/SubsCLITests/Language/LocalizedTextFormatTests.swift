import Testing
@testable import SubsCLI

@Suite("Formats filled byte by byte, as they were scalar by scalar")
struct LocalizedTextFormatTests {
    /// The rule as first written, scalar by scalar: what the byte-by-byte `format` must give.
    private func scalarByScalar(_ format: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var scalars = format.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            if scalars.first == "%" {
                scalars.removeFirst()
                result += "%"
            } else if scalars.first == "@" {
                scalars.removeFirst()
                result += next < arguments.count ? arguments[next] : ""
                next += 1
            } else {
                let digits = scalars.prefix { ("0"..."9").contains($0) }
                let rest = scalars.dropFirst(digits.count)
                if let position = Int(String(String.UnicodeScalarView(digits))), rest.starts(with: "$@".unicodeScalars) {
                    result += position - 1 < arguments.count && position > 0 ? arguments[position - 1] : ""
                    scalars = rest.dropFirst(2)
                } else {
                    result += "%"
                }
            }
        }
        return result
    }

    @Test("Placeholders, escapes, stray and broken percents, out-of-range and huge positions, non-ASCII around them")
    func sameAsScalarByScalar() {
        let formats = [
            "plain", "%", "%%", "100%", "%@", "%@%@%@", "a %@ b %@ c", "%1$@", "%2$@ önce %1$@ sonra, %%5",
            "%0$@", "%3$@", "%12", "%12$", "%12$x", "%$@", "%99999999999999999999$@", "%01$@", "é%@ü%%ğ",
            "%@ ₺%@ 🎉 %2$@", "%%@", "%%%@", "trailing %",
        ]
        let argumentSets: [[String]] = [[], ["a"], ["Netflix", "$15.99", "Çay Kulübü"], ["🎉👍🏽", "e\u{301}"]]
        for format in formats {
            for arguments in argumentSets {
                #expect(LocalizedText.format(format, arguments) == scalarByScalar(format, arguments), "\(format) \(arguments)")
                #expect(Array(LocalizedText.format(format, arguments).utf8) == Array(scalarByScalar(format, arguments).utf8))
            }
        }
    }
}
