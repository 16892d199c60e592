import SubscriptionCore

extension SubsTranslations {
    /// Turkish for words several texts share.
    static let turkishWords: [(String, String)] = [
        // Names of values, which statements' errors and the command line's both say.
        ("amount", "tutar"),
        ("date", "tarih"),
        ("password",
         "şifre"),
        ("member name",
         "kişi adı"),
        ("cycle",
         "dönem"),
        ("missing",
         "eksik"),
        ("line %@: a quoted field is never closed",
         "satır %@: tırnaklı bir alan hiç kapanmıyor"),
        ("field=Column pairs separated by commas, fields %@; name and amount are required",
         "virgülle ayrılmış alan=Sütun çiftleri, alanlar %@; name ve amount zorunlu"),
        ("name",
         "ad"),
        ("line %@ is not UTF-8 text",
         "satır %@ UTF-8 metin değil"),
        // paid --on a day far from the schedule (issue 22)
        // paid --on a day far from the schedule (issue 22)
    ]
}
