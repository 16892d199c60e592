import Foundation

/// Reads and writes the `reminders_sent` table: each reminder of a payment (or trial end) or of a
/// deadline, by subscription, kind, date and days before, either `claimed` by a run delivering it
/// or `sent`. The kind keeps a payment and a deadline on the same day apart.
struct ReminderRecords {
    let connection: Connection

    /// The reminders sent or claimed since `staleClaim` for days on or after `today`: those a
    /// run must not deliver again.
    func taken(from today: CivilDate, claimedAfter staleClaim: Date) throws -> [SentReminder] {
        try connection.rows("""
            SELECT subscription_id, kind, payment_date, offset_days FROM reminders_sent
            WHERE payment_date >= ? AND (state = 'sent' OR updated_at > ?)
            """, [.text(today.description), .text(Timestamp.format(staleClaim))]
        ).map { row -> SentReminder in
            // A row that does not read back would be a reminder sent again every day: refuse.
            guard let id = row.text(0), let kind = row.text(1).flatMap(SentReminder.Kind.init(rawValue:)),
                  let date = row.text(2).flatMap(CivilDate.init(iso:)), let offset = row.int(3)
            else { throw Damaged(.sentReminder) }
            return SentReminder(subscriptionID: id, kind: kind, date: date, offset: Int(offset))
        }
    }

    /// The reminders sent for the subscriptions `ids`, as stored.
    func sent(of ids: [String]) throws -> [SentReminderRow] {
        try ids.flatMap { id in
            try connection.rows("""
                SELECT kind, payment_date, offset_days, updated_at FROM reminders_sent
                WHERE subscription_id = ? AND state = 'sent' ORDER BY payment_date, kind, offset_days
                """, [.text(id)]).map { row in
                guard let kind = row.text(0), let date = row.text(1), let offset = row.int(2), let updatedAt = row.text(3)
                else { throw Damaged(.sentReminder) }
                return SentReminderRow(subscriptionID: id, kind: kind, paymentDate: date, offsetDays: Int(offset),
                                       updatedAt: updatedAt)
            }
        }
    }

    /// Marks `record` claimed or sent by the run `run`, whatever it was.
    func mark(_ record: SentReminder, _ state: State, now: Date, run: String) throws {
        // SQLite 3.15 has no UPSERT. Not INSERT OR REPLACE: with the foreign key, SQLite keeps a
        // statement journal for it, which SQLCipher encrypts each touched page into (three fifths
        // of the instructions of a run that claims and records 2,000 reminders).
        let values: [SQLiteValue] = [.text(state.rawValue), .text(Timestamp.format(now)), .text(run)]
        try connection.run("""
            UPDATE reminders_sent SET state = ?, updated_at = ?, claimed_by = ?
            WHERE subscription_id = ? AND kind = ? AND payment_date = ? AND offset_days = ?
            """, values + key(of: record))
        guard connection.changes == 0 else { return }
        // A reminder delivered while its subscription was deleted has nothing to be recorded for.
        guard try connection.scalar("SELECT 1 FROM subscriptions WHERE id = ?", [.text(record.subscriptionID)]) != nil
        else { return }
        try connection.run("""
            INSERT INTO reminders_sent
                (subscription_id, kind, payment_date, offset_days, state, updated_at, claimed_by)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, key(of: record) + values)
    }

    enum State: String {
        case claimed, sent
    }

    /// Gives back the claim the run `run` has on `record`, if it still has it.
    func release(_ record: SentReminder, run: String) throws {
        try connection.run("""
            DELETE FROM reminders_sent WHERE subscription_id = ? AND kind = ? AND payment_date = ?
                AND offset_days = ? AND state = 'claimed' AND claimed_by = ?
            """, key(of: record) + [.text(run)])
    }

    /// Renews the claim the run `run` has on `record`; whether it still had it.
    func renew(_ record: SentReminder, now: Date, run: String) throws -> Bool {
        try connection.run("""
            UPDATE reminders_sent SET updated_at = ? WHERE subscription_id = ? AND kind = ?
                AND payment_date = ? AND offset_days = ? AND state = 'claimed' AND claimed_by = ?
            """, [.text(Timestamp.format(now))] + key(of: record) + [.text(run)])
        return connection.changes > 0
    }

    /// Why a run no longer holds its claim on `record`.
    func whyLost(_ record: SentReminder) throws -> LostClaim.Why {
        guard try connection.scalar("SELECT 1 FROM subscriptions WHERE id = ?", [.text(record.subscriptionID)]) != nil
        else { return .subscriptionDeleted }
        let state = try connection.scalar("""
            SELECT state FROM reminders_sent WHERE subscription_id = ? AND kind = ? AND payment_date = ? AND offset_days = ?
            """, key(of: record))
        switch state {
        case .text(State.sent.rawValue)?: return .sentElsewhere
        case .text(State.claimed.rawValue)?: return .takenOver
        default: return .undone
        }
    }

    /// Writes `row` back as sent; a row there already (a claim, or sent again since) stays.
    func restore(_ row: SentReminderRow) throws {
        try connection.run("""
            INSERT OR IGNORE INTO reminders_sent (subscription_id, kind, payment_date, offset_days, state, updated_at)
            VALUES (?, ?, ?, ?, 'sent', ?)
            """, [.text(row.subscriptionID), .text(row.kind), .text(row.paymentDate), .integer(Int64(row.offsetDays)),
                  .text(row.updatedAt)])
    }

    /// `records` in the order of the table's key, as SQLite compares it (text byte by byte):
    /// written in that order, thousands of rows go into the key's index and find their
    /// subscriptions page after page, where in date order each row sent SQLite to other pages
    /// (21,000 claimed out of 100,000 subscriptions took 4 s, most of it reading and
    /// encrypting pages again).
    static func inKeyOrder(_ records: [SentReminder]) -> [SentReminder] {
        records.sorted { left, right in
            if !left.subscriptionID.utf8.elementsEqual(right.subscriptionID.utf8) {
                return left.subscriptionID.utf8.lexicographicallyPrecedes(right.subscriptionID.utf8)
            }
            if left.kind != right.kind { return left.kind.rawValue.utf8.lexicographicallyPrecedes(right.kind.rawValue.utf8) }
            return (left.date, left.offset) < (right.date, right.offset)
        }
    }

    private func key(of record: SentReminder) -> [SQLiteValue] {
        [.text(record.subscriptionID), .text(record.kind.rawValue), .text(record.date.description),
         .integer(Int64(record.offset))]
    }
}
