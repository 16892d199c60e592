import Foundation
import SubscriptionCore
import Testing
@testable import SubsCLI

/// Every `UndoError` case, and every kind of history summary, said in English and in Turkish.
@Suite struct HistoryErrorMessageTests {
    init() { SubsTranslations.install() }

    private static let undoErrors: [(UndoError, english: String, exitCode: Int32)] = [
        (.changedSince(subject: "Netflix"), "'Netflix' was changed since, outside the history; nothing was undone", 65),
        (.changedMeanwhile, "the history changed while undo was asking; nothing was undone (run it again)", 75),
        (.keptChanging, "other processes kept changing the history while undo ran; nothing was undone (run it again)", 75),
        (.nothingBeforeRestore,
         "that restore created the database: there was nothing before it to go back to; nothing was undone", 64),
        (.backupGone(path: "/b/auto.db"),
         "the backup of the database that restore replaced, /b/auto.db, is gone (only the newest 10 automatic backups are kept); nothing was undone",
         66),
        (.backupUnderOldKey(path: "/b/auto.db"),
         "the backup of the database that restore replaced, /b/auto.db, is under the key the database had before a rekey: restore it with 'subs restore /b/auto.db --backup-key-file OLD-KEY' (or --backup-passphrase-file); nothing was undone",
         77),
    ]

    @Test func everyUndoErrorInBothLanguages() throws {
        for (error, english, exitCode) in Self.undoErrors {
            #expect(error.message(in: .english) == english)
            let turkish = error.message(in: .turkish)
            #expect(!turkish.isEmpty && turkish != english && turkish.contains("hiçbir şey geri alınmadı"), "\(turkish)")
            let failure = try #require(Failure(error))
            #expect(failure.exitCode == exitCode && failure.message == error.message(in: Language.current))
        }
        #expect(UndoError.changedSince(subject: "Netflix").message(in: .turkish)
                == "'Netflix' o zamandan beri geçmişin dışında değiştirildi; hiçbir şey geri alınmadı")
    }

    private static func subscription(_ change: (inout Subscription) -> Void = { _ in }) -> Subscription {
        let usd = Currency(code: "USD")!
        var subscription = Subscription(
            id: "0b7e9c1a-0000-4000-8000-000000000001", name: "Netflix", currency: usd,
            prices: [PriceChange(effective: CivilDate(year: 2026, month: 11, day: 25)!, amount: Money(minorUnits: 1549, currency: usd))],
            cycle: .monthly, startDate: CivilDate(year: 2026, month: 11, day: 25)!, trialEnd: nil, category: nil, url: nil,
            notes: nil, paymentMethod: nil, remindDays: nil, autoRenew: true, members: [],
            createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
        change(&subscription)
        return subscription
    }

    @Test func everyKindOfChangeInBothLanguages() throws {
        let usd = Currency(code: "USD")!
        let old = Self.subscription()
        let raised = Self.subscription {
            $0.prices.append(PriceChange(effective: CivilDate(year: 2026, month: 12, day: 25)!,
                                         amount: Money(minorUnits: 1799, currency: usd)))
        }
        let rate = try ExchangeRate(currency: Currency(code: "EUR")!, rate: "1.08", setAt: Date(timeIntervalSince1970: 0))
        let cases: [(HistoryChange, english: String, turkish: String)] = [
            (.subscription(before: nil, after: old), "added: 15.49 USD monthly, starting 2026-11-25",
             "eklendi: 15,49 USD aylık, başlangıç 25.11.2026"),
            (.subscription(before: old, after: nil), "deleted: 15.49 USD monthly, with its history",
             "silindi: 15,49 USD aylık, geçmişiyle birlikte"),
            (.subscription(before: old, after: raised), "price 15.49 USD → 17.99 USD from 2026-12-25",
             "fiyat 15,49 USD → 17,99 USD, 25.12.2026 tarihinden itibaren"),
            (.subscription(before: old, after: old), "no visible change", "görünür bir değişiklik yok"),
            (.subscription(before: nil, after: nil), "nothing", "hiçbir şey"),
            (.deletedSeveral(count: 2), "deleted 2 subscriptions, with their history", "2 abonelik geçmişleriyle birlikte silindi"),
            (.imported(added: 1, replaced: 2, skipped: 3), "1 added, 2 replaced, 3 skipped", "1 eklendi, 2 değiştirildi, 3 atlandı"),
            (.restored(from: "/b/x.db", replacedBackup: nil), "restored from /b/x.db", "/b/x.db yedeğinden geri yüklendi"),
            (.restored(from: "/b/x.db", replacedBackup: "/b/auto.db"), "restored from /b/x.db; what it replaced is in /b/auto.db",
             "/b/x.db yedeğinden geri yüklendi; yerine geçtiği veritabanı /b/auto.db içinde"),
            (.categoryAdded, "category added", "kategori eklendi"),
            (.categoryRenamed(from: "Pods"), "category renamed from 'Pods'", "kategorinin eski adı 'Pods'"),
            (.categoryDeleted, "category deleted", "kategori silindi"),
            (.setting(.remindDays, before: nil, after: "7,1"), "default → 7,1", "varsayılan → 7,1"),
            (.setting(.currency, before: "USD", after: nil), "USD → default", "USD → varsayılan"),
            (.ratesSet([rate], base: usd), "1 EUR = 1.08 USD", "1 EUR = 1,08 USD"),
            (.rateRemoved, "rate removed", "kur silindi"),
            (.login(.added, fields: [.username, .password]), "login added: username, password",
             "giriş bilgisi eklendi: kullanıcı adı, şifre"),
            (.login(.changed, fields: []), "login changed", "giriş bilgisi değişti"),
            (.login(.removed, fields: []), "login removed", "giriş bilgisi silindi"),
            (.storedSummary("as an older subs wrote it"), "as an older subs wrote it", "as an older subs wrote it"),
        ]
        for (change, english, turkish) in cases {
            #expect(HistoryText.summary(change, in: .english) == english)
            #expect(HistoryText.summary(change, in: .turkish) == turkish)
        }
    }

    @Test func everyFieldChangeOfASubscriptionIsTurkish() {
        let old = Self.subscription()
        let new = Self.subscription {
            $0.name = "Netflix 4K"
            $0.cycle = BillingCycle(count: 3, unit: .month)!
            $0.startDate = CivilDate(year: 2026, month: 11, day: 26)!
            $0.trialEnd = CivilDate(year: 2026, month: 12, day: 1)!
            $0.category = "Streaming"
            $0.url = "https://netflix.com"
            $0.notes = "aile"
            $0.paymentMethod = "kart"
            $0.remindDays = [7, 1]
            $0.autoRenew = false
            $0.members = [Member(name: "Ayşe")]
        }
        #expect(HistoryText.summary(.subscription(before: old, after: new), in: .english) == """
            name 'Netflix' → 'Netflix 4K', cycle monthly → every 3 months, start 2026-11-25 → 2026-11-26, \
            trial end none → 2026-12-01, category none → 'Streaming', url none → 'https://netflix.com', \
            notes none → 'aile', payment method none → 'kart', reminders default → 7,1, auto-renew yes → no, \
            shared with nobody → Ayşe
            """)
        #expect(HistoryText.summary(.subscription(before: old, after: new), in: .turkish) == """
            ad 'Netflix' → 'Netflix 4K', dönem aylık → 3 ayda bir, başlangıç 25.11.2026 → 26.11.2026, \
            deneme sonu yok → 01.12.2026, kategori yok → 'Streaming', url yok → 'https://netflix.com', \
            notlar yok → 'aile', ödeme yöntemi yok → 'kart', hatırlatmalar varsayılan → 7,1, otomatik yenileme evet → hayır, \
            paylaşılan kişiler kimse → Ayşe
            """)
    }
}
