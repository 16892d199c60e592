/// A value typed by the user, or read from a file, that `subs` cannot accept.
///
/// The message names the value and says what is accepted, in one line.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    /// What is accepted instead, for a value refused by its grammar: `an ISO 4217 code ...`.
    public let expected: String?

    public init(_ description: String) {
        self.description = description
        self.expected = nil
    }

    private init(_ description: String, expected: String) {
        self.description = description
        self.expected = expected
    }

    /// `invalid amount 'abc': expected ...`
    static func invalid(_ what: String, _ value: String, expected: String) -> InputError {
        InputError("invalid \(what) '\(value.quotedForMessage)': expected \(expected)", expected: expected)
    }
}

extension String {
    /// The value as it may appear inside an error message: one line, no control characters, and
    /// not longer than a terminal line even when the user pasted a novel.
    var quotedForMessage: String {
        let visible = String(String.UnicodeScalarView(unicodeScalars.map {
            $0.isControlOrInvisibleFormat ? "\u{FFFD}" : $0
        }))
        return visible.count > 40 ? visible.prefix(37) + "..." : visible
    }
}

/// A file the user gave (`subs rates import`) whose content is wrong: the whole file is refused.
public struct FileDataError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let problem: String

    public init(path: String, line: Int, problem: String) {
        self.path = path
        self.line = line
        self.problem = problem
    }

    public var description: String { "\(path) line \(line): \(problem); nothing was imported" }
}
