import ArgumentParser
import SubscriptionCore

extension ListQuery.Sort: ExpressibleByArgument {}

/// `--status active,trial`: one status or several, separated by commas, in English or as Turkish
/// shows them (`aktif,deneme`), with Turkish casing (`AKTİF`).
struct StatusSelection: ExpressibleByArgument {
    let statuses: [ListQuery.StatusFilter]

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let word = NameMatching.key(part.trimmingCharacters(in: .whitespaces))
            return ListQuery.StatusFilter(rawValue: word) ?? Self.turkish[word]
        }
        guard !parts.isEmpty, !parts.contains(nil) else { return nil }
        statuses = parts.compactMap { $0 }
    }

    /// The Turkish status words as `NameMatching.key` folds them: what `list` shows, and the
    /// adjective forms a Turkish writer would type.
    private static let turkish: [String: ListQuery.StatusFilter] = [
        "aktif": .active, "etkin": .active,
        "deneme": .trial,
        "duraklatildi": .paused, "duraklatilmiş": .paused, "duraklatilmis": .paused,
        "iptal edildi": .cancelled, "iptal edilmiş": .cancelled, "iptal": .cancelled,
        "bitti": .ended, "bitmiş": .ended, "bitmis": .ended, "sona erdi": .ended,
        "tümü": .all, "hepsi": .all,
    ]

    static var allValueStrings: [String] { ListQuery.StatusFilter.allCases.map(\.rawValue) }
}

extension Subs {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: localized("List subscriptions with their next payment and monthly cost."),
            // One paragraph, not lines broken by hand: argument-parser wraps it to the screen.
            discussion: localized("""
                Without --status, shows everything except cancelled and ended subscriptions. With \
                exchange rates for every currency listed, --sort amount and monthly compare in the \
                base currency and the footer adds the total in it. A table fits the terminal (or \
                COLUMNS): cycles are said short ('3 months'), then long names and categories are \
                cut with '…', then the least useful columns (ID, CYCLE, CATEGORY, STATUS, \
                MONTHLY) are left out. CANCEL BY, there when a subscription has a deadline to \
                cancel by, always stays.
                """),
            aliases: ["ls"]).parsedAlone

        @Option(help: .localized("Only subscriptions with these statuses, separated by commas, like active,trial.",
                                   valueName: "status"))
        var status: StatusSelection?

        @Option(help: .localized("Only subscriptions in this category.", valueName: "name"),
                completion: ShellCompletion.categories)
        var category: String?

        @Option(help: .localized("Only subscriptions whose name, notes or URL contain this text.",
                                   valueName: "text"))
        var search: String?

        @Option(help: .localized("Only subscriptions paid this way (matches part of it, like visa).",
                                   valueName: "text"))
        var paymentMethod: String?

        @Option(help: .localized("Sort order."))
        var sort: ListQuery.Sort = .next

        @Flag(help: .localized("Reverse the order."))
        var reverse = false

        @Option(help: .localized("Output format."))
        var format: ListFormat = .table

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let store = try store.openStore()
            self.store.noteMissingDatabase(store)
            var query = ListQuery(
                status: status?.statuses ?? [], category: category, search: search, paymentMethod: paymentMethod,
                sort: sort, reverse: reverse)
            query.collation = format == .table ? Language.current : .english
            let list = try SubscriptionList(
                try store.subscriptions(), query: query, today: today, config: try store.config(),
                converter: try store.converter(), me: try AccountName.me(store))
            let colors = format == .table ? CategoryStyles(colors: try store.categoryColors()) : CategoryStyles()
            try SubscriptionRenderer.printList(list, format: format, categories: colors)
            LeftForExit.keep(list)
        }
    }
}
