import Foundation

/// Reads and writes the `settlements` table (PRODUCT.md §15).
struct SettlementRecords {
    let connection: Connection

    /// Every settlement, oldest first.
    func all() throws -> [Settlement] {
        try connection.rows("""
            SELECT id, from_name, to_name, currency, amount_minor, settled_on, created_at FROM settlements
            ORDER BY settled_on, created_at, id
            """).map { row in
            guard let id = row.text(0), let from = row.text(1), let to = row.text(2),
                  let currency = row.text(3).flatMap(Currency.init(code:)), let units = row.int(4), units > 0,
                  let date = row.text(5).flatMap(CivilDate.init(iso:)), let createdAt = row.text(6).flatMap(Timestamp.parse)
            else { throw Damaged(.settlement) }
            return Settlement(id: id, from: from, to: to, amount: Money(minorUnits: Int128(units), currency: currency),
                              date: date, createdAt: createdAt)
        }
    }

    /// The ids of every settlement, for an import to skip those it holds already.
    func ids() throws -> Set<String> {
        Set(try connection.rows("SELECT id FROM settlements").compactMap { $0.text(0) })
    }

    func insert(_ settlement: Settlement) throws {
        try connection.run("""
            INSERT INTO settlements (id, from_name, to_name, currency, amount_minor, settled_on, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [
                .text(settlement.id), .text(settlement.from), .text(settlement.to), .text(settlement.amount.currency.code),
                .integer(Int64(settlement.amount.minorUnits)), .text(settlement.date.description),
                .text(Timestamp.format(settlement.createdAt)),
            ])
    }

    func delete(id: String) throws {
        try connection.run("DELETE FROM settlements WHERE id = ?", [.text(id)])
    }
}
