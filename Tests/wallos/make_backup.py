"""Builds a Wallos backup for subs's import tests, with Wallos's own schema (db/wallos.empty.db
and migrations/ of ellite/Wallos 5.4): `make_backup.py OUT KIND`, KIND one of

- db: OUT is a bare wallos.db
- zip: OUT is what Settings -> Backup downloads (wallos.db at the root, logos beside it)
- traversal: a zip with an entry named ../evil besides wallos.db
- huge: a zip whose wallos.db unpacks to 300 MiB, as its header says
- liar: a zip whose header says wallos.db is 1 MiB, but it unpacks to 300 MiB
- nodb: a zip with logos but no wallos.db
- truncated: the zip cut in half
- encrypted: the zip with wallos.db marked encrypted (general purpose flag bit 0)
- endless: a wallos.db whose subscriptions are a view that never ends
- many:N: a wallos.db with N subscriptions (one Wallos user's)
"""
import io
import os
import sqlite3
import struct
import sys
import tempfile
import zipfile
import zlib

SCHEMA = """
CREATE TABLE cycles (id INTEGER PRIMARY KEY, days INTEGER NOT NULL, name TEXT NOT NULL);
INSERT INTO cycles VALUES (1, 1, 'Daily'), (2, 7, 'Weekly'), (3, 30, 'Monthly'), (4, 365, 'Yearly'), (5, 0, 'One-time');
CREATE TABLE currencies (id INTEGER PRIMARY KEY, name TEXT NOT NULL, symbol TEXT NOT NULL, code TEXT NOT NULL,
    rate TEXT NOT NULL, user_id INTEGER DEFAULT 1);
CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT NOT NULL, "order" INTEGER DEFAULT 0, user_id INTEGER DEFAULT 1);
CREATE TABLE household (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT DEFAULT '', user_id INTEGER DEFAULT 1);
CREATE TABLE payment_methods (id INTEGER PRIMARY KEY, name TEXT NOT NULL, icon TEXT, enabled BOOLEAN DEFAULT 1,
    "order" INTEGER DEFAULT 0, user_id INTEGER DEFAULT 1);
CREATE TABLE subscriptions (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, logo TEXT, price REAL NOT NULL, currency_id INTEGER,
    next_payment DATE, cycle INTEGER, frequency INTEGER, notes TEXT, payment_method_id INTEGER,
    payer_user_id INTEGER, category_id INTEGER, notify BOOLEAN DEFAULT false, url VARCHAR(255),
    inactive BOOLEAN DEFAULT false, notify_days_before INTEGER DEFAULT 0, user_id INTEGER DEFAULT 1,
    cancellation_date DATE, replacement_subscription_id INTEGER DEFAULT NULL,
    start_date INTEGER DEFAULT NULL, auto_renew INTEGER DEFAULT 1,
    logo_text_color TEXT DEFAULT NULL, logo_variant TEXT DEFAULT NULL);
CREATE TABLE notification_settings (days INTEGER, user_id INTEGER DEFAULT 1);
INSERT INTO notification_settings (days) VALUES (2);
INSERT INTO currencies (id, name, symbol, code, rate) VALUES
    (1, 'Euro', '€', 'EUR', 1), (2, 'US Dollar', '$', 'USD', 1.08), (19, 'Brazilian Real', 'R$', 'BRL', 5.4);
INSERT INTO categories (id, name) VALUES (1, 'No category'), (2, 'Entertainment'), (3, 'Sports');
INSERT INTO household (id, name) VALUES (1, 'Ana'), (2, 'Bruno');
INSERT INTO payment_methods (id, name) VALUES (1, 'PayPal'), (2, 'Credit Card');
-- name, price, currency, next, cycle, frequency, notes, method, payer, category, notify,
-- url, inactive, notify days (-1: as in notification_settings, 0: on the day), cancellation,
-- start ('' when the form left it empty), auto renew
INSERT INTO subscriptions (name, price, currency_id, next_payment, cycle, frequency, notes,
    payment_method_id, payer_user_id, category_id, notify, url, inactive, notify_days_before,
    cancellation_date, start_date, auto_renew) VALUES
    ('Netflix', 15.49, 2, '2026-12-05', 3, 1, '', 2, 1, 2, 1, 'https://netflix.com', 0, 3, NULL, '2024-01-05', 1),
    ('Amazon Prime', 24.9, 1, '2027-01-31', 3, 3, 'quarterly', 1, 1, 1, 0, '', 0, -1, '', '2026-10-31', 1),
    ('Globoplay', 22.9, 19, '2026-12-10', 3, 1, '', 2, 2, 2, 1, '', 0, -1, '', '', 0),
    ('Affinity Photo', 69.99, 1, '2026-03-14', 5, 1, 'lifetime', 2, 1, 1, 0, '', 0, -1, NULL, '2026-03-14', 0),
    ('Hulu', 7.99, 2, '2026-08-20', 3, 1, '', 2, 1, 2, 1, '', 1, -1, '2026-09-30', '2025-02-20', 1),
    ('Gym', 300, 1, '2027-02-01', 4, 1, '', 2, 2, 3, 1, '', 0, 0, '2027-02-01', NULL, 1);
"""


def database_bytes():
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "wallos.db")
        connection = sqlite3.connect(path)
        connection.executescript(SCHEMA)
        connection.commit()
        connection.close()
        with open(path, "rb") as file:
            return file.read()


def crafted_database_bytes():
    """Wallos's database with one table's schema rewritten as `CREATE TABLE ... AS SELECT`,
    which crashes the SQLite 3.15.2 inside SQLCipher 3.4.1 (CVE-2018-8740)."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "wallos.db")
        connection = sqlite3.connect(path)
        connection.executescript(SCHEMA)
        connection.execute("CREATE TABLE crafted (a)")
        connection.commit()
        connection.execute("PRAGMA writable_schema = ON")
        connection.execute("UPDATE sqlite_master SET sql = 'CREATE TABLE crafted AS SELECT 1' WHERE name = 'crafted'")
        connection.commit()
        connection.close()
        with open(path, "rb") as file:
            return file.read()


def backup_zip(extra=None):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("wallos.db", database_bytes())
        archive.writestr("logos/netflix.png", b"\x89PNG\r\n")
        if extra:
            extra(archive)
    return buffer.getvalue()


def huge_zip():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("wallos.db", "w", force_zip64=True) as entry:
            chunk = bytes(1 << 20)
            for _ in range(300):
                entry.write(chunk)
    return buffer.getvalue()


def lying_zip():
    """One deflated entry whose headers claim 1 MiB; it inflates to 300 MiB."""
    real = 300 << 20
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    chunk = bytes(1 << 20)
    parts, crc = [], 0
    for _ in range(real >> 20):
        parts.append(compressor.compress(chunk))
        crc = zlib.crc32(chunk, crc)
    parts.append(compressor.flush())
    data = b"".join(parts)
    name = b"wallos.db"
    claimed = 1 << 20
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc, len(data), claimed, len(name), 0)
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x21, crc, len(data), claimed,
                          len(name), 0, 0, 0, 0, 0o100644 << 16, 0)
    directory = central + name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(directory), len(local) + len(name) + len(data), 0)
    return local + name + data + directory + end


def endless_database_bytes():
    """Wallos's tables, but subscriptions is a recursive view whose query never ends."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "wallos.db")
        connection = sqlite3.connect(path)
        connection.executescript(SCHEMA.replace("CREATE TABLE subscriptions", "CREATE TABLE unused")
                                 .split("INSERT INTO subscriptions")[0])
        connection.executescript("""
            CREATE VIEW subscriptions AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)
            SELECT x AS id, 'n' AS name, 1.0 AS price, 1 AS currency_id, '2026-01-01' AS next_payment, 3 AS cycle,
                1 AS user_id FROM c WHERE x < 0;
            """)
        connection.commit()
        connection.close()
        with open(path, "rb") as file:
            return file.read()


def many_database_bytes(count):
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "wallos.db")
        connection = sqlite3.connect(path)
        connection.executescript(SCHEMA.split("INSERT INTO subscriptions")[0])
        connection.executemany(
            "INSERT INTO subscriptions (name, price, currency_id, next_payment, cycle, frequency, payer_user_id)"
            " VALUES (?, 9.99, 1, '2026-12-01', 3, 1, 1)",
            (("Service %d" % number,) for number in range(count)))
        connection.commit()
        connection.close()
        with open(path, "rb") as file:
            return file.read()


def encrypted_zip():
    """The backup with bit 0 (encrypted) of wallos.db's flags set, as `zip -e` leaves it."""
    data = bytearray(backup_zip())
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        header = data.find(signature)
        data[header + offset] |= 1
    return bytes(data)


def no_database_zip():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("logos/netflix.png", b"\x89PNG\r\n")
    return buffer.getvalue()


def main():
    out, kind = sys.argv[1], sys.argv[2]
    if kind == "db":
        data = database_bytes()
    elif kind == "zip":
        data = backup_zip()
    elif kind == "traversal":
        data = backup_zip(lambda archive: archive.writestr("../evil", b"owned"))
    elif kind == "huge":
        data = huge_zip()
    elif kind == "liar":
        data = lying_zip()
    elif kind == "nodb":
        data = no_database_zip()
    elif kind == "crafted":
        data = crafted_database_bytes()
    elif kind == "encrypted":
        data = encrypted_zip()
    elif kind == "endless":
        data = endless_database_bytes()
    elif kind.startswith("many:"):
        data = many_database_bytes(int(kind[5:]))
    elif kind == "truncated":
        whole = backup_zip()
        data = whole[: len(whole) // 2]
    else:
        sys.exit("unknown kind " + kind)
    with open(out, "wb") as file:
        file.write(data)


main()
