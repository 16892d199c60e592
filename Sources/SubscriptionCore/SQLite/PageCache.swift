/// How many decrypted pages a connection keeps (4 KiB each).
///
/// A command reads most tables once, front to back, and a page read once is not wanted again, so
/// a small cache does: SQLite's default of 2 MB, of which it set up 100 pages at once, was memory
/// each command touched for nothing. At 1,000 subscriptions it took `list` past its first 2 MiB
/// huge page into a second, which the kernel zeroes when it is first touched: a third of a
/// millisecond (docs/speed.md).
enum PageCache {
    /// Pages set up when a connection first reads; the others are taken one at a time.
    static let setUpAtOnce: Int32 = 16

    /// The pages a command's connection keeps. Up to 512 pages changed in one transaction
    /// (SQLite's 2 MB) stay in memory before any goes to the file, as before.
    static let forACommand = "PRAGMA cache_size = 64; PRAGMA cache_spill = 512"

    /// For reading the members and billing periods of thousands of subscriptions, which come in
    /// their index's order, each looked up in its table: enough for those tables' pages to be
    /// read only once.
    static let forPartsInIndexOrder = "PRAGMA cache_size = 512"
}
