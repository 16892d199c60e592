import Foundation

/// Merchant names seen through the noise banks add (PRODUCT.md §13).
///
/// A card descriptor is a merchant's name with things around it: how it was paid (`POS`,
/// `RECURRING`, `İNTERNET ÖDEME`), a processor's name before a `*` (`PAYPAL *`, `SQ *`,
/// `IYZICO/`), masked card numbers, dates, reference numbers, a phone number, and the city and
/// state or country the merchant says it is in. What is left is the name, in title case, or the
/// name a known service goes by whatever its descriptor (`APPLE.COM/BILL` and `ITUNES.COM` are
/// Apple). Charges are grouped by this name, so two descriptors of one merchant must give the
/// same one.
public enum MerchantName {
    typealias Vocabulary = MerchantVocabulary

    /// The name to group and show charges by: `NETFLIX.COM 866-579-7172 CA` and
    /// `PAYPAL *NETFLIX` are "Netflix", `SQ *BLUE BOTTLE COFFEE` is "Blue Bottle Coffee",
    /// `AMZN Mktp US*2K4LL1PQ2` is "Amazon Marketplace". A description with nothing left after
    /// the noise is its own name, spaces tidied.
    public static func normalized(_ description: String) -> String {
        // Printable ASCII, as most descriptions are, has nothing invisible to take out.
        let visible = description.utf8.allSatisfy { (0x20..<0x7F).contains($0) } ? description
            : String(String.UnicodeScalarView(description.unicodeScalars.filter { !$0.isControlOrInvisibleFormat }))
        let tidied = visible.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !tidied.isEmpty else { return "" }
        var segments = Self.segments(tidied)
        var processor: Words? = nil
        while segments.count > 1 {
            let head = cleaned(segments[0])
            let key = squashed(head.words)
            let abbreviation = head.words.count == 1 && key.count <= 3 && key.allSatisfy(\.isLetter)
            if head.words.isEmpty || Vocabulary.processors.contains(key) || abbreviation {
                // `PAYPAL *NETFLIX`, `SQ *COFFEE`: the merchant is after the processor.
                if !head.words.isEmpty { processor = head }
                segments.removeFirst()
                continue
            }
            let rest = cleaned(Array(segments.dropFirst().joined()))
            if Vocabulary.marketplaces.contains(key) {
                return marketplace(key, head: head, selling: rest)
            }
            // `ADOBE *CREATIVE CLOUD`: the merchant first, then what was bought or a reference.
            let whole = cleaned(Array(segments.joined()))
            return alias(whole.words) ?? named(head)
        }
        let words = cleaned(segments.first ?? [])
        if let alias = alias(words.words) { return alias }
        if words.words.isEmpty {
            guard let processor else { return String(tidied.prefix(TextInput.nameLengths.upperBound)) }
            return alias(processor.words) ?? named(processor)
        }
        return named(words)
    }

    /// Words of a descriptor, and whether the first was a web address (`NETFLIX.COM`): then
    /// the name is that one word, and the rest is the merchant's address.
    struct Words {
        var words: [String] = []
        var fromDomain = false
    }

    /// `GOOGLE *YOUTUBE PREMIUM` is YouTube Premium, `GOOGLE *CLOUD` Google Cloud, `GOOGLE
    /// *Clash of Clans` an app bought on Google Play; `MICROSOFT*XBOX` is Xbox, and Microsoft
    /// otherwise.
    private static func marketplace(_ key: String, head: Words, selling rest: Words) -> String {
        if let alias = alias(rest.words) { return alias }
        guard key == "google" else { return "Microsoft" }
        guard let first = rest.words.first else { return "Google" }
        if Vocabulary.googleProducts.contains(fold(first)) { return "Google " + title([first]) }
        return named(rest)
    }

    /// The descriptor cut at each `*` (and after a processor's `/`: `IYZICO/YEMEKSEPETI`), in
    /// words; masked card numbers (`****1234`, `XXXX1234`) are gone.
    private static func segments(_ text: String) -> [[String]] {
        var segments: [[String]] = [[]]
        // Foundation's replacing is costly for each of a statement's descriptions; few need it.
        let spaced = text.utf8.contains(UInt8(ascii: "_")) ? text.replacingOccurrences(of: "_", with: " ") : text
        for token in spaced.split(separator: " ") {
            if isCardMask(token) { continue }
            var part = ""
            for character in token {
                if character == "*" {
                    if !part.isEmpty { segments[segments.count - 1].append(part) }
                    part = ""
                    segments.append([])
                } else if character == "/", !part.isEmpty, Vocabulary.processors.contains(fold(part)) {
                    segments[segments.count - 1].append(part)
                    part = ""
                    segments.append([])
                } else {
                    part.append(character)
                }
            }
            if !part.isEmpty { segments[segments.count - 1].append(part) }
        }
        return segments.filter { !$0.isEmpty }
    }

    /// The name's words: what comes before it (payment words, dates, numbers) dropped, cut where
    /// its legal form, a number or a web address begins, and with the address at its end (city,
    /// state, country) gone.
    static func cleaned(_ tokens: [String]) -> Words {
        var result = Words()
        for raw in tokens {
            let token = trimmedPunctuation(raw)
            let key = fold(token)
            if result.words.isEmpty {
                let name = withoutNoisePrefix(token)
                let nameKey = fold(name)
                if name.isEmpty || isNoise(nameKey) || Vocabulary.leadingNoise.contains(nameKey) || isJunk(name, first: true) {
                    continue
                }
                if let domain = domainName(name) {
                    result.words.append(domain)
                    result.fromDomain = true
                } else {
                    result.words.append(name)
                }
                continue
            }
            if token.isEmpty || isNoise(key) { continue }
            if Vocabulary.companyForms.contains(key) || isJunk(token, first: false) || isWebAddress(token) { break }
            result.words.append(token)
        }
        var words = result.words
        while words.count > 1 {
            if Vocabulary.regionCodes.contains(fold(words[words.count - 1])) || Vocabulary.trailingNoise.contains(fold(words[words.count - 1])) {
                words.removeLast()
            } else if let length = (1...3).reversed().first(where: { length in
                length < words.count && Vocabulary.cities.contains(words.suffix(length).map(fold).joined(separator: " "))
            }) {
                words.removeLast(length)
            } else {
                break
            }
        }
        result.words = words
        return result
    }

    /// A known service the words begin with (all of them, for a name such as Apple that only
    /// names the service alone).
    static func alias(_ words: [String]) -> String? {
        for count in stride(from: min(4, words.count), through: 1, by: -1) {
            if let alias = Vocabulary.aliases[squashed(words.prefix(count))], alias.followedByMore || count == words.count {
                return alias.name
            }
        }
        return nil
    }

    /// The words as a name: the web address's name alone, `JOE S` as `Joe's`, title case.
    private static func named(_ words: Words) -> String {
        var parts = words.fromDomain ? Array(words.words.prefix(1)) : words.words
        var merged: [String] = []
        for part in parts {
            if fold(part) == "s", let previous = merged.popLast() { merged.append(previous + "'S") } else { merged.append(part) }
        }
        parts = merged
        return String(title(parts).prefix(TextInput.nameLengths.upperBound))
    }

    /// Title case, keeping words written in mixed case (`YouTube`) and short words without
    /// vowels in capitals (`CVS`, `BP`); small words lower case inside a name.
    static func title(_ words: [String]) -> String {
        words.enumerated().map { index, word in
            let key = fold(word)
            if index > 0 && Vocabulary.smallWords.contains(key) { return key }
            let letters = word.filter(\.isLetter)
            if letters.contains(where: \.isUppercase) && letters.contains(where: \.isLowercase) { return word }
            // `BT`, `O2`, `CVS`, `AT&T`: initials, not words.
            if letters.count <= 2 || letters.count <= 4 && word.contains("&")
                || letters.count == 3 && !letters.lowercased().contains(where: { "aeiouyıöüâêîôû".contains($0) }) {
                return word.uppercased()
            }
            var result = ""
            var startOfWord = true
            for character in lowercased(word) {
                result += startOfWord ? character.uppercased() : String(character)
                startOfWord = "-/.".contains(character) || character.isWhitespace
                    || result == "Mc" && letters.count > 3
            }
            return result
        }.joined(separator: " ")
    }

    /// Lower case, with the dot `İ` leaves on `i` removed.
    private static func lowercased(_ word: String) -> String {
        let lower = word.lowercased()
        // Only an `İ` leaves the dot: Foundation's replacing is not paid for every other word.
        guard lower.unicodeScalars.contains("\u{0307}") else { return lower }
        return lower.replacingOccurrences(of: "i\u{0307}", with: "i")
    }

    /// A word as the tables keep it: folded as names compare, no accents, no dots or apostrophes.
    static func fold(_ word: some StringProtocol) -> String {
        // ASCII has no accents, nor Turkish's i's: lower case is all its folding. Most words of
        // a descriptor are ASCII, and Foundation's folding was much of the cost of a statement.
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(word).lowercased().filter { $0 != "." && $0 != "'" }
        }
        return NameMatching.key(String(word)).folding(options: .diacriticInsensitive, locale: nil)
            .filter { $0 != "." && $0 != "'" && $0 != "\u{2019}" }
    }

    /// The words run together, letters and digits only, `+` as `plus`: the key of `aliases`.
    static func squashed(_ words: some Sequence<String>) -> String {
        let joined = words.map(fold).joined()
        // Foundation's replacing is costly for each of a statement's descriptions; few need it.
        let spelled = joined.utf8.contains(UInt8(ascii: "+")) ? joined.replacingOccurrences(of: "+", with: "plus") : joined
        return spelled.filter { $0.isLetter || $0.isNumber }
    }

    private static let edgePunctuation = CharacterSet(charactersIn: ",;:()[]{}<>\"#-|")

    /// `token` without `edgePunctuation` at its ends; most tokens have none, and are not handed
    /// to Foundation's trimming, costly for each word of a statement.
    private static func trimmedPunctuation(_ token: String) -> String {
        guard let first = token.unicodeScalars.first, let last = token.unicodeScalars.last,
              edgePunctuation.contains(first) || edgePunctuation.contains(last) else { return token }
        return token.trimmingCharacters(in: edgePunctuation)
    }

    private static func isNoise(_ key: String) -> Bool {
        if Vocabulary.noise.contains(key) { return true }
        let parts = key.split(separator: "-")
        return parts.count > 1 && parts.allSatisfy { Vocabulary.noise.contains(String($0)) }
    }

    /// `VDP-SPOTIFY` without its `VDP-`.
    private static func withoutNoisePrefix(_ token: String) -> String {
        var rest = Substring(token)
        while let dash = rest.firstIndex(of: "-"), dash != rest.startIndex, isNoise(fold(rest[..<dash])) {
            rest = rest[rest.index(after: dash)...]
        }
        return String(rest)
    }

    /// Numbers, dates, phone numbers and references; before the name, only what cannot begin
    /// one (`A101` and `7-ELEVEN` are names, `0115` and `XX1234` are not).
    private static func isJunk(_ token: String, first: Bool) -> Bool {
        // One pass, and ASCII without Unicode's tables: this runs for every word of every description.
        var letters = 0, digits = 0
        for character in token {
            if let ascii = character.asciiValue {
                if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii | 0x20) { letters += 1 }
                if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii) { digits += 1 }
            } else {
                if character.isLetter { letters += 1 }
                if character.isNumber { digits += 1 }
            }
        }
        if first {
            // `24 HOUR FITNESS` begins with a number; `0115` (a date) and `XX1234` do not begin a name.
            if letters == 0 { return !(1...2).contains(digits) || digits != token.count }
            return digits >= 3 && token.count >= 6
        }
        if letters == 0 { return token != "&" && token != "+" }
        return digits >= 3 || digits >= 2 && token.count >= 5
    }

    /// `****1234`, `XXXX1234`, `xx-1234`, `•••• 1234`'s first half.
    private static func isCardMask(_ token: Substring) -> Bool {
        let masked = token.prefix { "*Xx•-".contains($0) }
        return masked.filter { $0 != "-" }.count >= 2
            && token.dropFirst(masked.count).allSatisfy(\.isNumber)
    }

    /// Top-level and common second-level domains, for telling `NETFLIX.COM` from `B.V.`.
    private static let domainEndings: Set<String> = [
        "com", "net", "org", "io", "co", "tv", "app", "ai", "me", "de", "uk", "tr", "nl", "fr", "es", "it", "se",
        "us", "ca", "eu", "info", "biz", "shop", "store", "online", "so", "ly", "fm", "gg", "xyz", "dev", "ie",
        "lu", "at", "ch", "be", "dk", "no", "fi", "pl", "au", "jp",
    ]

    /// The name of a web address: `NETFLIX.COM` is NETFLIX, `WWW.AMAZON.CO.UK/PM` AMAZON,
    /// `HELP.UBER.COM` UBER; nil for what is no address.
    private static func domainName(_ token: String) -> String? {
        guard token.utf8.contains(UInt8(ascii: ".")) else { return nil }  // the common case, quickly
        let host = token.split(separator: "/", maxSplits: 1).first.map(String.init) ?? token
        var labels = host.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return nil }
        if fold(labels[0]) == "www" { labels.removeFirst() }
        guard labels.count >= 2, domainEndings.contains(fold(labels[labels.count - 1])) else { return nil }
        labels.removeLast()
        if labels.count >= 2, ["co", "com", "org", "net"].contains(fold(labels[labels.count - 1])) { labels.removeLast() }
        return labels.last
    }

    /// A web address or a path after the name: `HELP.UBER.COM`, `g.co/helppay#`.
    private static func isWebAddress(_ token: String) -> Bool {
        // Foundation's `contains` is asked only when the byte is there: most words have neither.
        let bytes = token.utf8
        return bytes.contains(UInt8(ascii: "/")) && token.contains("/") || bytes.contains(UInt8(ascii: "@")) && token.contains("@")
            || domainName(token) != nil
    }
}
