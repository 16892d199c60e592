/// The parts of a file path, split as the file system reads it. Foundation's own
/// (`NSString.deletingLastPathComponent`, `lastPathComponent`) traps on Linux for a path of one
/// character (`subs list --passphrase-file p`), so every path `subs` splits goes through here.
enum PathName {
    /// The directory `path` names its file in: `/a/b` → `/a`, `/b` → `/`, `b` → `.`.
    /// Trailing slashes are not a component (`a/b/` → `a`).
    static func directory(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let directory = withoutTrailingSlashes(trimmed[..<slash])
        return directory.isEmpty ? "/" : String(directory)
    }

    /// The last component of `path`: `/a/b` → `b`, `a/b/` → `b`, `/` → `/`.
    static func name(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        let name = trimmed[trimmed.index(after: slash)...]
        return name.isEmpty ? "/" : String(name)
    }

    /// `path` less its trailing slashes, but for a root that is only slashes.
    private static func withoutTrailingSlashes<S: StringProtocol>(_ path: S) -> Substring {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }
}
