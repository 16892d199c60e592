extension SubscriptionStore {
    /// Writes an export to `path` by the rules of `OutputFile`, never over this store's database
    /// or the file its key comes from.
    public func writeExport(_ text: String, to path: String) throws {
        var kept = [location.databasePath]
        switch location.key {
        case .keyFile(let file), .passphraseFile(let file): kept.append(file)
        case .passphrase: break
        }
        try OutputFile.write(Array(text.utf8), to: path, sparing: kept)
    }
}
