import Foundation

/// A file format `subs import` reads. Adding a format is one new type conforming to this, listed
/// in `ImportFormats.all`.
public protocol ImportFormat {
    /// The `--from` name that selects it (several formats may share one: `subs` is both the
    /// export document and `list --format csv`).
    static var name: String { get }
    /// What a file of this format looks like, for the message about a file no format reads.
    static var kind: ImportFormatKind { get }
    /// Whether `data` looks like this format (from its first bytes or header); cheap, no errors.
    static func detect(_ data: Data) -> Bool
    /// Every record of `data`, or the first bad record's error: a file is taken whole or not at all.
    static func parse(_ data: Data, options: ImportOptions) throws -> ParsedImport
}

/// Every format `subs import` reads, in the order detection tries them.
public enum ImportFormats {
    public static var all: [any ImportFormat.Type] {
        [SubsDocumentFormat.self, SubsListCSVFormat.self, WallosJSONFormat.self, WallosCSVFormat.self, WallosBackupFormat.self,
         SubtrackFormat.self, SubtrackrFormat.self, MappedCSVFormat.self]
    }

    /// The `--from` names, each once.
    public static var names: [String] {
        all.map { $0.name }.reduce(into: []) { names, name in if !names.contains(name) { names.append(name) } }
    }

    /// Parses `data` with the format `from` names, or the first format that recognises it.
    public static func parse(_ data: Data, from: String?, options: ImportOptions) throws -> ParsedImport {
        try parse(data, from: from, options: options, long: 1 << 20)
    }

    /// `parse(_:from:options:)`, an export document of `long` bytes or more read on both cores
    /// (`SubsDocumentFormat.decodedDocument(checking:long:)`): tests give any length, and turn
    /// the `fast` reader off to compare with `JSONDecoder` alone.
    static func parse(_ data: Data, from: String?, options: ImportOptions, long: Int, fast: Bool = true) throws -> ParsedImport {
        // A column map means a CSV read through it, whatever its header looks like.
        let from = from ?? (options.map == nil ? nil : MappedCSVFormat.name)
        let candidates = from.map { name in all.filter { $0.name == name } } ?? all
        if let from, candidates.isEmpty {
            throw InputError.invalid(.from, value: from, expected: .names(names))
        }
        if from == MappedCSVFormat.name { return try MappedCSVFormat.parse(data, options: options) }
        // An export document is recognised by decoding it, and read from what was decoded.
        if candidates.first == SubsDocumentFormat.self {
            if let decoded = SubsDocumentFormat.decodedDocument(checking: data, long: long, fast: fast) {
                return try SubsDocumentFormat.parse(data, decoded: decoded, options: options)
            }
        }
        guard let format = candidates.first(where: { $0.detect(data) }) else {
            throw ImportError.unknownFormat(expected: candidates.map { $0.kind })
        }
        return try format.parse(data, options: options)
    }
}

/// What the user told `import` about the file.
public struct ImportOptions: Sendable {
    /// The currency of records that name none (or only an ambiguous symbol).
    public var currency: Currency?
    /// The day the import happens: a subscription listed as cancelled or paused, without the
    /// date it happened, stops or pauses on this day.
    public var today: CivilDate
    /// When records without a creation time of their own were created.
    public var now: Date
    /// For `csv`: which column holds each field (`--map`).
    public var map: [MappedCSVFormat.Field: String]?
    /// Reads a Wallos database in a child process (`WallosDatabase`); nil reads it in this one.
    public var wallosReader: WallosDatabase.Reader?
    /// Reads a date of a `--map` CSV, given the import day: §4's forms, and the reader's
    /// (`22.11.2026` in Turkish) when the command line says so.
    public var readDate: @Sendable (_ text: String, _ today: CivilDate) throws -> CivilDate
    /// Reads a cycle of a `--map` CSV or a Wallos export: §4's words, and the ones the command
    /// line reads besides (the words `subs` prints in Turkish).
    public var readCycle: @Sendable (_ text: String) throws -> BillingCycle

    public init(currency: Currency? = nil, today: CivilDate, now: Date = Date(), map: [MappedCSVFormat.Field: String]? = nil,
                wallosReader: WallosDatabase.Reader? = nil,
                readDate: @escaping @Sendable (String, CivilDate) throws -> CivilDate = { try CivilDate(input: $0, today: $1) },
                readCycle: @escaping @Sendable (String) throws -> BillingCycle = { try BillingCycle(input: $0) }) {
        self.currency = currency
        self.today = today
        self.now = now
        self.map = map
        self.wallosReader = wallosReader
        self.readDate = readDate
        self.readCycle = readCycle
    }
}

/// A file taken apart: what it holds, each subscription with the record it came from.
public struct ParsedImport: Sendable {
    public var subscriptions: [ImportedSubscription]
    public var categories: [ImportedCategory]
    /// Settings by key, as `config set` takes them.
    public var settings: [ConfigKey: String]
    public var rates: [ImportedRate]
    /// Settlements (PRODUCT.md §15), from a subs document.
    public var settlements: [Settlement]

    public init(
        subscriptions: [ImportedSubscription], categories: [ImportedCategory] = [],
        settings: [ConfigKey: String] = [:], rates: [ImportedRate] = [], settlements: [Settlement] = []
    ) {
        self.settlements = settlements
        self.subscriptions = subscriptions
        self.categories = categories
        self.settings = settings
        self.rates = rates
    }
}

/// One subscription read from a file, and where it was (`line 4`, `record 2 (Netflix)`).
public struct ImportedSubscription: Sendable {
    public var record: ImportRecord
    /// Its id is the file's when the file has one; the store gives it a new one when taken.
    public var subscription: Subscription

    public init(record: ImportRecord, subscription: Subscription) {
        self.record = record
        self.subscription = subscription
    }
}

public struct ImportedCategory: Hashable, Sendable {
    public var name: String
    public var color: CategoryColor?

    public init(name: String, color: CategoryColor?) {
        self.name = name
        self.color = color
    }
}

/// An exchange rate with the base currency it was set against.
public struct ImportedRate: Hashable, Sendable {
    public var rate: ExchangeRate
    public var base: Currency

    public init(rate: ExchangeRate, base: Currency) {
        self.rate = rate
        self.base = base
    }
}
