/// The columns of a CSV statement that `detect` reads, as `--map` names them:
/// `date=COL,description=COL,amount=COL`, or `debit=COL` and `credit=COL` for a statement that
/// keeps money out and money in apart. COL is a header name (compared as names are, so
/// `tutar` finds `Tutar`) or a column number from 1. A role left out is found from the header.
public struct StatementColumns: Equatable, Sendable {
    public var date: String?
    public var description: String?
    public var amount: String?
    public var debit: String?
    public var credit: String?

    /// What a column holds.
    public enum Role: String, Sendable, CaseIterable {
        case date, description, amount, debit, credit
    }

    public init(date: String? = nil, description: String? = nil, amount: String? = nil,
                debit: String? = nil, credit: String? = nil) {
        self.date = date
        self.description = description
        self.amount = amount
        self.debit = debit
        self.credit = credit
    }

    /// Parses `--map`: comma-separated `ROLE=COL` pairs, each role at most once. Roles are
    /// `date`, `description`, `amount`, `debit` and `credit` (or Turkish `tarih`, `açıklama`,
    /// `tutar`, `borç`, `alacak`); a COL with a comma in it is written in double quotes.
    public init(map text: String) throws {
        self.init()
        var seen: Set<Role> = []
        let pairs = try Self.pairs(text)
        guard !pairs.isEmpty else { throw Self.invalid(text) }
        for (key, column) in pairs {
            guard let role = Self.role(named: key), !column.isEmpty, seen.insert(role).inserted else {
                throw Self.invalid(text)
            }
            self[role] = column
        }
    }

    /// The column given for `role`, if any.
    public subscript(role: Role) -> String? {
        get {
            switch role {
            case .date: date
            case .description: description
            case .amount: amount
            case .debit: debit
            case .credit: credit
            }
        }
        set {
            switch role {
            case .date: date = newValue
            case .description: description = newValue
            case .amount: amount = newValue
            case .debit: debit = newValue
            case .credit: credit = newValue
            }
        }
    }

    private static func role(named key: String) -> Role? {
        switch StatementHeader.normalized(key) {
        case "date", "tarih": .date
        case "description", "aciklama": .description
        case "amount", "tutar": .amount
        case "debit", "borc": .debit
        case "credit", "alacak": .credit
        default: nil
        }
    }

    /// The `KEY=VALUE` pairs of the text, values unquoted and both trimmed; throws on a pair
    /// without `=` or a quote never closed.
    private static func pairs(_ text: String) throws -> [(String, String)] {
        var pairs: [(String, String)] = []
        var rest = Substring(text)
        while !rest.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { throw invalid(text) }
            let key = rest[..<equals].trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: equals)...].drop { $0 == " " }
            var value: String
            if rest.first == "\"" {
                rest = rest.dropFirst()
                guard let close = rest.firstIndex(of: "\"") else { throw invalid(text) }
                value = String(rest[..<close])
                rest = rest[rest.index(after: close)...].drop { $0 == " " }
                guard rest.isEmpty || rest.first == "," else { throw invalid(text) }
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<end].trimmingCharacters(in: .whitespaces)
                rest = rest[end...]
            }
            value = value.trimmingCharacters(in: .whitespaces)
            pairs.append((key, value))
            if rest.first == "," {
                rest = rest.dropFirst()
                guard !rest.trimmingCharacters(in: .whitespaces).isEmpty else { throw invalid(text) }
            }
        }
        return pairs
    }

    private static func invalid(_ text: String) -> StatementOptionError {
        .invalidMap(text)
    }
}
