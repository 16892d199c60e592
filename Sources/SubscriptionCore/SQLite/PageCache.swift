/// How many decrypted pages (4 KiB each) a connection keeps while it reads.
///
/// Reading a table front to back wants a page only once, so a few pages of cache do; SQLite's
/// default of 2 MB filled with pages read once, memory touched for nothing. At 1,000
/// subscriptions that took `list` past its first 2 MiB huge page into a second, which the kernel
/// zeroes when first touched: a third of a millisecond (docs/speed.md). Work that looks rows up
/// here and there, such as `remind` recording what it sent, keeps SQLite's default: with 64 pages
/// it read ten times the pages over 100,000 subscriptions, and took twice as long.
enum PageCache {
    /// Pages each connection sets up when it first reads (SQLite's default is 100); it takes
    /// the others one at a time as it needs them.
    static let setUpAtOnce: Int32 = 16

    /// For reading tables in their order: the subscriptions and, with hundreds, their parts.
    static let readingInOrder = 64

    /// For reading the members and billing periods of thousands of subscriptions, which come in
    /// their index's order, each looked up in its table: enough for those tables' pages to be
    /// read only once.
    static let partsInIndexOrder = 512
}

extension Connection {
    /// Keeps up to `pages` pages (or, negative, as many KiB) from now on.
    func setPageCache(_ pages: Int) throws {
        try execute("PRAGMA cache_size = \(pages)")
    }

    /// Runs `body` with a cache of `pages`, then sets back the size it had.
    func withPageCache<T>(_ pages: Int, _ body: () throws -> T) throws -> T {
        let before = try scalar("PRAGMA cache_size")
        try setPageCache(pages)
        defer {
            if case .integer(let size)? = before { try? setPageCache(Int(size)) }
        }
        return try body()
    }
}
