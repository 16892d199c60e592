extension String {
    /// The address with the credentials it may carry (`scheme://user:password@host`) replaced by
    /// `***`, for anything shown: errors, logs, listings. Read as text, not parsed, so that an
    /// address no URL parser accepts is redacted too (a proxy setting may have no scheme, a
    /// password may hold an unescaped `/` or `#`): everything before the last `@` goes, which
    /// hides too much of an odd address rather than too little.
    public var withoutURLCredentials: String {
        guard let at = lastIndex(of: "@") else { return self }
        let authorityStart = range(of: "://").map { $0.upperBound < at ? $0.upperBound : startIndex } ?? startIndex
        return self[..<authorityStart] + "***" + self[at...]
    }
}
