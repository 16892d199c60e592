/// Names for subscriptions added without a person choosing each (`detect --add`, as `import`
/// does): the name itself, or `name (2)`, `name (3)`… when another subscription has it, compared
/// as names are (PRODUCT.md §11). A name once given stays taken.
struct FreeNames {
    /// The `NameMatching` keys of the names taken.
    private var taken: Set<String>
    /// Where to go on for each name: the numbers before it are taken, so many of one name stay linear.
    private var nextNumbers: [String: Int] = [:]

    init(taken names: some Sequence<String>) {
        taken = Set(names.map(NameMatching.key))
    }

    /// `name`, or the first free `name (N)`, cut to fit a name's length; taken from now on.
    mutating func claim(_ name: String) -> String {
        let key = NameMatching.key(name)
        // Most names are free: their key is made once.
        if taken.insert(key).inserted { return name }
        var chosen: String
        var number = nextNumbers[key] ?? 2
        repeat {
            let suffix = " (\(number))"
            chosen = String(name.prefix(TextInput.nameLengths.upperBound - suffix.count)) + suffix
            number += 1
        } while taken.contains(NameMatching.key(chosen))
        nextNumbers[key] = number
        taken.insert(NameMatching.key(chosen))
        return chosen
    }
}
