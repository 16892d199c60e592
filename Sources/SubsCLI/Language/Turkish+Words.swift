import SubscriptionCore

extension SubsTranslations {
    /// Turkish for words several texts share.
    static let turkishWords: [(String, String)] = [
        // Names of values, which statements' errors and the command line's both say.
        ("password",
         "şifre"),
        ("missing",
         "eksik"),
        ("line %@: a quoted field is never closed",
         "satır %@: tırnaklı bir alan hiç kapanmıyor"),
        ("name",
         "ad"),
        ("line %@ is not UTF-8 text",
         "satır %@ UTF-8 metin değil"),
        // paid --on a day far from the schedule (issue 22)
        // paid --on a day far from the schedule (issue 22)
    ]
}
