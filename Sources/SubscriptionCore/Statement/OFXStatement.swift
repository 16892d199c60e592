/// Reads the charges of an OFX or QFX statement (PRODUCT.md §13): bank (`STMTRS`) and credit
/// card (`CCSTMTRS`) statements, in OFX 1.x's SGML, where a field's end tag is left out
/// (`<TRNAMT>-15.49`), and in OFX 2.x's XML. Each `STMTTRN` is a transaction; `TRNAMT` is
/// negative for money out, in the statement's `CURDEF` (or the transaction's own `CURRENCY`).
enum OFXStatement {
    static func read(_ text: String, path: String, fallback: Currency) throws(StatementError) -> BankStatement {
        let (records, refusal) = try Self.records(in: text, path: path)
        if records.isEmpty, let refusal {
            throw StatementError(path: path, line: refusal.line, .bankError(code: refusal.code, message: refusal.message))
        }
        var movements: [(record: Record, date: CivilDate, amount: AmountText, currency: Currency)] = []
        var statement = BankStatement()
        for record in records {
            // One transaction the bank wrote badly is left out of an otherwise good file, with a warning.
            do throws(StatementError) {
                let (date, amount, currency) = try movement(record, path: path)
                movements.append((record, date, amount, currency ?? fallback))
                statement.counted(date)
            } catch {
                statement.skipped.append(error)
            }
        }
        if movements.isEmpty, let first = statement.skipped.first { throw first }
        // Money out is negative. A bank that writes every amount unsigned still says which
        // are charges with the transaction type.
        let unsigned = !movements.contains { $0.amount.negative && $0.amount.magnitude != 0 }
        // Whether a charge, not only a credit, is in the fallback currency.
        var assumed = false
        statement.charges = movements.compactMap { movement in
            guard movement.amount.magnitude != 0 else { return nil }
            let isDebit = unsigned
                ? debitTypes.contains(movement.record.fields["TRNTYPE"]?.value.uppercased() ?? "")
                : movement.amount.negative
            // Less than the currency's smallest coin (`0.001`) takes no money.
            let amount = movement.amount.money(in: movement.currency)
            guard isDebit, amount.minorUnits != 0 else { return nil }
            if movement.record.currency == nil { assumed = true }
            return StatementTransaction(line: movement.record.index, date: movement.date,
                                        description: movement.record.description, amount: amount)
        }
        statement.currencyAssumed = assumed
        return statement
    }

    /// A transaction's date, amount and the currency it names (nil when neither it nor the
    /// statement names one).
    private static func movement(_ record: Record, path: String) throws(StatementError) -> (CivilDate, AmountText, Currency?) {
        // The day of the purchase when the bank gives it, else the day it was posted.
        let dates = [record.fields["DTUSER"], record.fields["DTPOSTED"]].compactMap { $0 }
        guard let posted = dates.first(where: { date($0.value) != nil }) ?? dates.last else {
            throw StatementError(path: path, line: record.line, .missingField("DTPOSTED", record: record.text))
        }
        guard let date = date(posted.value) else {
            throw StatementError(path: path, line: posted.line, .unreadableDate(
                posted.value, record: "<\(posted.tag)>\(posted.value)", expected: .compact))
        }
        guard let trnamt = record.fields["TRNAMT"] else {
            throw StatementError(path: path, line: record.line, .missingField("TRNAMT", record: record.text))
        }
        let decimalMark: Character = trnamt.value.contains(".") ? "." : ","
        guard let amount = AmountText(trnamt.value, decimalMark: decimalMark) else {
            throw StatementError(path: path, line: trnamt.line, .unreadableAmount(trnamt.value, record: "<TRNAMT>\(trnamt.value)"))
        }
        guard let field = record.currency else { return (date, amount, nil) }
        guard let named = Currency(code: field.value) else {
            throw StatementError(path: path, line: field.line, .unknownCurrency(field.value))
        }
        return (date, amount, named)
    }

    /// Transaction types that take money out of the account.
    static let debitTypes: Set<String> = [
        "DEBIT", "POS", "ATM", "CHECK", "PAYMENT", "FEE", "SRVCHG", "DIRECTDEBIT", "REPEATPMT", "CASH",
    ]

    /// The civil day of an OFX date-time, as written: `20260103`, `20260103120000.000[-5:EST]`.
    /// The time zone is never applied; a bank's day is the day it printed.
    static func date(_ value: String) -> CivilDate? {
        let digits = value.prefix(8)
        guard digits.count == 8, digits.allSatisfy(\.isASCIIDigit), let year = Int(digits.prefix(4)),
              let month = Int(digits.dropFirst(4).prefix(2)), let day = Int(digits.suffix(2)) else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    /// A field's value and where it is.
    struct Field {
        let tag: String
        let value: String
        let line: Int
    }

    /// One `STMTTRN`.
    struct Record {
        /// Its place among the file's transactions, from 1.
        let index: Int
        let line: Int
        /// The fields as tags and values run together, for messages.
        var text: String
        var fields: [String: Field] = [:]
        /// The transaction's own currency, else the statement's.
        var currency: Field?

        /// `NAME` and `MEMO` joined by a space, or the one that says it all: a memo that
        /// repeats the name (a name cut at 32 characters, the memo whole) stands alone.
        var description: String {
            let name = fields["NAME"]?.value ?? "", memo = fields["MEMO"]?.value ?? ""
            if memo.isEmpty || NameMatching.key(name) == NameMatching.key(memo) { return name }
            if name.isEmpty || NameMatching.hasPrefix(memo, name) { return memo }
            return name + " " + memo
        }
    }

    /// A response's status that is not success: a bank answering a download with an error.
    struct Refusal {
        let code: String
        var message: String?
        let line: Int
    }

    /// The transactions of `text` in order, each with the currency in force where it is, and the
    /// first status in the file that is not success (`<STATUS><CODE>15500`), if any.
    static func records(in text: String, path: String) throws(StatementError) -> ([Record], Refusal?) {
        var scanner = Scanner(text)
        guard scanner.skip(toElement: "OFX") else { throw StatementError(path: path, .notOFX) }
        var records: [Record] = []
        var current: Record? = nil
        var statementCurrency: Field? = nil
        var open: Set<String> = []  // the aggregates a field may be inside: CURRENCY, ORIGCURRENCY, PAYEE
        var inStatus = false
        var statusRefused = false
        var refusal: Refusal? = nil
        func finish() {
            if let record = current { records.append(record) }
            current = nil
        }
        while let tag = scanner.nextTag() {
            if tag.closing {
                switch tag.name {
                case "STMTTRN", "BANKTRANLIST", "STMTRS", "CCSTMTRS": finish()
                case "STATUS": inStatus = false; statusRefused = false
                default: open.remove(tag.name)
                }
                continue
            }
            let value = scanner.value()
            current?.text += "<\(tag.name)>" + value.text
            let field = Field(tag: tag.name, value: value.text, line: tag.line)
            switch tag.name {
            case "STMTTRN":
                finish()
                current = Record(index: records.count + 1, line: tag.line, text: "<STMTTRN>",
                                 currency: statementCurrency)
                open = []
            case "CURDEF":
                statementCurrency = field
            case "STATUS" where current == nil:
                inStatus = true
            case "CODE" where inStatus && refusal == nil && !value.text.isEmpty && value.text != "0":
                refusal = Refusal(code: value.text, line: tag.line)
                statusRefused = true
            case "MESSAGE" where statusRefused && !value.text.isEmpty:
                refusal?.message = value.text
            case "CURRENCY", "ORIGCURRENCY", "PAYEE":
                open.insert(tag.name)
            case "CURSYM" where open.contains("CURRENCY") && !value.text.isEmpty:
                current?.currency = field
            case "NAME" where open.contains("PAYEE") && current?.fields["NAME"] != nil:
                break
            default:
                guard !value.text.isEmpty, current?.fields[tag.name] == nil, !open.contains("ORIGCURRENCY") else { break }
                current?.fields[tag.name] = field
            }
        }
        finish()
        return (records, refusal)
    }

    /// Walks the tags of an OFX document, SGML or XML, counting lines.
    struct Scanner {
        struct Tag {
            let name: String
            let closing: Bool
            let line: Int
            /// The tag as written.
            let source: String
        }

        private let scalars: [Unicode.Scalar]
        private var position = 0
        private var line = 1

        init(_ text: String) {
            scalars = Array(text.unicodeScalars)
        }

        /// Moves to the element `name`, or returns false when the document has none.
        mutating func skip(toElement name: String) -> Bool {
            let wanted = Array(("<" + name).unicodeScalars)
            while position + wanted.count <= scalars.count {
                if scalars[position] == "\n" { line += 1 }
                if scalars[position] == "<", zip(scalars[position..<(position + wanted.count)], wanted)
                    .allSatisfy({ $0.properties.uppercaseMapping == String($1) }) {
                    let after = position + wanted.count
                    if after == scalars.count || scalars[after] == ">" || scalars[after].properties.isWhitespace { return true }
                }
                position += 1
            }
            return false
        }

        /// The next element tag, skipping declarations, processing instructions and comments.
        mutating func nextTag() -> Tag? {
            while position < scalars.count {
                guard scalars[position] == "<" else {
                    if scalars[position] == "\n" { line += 1 }
                    position += 1
                    continue
                }
                let start = position, startLine = line
                while position < scalars.count, scalars[position] != ">" {
                    if scalars[position] == "\n" { line += 1 }
                    position += 1
                }
                let inner = String(String.UnicodeScalarView(scalars[(start + 1)..<min(position, scalars.count)]))
                position = min(position + 1, scalars.count)
                let source = String(String.UnicodeScalarView(scalars[start..<position]))
                guard let first = inner.unicodeScalars.first, first != "?", first != "!" else { continue }
                let closing = first == "/"
                let name = (closing ? inner.dropFirst() : Substring(inner))
                    .prefix { !$0.isWhitespace && $0 != "/" }.uppercased()
                guard !name.isEmpty else { continue }
                return Tag(name: name, closing: closing, line: startLine, source: source)
            }
            return nil
        }

        /// The text after the tag just read, up to the next tag: trimmed, entities decoded.
        mutating func value() -> (text: String, source: String) {
            let start = position
            while position < scalars.count, scalars[position] != "<" {
                if scalars[position] == "\n" { line += 1 }
                position += 1
            }
            let source = String(String.UnicodeScalarView(scalars[start..<position]))
            return (decoded(source.trimmingCharacters(in: .whitespacesAndNewlines)), source)
        }

        private func decoded(_ text: String) -> String {
            guard text.contains("&") else { return text }
            var result = ""
            var rest = Substring(text)
            while let amp = rest.firstIndex(of: "&") {
                result += rest[..<amp]
                let after = rest[amp...]
                if let semicolon = after.prefix(10).firstIndex(of: ";"),
                   let character = Self.entity(after[after.index(after: amp)..<semicolon]) {
                    result.append(character)
                    rest = after[after.index(after: semicolon)...]
                } else {
                    result.append("&")
                    rest = after.dropFirst()
                }
            }
            return result + rest
        }

        private static func entity(_ name: Substring) -> Character? {
            switch name.lowercased() {
            case "amp": return "&"
            case "lt": return "<"
            case "gt": return ">"
            case "quot": return "\""
            case "apos": return "'"
            case "nbsp": return " "
            default:
                guard name.hasPrefix("#") else { return nil }
                let digits = name.dropFirst()
                let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                return value.flatMap(Unicode.Scalar.init).map(Character.init)
            }
        }
    }
}
