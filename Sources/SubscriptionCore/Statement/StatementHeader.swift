import Foundation

/// Where a CSV statement keeps what `detect` reads, found from its header row.
struct StatementLayout: Equatable, Sendable {
    var date: Int
    var description: Int
    /// One signed column; nil when money out and money in have columns of their own.
    var amount: Int?
    var debit: Int?
    var credit: Int?
    /// A column that says which rows are charges (`Sale`, `Debit`) and which are not (`Payment`).
    var type: Int?
    var currency: Int?
    /// A currency the amount column's header names: `Tutar (TL)`, `Amount (EUR)`.
    var headerCurrency: Currency?
}

/// The header names banks write, in English, Turkish and a few other languages, and how a
/// header row becomes a `StatementLayout`. Names are compared as `NameMatching` compares them,
/// with accents and what is in parentheses left out (`İşlem Tarihi`, `Islem tarihi` and
/// `ISLEM TARIHI (GG.AA.YYYY)` are one name).
enum StatementHeader {
    enum Column: CaseIterable {
        case date, description, amount, debit, credit, type, currency
    }

    /// The layout of a header row, or the roles it has no column for. `map` (`--map`) names
    /// columns itself; the roles it leaves out are found from the names.
    static func layout(of header: [String], map: StatementColumns?)
        throws(UnmappedColumn) -> Result<StatementLayout, MissingColumns> {
        let names = header.map(normalized)
        var chosen: [Column: Int] = [:]
        if let map {
            for role in StatementColumns.Role.allCases {
                guard let given = map[role] else { continue }
                guard let index = mappedIndex(given, names: names) else {
                    throw UnmappedColumn(role: role, column: given)
                }
                chosen[Column(role)] = index
            }
        }
        let mappedSplit = map?.debit != nil || map?.credit != nil
        // Each unclaimed column gets the role it names best; each role the column that names it best.
        var best: [Column: (rank: Int, index: Int)] = [:]
        for (index, name) in names.enumerated() where !chosen.values.contains(index) {
            guard let (column, rank) = role(of: name) else { continue }
            if chosen[column] != nil { continue }
            if mappedSplit && column == .amount || map?.amount != nil && (column == .debit || column == .credit) { continue }
            if let current = best[column], current.rank <= rank { continue }
            best[column] = (rank, index)
        }
        for (column, found) in best { chosen[column] = found.index }

        var missing: [StatementColumns.Role] = []
        if chosen[.date] == nil { missing.append(.date) }
        if chosen[.description] == nil { missing.append(.description) }
        if chosen[.amount] == nil && chosen[.debit] == nil { missing.append(.amount) }
        guard missing.isEmpty, let date = chosen[.date], let description = chosen[.description] else {
            return .failure(MissingColumns(roles: missing))
        }
        let amount = chosen[.amount]
        return .success(StatementLayout(
            date: date, description: description, amount: amount,
            debit: amount == nil ? chosen[.debit] : nil, credit: amount == nil ? chosen[.credit] : nil,
            type: chosen[.type], currency: chosen[.currency],
            headerCurrency: (amount ?? chosen[.debit]).flatMap { currencyNamed(in: header[$0]) }))
    }

    /// A column `--map` names that a row does not have. Never reaches the user as such: the
    /// reader tries the next rows, then throws `StatementError.Problem.mappedColumnNotFound`.
    struct UnmappedColumn: CoreError, Equatable {
        let role: StatementColumns.Role
        let column: String

        var failure: FailureKind { .badData }
    }

    /// The roles a header row has no column for. Never reaches the user as such: it becomes
    /// `StatementError.Problem.columnsNotFound`.
    struct MissingColumns: CoreError, Equatable {
        let roles: [StatementColumns.Role]

        var failure: FailureKind { .badData }
    }

    /// Whether `--map` names every column by number, so the file may have no header at all.
    static func mapsByNumber(_ map: StatementColumns?) -> Bool {
        guard let map, map.date != nil, map.description != nil, map.amount != nil || map.debit != nil else { return false }
        return StatementColumns.Role.allCases.allSatisfy { map[$0].map { Int($0) != nil } ?? true }
    }

    private static func mappedIndex(_ given: String, names: [String]) -> Int? {
        if let number = Int(given.trimmingCharacters(in: .whitespaces)) {
            return number >= 1 && number <= names.count ? number - 1 : nil
        }
        return names.firstIndex(of: normalized(given))
    }

    /// A header name as it is compared: folded case and accents, no parenthesised part, no
    /// punctuation but `/`, single spaces.
    static func normalized(_ name: String) -> String {
        var text = NameMatching.key(name).folding(options: .diacriticInsensitive, locale: nil)
        for (open, close) in [("(", ")"), ("[", "]")] {
            while let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) {
                text.removeSubrange(start.lowerBound..<end.upperBound)
            }
        }
        let spaced = text.map { "_-.:*'\"".contains($0) ? " " : $0 }
        return String(spaced).split(separator: " ").joined(separator: " ")
            .replacingOccurrences(of: " / ", with: "/").replacingOccurrences(of: " /", with: "/")
            .replacingOccurrences(of: "/ ", with: "/")
    }

    /// The currency written in parentheses in a header name: `Tutar (TL)` is TRY.
    private static func currencyNamed(in name: String) -> Currency? {
        guard let open = name.firstIndex(where: { $0 == "(" || $0 == "[" }),
              let close = name[open...].firstIndex(where: { $0 == ")" || $0 == "]" }) else { return nil }
        let mark = name[name.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
        return AmountText.currencyCode(of: mark, fallback: .usd)
    }

    /// The role a normalized header name names, and how well (lower is better): transaction
    /// dates before posting dates before value dates; an exact name before a name that only
    /// contains a telling word.
    static func role(of name: String) -> (Column, Int)? {
        if ignoredWords.contains(where: { name.contains($0) }) { return nil }
        for column in Column.allCases {
            if let rank = names[column]?.firstIndex(of: name) { return (column, rank) }
        }
        let words = name.split { $0 == " " || $0 == "/" }.map(String.init)
        for (column, telling) in tellingWords where words.contains(where: telling.contains) {
            return (column, 1000)
        }
        return nil
    }

    /// Columns that are never what `detect` reads, whatever else their name says.
    private static let ignoredWords = ["balance", "bakiye", "saldo", "kontostand", "category", "kategori", "reference number"]

    /// Exact names, best first.
    private static let names: [Column: [String]] = [
        .date: [
            // The day of the purchase.
            "transaction date", "trans date", "txn date", "date of transaction", "purchase date", "started date",
            "islem tarihi", "harcama tarihi", "date", "tarih", "datum", "fecha", "data", "date operation",
            "transaktionsdatum", "belegdatum", "fecha operacion",
            // The day the bank booked it.
            "posting date", "post date", "posted date", "posted", "booking date", "buchungstag", "buchungsdatum",
            "kayit tarihi", "completed date", "settlement date", "fecha contable", "date comptable",
            // The day interest counts from.
            "value date", "valor", "valor tarihi", "valuta", "valutadatum", "wertstellung", "fecha valor", "date de valeur",
        ],
        .description: [
            "merchant", "merchant name", "payee", "payee name", "beguenstigter/zahlungspflichtiger",
            "begunstigter/zahlungspflichtiger", "auftraggeber/empfanger", "empfanger", "zahlungsempfanger",
            "description", "transaction description", "transaction details", "details", "name", "narrative",
            "particulars", "counterparty", "beneficiary", "islem aciklamasi", "aciklama", "aciklamalar",
            "islem", "islem detayi", "detay", "beschreibung", "verwendungszweck", "concepto", "descripcion",
            "libelle", "omschrijving", "naam/omschrijving", "text", "buchungstext", "memo", "notes",
            // N26's export since 2023: `Partner Name` beside `Payment Reference`.
            "partner name",
        ],
        .amount: [
            "amount", "transaction amount", "trans amount", "txn amount", "amt", "billing amount",
            "tutar", "islem tutari", "betrag", "umsatz", "importe", "montant", "bedrag", "importo",
            "belopp", "kwota", "value",
        ],
        .debit: [
            "debit", "debit amount", "debits", "withdrawal", "withdrawals", "withdrawal amount", "money out",
            "paid out", "out", "outflow", "spent", "borc", "borc tutari", "cikan", "soll", "ausgang",
            "ausgabe", "cargo", "cargos",
        ],
        .credit: [
            "credit", "credit amount", "credits", "deposit", "deposits", "deposit amount", "money in",
            "paid in", "in", "inflow", "received", "alacak", "alacak tutari", "giren", "haben", "eingang",
            "einnahme", "abono", "abonos",
        ],
        .type: [
            "type", "transaction type", "trans type", "islem turu", "islem tipi", "tur", "debit/credit",
            "credit/debit", "dr/cr", "cr/dr", "d/c", "c/d", "borc/alacak", "b/a", "soll/haben",
            "credit debit indicator", "debit credit indicator", "indicator",
        ],
        .currency: [
            "currency", "currency code", "ccy", "doviz", "doviz cinsi", "para birimi", "wahrung", "waehrung",
            "moneda", "divisa", "devise",
        ],
    ]

    /// Words that tell a column's role inside a longer name (`Original transaction amount`).
    private static let tellingWords: [(Column, Set<String>)] = [
        (.debit, ["debit", "borc", "withdrawal", "withdrawals"]),
        (.credit, ["credit", "alacak", "deposit", "deposits"]),
        (.amount, ["amount", "tutar", "tutari", "betrag", "importe", "montant"]),
        (.date, ["date", "tarih", "tarihi", "datum", "fecha"]),
        (.description, ["description", "aciklama", "aciklamasi", "payee", "merchant", "beschreibung"]),
    ]
}

extension StatementHeader.Column {
    init(_ role: StatementColumns.Role) {
        switch role {
        case .date: self = .date
        case .description: self = .description
        case .amount: self = .amount
        case .debit: self = .debit
        case .credit: self = .credit
        }
    }
}
