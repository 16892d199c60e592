/// The database schema, as an ordered list of migrations. Never edit a migration that has
/// shipped: add the next one, and a test that migrates from every earlier version.
enum Schema {
    /// Marks the file as a subs database (`PRAGMA application_id`, "SUBS" in ASCII), so another
    /// program's SQLCipher file opened with the same key is refused rather than written to.
    static let applicationID: Int32 = 0x5355_4253

    /// The default categories, as migration 1 (which never changes) writes them. The command
    /// line names them in the reader's language (`StoreLocation.newCategories`), in this order.
    static let defaultCategories = [
        "Streaming", "Music", "Software", "Cloud", "News", "Gaming", "Fitness", "Utilities", "Other",
    ]

    /// Gives a database just made the default categories' `names`, in the order of
    /// `defaultCategories`.
    static func nameDefaultCategories(_ connection: Connection, _ names: [String]) throws {
        for (english, name) in zip(defaultCategories, names) where english != name {
            try connection.run("UPDATE categories SET name = ? WHERE name = ?", [.text(name), .text(english)])
        }
    }

    static let migrator = Migrator(migrations: [
        .init(version: 1, name: "subscriptions, prices, members, categories, settings", sql: """
            PRAGMA application_id = \(applicationID);

            CREATE TABLE settings (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            );

            CREATE TABLE categories (
                name TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
                color TEXT
            );
            INSERT INTO categories (name) VALUES
                \(defaultCategories.map { "('\($0)')" }.joined(separator: ", "));

            -- Dates are civil dates as 'YYYY-MM-DD' text; timestamps ISO 8601 UTC.
            CREATE TABLE subscriptions (
                id TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                currency TEXT NOT NULL,
                cycle_count INTEGER NOT NULL CHECK (cycle_count BETWEEN 1 AND 999),
                cycle_unit TEXT NOT NULL CHECK (cycle_unit IN ('day', 'week', 'month', 'year')),
                start_date TEXT NOT NULL,
                trial_end TEXT,
                category TEXT REFERENCES categories (name) ON UPDATE CASCADE,
                url TEXT,
                notes TEXT,
                payment_method TEXT,
                remind_days TEXT,
                auto_renew INTEGER NOT NULL DEFAULT 1 CHECK (auto_renew IN (0, 1)),
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL
            );

            -- The first row of a subscription is its original price; amounts in minor units.
            CREATE TABLE price_changes (
                subscription_id TEXT NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
                effective_date TEXT NOT NULL,
                amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
                PRIMARY KEY (subscription_id, effective_date)
            );

            CREATE TABLE members (
                subscription_id TEXT NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                name TEXT NOT NULL,
                weight INTEGER NOT NULL CHECK (weight >= 1),
                PRIMARY KEY (subscription_id, position)
            );
            """),
        .init(version: 2, name: "cancellations, reactivations and pauses", sql: """
            -- A subscription without rows here has one open billing period from its anchor.
            CREATE TABLE billing_periods (
                subscription_id TEXT NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                restarted_on TEXT,
                cancelled_on TEXT,
                PRIMARY KEY (subscription_id, position)
            );

            -- Payments from starts_on up to, not including, ends_on are skipped.
            CREATE TABLE pauses (
                subscription_id TEXT NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
                starts_on TEXT NOT NULL,
                ends_on TEXT,
                PRIMARY KEY (subscription_id, starts_on)
            );
            """),
        .init(version: 3, name: "reminders sent", sql: """
            -- One row per reminder `subs remind` took on, so each fires once: 'claimed' while a
            -- run delivers it (other runs leave it alone), 'sent' once delivered. A claim older
            -- than a few minutes is from a run that died, and is taken up again.
            CREATE TABLE reminders_sent (
                subscription_id TEXT NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
                payment_date TEXT NOT NULL,
                offset_days INTEGER NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('claimed', 'sent')),
                updated_at TEXT NOT NULL,
                PRIMARY KEY (subscription_id, payment_date, offset_days)
            );
            """),
        .init(version: 4, name: "exchange rates", sql: """
            -- 1 unit of `currency` = `rate` in `base`, exact text. Only rates into the current
            -- config currency are used: changing it leaves the old ones aside, not misread.
            CREATE TABLE exchange_rates (
                currency TEXT NOT NULL,
                base TEXT NOT NULL,
                rate TEXT NOT NULL,
                set_at TEXT NOT NULL,
                PRIMARY KEY (currency, base)
            );
            """),
        .init(version: 5, name: "reminder claims carry their run", sql: """
            -- The run that claimed a reminder: a run renews, records and gives back only its own
            -- claims, so one whose claim went stale and was taken over never undoes the other's.
            ALTER TABLE reminders_sent ADD COLUMN claimed_by TEXT;
            """),
        .init(version: 6, name: "category colours as CategoryColor reads them", sql: """
            -- Before version 6 a colour's hex digits could be any Unicode hex digit (fullwidth
            -- ones too); now only ASCII `#rrggbb` or a named colour reads back. Such a colour
            -- cannot be painted anyway: it is dropped rather than read as damage.
            UPDATE categories SET color = NULL
            WHERE color IS NOT NULL
                AND color NOT IN ('red', 'green', 'yellow', 'blue', 'magenta', 'cyan')
                AND color NOT GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]';
            """),
        .init(version: 7, name: "one-time payments", sql: """
            -- cycle_unit gains 'once' (one payment on the anchor, count 1). SQLite cannot change
            -- a CHECK in place: the table is rebuilt and its rows copied as they are.
            CREATE TABLE subscriptions_v7 (
                id TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                currency TEXT NOT NULL,
                cycle_count INTEGER NOT NULL CHECK (cycle_count BETWEEN 1 AND 999),
                cycle_unit TEXT NOT NULL
                    CHECK (cycle_unit IN ('day', 'week', 'month', 'year', 'once')),
                start_date TEXT NOT NULL,
                trial_end TEXT,
                category TEXT REFERENCES categories (name) ON UPDATE CASCADE,
                url TEXT,
                notes TEXT,
                payment_method TEXT,
                remind_days TEXT,
                auto_renew INTEGER NOT NULL DEFAULT 1 CHECK (auto_renew IN (0, 1)),
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                CHECK (cycle_unit <> 'once' OR cycle_count = 1)
            );
            INSERT INTO subscriptions_v7 (id, name, currency, cycle_count, cycle_unit, start_date,
                trial_end, category, url, notes, payment_method, remind_days, auto_renew,
                created_at, updated_at)
            SELECT id, name, currency, cycle_count, cycle_unit, start_date,
                trial_end, category, url, notes, payment_method, remind_days, auto_renew,
                created_at, updated_at
            FROM subscriptions;
            DROP TABLE subscriptions;
            ALTER TABLE subscriptions_v7 RENAME TO subscriptions;
            """, rebuildsTables: true),
        .init(version: 8, name: "history of changes", sql: """
            -- Every change, newest last, with the state it touched before and after as export
            -- documents (PRODUCT.md §8), so undo can put the before back. No foreign key: the
            -- history of a deleted subscription stays, for log and for undo.
            CREATE TABLE history (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                changed_at TEXT NOT NULL,
                action TEXT NOT NULL,
                subscription_id TEXT,
                subject TEXT NOT NULL,
                summary TEXT NOT NULL,
                before TEXT NOT NULL,
                after TEXT NOT NULL,
                undone_at TEXT,
                -- A restore: the automatic backup of the database it replaced.
                replaced_backup TEXT
            );
            CREATE INDEX history_subscription ON history (subscription_id);
            """),
        .init(version: 9, name: "plan changes and recorded charges", sql: """
            -- A billing period's own plan, when it is not the subscription's current cycle.
            ALTER TABLE billing_periods ADD COLUMN cycle_count INTEGER;
            ALTER TABLE billing_periods ADD COLUMN cycle_unit TEXT;

            -- What a statement said (PRODUCT.md §10): a charge of amount_minor on charged_on, or,
            -- with no amount, that the payment scheduled that day was skipped.
            CREATE TABLE charges (
                subscription_id TEXT NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
                charged_on TEXT NOT NULL,
                amount_minor INTEGER CHECK (amount_minor IS NULL OR amount_minor >= 0),
                PRIMARY KEY (subscription_id, charged_on)
            );
            """),
        .init(version: 10, name: "credential vault", sql: """
            -- At most one row: how the vault key is derived from the vault passphrase (scrypt
            -- with cost N = 2^log_n, block size r, parallelism p and a random salt, all kept so
            -- the cost can be raised later) and a known constant sealed under that key, which
            -- tells a wrong passphrase from a damaged login. Binary values are base64 text.
            CREATE TABLE vault (
                id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
                kdf TEXT NOT NULL CHECK (kdf = 'scrypt'),
                log_n INTEGER NOT NULL CHECK (log_n BETWEEN 1 AND 30),
                r INTEGER NOT NULL CHECK (r >= 1),
                p INTEGER NOT NULL CHECK (p >= 1),
                salt TEXT NOT NULL,
                check_value TEXT NOT NULL,
                updated_at TEXT NOT NULL
            );

            -- One login per subscription. The password is sealed (ChaChaPoly under the vault
            -- key, the subscription id as associated data); the database key alone never
            -- opens it. Deleting a subscription deletes its login.
            CREATE TABLE logins (
                subscription_id TEXT PRIMARY KEY NOT NULL
                    REFERENCES subscriptions (id) ON DELETE CASCADE,
                username TEXT,
                url TEXT,
                sealed_password TEXT,
                updated_at TEXT NOT NULL
            );
            """),
        .init(version: 11, name: "history keeps data, not English summaries", sql: """
            -- An entry keeps what its before and after do not say as JSON data in `detail`
            -- (HistoryDetail), which `subs log` says in the reader's language. `summary` is the
            -- English an older subs stored, kept only for the entries whose data does not say it
            -- (imports, restores, logins). SQLite cannot drop a NOT NULL: the table is rebuilt.
            CREATE TABLE history_v11 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                changed_at TEXT NOT NULL,
                action TEXT NOT NULL,
                subscription_id TEXT,
                subject TEXT NOT NULL,
                summary TEXT,
                detail TEXT,
                before TEXT NOT NULL,
                after TEXT NOT NULL,
                undone_at TEXT,
                replaced_backup TEXT
            );
            INSERT INTO history_v11 (id, changed_at, action, subscription_id, subject, summary, before, after,
                undone_at, replaced_backup)
            SELECT id, changed_at, action, subscription_id, subject,
                CASE WHEN action IN ('import', 'restore', 'login') THEN summary END,
                before, after, undone_at, replaced_backup
            FROM history;
            DROP TABLE history;
            ALTER TABLE history_v11 RENAME TO history;
            CREATE INDEX history_subscription ON history (subscription_id);

            -- Which subscriptions each entry touched (named by it, or in its before or after),
            -- for `subs log REF`; filled from the entries there by History.linkEntries.
            CREATE TABLE history_subscriptions (
                history_id INTEGER NOT NULL REFERENCES history (id),
                subscription_id TEXT NOT NULL,
                PRIMARY KEY (subscription_id, history_id)
            );
            """, then: { try History.linkEntries($0) }),
        .init(version: 12, name: "contracts, deadlines and ends", sql: """
            -- A contract's terms as their short forms (`24m`, `1y`, `4w`, `90d`; PRODUCT.md §14),
            -- a one-off last day to cancel, and the day a finite subscription stops.
            ALTER TABLE subscriptions ADD COLUMN contract_term TEXT;
            ALTER TABLE subscriptions ADD COLUMN contract_renews TEXT;
            ALTER TABLE subscriptions ADD COLUMN contract_notice TEXT;
            ALTER TABLE subscriptions ADD COLUMN cancel_by TEXT;
            ALTER TABLE subscriptions ADD COLUMN ends TEXT;

            -- The day notice was given on a contract; cancelled_on is then the end it reached.
            ALTER TABLE billing_periods ADD COLUMN notice_given_on TEXT;

            -- A reminder is of a payment (or a trial's end) or of a deadline to cancel, which may
            -- fall on a payment's day: the kind joins the key. SQLite cannot change a primary
            -- key in place: the table is rebuilt and its rows kept as reminders of payments.
            CREATE TABLE reminders_sent_v12 (
                subscription_id TEXT NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
                kind TEXT NOT NULL DEFAULT 'payment' CHECK (kind IN ('payment', 'cancel_by')),
                payment_date TEXT NOT NULL,
                offset_days INTEGER NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('claimed', 'sent')),
                updated_at TEXT NOT NULL,
                claimed_by TEXT,
                PRIMARY KEY (subscription_id, kind, payment_date, offset_days)
            );
            INSERT INTO reminders_sent_v12 (subscription_id, kind, payment_date, offset_days, state,
                updated_at, claimed_by)
            SELECT subscription_id, 'payment', payment_date, offset_days, state, updated_at, claimed_by
            FROM reminders_sent;
            DROP TABLE reminders_sent;
            ALTER TABLE reminders_sent_v12 RENAME TO reminders_sent;
            """, rebuildsTables: true),
        .init(version: 13, name: "household money: who pays, settlements", sql: """
            -- Who pays the bill when it is not the user of this machine (PRODUCT.md §15); NULL is them.
            ALTER TABLE subscriptions ADD COLUMN paid_by TEXT;
            -- Who added it: the `me` of the machine it was added on, so that "you" in its split
            -- means the same person on every machine; NULL (added before owners) is the user of
            -- this machine.
            ALTER TABLE subscriptions ADD COLUMN owner TEXT;

            -- Money one person paid another to settle what they owed. Not a subscription's: it
            -- stays when a subscription goes. The id is a lowercase UUID, so that a settlement
            -- made on one machine is the same on every other.
            CREATE TABLE settlements (
                id TEXT PRIMARY KEY NOT NULL,
                from_name TEXT NOT NULL,
                to_name TEXT NOT NULL,
                currency TEXT NOT NULL,
                amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
                settled_on TEXT NOT NULL,
                created_at TEXT NOT NULL
            );
            """),
        .init(version: 14, name: "sync between machines", sql: """
            -- This machine in its sync group (PRODUCT.md §15): its device id and name, the folder,
            -- the sync key derived from the sync passphrase (base64; the database is encrypted),
            -- the latest clock stamp it made or saw, and the number of its last change file.
            CREATE TABLE sync_device (
                id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
                device TEXT NOT NULL,
                name TEXT NOT NULL,
                folder TEXT NOT NULL,
                git INTEGER NOT NULL CHECK (git IN (0, 1)),
                sync_key TEXT NOT NULL,
                clock TEXT,
                sequence INTEGER NOT NULL DEFAULT 0,
                synced_at TEXT
            );

            -- The merge state: each synced entity's registers (field, value, stamp, previous
            -- stamp) as JSON, what the database held or received when it last synced.
            CREATE TABLE sync_registers (
                kind TEXT NOT NULL,
                key TEXT NOT NULL,
                fields TEXT NOT NULL,
                PRIMARY KEY (kind, key)
            ) WITHOUT ROWID;

            -- The other devices' change files applied, each once.
            CREATE TABLE sync_applied (
                device TEXT NOT NULL,
                sequence INTEGER NOT NULL,
                PRIMARY KEY (device, sequence)
            ) WITHOUT ROWID;

            -- What each other device said of itself in its latest file applied.
            CREATE TABLE sync_peers (
                device TEXT PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                seen TEXT NOT NULL,
                last_sequence INTEGER NOT NULL,
                applied_at TEXT NOT NULL
            );

            -- A change file sealed and numbered but not yet in the folder: written there by the
            -- next sync when a kill came between the two.
            CREATE TABLE sync_outbox (
                sequence INTEGER PRIMARY KEY NOT NULL,
                sealed TEXT NOT NULL
            );
            """),
        .init(version: 15, name: "an import's history keeps fingerprints of what it wrote", sql: """
            -- A subscription an import added or replaced: its name then, and a fingerprint of its
            -- rows (WrittenSubscriptions), by which undo sees it unchanged. Its after no longer
            -- holds them whole (51 MB for an import of 100,000). NULL for every other link, and
            -- for an import an older subs recorded, whose after still holds them.
            ALTER TABLE history_subscriptions ADD COLUMN name TEXT;
            ALTER TABLE history_subscriptions ADD COLUMN fingerprint INTEGER;
            """),
    ])
}
