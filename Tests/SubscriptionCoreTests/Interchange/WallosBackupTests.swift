import Foundation
import Testing
import ZIPFoundation
@testable import SubscriptionCore

/// Wallos's backup (`endpoints/db/backup.php`: its `db/` folder and uploads, zipped) and the
/// `wallos.db` inside it, with the schema Wallos 5.4's migrations leave.
@Suite("Wallos backup")
struct WallosBackupTests {
    let scratch = Scratch()
    static let today = CivilDate(iso: "2026-11-22")!

    /// Two users; the first has a household of two (Ana is the user) and notifies 2 days before
    /// unless a subscription says otherwise (-1 is "as set", 0 "on the day").
    static let schema = """
        CREATE TABLE cycles (id INTEGER PRIMARY KEY, days INTEGER NOT NULL, name TEXT NOT NULL);
        INSERT INTO cycles VALUES (1, 1, 'Daily'), (2, 7, 'Weekly'), (3, 30, 'Monthly'), (4, 365, 'Yearly'), (5, 0, 'One-time');
        CREATE TABLE currencies (id INTEGER PRIMARY KEY, name TEXT NOT NULL, symbol TEXT NOT NULL, code TEXT NOT NULL,
            rate TEXT NOT NULL, user_id INTEGER DEFAULT 1);
        INSERT INTO currencies VALUES (1, 'Euro', '€', 'EUR', 1, 1), (2, 'US Dollar', '$', 'USD', 1.08, 1),
            (3, 'Japanese Yen', '¥', 'JPY', 160, 1), (34, 'Euro', '€', 'EUR', 1, 2);
        CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT NOT NULL, "order" INTEGER DEFAULT 0, user_id INTEGER DEFAULT 1);
        INSERT INTO categories (id, name, user_id) VALUES (1, 'No category', 1), (2, 'Entertainment', 1), (3, 'No category', 2);
        CREATE TABLE household (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT DEFAULT '', user_id INTEGER DEFAULT 1);
        INSERT INTO household (id, name, user_id) VALUES (1, 'Ana', 1), (2, 'Bruno', 1), (3, 'Carla', 2);
        CREATE TABLE payment_methods (id INTEGER PRIMARY KEY, name TEXT NOT NULL, icon TEXT, enabled BOOLEAN DEFAULT 1,
            "order" INTEGER DEFAULT 0, user_id INTEGER DEFAULT 1);
        INSERT INTO payment_methods (id, name) VALUES (1, 'PayPal'), (2, 'Credit Card');
        CREATE TABLE notification_settings (days INTEGER, user_id INTEGER DEFAULT 1);
        INSERT INTO notification_settings VALUES (2, 1), (7, 2);
        CREATE TABLE subscriptions (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, logo TEXT, price REAL NOT NULL, currency_id INTEGER,
            next_payment DATE, cycle INTEGER, frequency INTEGER, notes TEXT, payment_method_id INTEGER,
            payer_user_id INTEGER, category_id INTEGER, notify BOOLEAN DEFAULT false, url VARCHAR(255),
            inactive BOOLEAN DEFAULT false, notify_days_before INTEGER DEFAULT 0, user_id INTEGER DEFAULT 1,
            cancellation_date DATE, replacement_subscription_id INTEGER DEFAULT NULL,
            start_date INTEGER DEFAULT NULL, auto_renew INTEGER DEFAULT 1,
            logo_text_color TEXT DEFAULT NULL, logo_variant TEXT DEFAULT NULL);
        INSERT INTO subscriptions (id, name, price, currency_id, next_payment, cycle, frequency, notes,
            payment_method_id, payer_user_id, category_id, notify, url, inactive, notify_days_before,
            cancellation_date, start_date, auto_renew, user_id) VALUES
            (1, 'Netflix', 15.49, 2, '2026-12-05', 3, 1, '', 2, 1, 2, 1, 'https://netflix.com', 0, 3, NULL, '2024-01-05', 1, 1),
            (2, 'Amazon Prime', 24.9, 1, '2027-01-31', 3, 3, 'quarterly', 1, 2, 1, 1, '', 0, -1, '', '2026-10-31', 1, 1),
            (3, 'Gym', 300, 1, '2027-02-01', 4, 1, NULL, NULL, 1, 1, 1, '', 0, 0, '2027-02-01', '', 1, 1),
            (4, 'Affinity Photo', 69.99, 1, '2026-03-14', 5, 3, '', 2, 1, 1, 0, '', 0, -1, NULL, NULL, 0, 1),
            (5, 'Hulu', 7.99, 2, '2026-08-20', 3, 1, '', 2, 1, 2, 1, '', 1, -1, NULL, '2025-02-20', 1, 1),
            (6, 'Nintendo', 1500, 3, '2026-12-09', 4, 1, '', 2, 1, 2, 1, '', 0, -1, NULL, '2026-01-01', 1, 1),
            (7, 'Carla''s', 5, 34, '2026-12-01', 3, 1, '', NULL, 3, 3, 1, '', 0, -1, NULL, NULL, 1, 2);
        """

    /// The bytes of a plain SQLite `wallos.db` made from `schema` and then `sql`.
    func database(_ sql: String = "") throws -> Data {
        let path = scratch.path("made-\(UUID().uuidString).db")
        do {
            let connection = try Connection(path: path, create: true)
            try connection.execute(Self.schema + sql)
        }
        return try Files.bytes(path)
    }

    func imported(_ data: Data) throws -> [String: Subscription] {
        #expect(WallosBackupFormat.detect(data))
        let parsed = try WallosBackupFormat.parse(data, options: ImportOptions(today: Self.today, now: Date(timeIntervalSince1970: 0)))
        return Dictionary(uniqueKeysWithValues: parsed.subscriptions.map { ($0.subscription.name, $0.subscription) })
    }

    @Test("The database gives start dates, currency codes, cycles, notify days, payers and states")
    func databaseFields() throws {
        let all = try imported(try database())
        // Only the first user's subscriptions.
        #expect(all.keys.sorted() == ["Affinity Photo", "Amazon Prime", "Gym", "Hulu", "Netflix", "Nintendo"])
        let netflix = try #require(all["Netflix"])
        #expect(netflix.startDate == day("2024-01-05"))
        #expect(netflix.price(on: Self.today) == money("15.49", "USD"))
        #expect(netflix.category == "Entertainment")
        #expect(netflix.paymentMethod == "Credit Card")
        #expect(netflix.url == "https://netflix.com")
        #expect(netflix.remindDays == [3])
        // The user pays: no note.
        #expect(netflix.notes == nil)

        let prime = try #require(all["Amazon Prime"])
        #expect(prime.cycle == cycle(3, .month))
        #expect(prime.price(on: Self.today) == money("24.90", "EUR"))
        #expect(prime.notes == "quarterly; paid by Bruno")
        #expect(prime.remindDays == [2])
        #expect(prime.category == nil)

        // An empty start date is none (the next payment anchors); 0 days is on the day.
        let gym = try #require(all["Gym"])
        #expect(gym.startDate == day("2027-02-01"))
        #expect(gym.remindDays == [0])
        // Enabled with a cancellation date: still in force, the date its deadline to cancel.
        #expect(gym.periods.last?.cancelledOn == nil)
        #expect(gym.cancelBy == day("2027-02-01"))
        #expect(gym.notes == nil)
        #expect(gym.price(on: Self.today) == money("300.00", "EUR"))
        #expect(gym.paymentMethod == nil)

        let photo = try #require(all["Affinity Photo"])
        #expect(photo.cycle == .once)
        #expect(!photo.autoRenew)
        #expect(photo.remindDays == [])

        let hulu = try #require(all["Hulu"])
        #expect(hulu.status(on: Self.today) == .cancelled)
        #expect(hulu.startDate == day("2025-02-20"))
        // Disabled without a date: its payments run up to the next one, which it never paid.
        #expect(hulu.periods.last?.cancelledOn == day("2026-08-19"))

        #expect(all["Nintendo"]?.price(on: Self.today) == Money(minorUnits: 1500, currency: currency("JPY")))
        // A start date off the next payment's schedule gives way to the next payment.
        #expect(all["Nintendo"]?.startDate == day("2026-12-09"))
    }

    @Test("Without notification settings, -1 is subs's default reminder days")
    func noNotificationSettings() throws {
        let all = try imported(try database("DROP TABLE notification_settings;"))
        #expect(all["Amazon Prime"]?.remindDays == nil)
        #expect(all["Netflix"]?.remindDays == [3])
    }

    @Test("A row Wallos could not have written names the subscription and the field")
    func badRows() throws {
        #expect(throws: ImportError.record(
            .databaseRow(id: "1", name: "Netflix"), field: .named("cycle"), problem: .wallosCycle(id: 9, frequency: 1))) {
            _ = try imported(try database("UPDATE subscriptions SET cycle = 9 WHERE id = 1;"))
        }
        #expect(throws: ImportError.record(.databaseRow(id: "2", name: "Amazon Prime"), field: .named("currency"),
                                           problem: .unknownWallosCurrency)) {
            _ = try imported(try database("UPDATE subscriptions SET currency_id = 99 WHERE id = 2;"))
        }
        let thirds = try database("UPDATE subscriptions SET price = 10.005 WHERE id = 1;")
        #expect(throws: ImportError.self) { _ = try imported(thirds) }
    }

    @Test("A SQLite file that is not Wallos's is refused")
    func notWallos() throws {
        let path = scratch.path("other.db")
        do {
            let connection = try Connection(path: path, create: true)
            try connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        }
        #expect(throws: ImportError.cannotRead(.notWallosSchema)) {
            _ = try imported(try Files.bytes(path))
        }
    }

    // MARK: The zip

    /// A zip of `entries`, built as Wallos's ZipArchive does (deflated files, folders as entries).
    func zip(_ entries: [(String, Data)]) throws -> Data {
        let archive = try Archive(accessMode: .create)
        for (path, data) in entries {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return try #require(archive.data)
    }

    @Test("A backup zip reads as its wallos.db; only wallos.db is unpacked, into memory: no file is made")
    func backupZip() throws {
        let database = try database()
        let backup = try zip([("wallos.empty.db", Data("empty".utf8)), ("wallos.db", database),
                              ("logos/netflix.png", Data([0x89, 0x50, 0x4E, 0x47]))])
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("subs-wallos-") })
        #expect(try imported(backup).keys.sorted() == (try imported(database)).keys.sorted())
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("subs-wallos-") })
        #expect(after.isSubset(of: before))
    }

    /// The error extracting `zip` gives, with a cap of `limit` bytes.
    func refusal(_ zip: Data, limit: UInt64 = WallosBackupFormat.largestDatabase) -> ImportError? {
        do {
            try WallosBackupFormat.extractDatabase(zip: zip, into: try WallosCopy(), limit: limit)
            return nil
        } catch {
            return error as? ImportError
        }
    }

    @Test("Entries named outside the zip are refused, and nothing lands there",
          arguments: ["../evil", "logos/../../evil", "/tmp/evil", "..\\evil"])
    func traversal(_ path: String) throws {
        let backup = try zip([("wallos.db", try database()), (path, Data("owned".utf8))])
        #expect(refusal(backup) == .cannotRead(.pathOutsideZip(path)))
        #expect(!Files.exists(scratch.url.deletingLastPathComponent().appendingPathComponent("evil").path))
    }

    @Test("A zip without wallos.db, a truncated one and a damaged one are refused")
    func damaged() throws {
        #expect(refusal(try zip([("logos/a.png", Data([1, 2, 3]))]))
            == .cannotRead(.noWallosDatabase))
        let whole = try zip([("wallos.db", try database())])
        #expect(refusal(whole.prefix(whole.count / 2)) == .cannotRead(.damagedZip))

        // One byte of the compressed data changed: inflating fails or the checksum does.
        var flipped = whole
        flipped[60] ^= 0xFF
        let error = try #require(refusal(flipped))
        let damaged: [ImportError] = [.cannotRead(.damagedZip), .cannotRead(.databaseNotUnpacked), .cannotRead(.databaseChecksum),
                                      .cannotRead(.zipDirectoryMissing), .cannotRead(.unreadableZipEntry(1, of: 1)),
                                      .cannotRead(.unreadableZipHeader(1, of: 1))]
        #expect(damaged.contains(error), "\(error)")
    }

    @Test("A deflate stream that stops short of its end is refused as damaged, not inflated forever")
    func deflateWithoutAnEnd() throws {
        // Found by WallosStressTests' fuzzing: ZIPFoundation's reader asked for more input past
        // the end of this file for ever.
        let mutant = try #require(Data(base64Encoded: [
            "UEsDBBQAAAAIANa4eV0tX0ZCVwUAAACAAAAJAAAAd2FsbG9zLmRi7dzLbxtFGADwmbWd9baxt9SN7KgqGfehJGqc2k7dB1zi",
            "JCatcJPUcYBKRdZkPW5WrHfd2XHbLQeUSlx6oBf+CxAXznDghgQXuFXiAAeEEELi0B56KbO7edh5tAqnFn0/ZTe7szPffPOI",
            "lT0ky9erpmCk5fA2FWQKHUEYo2lCEEJJecTRNlUe0Z57jF4uiSYNnPAba4+Q/lny++TZxOeD3xwakrcAAAAAAACh9Yiqpi9e",
            "xOtnBF21mO0Is2UaVJiO3XCZEKZ9y92zMD5bq5TrFVIvz1QrZM8qZKxJPZdcXahX5iu1CdJ1GW+Yzc0CMld5p7xSrZPC+Kdn",
            "BtT06Ch+qAVZuN1V1+Bmx4/m9t2ofb32PSJjh4jUE3+pdvVauXaDvFu5MUFs2makXvmgThYW5bFSrU4Qy7nlBGUTpMNNgxEZ",
            "vNrz3OhyzmzD60l6IujEZvdEo0O9NrMFmZMJybqeYbHtsbY4u931224XyTli7mZ3YdtGm4k1p7krvnwsp2rHfMk+qGC3HN6X",
            "Tzj1HplZXKxWygtbk9qilsvknHOLvFeuzV4p18aKpdJ4GAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAG0wywr3RFOm",
            "vjFTnHUsarBg/L0ruFeoYB2CaK6gXIRh9qxEaFc4Dblc7O5+CfnL3RD+0hmO5fBwN/QHCarcodykcmF3PR9fr8fU9Nmz+EEj",
            "2Kf9q+juuB3o26s7HpKxg2xU03DsjZ3DbL/n5q6V2xjjSYc3GT95oOUaXz8WVdMjI3j9bjCsNUdWXXOs5tZFrG8oW8UHGwRr",
            "U9Pqn9TR0RemdTyiprNZ/AAHaW3sfpO521fRvsS2yw+W2X+btBklzG4xzC78rPCz27qK9Ge3VX6w7FyvvepYO0sNp7mzZrAB",
            "uP8TsqPu/oPoYDU9PIzX3w7H4H+GueFZ6c89KNs/794P+p6Odw9n3H83j+nfIv2J/of+WP9BXgIAAAAAAAAAAOCVMhiLoviJ",
            "RZvlhNlmg9EoUoZx+waj3PIGI1GEj795zbHFmuUdVuTdsPo+Yx9ZnoajSEvPUdPy/Pf/iP410v/Sf5LfAAAAAAAAAAAA8Go4",
            "kVLR+BuplDbD6X3TMqlNaoxatdMztWpp8nxGUdGInhrSVpbJnGNZlJ9eWZ4rTOYvHcUqGkqldK3S5c5vD76srNQK4fv/j0j/",
            "W38svwEAAAAAAAAAAOBVdzgSQ8NxbbnjcOEeVWJoNK5VbMG4oKbt/7nLERxDp+LagrP1t0v++7+i/4n0p/IEAAAAAAAAAACA",
            "19whJYbSCW2Gd20njmMoldDKNg3f/39B+j/yBAAAAAAAAAAAgNfPUUVFp5AW12Y5a5qCzFLeTGAVDftlS9Rbopb//j+QXEb6",
            "F/qH+snkz8mH8gYAAAAAAAAAAHi50kAGpZCiZbGWwFie4nEti5CG0LzXxhPFfPFiLl/M5QtRRYls383HMmgIqThopsmTPLIo",
            "K5td6Vrd6ZEn3z26OfZUkQ0u5PKXcsV8RFGeh3eXc1N5eVXyAxXz16IZNI5Uv/8TWNPiiTiWQbJxhMqtlmmbwiNLa45wpq9/",
            "cnNMRg1jTOUK52OW2WL+f9LbDOwXXo5k0MhmXsFw5IESMty85aw6HYt60xd+b/lSQatCMVfwk1OeV5UMOhNkgke0jUwSwZDK",
            "bXrfsckSl51NXwpbh1NRyE0VIpHbXcoF45YXJlLIy9JlnEHHeyZoKhyXPBaYaFnmvenJZ7/Of3XsY2UzjXxJprEmRMd969w5",
            "O6w0aThtf9bP+13lS/77P9afIfkFAAAAAAAAAACA/50ojmBN8RdQSwMEFAAAAAgA1rh5XWAIC+sIAAAABgAAABEAAABsb2dv",
            "cy9uZXRmbGl4LnBuZ+sM8HPn5QIAUEsBAhQDFAAAAAgA1rh5XS1fRkJXBQAAAIAAAAkAAAAAAAAAAAAAAIABAAAAAHdhbGxv",
            "cy5kYlBLAQIUAxQAAAAIANa4eV1gCAvrCAAAAAYAAAARAAAAAAAAAAAAAACAAX4FAABsb2dvcy9uZXRmbGl4LnBuZ1BLBQYA",
            "AAAAAgACAHYAAAC1BQAAAAA=",
        ].joined()))
        #expect(refusal(mutant) == .cannotRead(.databaseNotUnpacked))
    }

    @Test("wallos.db bigger than the cap is refused from its header, and while unpacking when the header lies")
    func oversized() throws {
        let big = Data(count: 64 << 10)
        let honest = try zip([("wallos.db", big)])
        #expect(refusal(honest, limit: 1024) == .cannotRead(.databaseTooLarge(limit: 1024)))

        // The local and central headers claim 100 bytes; the entry inflates to 64 KiB.
        var lying = honest
        for (signature, offset) in [(Data([0x50, 0x4B, 0x03, 0x04]), 22), (Data([0x50, 0x4B, 0x01, 0x02]), 24)] {
            let header = try #require(lying.range(of: signature)).lowerBound
            lying.replaceSubrange(header + offset..<header + offset + 4, with: [100, 0, 0, 0])
        }
        #expect(refusal(lying, limit: 1024) == .cannotRead(.databaseUnpacksTooLarge(limit: 1024)))
    }

    // MARK: Issue 21

    /// `zip` with the two bytes at `offset` of the `occurrence`th header with `signature` set to `value`.
    func patched(_ zip: Data, signature: [UInt8], occurrence: Int, offset: Int, _ value: [UInt8]) throws -> Data {
        var data = zip
        var from = data.startIndex
        var header = from
        for _ in 0...occurrence {
            header = try #require(data.range(of: Data(signature), in: from..<data.endIndex)).lowerBound
            from = header + 1
        }
        data.replaceSubrange(header + offset..<header + offset + value.count, with: value)
        return data
    }

    static let localHeader: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
    static let centralHeader: [UInt8] = [0x50, 0x4B, 0x01, 0x02]

    @Test("An encrypted entry or a damaged header is said to be so, not 'a zip without wallos.db'")
    func encryptedOrDamaged() throws {
        let whole = try zip([("logos/a.png", Data([1, 2, 3])), ("wallos.db", try database())])
        // Bit 0 of the general purpose flags, in the local and the central header.
        var encrypted = try patched(whole, signature: Self.localHeader, occurrence: 1, offset: 6, [1, 0])
        encrypted = try patched(encrypted, signature: Self.centralHeader, occurrence: 1, offset: 8, [1, 0])
        #expect(refusal(encrypted) == .cannotRead(.encryptedZip(entry: "wallos.db")))
        let brokenDirectory = try patched(whole, signature: Self.centralHeader, occurrence: 1, offset: 0, [0, 0])
        #expect(refusal(brokenDirectory) == .cannotRead(.unreadableZipHeader(2, of: 2)))
        let brokenEntry = try patched(whole, signature: Self.localHeader, occurrence: 1, offset: 0, [0, 0])
        #expect(refusal(brokenEntry) == .cannotRead(.unreadableZipEntry(2, of: 2)))
    }

    @Test("A database in WAL mode reads as the same database, from a copy with no folder")
    func walMode() throws {
        let path = scratch.path("wal.db")
        do {
            let connection = try Connection(path: path, create: true)
            try connection.execute(Self.schema)
            try connection.execute("PRAGMA journal_mode = WAL")
        }
        let data = try Files.bytes(path)
        #expect(Array(data[18...19]) == [2, 2])
        #expect(try imported(data).count == 6)
    }

    @Test("A database with more subscriptions than one import takes is refused for its size, naming the limit")
    func tooMany() throws {
        func refusal(_ data: Data, limit: Int) throws -> ImportError? {
            let copy = try WallosCopy()
            try copy.append(data)
            do {
                _ = try withExtendedLifetime(copy) {
                    try WallosDatabase.readRecords(at: WallosCopy.path(of: copy.descriptor), limit: limit)
                }
                return nil
            } catch {
                return error as? ImportError
            }
        }
        #expect(try refusal(try database(), limit: 5)
            == .cannotRead(.wallosHolds(6, limit: 5)))
        #expect(try refusal(try database(), limit: 6) == nil)
        // A currency listed twice repeats rows in the join: counted as they come too.
        let doubled = try database("""
            CREATE TABLE loose (id INTEGER, name TEXT, symbol TEXT, code TEXT, rate TEXT, user_id INTEGER);
            INSERT INTO loose SELECT * FROM currencies; INSERT INTO loose SELECT * FROM currencies;
            DROP TABLE currencies; ALTER TABLE loose RENAME TO currencies;
            """)
        #expect(try refusal(doubled, limit: 6)
            == .cannotRead(.wallosHoldsMoreThan(limit: 6)))
    }

    @Test("A control character in a name is refused, naming the subscription")
    func controlCharacterInName() throws {
        let data = try database("UPDATE subscriptions SET name = 'Net' || char(0) || 'flix' WHERE id = 1;")
        #expect {
            _ = try imported(data)
        } throws: { error in
            guard case .record(.databaseRow("1", let name), .named("Name"), _)? = error as? ImportError else { return false }
            return name.quotedForMessage == "Net\u{FFFD}flix"
        }
    }
}
