import Foundation

/// A file `subs import` refuses: nothing was imported. Data only (the command line says it).
public enum ImportError: CoreError, Equatable, Sendable {
    /// No known format recognises the file; `expected` are the formats that were tried.
    case unknownFormat(expected: [ImportFormatKind])
    /// One record is wrong: where it is, which of its fields, and what is wrong with it.
    case record(ImportRecord, field: ImportField, problem: RecordProblem)
    /// The file cannot be taken apart at all (broken JSON, an unclosed quote, a damaged zip).
    case cannotRead(ImportFileProblem)
    /// One of the above, in the file at `path` (`-` is standard input).
    indirect case inFile(path: String, ImportError)

    public var failure: FailureKind { .badData }
}

/// Each kind of file `subs import` reads, for the message about a file none of them reads.
public enum ImportFormatKind: String, Sendable, Codable, CaseIterable {
    case subsDocument, subsListCSV, wallosJSON, wallosCSV, wallosBackup, subtrack, subtrackr, mappedCSV
}

/// Where a record is in the file.
public enum ImportRecord: Hashable, Sendable, Codable {
    /// A CSV line, counted from 1.
    case line(Int)
    /// The `index`th object of a JSON list (from 0), with its name when it has one.
    case item(Int, name: String?)
    /// A place in a JSON document as its keys name it (`subscriptions[2]`, `settings`,
    /// `document`), with the name of what is there when known.
    case path(String, name: String?)
    /// A row of a Wallos database, by its id and name.
    case databaseRow(id: String, name: String)
}

/// Which field of a record is wrong.
public enum ImportField: Hashable, Sendable, Codable {
    /// A column or key as the file names it (`Price`, `billing_periods[0].cycle`).
    case named(String)
    /// A key of a JSON object, shown quoted (a key may be anything).
    case key(String)
    /// The record as a whole (its number of fields, its type).
    case record
    /// The subscription's name, whichever field holds it.
    case subscriptionName
}

/// A JSON value's type, as a document's field expects it.
public enum JSONKind: String, Sendable, Codable {
    case string, wholeNumber, bool, list, object
}

/// What separates a CSV file's fields.
public enum CSVSeparator: String, Sendable, Codable {
    case comma, semicolon, tab

    init(_ delimiter: Unicode.Scalar) {
        self = switch delimiter {
        case ";": .semicolon
        case "\t": .tab
        default: .comma
        }
    }
}

/// What is wrong with one field of a record. `got` is the value as the file writes it.
public enum RecordProblem: Equatable, Sendable {
    case missing
    /// Missing, and no `--currency` stands in for it.
    case missingCurrency
    /// A JSON key written twice in one object.
    case duplicateKey
    /// A setting `subs` does not know (the document's `settings`).
    case unknownSetting
    case secondRate(currency: String, base: String)
    /// A rate given in its own currency.
    case rateInOwnCurrency(String)
    case notOfKind(JSONKind)
    case nullInsteadOf(JSONKind)
    case unreadableValue
    /// A document version this `subs` does not read; `newest` is the newest it does.
    case unknownVersion(got: String, newest: Int)
    case notADate(got: String)
    case notATimestamp(got: String)
    case notACurrencyCode(got: String)
    /// A cycle that is not 1 to 999 of day, week, month or year, or 1 once.
    case notACycle
    case notAnID(got: String)
    case noPrice
    case noPeriod
    /// A second charge record for one day.
    case secondCharge(CivilDate)
    case weightOutOfRange
    case remindDaysOutOfRange(got: Int)
    /// A CSV record with more or fewer fields than the header has columns.
    case fieldCount(found: Int, header: Int, separator: CSVSeparator)
    /// The same, in Wallos's unquoted CSV.
    case wallosFieldCount(found: Int, expected: Int)
    case subtrackCycle(got: String)
    case subtrackStatus(got: String)
    /// A status that is not active, trial, paused, cancelled or ended (`subs list` and `--map`).
    case status(got: String)
    /// A `--map` renewal that is neither automatic nor manual.
    case renewal(got: String)
    case subtrackrSchedule(got: String)
    case subtrackrInterval(got: String)
    case subtrackrStatus(got: String)
    /// `Every N Quarters` with more than 999 months.
    case tooManyQuarters(Int)
    case cycleCount(got: String)
    case notABool(got: String)
    /// Not an amount, with or without a currency symbol.
    case notAPrice(got: String)
    case negativeAmount(got: String)
    /// A decimal comma or a thousands separator, which is not guessed.
    case separator(got: String)
    /// A symbol that is not one of `currency`'s (it is one of `codes`).
    case notASymbol(got: String, symbol: String, of: String, codes: [String])
    case ambiguousSymbol(got: String, symbol: String, codes: [String])
    case noCurrencySymbol
    case unknownSymbol(String)
    /// Wallos CSV: a price and the field after it, split by a comma.
    case splitPrice(String, String)
    /// A Wallos yes/no field written otherwise.
    case notAFlag(yes: String, no: String, got: String)
    case wallosCycle(id: Int, frequency: Int)
    case notAnObject
    case notText
    case notAWholeNumber
    case notANumber
    /// Wallos's API: records with different currency ids.
    case currencyIDs(String, String)
    /// Wallos's API: a currency id without `--currency`.
    case currencyID(String)
    /// A Wallos database row whose currency id names no currency of its own table.
    case unknownWallosCurrency
    /// The same name and currency as the subscription of record `earlier`, with `--on-duplicate
    /// replace`: one would overwrite the other.
    case sameNameAndCurrency(as: ImportRecord)
    /// A value the model refuses, said as what it expects instead.
    case invalid(InputError)
    /// A step the model refuses for this record (a pause, a cancellation, dates out of order).
    case refused(ModelRefusal)
}

/// A refusal of the model's, kept as its own error: the command line says it.
public enum ModelRefusal: Equatable, Sendable {
    case input(InputError)
    case settings(SettingsError)
    case lifecycle(LifecycleError)
    case dateOrder(DateOrderError)
    case life(LifeProblem)
    case household(HouseholdError)

    /// The model's refusal `error` is, or nil for an error of another part.
    public init?(_ error: any Error) {
        switch error {
        case let error as InputError: self = .input(error)
        case let error as SettingsError: self = .settings(error)
        case let error as LifecycleError: self = .lifecycle(error)
        case let error as DateOrderError: self = .dateOrder(error)
        case let error as LifeProblem: self = .life(error)
        case let error as HouseholdError: self = .household(error)
        default: return nil
        }
    }
}

/// Why a file cannot be taken apart at all.
public enum ImportFileProblem: Hashable, Sendable, Codable {
    case emptyFile
    case unclosedQuote(line: Int)
    case notJSON
    /// JSON, but not the object a document is.
    case notAnObject
    case nullDocument
    case tooDeep(maximum: Int)
    case undecodable
    case newerVersion(Int, newest: Int)
    case notUTF8
    /// A line of a CSV file that is not UTF-8.
    case notUTF8Line(Int)
    /// The system refused an in-memory file (`errno`).
    case noMemoryFile(errno: Int32)
    case cannotCopyIntoMemory(errno: Int32)
    case damagedZip
    case encryptedZip(entry: String)
    case unreadableZipEntry(Int, of: Int)
    case zipDirectoryMissing
    case unreadableZipHeader(Int, of: Int)
    case pathOutsideZip(String)
    case noWallosDatabase
    case databaseTooLarge(limit: UInt64)
    case databaseUnpacksTooLarge(limit: UInt64)
    case databaseChecksum
    case databaseNotUnpacked
    /// The child process that reads a Wallos database gave nothing it could read.
    case wallosGaveNoAnswer
    /// The child process that reads a Wallos database could not run, or did not finish.
    case wallosChild(WallosChildFailure)
    /// SQLite's file layer that opens a path as given is missing.
    case noLiteralPathFileLayer
    /// A SQLite database without Wallos's subscriptions table.
    case notWallosSchema
    /// A Wallos database with more subscriptions than one import takes.
    case wallosHolds(Int64, limit: Int)
    case wallosHoldsMoreThan(limit: Int)
    /// SQLite refused the file, in its own words.
    case notWallos(sqlite: String)
}

/// Why the child process that reads a Wallos database (`ImportOptions.wallosReader`, run by the
/// command line) gave no answer.
public enum WallosChildFailure: Hashable, Sendable, Codable {
    /// No pipe to read the child's answer from.
    case noPipe
    /// The database's file could not be given to the child.
    case noDescriptor
    /// The child could not be started (`errno`).
    case cannotStart(errno: Int32)
    /// The child took longer than `seconds`, and was stopped.
    case timedOut(seconds: Int)
    /// The child used more than `seconds` of processor time (SIGXCPU).
    case processorTime(seconds: UInt64)
    /// SQLite stopped the child with `signal` (a crash).
    case signal(Int32)
    /// The child exited with a status other than 0.
    case failed
}

/// How `import` was asked that it refuses before reading a record: nothing changed.
public enum ImportOptionError: CoreError, Equatable, Sendable {
    /// `--map` text that is not `field=Column` pairs naming name and amount.
    case mapNotUnderstood(String)
    /// `--from csv` without `--map`.
    case mapNeeded
    /// A `--map` column the file's header does not have; `header` is the header's first
    /// columns, `more` whether it has others.
    case columnNotInHeader(String, header: [String], more: Bool)

    public var failure: FailureKind { .refused }
}
