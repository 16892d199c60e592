import Testing
@testable import SubscriptionCore

/// Foundation's path splitting traps on Linux for a one-character path; `PathName` splits as
/// the file system reads a path, whatever its length.
@Suite("Path names")
struct PathNameTests {
    @Test("The directory a path names its file in", arguments: [
        ("p", "."), ("é", "."), ("p/", "."), ("ab", "."), ("./p", "."), ("a/b", "a"), ("a/b/", "a"),
        ("a//b", "a"), ("/p", "/"), ("/", "/"), ("//", "/"), ("/tmp/subs/subs.db", "/tmp/subs"),
    ])
    func directory(path: String, expected: String) {
        #expect(PathName.directory(of: path) == expected)
    }

    @Test("The last component of a path", arguments: [
        ("p", "p"), ("é", "é"), ("p/", "p"), ("/p", "p"), ("a/b/", "b"), ("/", "/"), ("/tmp/subs.db", "subs.db"),
    ])
    func name(path: String, expected: String) {
        #expect(PathName.name(of: path) == expected)
    }
}
