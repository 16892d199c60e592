import SubscriptionCore

/// A text a person reads, written in English where it is used and shown in `Language.current`.
///
/// Interpolated values become the arguments of a format: `"No subscription matches \(name)"`
/// is looked up as `No subscription matches %@`, so a translation can move the value to where its
/// grammar puts it (`%1$@` for the first argument when several swap places).
public struct LocalizedText: ExpressibleByStringInterpolation, Sendable {
    /// The English format the translations are keyed by.
    public let key: String
    /// The interpolated values, each shown as the reader's language writes it when resolved.
    public let arguments: [Argument]

    /// A value in a text: plain text, or a date or amount that each language writes its own way.
    public indirect enum Argument: Sendable {
        case text(String)
        case date(CivilDate)
        case amount(Money)
        case nested(LocalizedText)

        /// The value as `language` writes it: `2026-11-25` and `15.49`, in Turkish `25.11.2026`
        /// and `15,49` (which Turkish input reads back).
        public func written(in language: Language) -> String {
            switch self {
            case .text(let text): text
            case .date(let date): date.written(in: language)
            case .amount(let money):
                language == .turkish ? money.description.replacingOccurrences(of: ".", with: ",") : money.description
            case .nested(let text): text.resolved(in: language)
            }
        }
    }

    public init(stringLiteral value: String) {
        key = Self.escaped(value)
        arguments = []
    }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [Argument] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 2 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            key += LocalizedText.escaped(literal)
        }

        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            key += "%@"
            arguments.append(.text(value.description))
        }

        /// A date, written as the reader writes one when the text is resolved.
        public mutating func appendInterpolation(_ date: CivilDate) {
            key += "%@"
            arguments.append(.date(date))
        }

        /// An amount, written with the reader's decimal mark when the text is resolved.
        public mutating func appendInterpolation(_ money: Money) {
            key += "%@"
            arguments.append(.amount(money))
        }

        /// An error, as it describes itself.
        public mutating func appendInterpolation(_ error: any Error) {
            appendInterpolation(String(describing: error))
        }

        /// A nested text, shown in the same language.
        public mutating func appendInterpolation(_ text: LocalizedText) {
            key += "%@"
            arguments.append(.nested(text))
        }
    }

    /// The text in the current language.
    public var resolved: String {
        resolved(in: Language.current)
    }

    public func resolved(in language: Language) -> String {
        Self.format(Translations.format(for: key, in: language) ?? key, arguments.map { $0.written(in: language) })
    }

    /// `%` in the English text is written `%%` in the key, so that only `%@` marks an argument.
    static func escaped(_ literal: String) -> String {
        literal.utf8.contains(UInt8(ascii: "%")) ? literal.split(separator: "%", omittingEmptySubsequences: false)
            .joined(separator: "%%") : literal
    }

    /// Fills `%@` (the next argument) and `%N$@` (the Nth), and turns `%%` into `%`.
    public static func format(_ format: String, _ arguments: [String]) -> String {
        guard format.utf8.contains(UInt8(ascii: "%")) else { return format }
        // Byte by byte: `%`, `@`, `$` and digits are ASCII, which no other character's UTF-8
        // contains, and a report may format thousands of lines.
        var result: [UInt8] = []
        var next = 0
        func append(argument index: Int) {
            if arguments.indices.contains(index) { result.append(contentsOf: arguments[index].utf8) }
        }
        var format = format
        format.withUTF8 { bytes in
            result.reserveCapacity(bytes.count + arguments.reduce(0) { $0 + $1.utf8.count })
            var index = 0
            func isNext(_ ascii: Unicode.Scalar, at offset: Int = 0) -> Bool {
                index + offset < bytes.count && bytes[index + offset] == UInt8(ascii: ascii)
            }
            while index < bytes.count {
                // The text up to the next `%` in one piece.
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "%") { index += 1 }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                guard index < bytes.count else { break }
                index += 1
                if isNext("%") {
                    index += 1
                    result.append(UInt8(ascii: "%"))
                } else if isNext("@") {
                    index += 1
                    append(argument: next)
                    next += 1
                } else {
                    var digits = 0
                    while index + digits < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + digits]) {
                        digits += 1
                    }
                    if digits > 0, isNext("$", at: digits), isNext("@", at: digits + 1),
                       let position = Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + digits]), as: UTF8.self)) {
                        if position > 0 { append(argument: position - 1) }
                        index += digits + 2
                    } else {
                        result.append(UInt8(ascii: "%"))
                    }
                }
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The placeholders of a format, as the argument numbers they show: `a %@ b %@` gives [1, 2],
    /// `%2$@ %1$@` gives [2, 1]. A translation must show the same arguments as English.
    public static func placeholders(in format: String) -> [Int] {
        var found: [Int] = []
        var next = 1
        var scalars = format.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else { continue }
            if scalars.first == "%" {
                scalars.removeFirst()
            } else if scalars.first == "@" {
                scalars.removeFirst()
                found.append(next)
                next += 1
            } else {
                let digits = scalars.prefix { ("0"..."9").contains($0) }
                if let position = Int(String(String.UnicodeScalarView(digits))),
                   scalars.dropFirst(digits.count).starts(with: "$@".unicodeScalars) {
                    found.append(position)
                    scalars = scalars.dropFirst(digits.count + 2)
                }
            }
        }
        return found
    }
}

/// The text in the current language: `localized("Saved \(name).")`.
public func localized(_ text: LocalizedText) -> String {
    text.resolved
}

/// The text in `language`: `localized("Saved \(name).", in: language)`.
public func localized(_ text: LocalizedText, in language: Language) -> String {
    text.resolved(in: language)
}

extension LocalizedText: CustomStringConvertible {
    public var description: String { resolved }
}
