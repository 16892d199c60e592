import Foundation
import SubscriptionCore

/// A database of `count` subscriptions, written through the store as `subs import` writes one,
/// with a life like a real one: mostly monthly, a share weekly and yearly, trials, a few
/// cancelled and paused, price rises, three currencies with rates, categories, members, notes,
/// payments recorded; then edits, `paid` and logins, each with its history entry.
struct BenchDatabase {
    static let today = CivilDate(year: 2026, month: 11, day: 22)!

    let count: Int
    let location: StoreLocation
    /// The raw key as the `sqlcipher` shell takes it: `x'<64 hex digits>'`, or the passphrase.
    let sqlcipherKey: String
    let isPassphrase: Bool

    /// The `sqlcipher` shell's arguments that open this database, or a copy of it at `path`:
    /// `-cmd` with the key, the passphrase's iterations and the page size `subs` writes, then
    /// the file.
    func shellOpening(copyAt path: String? = nil) -> [String] {
        let iterations = isPassphrase ? " PRAGMA kdf_iter = 256000;" : ""
        return ["-cmd", "PRAGMA key = \"\(sqlcipherKey)\";\(iterations) PRAGMA cipher_page_size = 4096;",
                path ?? location.databasePath]
    }

    /// Writes the database `name`.db in `directory`, keyed by a new key file or by `passphrase`,
    /// in a child process: a bench that held 100,000 subscriptions itself would hand its peak
    /// memory to every process it spawns (Linux counts the spawner's high-water mark in the
    /// child's `ru_maxrss`), and the memory figures would be the bench's, not `subs`'.
    static func build(
        _ name: String, count: Int, in directory: String, passphrase: String? = nil, peers: Bool = false
    ) throws -> BenchDatabase {
        _ = try ProcessTimer.run([CommandLine.arguments[0], writeCommand, name, String(count), directory]
                                 + (peers ? [peersFlag] : []) + (passphrase.map { [$0] } ?? []), environment: [:])
        let location = Self.location(name, in: directory, passphrase: passphrase)
        let key = try passphrase ?? "x'\(String(decoding: Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name).key")), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))'"
        return BenchDatabase(count: count, location: location, sqlcipherKey: key, isPassphrase: passphrase != nil)
    }

    /// The hidden command line the child that writes a database is given.
    static let writeCommand = "--write-database"
    /// With it the child also writes the same subscriptions as Taskwarrior tasks and hledger
    /// periodic transactions (`name.tasks.json`, `name.journal`), for the peers' figures.
    static let peersFlag = "--peers"

    /// What the child runs: `subs-bench --write-database name count directory [--peers] [passphrase]`.
    /// The fixture goes in through `import` (one history entry), then a life goes on through the
    /// store as the commands write it: a few edits, payments recorded with `paid`, a few logins.
    static func write(_ arguments: [String]) throws {
        let peers = arguments.contains(peersFlag)
        let arguments = arguments.filter { $0 != peersFlag }
        guard arguments.count >= 3, let count = Int(arguments[1]) else { throw ProcessTimer.Failed(command: arguments, status: 2) }
        let directory = arguments[2]
        let location = Self.location(arguments[0], in: directory, passphrase: arguments.count > 3 ? arguments[3] : nil)
        let store = try SubscriptionStore(location: location)
        let parsed = try fixture(count: count)
        let now = Date(timeIntervalSince1970: 1_795_132_800)  // 2026-11-20, two days before `today`
        _ = try store.apply(parsed, onDuplicate: .add, dryRun: false, source: "bench.json", now: now)
        try live(store, count: count, now: now)
        if peers {
            let subscriptions = parsed.subscriptions.map(\.subscription)
            try BenchPeers.writeTasks(subscriptions, to: "\(directory)/\(arguments[0]).tasks.json")
            try BenchPeers.writeJournal(subscriptions, to: "\(directory)/\(arguments[0]).journal")
        }
    }

    /// What happens to a database after its import, through the store as `edit`, `paid` and
    /// `vault set` write it, each with its history entry: three edits (notes, a price rise, a
    /// category), two payments recorded, three logins. The vault is made with the fast key
    /// derivation the test suite uses (`ScryptParameters.testing`): the figures never open it.
    static func live(_ store: SubscriptionStore, count: Int, now: Date) throws {
        var moment = now
        func next() -> Date { moment = moment.addingTimeInterval(3_600); return moment }
        for (step, index) in livedIndices(count: count).enumerated() {
            let name = fixtureName(index)
            switch step % 3 {
            case 0: _ = try store.update(name, as: .edit, now: next()) { $0.notes = "Shared with the flat — edited \(index)" }
            case 1: _ = try store.update(name, as: .edit, now: next()) { subscription in
                let last = subscription.prices[subscription.prices.count - 1].amount
                subscription.prices.append(PriceChange(effective: today.adding(days: 10)!,
                                                       amount: Money(minorUnits: last.minorUnits + 100, currency: last.currency)))
            }
            default: _ = try store.update(name, as: .edit, now: next()) { $0.category = $0.category == "Music" ? "News" : "Music" }
            }
            if step < 2 {
                _ = try store.update(name, as: .paid, now: next()) { _ = try $0.recordPaid(on: nil, amount: nil, today: today) }
            }
            try store.setLogin(name, LoginChanges(username: "user\(index)@example.com", url: "https://example.com/login"),
                               password: Array("bench password \(index)".utf8), passphrase: Array("bench vault passphrase".utf8),
                               newVault: .testing, now: next())
        }
    }

    /// Three subscriptions spread over the database (fewer in a small one) that are plain:
    /// monthly, renewed automatically, running, no trial, no pause, no payment recorded yet.
    static func livedIndices(count: Int) -> [Int] {
        let plain = { (index: Int) in
            index % 20 < 9 && index % 50 != 3 && index % 97 != 5 && index % 17 != 0 && index % 3 != 1
        }
        let picked = [(0..<count).first(where: plain), (count / 2..<count).first(where: plain),
                      (0..<count).reversed().first(where: plain)].compactMap { $0 }
        return picked.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
    }

    static func fixtureName(_ index: Int) -> String { "\(services[index % services.count]) \(index)" }

    static let services = ["Netflix", "Spotify", "iCloud+", "Dropbox", "The Times", "Gym", "Xbox Game Pass",
                           "HelloFresh", "Duolingo", "Phone plan", "Çay Kulübü", "Éditions", "1Password",
                           "GitHub", "Notion", "YouTube Premium", "Disney+", "Audible", "Strava", "Proton"]

    private static func location(_ name: String, in directory: String, passphrase: String?) -> StoreLocation {
        StoreLocation(databasePath: "\(directory)/\(name).db",
                      key: passphrase.map(KeySource.passphrase) ?? .keyFile("\(directory)/\(name).key"))
    }

    /// The environment a `subs` run reads this database with, on the fixed day the figures are for.
    var environment: [String: String] {
        var environment = ["SUBS_DB": location.databasePath, "SUBS_TODAY": Self.today.description]
        switch location.key {
        case .keyFile(let path): environment["SUBS_KEY_FILE"] = path
        case .passphrase(let passphrase): environment["SUBS_PASSPHRASE"] = passphrase
        case .passphraseFile(let path): environment["SUBS_PASSPHRASE_FILE"] = path
        }
        return environment
    }

    static func fixture(count: Int) throws -> ParsedImport {
        let categories = ["Streaming", "Music", "Software", "Cloud", "News", "Fitness", "Gaming", "Food",
                          "Education", "Utilities", "Şirket", "Café"]
        let currencies = [Currency.usd, Currency(code: "EUR")!, Currency(code: "TRY")!]
        // Twenty kinds by index: nine monthly, six weekly, fortnightly, yearly, quarterly, four-weekly
        // and one cancelled: about 23 payments a year each, as a real mix gives.
        let cycles: [BillingCycle] = Array(repeating: .monthly, count: 9)
            + Array(repeating: BillingCycle(count: 1, unit: .week)!, count: 6)
            + [BillingCycle(count: 2, unit: .week)!, BillingCycle(count: 1, unit: .year)!,
               BillingCycle(count: 3, unit: .month)!, BillingCycle(count: 4, unit: .week)!, .monthly]
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        var subscriptions: [ImportedSubscription] = []
        subscriptions.reserveCapacity(count)
        for index in 0..<count {
            let kind = index % 20
            let currency = currencies[index % 7 == 0 ? 1 : index % 11 == 0 ? 2 : 0]
            let start = CivilDate(year: 2015 + index % 11, month: 1 + index % 12, day: 1 + index % 31)
                ?? CivilDate(year: 2015 + index % 11, month: 1 + index % 12, day: 28)!
            let minor = Int128(99 + (index * 7_919) % 4_900) * (currency.code == "TRY" ? 30 : 1)
            var prices = [PriceChange(effective: start, amount: Money(minorUnits: minor, currency: currency))]
            if index % 5 == 0, let rise = start.adding(months: 14), rise < today {
                prices.append(PriceChange(effective: rise, amount: Money(minorUnits: minor + 200, currency: currency)))
            }
            let trialEnd = index % 50 == 3 ? today.adding(days: 1 + index % 20) : nil
            var periods = [BillingPeriod()]
            if kind == 19 { periods = [BillingPeriod(cancelledOn: today.adding(days: -(index % 200) - 1))] }
            let pauses = index % 97 == 5 && kind != 19 && trialEnd == nil ? [Pause(from: today.adding(days: -10)!, until: today.adding(days: 40))] : []
            let members = index % 13 == 0 ? [Member(name: "Ayşe", weight: 1), Member(name: "Sam", weight: 2)] : []
            var subscription = Subscription(
                id: UUID().uuidString.lowercased(),
                name: fixtureName(index), currency: currency, prices: prices,
                cycle: cycles[kind], startDate: trialEnd ?? start, trialEnd: trialEnd,
                category: categories[index % categories.count],
                url: index % 3 == 0 ? "https://example.com/account/\(index)" : nil,
                notes: index % 4 == 0 ? "Family plan, renews unless cancelled — \(index)" : nil,
                paymentMethod: ["Visa 4242", "Mastercard 5555", "PayPal", "Troy 9792"][index % 4],
                remindDays: index % 6 == 0 ? [7, 1] : nil, autoRenew: index % 17 != 0, members: members,
                periods: periods, pauses: pauses, createdAt: created.addingTimeInterval(Double(index)),
                updatedAt: created.addingTimeInterval(Double(index)))
            // A third with the last three payments recorded (`paid`), one in nine of them charged
            // another amount, one in thirty with a month skipped: what §10's ledger holds.
            if index % 3 == 1, let from = today.adding(days: -100) {
                for (step, payment) in subscription.scheduledPayments(from: from, through: today).suffix(3).enumerated() {
                    if step == 0 && index % 30 == 1 {
                        try? subscription.recordSkip(on: payment.date, today: today)
                    } else {
                        let amount = index % 9 == 1 ? Money(minorUnits: payment.amount.minorUnits + 50, currency: currency) : nil
                        _ = try? subscription.recordPaid(on: payment.date, amount: amount, today: today)
                    }
                }
            }
            subscriptions.append(ImportedSubscription(record: .path("bench \(index)", name: nil), subscription: subscription))
        }
        let setAt = Date(timeIntervalSince1970: 1_760_000_000)
        return ParsedImport(
            subscriptions: subscriptions,
            categories: categories.map { ImportedCategory(name: $0, color: nil) },
            settings: [.currency: "USD"],
            rates: [ImportedRate(rate: try ExchangeRate(currency: currencies[1], rate: "1.08", setAt: setAt), base: .usd),
                    ImportedRate(rate: try ExchangeRate(currency: currencies[2], rate: "0.029", setAt: setAt), base: .usd)])
    }
}
