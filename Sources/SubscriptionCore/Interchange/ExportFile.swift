/// Where `subs export --output` puts the user's data: a file only they can read, replaced whole.
public enum ExportFile {
    /// Writes `text` to `path` with mode 0600, atomically.
    public static func write(_ text: String, to path: String) throws {
        try PrivateFiles.replaceAtomically(path, contents: Array(text.utf8))
    }
}
