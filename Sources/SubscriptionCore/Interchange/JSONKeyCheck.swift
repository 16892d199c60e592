import Foundation

/// Reads JSON only for its shape, to refuse a key written twice in one object. Foundation's
/// readers keep one of the two without a word, and other tools keep the other: a person who
/// looks at the file with jq or Python would see one value and `subs` would use another. Every
/// reader of a JSON file the user gives calls this before decoding it.
///
/// It reads as strictly as Foundation does where the shape is concerned (so nothing it lets
/// through hides a second key from it), leaves the grammar of numbers and literals to the
/// decoder, keeps no more than the keys of the objects still open, and never recurses.
public enum JSONKeyCheck {
    /// Deeper nesting is refused, as Foundation refuses it.
    public static let maximumDepth = 512

    public enum Problem: CoreError, Equatable, Sendable {
        /// `key` appears twice in the object at `path` (`settings`, `subscriptions[2]`; empty
        /// for the outermost object).
        case duplicateKey(key: String, path: String)
        /// Not JSON: broken at byte `offset`.
        case malformed(offset: Int)
        /// Objects or lists nested deeper than `maximumDepth`.
        case tooDeep

        public var failure: FailureKind { .badData }
    }

    /// What a successful check saw: the raw text of the outermost object's scalar members
    /// that `rawMembers` asked for (`"version"` → `1.0` as written, not as a decoder reads it).
    public struct Checked: Sendable {
        public internal(set) var rawMembers: [String: String] = [:]
        /// How many keys the objects hold in all, for tests to compare with a decoder's.
        public internal(set) var keys = 0
    }

    /// Throws the first problem in `data`, in the order it is written.
    @discardableResult
    public static func check(_ data: Data, rawMembers: Set<String> = []) throws(Problem) -> Checked {
        let outcome: Result<Checked, Problem> = data.withUnsafeBytes { bytes in
            var scanner = Scanner(bytes: bytes, rawMembers: rawMembers)
            do throws(Problem) {
                try scanner.run()
                return .success(scanner.result)
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// The keys of the objects still open, innermost last, in one list for them all (no list to
    /// make for each object). A short object's keys are searched, a long one's put in a set.
    private struct OpenKeys {
        private var names: [String] = []
        /// Each name's `signature`, compared before the names are.
        private var signatures: [UInt64] = []
        /// Where each open object's keys start in `names`, and its set once it is long.
        private var objects: [(start: Int, set: Set<String>?)] = []

        var isEmpty: Bool { objects.isEmpty }

        mutating func open() {
            objects.append((names.count, nil))
        }

        mutating func close() {
            let start = objects.removeLast().start
            names.removeSubrange(start...)
            signatures.removeSubrange(start...)
        }

        /// Whether `key` is new in the innermost object; adds it.
        mutating func insert(_ key: String) -> Bool {
            let last = objects.count - 1
            if objects[last].set != nil { return objects[last].set!.insert(key).inserted }
            let signature = Self.signature(key)
            // Swift compares strings as Unicode does (é written two ways is one key), as the
            // decoder's dictionaries do: a name whose signature differs from the key's is
            // another key only when both are ASCII.
            for index in objects[last].start..<names.count
            where (signatures[index] == signature || signatures[index] == 0 || signature == 0) && names[index] == key {
                return false
            }
            names.append(key)
            signatures.append(signature)
            if names.count - objects[last].start == 32 {
                objects[last].set = Set(names[objects[last].start...])
            }
            return true
        }

        /// FNV-1a of an ASCII key's bytes, never 0; 0 for a key with other characters, which
        /// may equal a key of other bytes (U+212A KELVIN SIGN is "K").
        private static func signature(_ key: String) -> UInt64 {
            var key = key
            return key.withUTF8 { bytes in
                var hash: UInt64 = 0xCBF2_9CE4_8422_2325
                for byte in bytes {
                    guard byte < 0x80 else { return 0 }
                    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
                }
                return hash | 1
            }
        }
    }

    /// An object or list still open, and where in it the reading is.
    private enum Frame {
        case object(key: String)
        case array(index: Int)
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        let rawMembers: Set<String>
        var position = 0
        var stack: [Frame] = []
        /// The keys seen in each open object; kept apart from `stack` so that a set grows in
        /// place rather than being copied for each key.
        var keys = OpenKeys()
        var result = Checked()

        init(bytes: UnsafeRawBufferPointer, rawMembers: Set<String>) {
            self.bytes = bytes
            self.rawMembers = rawMembers
            // A UTF-8 byte-order mark, which Foundation skips too.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        }

        var malformed: Problem { .malformed(offset: position) }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        /// The byte here, after any whitespace; nil at the end.
        mutating func peek() -> UInt8? {
            skipWhitespace()
            return position < bytes.count ? bytes[position] : nil
        }

        mutating func run() throws(Problem) {
            // What comes next: a value, a key (after `{` or `,` in an object), or what follows a value.
            enum Expect { case value, key, afterValue }
            var expect = Expect.value
            while true {
                switch expect {
                case .value:
                    guard let byte = peek() else { throw malformed }
                    switch byte {
                    case UInt8(ascii: "{"):
                        try open(.object(key: ""))
                        keys.open()
                        if peek() == UInt8(ascii: "}") {
                            position += 1
                            close()
                            expect = .afterValue
                        } else {
                            expect = .key
                        }
                    case UInt8(ascii: "["):
                        try open(.array(index: 0))
                        if peek() == UInt8(ascii: "]") {
                            position += 1
                            close()
                            expect = .afterValue
                        }
                        // Else the list's first value comes next: still `.value`.
                    default:
                        let start = position
                        if byte == UInt8(ascii: "\"") {
                            _ = try string(keeping: false)
                        } else {
                            try scalar()
                        }
                        // The raw text of an outermost member asked for.
                        if stack.count == 1, case .object(let key) = stack[0], rawMembers.contains(key) {
                            result.rawMembers[key] = String(decoding: bytes[start..<position], as: UTF8.self)
                        }
                        expect = .afterValue
                    }
                case .key:
                    guard peek() == UInt8(ascii: "\""), !keys.isEmpty else { throw malformed }
                    guard let key = try string(keeping: true) else { throw malformed }
                    guard keys.insert(key) else { throw .duplicateKey(key: key, path: path()) }
                    stack[stack.count - 1] = .object(key: key)
                    result.keys += 1
                    guard peek() == UInt8(ascii: ":") else { throw malformed }
                    position += 1
                    expect = .value
                case .afterValue:
                    guard let frame = stack.last else {
                        guard peek() == nil else { throw malformed }
                        return
                    }
                    guard let byte = peek() else { throw malformed }
                    position += 1
                    switch (frame, byte) {
                    case (.object, UInt8(ascii: ",")):
                        expect = .key
                    case (.array(let index), UInt8(ascii: ",")):
                        stack[stack.count - 1] = .array(index: index + 1)
                        expect = .value
                    case (.object, UInt8(ascii: "}")), (.array, UInt8(ascii: "]")):
                        close()
                    default:
                        position -= 1
                        throw malformed
                    }
                }
            }
        }

        mutating func open(_ frame: Frame) throws(Problem) {
            guard stack.count < JSONKeyCheck.maximumDepth else { throw .tooDeep }
            position += 1
            stack.append(frame)
        }

        mutating func close() {
            if case .object = stack.removeLast() { keys.close() }
        }

        /// Skips a number or literal: the bytes that may make one. The decoder checks its grammar.
        mutating func scalar() throws(Problem) {
            let start = position
            scan: while position < bytes.count {
                // Letters of `true`, `false`, `null`; digits, signs, points and exponents of numbers.
                switch bytes[position] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                     UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"),
                     UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "n"):
                    position += 1
                default:
                    break scan
                }
            }
            guard position > start else { throw malformed }
        }

        /// Reads a string starting at its opening quote; its text when `keeping`. Escapes are
        /// decoded, so `"a\u0062"` and `"ab"` are one key.
        mutating func string(keeping: Bool) throws(Problem) -> String? {
            do {
                return try JSONString.read(bytes, at: &position, keeping: keeping)
            } catch {
                throw malformed
            }
        }

        /// Where the innermost object is: `subscriptions[2].members[0]`, or empty at the top.
        /// Keys are shown as messages show values, and a deep path by its two ends.
        func path() -> String {
            var parts: [String] = []
            for frame in stack.dropLast() {
                switch frame {
                case .object(let key): parts.append((parts.isEmpty ? "" : ".") + key.quotedForMessage)
                case .array(let index): parts.append("[\(index)]")
                }
            }
            if parts.count > 6 { parts = parts.prefix(3) + ["..."] + parts.suffix(3) }
            return parts.joined()
        }
    }
}

extension JSONKeyCheck {
    /// `check`, with its problem as the import error that refuses the file.
    @discardableResult
    public static func importable(_ data: Data, rawMembers: Set<String> = []) throws(ImportError) -> Checked {
        do {
            return try check(data, rawMembers: rawMembers)
        } catch {
            throw error.importError
        }
    }
}

extension JSONKeyCheck.Problem {
    /// The import error that refuses a file with this problem: a key written twice names the
    /// key and the object it is in.
    public var importError: ImportError {
        switch self {
        case .duplicateKey(let key, let path):
            .record(.path(path.isEmpty ? "document" : path, name: nil), field: .key(key), problem: .duplicateKey)
        case .malformed:
            .cannotRead(.notJSON)
        case .tooDeep:
            .cannotRead(.tooDeep(maximum: JSONKeyCheck.maximumDepth))
        }
    }
}
