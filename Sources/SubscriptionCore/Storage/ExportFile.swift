/// Where `subs export --output` puts the user's data: a file only they can read, replaced whole;
/// or a pipe, device or `/dev/stdout`, written to (see `OutputFile`).
public enum ExportFile {
    /// Writes `text` to `path` by the rules of `OutputFile`.
    public static func write(_ text: String, to path: String) throws {
        try OutputFile.write(Array(text.utf8), to: path)
    }
}
