/// Merchant names of a statement's descriptions, each worked out once per shape: a statement
/// repeats its descriptors, and many differ only in a reference number (`TESCO STORES 12
/// REF004211`, `UBER TRIP 7731942`) that a name never keeps (`MerchantName.cleaned` drops such a
/// word, or stops at it). A statement of 100,000 lines spent most of its time naming them.
public struct MerchantNameCache {
    private var byDescription: [String: String] = [:]
    /// Names by shape; nil when the shape's name holds the placeholder (nothing but a reference
    /// was left, so the description is its own name).
    private var byShape: [String: String?] = [:]

    public init() {}

    /// `MerchantName.normalized(description)`.
    public mutating func normalized(_ description: String) -> String {
        if let name = byDescription[description] { return name }
        let name: String
        if let shape = Self.shape(description) {
            if let known = byShape[shape] {
                name = known ?? MerchantName.normalized(description)
            } else {
                let shaped = MerchantName.normalized(shape)
                let usable = !shaped.contains(Self.placeholder)
                byShape[shape] = usable ? shaped : String?.none
                name = usable ? shaped : MerchantName.normalized(description)
            }
        } else {
            name = MerchantName.normalized(description)
        }
        byDescription[description] = name
        return name
    }

    /// What stands for a reference: junk to `MerchantName` wherever it stands, as the words it
    /// replaces are.
    private static let placeholder = "000000"

    /// The description with its words spaced as `MerchantName` spaces them and each reference
    /// replaced by `placeholder`; nil when it has none, or is not printable ASCII.
    private static func shape(_ description: String) -> String? {
        guard description.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) else { return nil }
        var replaced = false
        let words = description.split(whereSeparator: \.isWhitespace).map { word -> Substring in
            guard isReference(word) else { return word }
            replaced = true
            return Substring(placeholder)
        }
        return replaced ? words.joined(separator: " ") : nil
    }

    /// Letters and digits only, six or more with three digits at least, not begun by an `X` (a
    /// masked card number, `XX123456`, is left out rather than cut at): a word
    /// `MerchantName.cleaned` drops before a name and stops at after one.
    private static func isReference(_ word: Substring) -> Bool {
        guard word.utf8.count >= 6, let first = word.utf8.first, first != UInt8(ascii: "X"), first != UInt8(ascii: "x")
        else { return false }
        var digits = 0
        for byte in word.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): continue
            default: return false
            }
        }
        return digits >= 3
    }
}
