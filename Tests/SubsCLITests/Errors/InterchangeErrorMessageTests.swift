import Foundation
import Testing
@testable import SubsCLI
import SubscriptionCore
import FuzzSupport

/// Every case of the Interchange folder's errors, said in English (exactly as `subs` said it
/// before the core's errors became data) and in Turkish (a sentence of its own).
@Suite("Interchange error messages")
struct InterchangeErrorMessageTests {
    init() { SubsTranslations.install() }

    static let line4 = ImportRecord.line(4)

    /// One sample of every record problem, and its English at line 4, field Price.
    static let problems: [(RecordProblem, String)] = [
        (.missing, "missing"),
        (.missingCurrency, "missing; give one with --currency CODE"),
        (.duplicateKey, "the key appears twice in one object (JSON readers differ on which one counts)"),
        (.unknownSetting, "expected one of \(ConfigKey.allCases.map(\.rawValue).joined(separator: ", "))"),
        (.secondRate(currency: "EUR", base: "USD"), "a second rate for EUR in USD"),
        (.notOfKind(.string), "expected a string"),
        (.notOfKind(.wholeNumber), "expected a whole number"),
        (.notOfKind(.bool), "expected true or false"),
        (.notOfKind(.list), "expected a list"),
        (.notOfKind(.object), "expected an object"),
        (.nullInsteadOf(.string), "expected a string, found null"),
        (.nullInsteadOf(.wholeNumber), "expected a whole number, found null"),
        (.nullInsteadOf(.bool), "expected true or false, found null"),
        (.nullInsteadOf(.list), "expected a list, found null"),
        (.nullInsteadOf(.object), "expected an object, found null"),
        (.unreadableValue, "unreadable value"),
        (.unknownVersion(got: "1.0", newest: 1), "expected 1, got '1.0'"),
        (.unknownVersion(got: "7", newest: 3), "expected 1-3, got '7'"),
        (.notADate(got: "20/08/2026"), "expected a date YYYY-MM-DD, got '20/08/2026'"),
        (.notATimestamp(got: "x"), "expected a UTC timestamp like 2026-11-22T08:00:00Z, got 'x'"),
        (.notACurrencyCode(got: "usd"), "expected an ISO 4217 code such as USD, got 'usd'"),
        (.notACycle, "expected a count from 1 to 999 and a unit day, week, month or year, or 1 and once"),
        (.notAnID(got: "X"), "expected a lowercase UUID, got 'X'"),
        (.noPrice, "expected at least one price"),
        (.noPeriod, "expected at least one period"),
        (.secondCharge(CivilDate(iso: "2026-03-05")!), "a second record for 2026-03-05"),
        (.weightOutOfRange, "expected 1 to 99"),
        (.remindDaysOutOfRange(got: 400), "expected days from 0 to 365, got 400"),
        (.fieldCount(found: 3, header: 2, separator: .comma),
         "3 fields where the header has 2 columns separated by commas; a value with the separator in it needs double quotes around it"),
        (.fieldCount(found: 1, header: 1, separator: .semicolon),
         "1 field where the header has 1 column separated by semicolons; a value with the separator in it needs double quotes around it"),
        (.fieldCount(found: 2, header: 4, separator: .tab),
         "2 fields where the header has 4 columns separated by tabs; a value with the separator in it needs double quotes around it"),
        (.wallosFieldCount(found: 4, expected: 14), "expected 14 fields, found 4"),
        (.subtrackCycle(got: "daily"), "expected weekly, bi-weekly, monthly, quarterly, semi-annual or yearly, got 'daily'"),
        (.subtrackStatus(got: "x"), "expected active, paused, cancelled or archived, got 'x'"),
        (.status(got: "x"), "expected active, trial, paused, cancelled or ended, got 'x'"),
        (.renewal(got: "x"), "expected automatic or manual, got 'x'"),
        (.subtrackrSchedule(got: "x"),
         "expected Daily, Weekly, Monthly, Quarterly, Annual or Every N Days|Weeks|Months|Quarters|Years, got 'x'"),
        (.subtrackrInterval(got: "-3"), "expected a whole number from 1 to 999, got '-3'"),
        (.subtrackrStatus(got: "x"), "expected Active, Trial, Paused or Cancelled, got 'x'"),
        (.tooManyQuarters(334), "334 quarters are more than 999 months"),
        (.cycleCount(got: "x"), "expected a count from 1 to 999, got 'x'"),
        (.notABool(got: "yes"), "expected true or false, got 'yes'"),
        (.notAPrice(got: "$.99"), "expected an amount, with or without a currency symbol, like $15.99, got '$.99'"),
        (.negativeAmount(got: "$-5"), "expected an amount of 0 or more, got '$-5'"),
        (.separator(got: "15,99"),
         "'15,99' has a decimal comma or a thousands separator: subs does not guess which; write the amount with a point and no separators, like 1234.50"),
        (.notASymbol(got: "kr99", symbol: "kr", of: "USD", codes: ["SEK", "NOK"]),
         "'kr99': 'kr' is not a symbol of USD (it is one of SEK, NOK); give the currency the file means with --currency CODE"),
        (.ambiguousSymbol(got: "$15.99", symbol: "$", codes: ["USD", "AUD"]),
         "'$15.99': '$' is used by several currencies (USD, AUD, …); say which with --currency CODE"),
        (.noCurrencySymbol, "no currency symbol; give the currency with --currency CODE"),
        (.unknownSymbol("Ƀ"), "unknown currency symbol 'Ƀ'; give the currency with --currency CODE"),
        (.splitPrice("R$ 15", "99"),
         "'R$ 15' is followed by '99': a decimal comma or a thousands separator splits the price in Wallos's unquoted CSV, and subs does not guess; write the amount with a point and no separators, like R$15.99, or import Wallos's JSON export"),
        (.notAFlag(yes: "Enabled", no: "Disabled", got: "paused"), "expected Enabled or Disabled, got 'paused'"),
        (.wallosCycle(id: 9, frequency: 1), "expected a Wallos cycle 1 to 5 with a frequency from 1 to 999, got 9 and 1"),
        (.notAnObject, "expected an object"),
        (.notText, "expected text"),
        (.notAWholeNumber, "expected a whole number"),
        (.notANumber, "expected a number"),
        (.currencyIDs("2", "1"),
         "Wallos's API names each currency by its number in Wallos (here 2 and 1), not its code, so subs cannot tell them apart; import Wallos's backup or its JSON export, which name the currencies"),
        (.currencyID("2"),
         "Wallos's API names the currency by its number in Wallos (2), not its code; give it with --currency CODE, or import Wallos's backup or its JSON export"),
        (.unknownWallosCurrency, "names no currency Wallos knows"),
        (.sameNameAndCurrency(as: .path("subscriptions[0]", name: nil)),
         "the same name and currency as subscriptions[0]; with --on-duplicate replace one would overwrite the other"),
        (.invalid(.invalidName(.name, value: "", expected: .length)), "expected 1 to 100 characters"),
        (.refused(.lifecycle(.alreadyPaused(name: "Gym", pause: Pause(from: CivilDate(year: 2024, month: 2, day: 1)!,
                                                                      until: CivilDate(year: 2024, month: 3, day: 1)!)))),
         "Gym is already paused from 2024-02-01 until 2024-03-01"),
        (.refused(.dateOrder(.trialEndBeforeStart(trialEnd: CivilDate(year: 2024, month: 1, day: 1)!,
                                                  start: CivilDate(year: 2024, month: 1, day: 5)!))),
         "invalid trial end '2024-01-01': expected a date on or after the start date 2024-01-05"),
        (.refused(.household(.settlesWithThemselves(name: "Alice"))), "Alice cannot settle with themselves: expected two different people"),
    ]

    /// One sample of every file problem, and its English after "cannot read the file: ".
    static let fileProblems: [(ImportFileProblem, String)] = [
        (.emptyFile, "an empty file"),
        (.unclosedQuote(line: 3), "line 3: a quoted field is never closed"),
        (.notJSON, "not valid JSON"),
        (.notAnObject, "expected an object"),
        (.nullDocument, "expected an object, found null"),
        (.tooDeep(maximum: 512), "not valid JSON: nested more than 512 deep"),
        (.undecodable, "unreadable"),
        (.newerVersion(2, newest: 1), "document version 2 is newer than this subs reads (1)"),
        (.notUTF8, "not UTF-8 text"),
        (.noMemoryFile(errno: ENOMEM), "cannot make an unnamed in-memory file for the database: \(String(cString: strerror(ENOMEM)))"),
        (.cannotCopyIntoMemory(errno: ENOSPC), "cannot copy the database into memory: \(String(cString: strerror(ENOSPC)))"),
        (.damagedZip, "a damaged or truncated zip"),
        (.encryptedZip(entry: "wallos.db"),
         "an encrypted zip ('wallos.db' is encrypted): subs cannot read it; unzip it with its password and import the wallos.db inside"),
        (.unreadableZipEntry(2, of: 3), "a damaged zip (entry 2 of 3 cannot be read)"),
        (.zipDirectoryMissing, "a damaged zip (its directory cannot be found)"),
        (.unreadableZipHeader(2, of: 2), "a damaged zip (the header of entry 2 of 2 cannot be read)"),
        (.pathOutsideZip("../evil"), "the zip names a path outside itself ('../evil'); refused"),
        (.noWallosDatabase, "a zip without wallos.db: expected a Wallos backup"),
        (.databaseTooLarge(limit: 1024), "wallos.db in the zip is larger than 1024 bytes; refused"),
        (.databaseTooLarge(limit: 64 << 20), "wallos.db in the zip is larger than 64 MiB; refused"),
        (.databaseUnpacksTooLarge(limit: 1024), "wallos.db in the zip unpacks to more than 1024 bytes; refused"),
        (.databaseChecksum, "a damaged zip (wallos.db fails its checksum)"),
        (.databaseNotUnpacked, "a damaged or truncated zip (wallos.db cannot be unpacked)"),
        (.wallosChild(.noPipe), "Wallos database: cannot make a pipe"),
        (.wallosChild(.noDescriptor), "Wallos database: cannot hand the database to a process"),
        (.wallosChild(.cannotStart(errno: EAGAIN)), "Wallos database: cannot start a process to read it: \(String(cString: strerror(EAGAIN)))"),
        (.wallosChild(.timedOut(seconds: 30)),
         "Wallos database: reading it took more than 30 s: the database may hold a query that never ends"),
        (.wallosChild(.processorTime(seconds: 35)),
         "Wallos database: reading it used more than 35 s of processor time: the database may hold a query that never ends"),
        (.wallosChild(.signal(11)),
         "Wallos database: reading it stopped SQLite with signal 11: the database is damaged, or made to crash it"),
        (.wallosChild(.failed), "Wallos database: the process reading it failed"),
    ]

    static let records: [(ImportRecord, String)] = [
        (.line(4), "line 4"), (.item(2, name: nil), "record 2"), (.item(2, name: "Net\u{0}flix"), "record 2 (Net\u{FFFD}flix)"),
        (.path("rates[1]", name: "EUR"), "rates[1] (EUR)"), (.path("document", name: nil), "document"),
        (.databaseRow(id: "1", name: "Netflix"), "subscription 1 (Netflix)"),
    ]

    static let fields: [(ImportField, String)] = [
        (.named("Next Payment"), "Next Payment"), (.key("remind-exec"), "remind-exec"), (.record, "record"), (.subscriptionName, "name"),
    ]

    /// Checks `message` in both languages: the English exact, the Turkish its own sentence.
    func check(_ error: some ErrorMessage, _ english: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(error.message(in: .english) == english, sourceLocation: sourceLocation)
        let turkish = error.message(in: .turkish)
        #expect(!turkish.isEmpty && turkish != english, "\(turkish)", sourceLocation: sourceLocation)
        #expect(!turkish.contains("nothing was imported") && !turkish.contains("expected"), "\(turkish)", sourceLocation: sourceLocation)
    }

    @Test("Every record problem, in a record and field, as one sentence")
    func recordProblems() {
        for (problem, english) in Self.problems {
            check(ImportError.record(Self.line4, field: .named("Price"), problem: problem),
                  "line 4: Price: \(english); nothing was imported")
        }
    }

    @Test("Every way of naming a record and a field")
    func recordsAndFields() {
        for (record, english) in Self.records {
            check(ImportError.record(record, field: .named("Name"), problem: .missing), "\(english): Name: missing; nothing was imported")
        }
        for (field, english) in Self.fields {
            check(ImportError.record(Self.line4, field: field, problem: .missing), "line 4: \(english): missing; nothing was imported")
        }
        #expect(ImportRecord.line(4).text(in: .turkish) == "satır 4")
        #expect(ImportField.record.text(in: .turkish) == "kayıt")
    }

    @Test("Every file problem")
    func fileProblems() {
        for (problem, english) in Self.fileProblems {
            check(ImportError.cannotRead(problem), "cannot read the file: \(english); nothing was imported")
        }
        #expect(ImportError.cannotRead(.notJSON).message(in: .turkish) == "dosya okunamıyor: geçerli JSON değil; hiçbir şey içe aktarılmadı")
    }

    @Test("A file no format reads, the file's path, and the Wallos child's failure")
    func otherCases() {
        check(ImportError.unknownFormat(expected: [.wallosJSON]),
              "not a file subs can import: expected a Wallos JSON export (objects with \"Name\", \"Payment Cycle\", \"Price\", ...); nothing was imported")
        check(ImportError.unknownFormat(expected: ImportFormatKind.allCases), """
            not a file subs can import: expected a subs export document (subs export --format json), or a CSV with the header \
            subs list --format csv writes (id,name,amount,currency,...), or a Wallos JSON export (objects with "Name", \
            "Payment Cycle", "Price", ...), or a Wallos CSV export (header Name,Payment Cycle,Next Payment,...), or a Wallos \
            backup zip or its wallos.db, or a subtrack CSV export (header name,status,cycle,tags,price,currency,...), or a \
            SubTrackr CSV export (header ID,Name,Category,Cost,Currency,Schedule,...), or a CSV with a header, with --map \
            saying which column is which; nothing was imported
            """)
        check(ImportError.inFile(path: "x.csv", .cannotRead(.emptyFile)), "x.csv: cannot read the file: an empty file; nothing was imported")
        check(ImportError.inFile(path: "-", .cannotRead(.emptyFile)),
              "standard input: cannot read the file: an empty file; nothing was imported")
        #expect(ImportError.inFile(path: "-", .cannotRead(.emptyFile)).message(in: .turkish)
            == "standart girdi: dosya okunamıyor: boş bir dosya; hiçbir şey içe aktarılmadı")
        #expect(ImportError.cannotRead(.wallosChild(.timedOut(seconds: 30))).message(in: .turkish)
            == "dosya okunamıyor: Wallos veritabanı: okunması 30 sn'den uzun sürdü: veritabanında hiç bitmeyen bir sorgu olabilir; hiçbir şey içe aktarılmadı")
        #expect(ImportError.record(Self.line4, field: .named("Price"), problem: .missing).message(in: .turkish)
            == "satır 4: Price: eksik; hiçbir şey içe aktarılmadı")
    }

    @Test("How import was asked")
    func options() {
        let fields = "name, amount, currency, every, start, next, trial-end, category, payment-method, url, notes, status, cancelled, cancel-by, ends, term, renews, notice, renewal"
        check(ImportOptionError.mapNotUnderstood("name"), """
            invalid --map 'name': expected field=Column pairs separated by commas, fields \(fields); name and amount are required
            """)
        check(ImportOptionError.mapNeeded, """
            invalid --from 'csv': expected --map too, saying which column is which: field=Column pairs separated by commas, \
            fields \(fields); name and amount are required
            """)
        check(ImportOptionError.columnNotInHeader("Service", header: ["Ser\nvice", "c0"], more: true),
              "invalid --map 'Service': expected a column of the file's header: Ser\u{FFFD}vice, c0, ...")
        #expect(ImportOptionError.expectedMap(in: .english)
            == "expected field=Column pairs separated by commas, fields \(fields); name and amount are required")
        #expect(ImportOptionError.expectedMap(in: .turkish).hasPrefix("beklenen: "))
    }

    @Test("Every line of a rates file refused")
    func ratesFile() {
        let samples: [(RatesFileError.Problem, String)] = [
            (.notCodeAndRate, "expected 'code,rate', like EUR,1.08"),
            (.unknownCurrency("EUX"), "unknown currency 'EUX'"),
            (.invalidRate("abc"), "invalid rate 'abc': expected a positive number like 1.08 (at most 12 decimals, no exponent)"),
            (.twice("EUR"), "EUR appears twice"),
            (.baseCurrency("USD"), "USD is the base currency; its rate is always 1"),
            (.noRates, "no rates found"),
        ]
        for (problem, english) in samples {
            check(RatesFileError(path: "rates.csv", line: 2, problem: problem), "rates.csv line 2: \(english); nothing was imported")
        }
        #expect(RatesFileError(path: "r.csv", line: 1, problem: .noRates).message(in: .turkish)
            == "r.csv satır 1: kur bulunamadı; hiçbir şey içe aktarılmadı")
    }

    @Test("A JSON key check's problem is said as the import refuses it")
    func jsonKeyCheck() {
        check(JSONKeyCheck.Problem.duplicateKey(key: "name", path: "subscriptions[0]"),
              "subscriptions[0]: name: the key appears twice in one object (JSON readers differ on which one counts); nothing was imported")
        check(JSONKeyCheck.Problem.duplicateKey(key: "a\nb", path: ""),
              "document: a\u{FFFD}b: the key appears twice in one object (JSON readers differ on which one counts); nothing was imported")
        check(JSONKeyCheck.Problem.malformed(offset: 3), "cannot read the file: not valid JSON; nothing was imported")
        check(JSONKeyCheck.Problem.tooDeep, "cannot read the file: not valid JSON: nested more than 512 deep; nothing was imported")
    }

    @Test("An input file over its kind's limit, named or on standard input")
    func inputTooLarge() {
        let samples: [(InputFile.Kind, String, String)] = [
            (.importFile, "the import file", "256 MiB"), (.statement, "the statement", "64 MiB"), (.ratesFile, "the rates file", "1 MiB"),
        ]
        for (kind, the, limit) in samples {
            check(InputTooLarge(path: "-", kind: kind), "\(the) on standard input is larger than \(limit), the most subs reads for one")
            check(InputTooLarge(path: "x.csv", kind: kind),
                  "\(the.dropFirst(4)) x.csv is larger than \(limit), the most subs reads for one")
        }
        #expect(InputTooLarge(path: "a.csv", kind: .ratesFile).message(in: .turkish)
            == "kur dosyası a.csv 1 MiB boyutundan büyük; subs bir tanesi için en çok bu kadarını okur")
        #expect(Failure(InputTooLarge(path: "-", kind: .importFile))?.exitCode == 65)
    }

    @Test("The exit code of each: 65 for a file, 64 for how import was asked")
    func exitCodes() {
        #expect(Failure(ImportError.cannotRead(.emptyFile))?.exitCode == 65)
        #expect(Failure(RatesFileError(path: "r", line: 1, problem: .noRates))?.exitCode == 65)
        #expect(Failure(ImportOptionError.mapNeeded)?.exitCode == 64)
    }

    /// Mutated files of every format: a refusal is said in one line, in both languages.
    @Test("Refusals of mutated files are one line in both languages")
    func oneLine() throws {
        var random = SeededRandom(name: "interchange error messages")
        let seeds: [(String, ImportOptions)] = [
            ("Service,Cost,Billing\nNetflix,€15.49,monthly\n\"Gym, \"\"the\"\" one\",30,2 weeks\n",
             ImportOptions(currency: Currency(code: "USD"), today: CivilDate(iso: "2024-10-01")!,
                           map: [.name: "Service", .amount: "Cost", .every: "Billing"])),
            (#"[{"Name": "Netflix", "Payment Cycle": "Monthly", "Next Payment": "2024-11-01", "Price": "€9.99"}]"#,
             ImportOptions(today: CivilDate(iso: "2024-10-01")!)),
            ("name,status,cycle,tags,price,currency\nNetflix,active,monthly,tv,15.49,USD\n", ImportOptions(today: CivilDate(iso: "2024-10-01")!)),
        ]
        for round in 0..<300 {
            let (text, options) = random.element(seeds)
            let bytes = Mutation.mutate(Array(text.utf8), random: &random)
            do {
                _ = try ImportFormats.parse(Data(bytes), from: nil, options: options)
            } catch let error as any ErrorMessage {
                for language in Language.allCases {
                    #expect(!error.message(in: language).contains("\n"), "seed \(random.seed), round \(round): \(error)")
                }
            } catch {
                // The model's own errors, said by its own renderer.
            }
        }
    }
}
