import Foundation
import SubscriptionCore

// The import, rates file and JSON check errors of the core's Interchange folder, said in the
// reader's language: each case one whole sentence, the file's own words (columns, keys, values)
// as it writes them.

extension ImportError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .unknownFormat(let expected):
            let formats = expected.map { $0.text(in: language) }.joined(separator: localized(", or ", in: language))
            return localized("not a file subs can import: expected \(formats); nothing was imported", in: language)
        case .record(let record, let field, let problem):
            return problem.message(record: record.text(in: language), field: field.text(in: language), in: language)
        case .cannotRead(let problem):
            return problem.message(in: language)
        case .inFile(let path, let error):
            return "\(path == "-" ? localized("standard input", in: language) : path): \(error.message(in: language))"
        }
    }
}

extension ImportFormatKind {
    /// What a file of this kind looks like, for the list of what was expected.
    func text(in language: Language) -> String {
        switch self {
        case .subsDocument: localized("a subs export document (subs export --format json)", in: language)
        case .subsListCSV: localized("a CSV with the header subs list --format csv writes (id,name,amount,currency,...)", in: language)
        case .wallosJSON: localized("a Wallos JSON export (objects with \"Name\", \"Payment Cycle\", \"Price\", ...)", in: language)
        case .wallosCSV: localized("a Wallos CSV export (header Name,Payment Cycle,Next Payment,...)", in: language)
        case .wallosBackup: localized("a Wallos backup zip or its wallos.db", in: language)
        case .subtrack: localized("a subtrack CSV export (header name,status,cycle,tags,price,currency,...)", in: language)
        case .subtrackr: localized("a SubTrackr CSV export (header ID,Name,Category,Cost,Currency,Schedule,...)", in: language)
        case .mappedCSV: localized("a CSV with a header, with --map saying which column is which", in: language)
        }
    }
}

extension ImportRecord {
    /// Where the record is, as the import's lines and errors name it: `line 4`, `record 2 ('Netflix')`.
    func text(in language: Language) -> String {
        switch self {
        case .line(let line): localized("line \(line)", in: language)
        case .item(let index, nil): localized("record \(index)", in: language)
        case .item(let index, let name?): localized("record \(index) (\(name.quotedForMessage))", in: language)
        case .path(let path, nil): path
        case .path(let path, let name?): "\(path) (\(name.quotedForMessage))"
        case .databaseRow(let id, let name): localized("subscription \(id) (\(name.quotedForMessage))", in: language)
        }
    }
}

extension ImportField {
    func text(in language: Language) -> String {
        switch self {
        case .named(let name): name
        case .key(let key): key.quotedForMessage
        case .record: localized("record", in: language)
        case .subscriptionName: localized("name", in: language)
        }
    }
}

extension RecordProblem {
    /// The refusal of `field` of `record` (both already in the reader's words), as one sentence.
    func message(record: String, field: String, in language: Language) -> String {
        switch self {
        case .missing:
            localized("\(record): \(field): missing; nothing was imported", in: language)
        case .missingCurrency:
            localized("\(record): \(field): missing; give one with --currency CODE; nothing was imported", in: language)
        case .duplicateKey:
            localized("\(record): \(field): the key appears twice in one object (JSON readers differ on which one counts); nothing was imported", in: language)
        case .unknownSetting:
            localized("\(record): \(field): expected one of \(ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")); nothing was imported", in: language)
        case .secondRate(let currency, let base):
            localized("\(record): \(field): a second rate for \(currency) in \(base); nothing was imported", in: language)
        case .rateInOwnCurrency(let currency):
            localized("\(record): \(field): \(currency) is the rate's own currency; nothing was imported", in: language)
        case .notOfKind(.string):
            localized("\(record): \(field): expected a string; nothing was imported", in: language)
        case .notOfKind(.wholeNumber):
            localized("\(record): \(field): expected a whole number; nothing was imported", in: language)
        case .notOfKind(.bool):
            localized("\(record): \(field): expected true or false; nothing was imported", in: language)
        case .notOfKind(.list):
            localized("\(record): \(field): expected a list; nothing was imported", in: language)
        case .notOfKind(.object):
            localized("\(record): \(field): expected an object; nothing was imported", in: language)
        case .nullInsteadOf(.string):
            localized("\(record): \(field): expected a string, found null; nothing was imported", in: language)
        case .nullInsteadOf(.wholeNumber):
            localized("\(record): \(field): expected a whole number, found null; nothing was imported", in: language)
        case .nullInsteadOf(.bool):
            localized("\(record): \(field): expected true or false, found null; nothing was imported", in: language)
        case .nullInsteadOf(.list):
            localized("\(record): \(field): expected a list, found null; nothing was imported", in: language)
        case .nullInsteadOf(.object):
            localized("\(record): \(field): expected an object, found null; nothing was imported", in: language)
        case .unreadableValue:
            localized("\(record): \(field): unreadable value; nothing was imported", in: language)
        case .unknownVersion(let got, let newest):
            localized("\(record): \(field): expected \(newest == 1 ? "1" : "1-\(newest)"), got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .notADate(let got):
            localized("\(record): \(field): expected a date YYYY-MM-DD, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .notATimestamp(let got):
            localized("\(record): \(field): expected a UTC timestamp like 2026-11-22T08:00:00Z, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .notACurrencyCode(let got):
            localized("\(record): \(field): expected an ISO 4217 code such as USD, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .notACycle:
            localized("\(record): \(field): expected a count from 1 to 999 and a unit day, week, month or year, or 1 and once; nothing was imported", in: language)
        case .notAnID(let got):
            localized("\(record): \(field): expected a lowercase UUID, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .noPrice:
            localized("\(record): \(field): expected at least one price; nothing was imported", in: language)
        case .noPeriod:
            localized("\(record): \(field): expected at least one period; nothing was imported", in: language)
        case .secondCharge(let day):
            localized("\(record): \(field): a second record for \(day); nothing was imported", in: language)
        case .weightOutOfRange:
            localized("\(record): \(field): expected 1 to 99; nothing was imported", in: language)
        case .remindDaysOutOfRange(let got):
            localized("\(record): \(field): expected days from 0 to 365, got \(got); nothing was imported", in: language)
        case .fieldCount(let found, let header, let separator):
            fieldCount(record: record, field: field, found: found, header: header, separator: separator, in: language)
        case .wallosFieldCount(let found, let expected):
            localized("\(record): \(field): expected \(expected) fields, found \(found); nothing was imported", in: language)
        case .subtrackCycle(let got):
            localized("\(record): \(field): expected weekly, bi-weekly, monthly, quarterly, semi-annual or yearly, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .subtrackStatus(let got):
            localized("\(record): \(field): expected active, paused, cancelled or archived, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .status(let got):
            localized("\(record): \(field): expected active, trial, paused, cancelled or ended, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .renewal(let got):
            localized("\(record): \(field): expected automatic or manual, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .subtrackrSchedule(let got):
            localized("\(record): \(field): expected Daily, Weekly, Monthly, Quarterly, Annual or Every N Days|Weeks|Months|Quarters|Years, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .subtrackrInterval(let got):
            localized("\(record): \(field): expected a whole number from 1 to 999, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .subtrackrStatus(let got):
            localized("\(record): \(field): expected Active, Trial, Paused or Cancelled, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .tooManyQuarters(let quarters):
            localized("\(record): \(field): \(quarters) quarters are more than 999 months; nothing was imported", in: language)
        case .cycleCount(let got):
            localized("\(record): \(field): expected a count from 1 to 999, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .notABool(let got):
            localized("\(record): \(field): expected true or false, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .notAPrice(let got):
            localized("\(record): \(field): expected an amount, with or without a currency symbol, like $15.99, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .negativeAmount(let got):
            localized("\(record): \(field): expected an amount of 0 or more, got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .separator(let got):
            localized("\(record): \(field): '\(got.quotedForMessage)' has a decimal comma or a thousands separator: subs does not guess which; write the amount with a point and no separators, like 1234.50; nothing was imported", in: language)
        case .notASymbol(let got, let symbol, let currency, let codes):
            localized("\(record): \(field): '\(got.quotedForMessage)': '\(symbol)' is not a symbol of \(currency) (it is one of \(codes.joined(separator: ", "))); give the currency the file means with --currency CODE; nothing was imported", in: language)
        case .ambiguousSymbol(let got, let symbol, let codes):
            localized("\(record): \(field): '\(got.quotedForMessage)': '\(symbol)' is used by several currencies (\(codes.joined(separator: ", ")), …); say which with --currency CODE; nothing was imported", in: language)
        case .noCurrencySymbol:
            localized("\(record): \(field): no currency symbol; give the currency with --currency CODE; nothing was imported", in: language)
        case .unknownSymbol(let symbol):
            localized("\(record): \(field): unknown currency symbol '\(symbol.quotedForMessage)'; give the currency with --currency CODE; nothing was imported", in: language)
        case .splitPrice(let price, let next):
            localized("\(record): \(field): '\(price.quotedForMessage)' is followed by '\(next.quotedForMessage)': a decimal comma or a thousands separator splits the price in Wallos's unquoted CSV, and subs does not guess; write the amount with a point and no separators, like R$15.99, or import Wallos's JSON export; nothing was imported", in: language)
        case .notAFlag(let yes, let no, let got):
            localized("\(record): \(field): expected \(yes) or \(no), got '\(got.quotedForMessage)'; nothing was imported", in: language)
        case .wallosCycle(let id, let frequency):
            localized("\(record): \(field): expected a Wallos cycle 1 to 5 with a frequency from 1 to 999, got \(id) and \(frequency); nothing was imported", in: language)
        case .notAnObject:
            localized("\(record): \(field): expected an object; nothing was imported", in: language)
        case .notText:
            localized("\(record): \(field): expected text; nothing was imported", in: language)
        case .notAWholeNumber:
            localized("\(record): \(field): expected a whole number; nothing was imported", in: language)
        case .notANumber:
            localized("\(record): \(field): expected a number; nothing was imported", in: language)
        case .currencyIDs(let first, let other):
            localized("\(record): \(field): Wallos's API names each currency by its number in Wallos (here \(first) and \(other)), not its code, so subs cannot tell them apart; import Wallos's backup or its JSON export, which name the currencies; nothing was imported", in: language)
        case .currencyID(let id):
            localized("\(record): \(field): Wallos's API names the currency by its number in Wallos (\(id)), not its code; give it with --currency CODE, or import Wallos's backup or its JSON export; nothing was imported", in: language)
        case .unknownWallosCurrency:
            localized("\(record): \(field): names no currency Wallos knows; nothing was imported", in: language)
        case .sameNameAndCurrency(let earlier):
            localized("\(record): \(field): the same name and currency as \(earlier.text(in: language)); with --on-duplicate replace one would overwrite the other; nothing was imported", in: language)
        case .invalid(let error):
            localized("\(record): \(field): \(error.expectation(in: language)); nothing was imported", in: language)
        case .refused(let refusal):
            localized("\(record): \(field): \(refusal.message(in: language)); nothing was imported", in: language)
        }
    }

    /// A CSV record with more or fewer fields than the header has columns: the counts are
    /// quantities, the separator part of the sentence.
    private func fieldCount(record: String, field: String, found: Int, header: Int, separator: CSVSeparator,
                            in language: Language) -> String {
        let fields = found == 1 ? localized("1 field", in: language) : localized("\(found) fields", in: language)
        let columns = header == 1 ? localized("1 column", in: language) : localized("\(header) columns", in: language)
        return switch separator {
        case .comma:
            localized("\(record): \(field): \(fields) where the header has \(columns) separated by commas; a value with the separator in it needs double quotes around it; nothing was imported", in: language)
        case .semicolon:
            localized("\(record): \(field): \(fields) where the header has \(columns) separated by semicolons; a value with the separator in it needs double quotes around it; nothing was imported", in: language)
        case .tab:
            localized("\(record): \(field): \(fields) where the header has \(columns) separated by tabs; a value with the separator in it needs double quotes around it; nothing was imported", in: language)
        }
    }
}

extension ImportFileProblem {
    func message(in language: Language) -> String {
        switch self {
        case .emptyFile:
            localized("cannot read the file: an empty file; nothing was imported", in: language)
        case .unclosedQuote(let line):
            localized("cannot read the file: line \(line): a quoted field is never closed; nothing was imported", in: language)
        case .notJSON:
            localized("cannot read the file: not valid JSON; nothing was imported", in: language)
        case .notAnObject:
            localized("cannot read the file: expected an object; nothing was imported", in: language)
        case .nullDocument:
            localized("cannot read the file: expected an object, found null; nothing was imported", in: language)
        case .tooDeep(let maximum):
            localized("cannot read the file: not valid JSON: nested more than \(maximum) deep; nothing was imported", in: language)
        case .undecodable:
            localized("cannot read the file: unreadable; nothing was imported", in: language)
        case .newerVersion(let version, let newest):
            localized("cannot read the file: document version \(version) is newer than this subs reads (\(newest)); nothing was imported", in: language)
        case .notUTF8:
            localized("cannot read the file: not UTF-8 text; nothing was imported", in: language)
        case .notUTF8Line(let line):
            localized("cannot read the file: line \(line) is not UTF-8 text; nothing was imported", in: language)
        case .noMemoryFile(let code):
            localized("cannot read the file: cannot make an unnamed in-memory file for the database: \(String(cString: strerror(code))); nothing was imported", in: language)
        case .cannotCopyIntoMemory(let code):
            localized("cannot read the file: cannot copy the database into memory: \(String(cString: strerror(code))); nothing was imported", in: language)
        case .damagedZip:
            localized("cannot read the file: a damaged or truncated zip; nothing was imported", in: language)
        case .encryptedZip(let entry):
            localized("cannot read the file: an encrypted zip ('\(entry.quotedForMessage)' is encrypted): subs cannot read it; unzip it with its password and import the wallos.db inside; nothing was imported", in: language)
        case .unreadableZipEntry(let entry, let total):
            localized("cannot read the file: a damaged zip (entry \(entry) of \(total) cannot be read); nothing was imported", in: language)
        case .zipDirectoryMissing:
            localized("cannot read the file: a damaged zip (its directory cannot be found); nothing was imported", in: language)
        case .unreadableZipHeader(let entry, let total):
            localized("cannot read the file: a damaged zip (the header of entry \(entry) of \(total) cannot be read); nothing was imported", in: language)
        case .pathOutsideZip(let path):
            localized("cannot read the file: the zip names a path outside itself ('\(path.quotedForMessage)'); refused; nothing was imported", in: language)
        case .noWallosDatabase:
            localized("cannot read the file: a zip without wallos.db: expected a Wallos backup; nothing was imported", in: language)
        case .databaseTooLarge(let limit):
            localized("cannot read the file: wallos.db in the zip is larger than \(Self.size(limit, in: language)); refused; nothing was imported", in: language)
        case .databaseUnpacksTooLarge(let limit):
            localized("cannot read the file: wallos.db in the zip unpacks to more than \(Self.size(limit, in: language)); refused; nothing was imported", in: language)
        case .databaseChecksum:
            localized("cannot read the file: a damaged zip (wallos.db fails its checksum); nothing was imported", in: language)
        case .databaseNotUnpacked:
            localized("cannot read the file: a damaged or truncated zip (wallos.db cannot be unpacked); nothing was imported", in: language)
        case .wallosGaveNoAnswer:
            localized("cannot read the file: reading the Wallos database gave no answer; nothing was imported", in: language)
        case .wallosChild(let failure):
            failure.message(in: language)
        case .noLiteralPathFileLayer:
            localized("cannot read the file: cannot read the database from memory: SQLite's file layer is missing; nothing was imported", in: language)
        case .notWallosSchema:
            localized("cannot read the file: a SQLite database, but not Wallos's: it has no subscriptions table as Wallos writes it; nothing was imported", in: language)
        case .wallosHolds(let count, let limit):
            localized("cannot read the file: wallos.db holds \(count) subscriptions, more than the \(limit) subs imports at once; nothing was imported", in: language)
        case .wallosHoldsMoreThan(let limit):
            localized("cannot read the file: wallos.db holds more than the \(limit) subscriptions subs imports at once; nothing was imported", in: language)
        case .notWallos(let message):
            // SQLite's own words: it has no others.
            localized("cannot read the file: not a Wallos database: \(message); nothing was imported", in: language)
        }
    }

    /// A size limit: whole MiB, or bytes below one.
    private static func size(_ bytes: UInt64, in language: Language) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : localized("\(bytes) bytes", in: language)
    }
}

extension WallosChildFailure {
    /// Why the child process reading a Wallos database gave no answer, as the import refuses it.
    func message(in language: Language) -> String {
        switch self {
        case .noPipe:
            localized("cannot read the file: Wallos database: cannot make a pipe; nothing was imported", in: language)
        case .noDescriptor:
            localized("cannot read the file: Wallos database: cannot hand the database to a process; nothing was imported", in: language)
        case .cannotStart(let code):
            localized("cannot read the file: Wallos database: cannot start a process to read it: \(String(cString: strerror(code))); nothing was imported", in: language)
        case .timedOut(let seconds):
            localized("cannot read the file: Wallos database: reading it took more than \(seconds) s: the database may hold a query that never ends; nothing was imported", in: language)
        case .processorTime(let seconds):
            localized("cannot read the file: Wallos database: reading it used more than \(seconds) s of processor time: the database may hold a query that never ends; nothing was imported", in: language)
        case .signal(let signal):
            localized("cannot read the file: Wallos database: reading it stopped SQLite with signal \(signal): the database is damaged, or made to crash it; nothing was imported", in: language)
        case .failed:
            localized("cannot read the file: Wallos database: the process reading it failed; nothing was imported", in: language)
        }
    }
}

extension ImportOptionError: ErrorMessage {
    func message(in language: Language) -> String {
        switch self {
        case .mapNotUnderstood(let text):
            localized("invalid --map '\(text.quotedForMessage)': expected field=Column pairs separated by commas, fields \(Self.fields); name and amount are required", in: language)
        case .mapNeeded:
            localized("invalid --from 'csv': expected --map too, saying which column is which: field=Column pairs separated by commas, fields \(Self.fields); name and amount are required", in: language)
        case .columnNotInHeader(let column, let header, let more):
            // One line, however the header is written and however many columns it has.
            localized("invalid --map '\(column.quotedForMessage)': expected a column of the file's header: \((header.map(\.quotedForMessage) + (more ? ["..."] : [])).joined(separator: ", "))", in: language)
        }
    }

    /// What argument-parser says after the `--map` value it refuses.
    static func expectedMap(in language: Language) -> String {
        localized("expected field=Column pairs separated by commas, fields \(fields); name and amount are required", in: language)
    }

    private static var fields: String { MappedCSVFormat.Field.allCases.map(\.rawValue).joined(separator: ", ") }
}

extension RatesFileError: ErrorMessage {
    func message(in language: Language) -> String {
        switch problem {
        case .notCodeAndRate:
            localized("\(path) line \(line): expected 'code,rate', like EUR,1.08; nothing was imported", in: language)
        case .unknownCurrency(let code):
            localized("\(path) line \(line): unknown currency '\(code.quotedForMessage)'; nothing was imported", in: language)
        case .invalidRate(let rate):
            localized("\(path) line \(line): invalid rate '\(rate.quotedForMessage)': expected a positive number like 1.08 (at most 12 decimals, no exponent); nothing was imported", in: language)
        case .twice(let code):
            localized("\(path) line \(line): \(code) appears twice; nothing was imported", in: language)
        case .baseCurrency(let code):
            localized("\(path) line \(line): \(code) is the base currency; its rate is always 1; nothing was imported", in: language)
        case .noRates:
            localized("\(path) line \(line): no rates found; nothing was imported", in: language)
        }
    }
}

extension JSONKeyCheck.Problem: ErrorMessage {
    /// As `subs import` refuses the file for it.
    func message(in language: Language) -> String {
        importError.message(in: language)
    }
}

extension InputTooLarge: ErrorMessage {
    func message(in language: Language) -> String {
        let limit = "\(kind.limit >> 20) MiB"
        return switch (kind.name, path == "-") {
        case (.importFile, true):
            localized("the import file on standard input is larger than \(limit), the most subs reads for one", in: language)
        case (.importFile, false):
            localized("import file \(path) is larger than \(limit), the most subs reads for one", in: language)
        case (.statement, true):
            localized("the statement on standard input is larger than \(limit), the most subs reads for one", in: language)
        case (.statement, false):
            localized("statement \(path) is larger than \(limit), the most subs reads for one", in: language)
        case (.ratesFile, true):
            localized("the rates file on standard input is larger than \(limit), the most subs reads for one", in: language)
        case (.ratesFile, false):
            localized("rates file \(path) is larger than \(limit), the most subs reads for one", in: language)
        }
    }
}

extension ModelRefusal {
    /// The model's own sentence for the refusal.
    func message(in language: Language) -> String {
        switch self {
        case .input(let error): error.message(in: language)
        case .settings(let error): error.message(in: language)
        case .lifecycle(let error): error.message(in: language)
        case .dateOrder(let error): error.message(in: language)
        case .life(let error): error.message(in: language)
        case .household(let error): error.message(in: language)
        }
    }
}
