extension Translations {
    /// Turkish for the texts of `SubscriptionCore`: errors, and what they say is expected.
    static let turkishCore: [(String, String)] = [
        // Names of values, which statements' errors and the command line's both say.
        ("amount", "tutar"),
        ("date", "tarih"),
        ("password",
         "şifre"),
        ("a SQLite database, but not Wallos's: it has no subscriptions table as Wallos writes it",
         "bir SQLite veritabanı ama Wallos'unki değil: Wallos'un yazdığı gibi bir subscriptions tablosu yok"),
        ("not a Wallos database: %@",
         "Wallos veritabanı değil: %@"),
        ("reading the Wallos database gave no answer",
         "Wallos veritabanını okumak yanıt vermedi"),
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
        ("wallos.db holds %@ subscriptions, more than the %@ subs imports at once",
         "wallos.db %@ abonelik içeriyor, subs'ın bir seferde içe aktardığı %@ aboneliği aşıyor"),
        ("wallos.db holds more than the %@ subscriptions subs imports at once",
         "wallos.db, subs'ın bir seferde içe aktardığı %@ aboneliği aşıyor"),
        ("cannot read the database from memory: SQLite's file layer is missing",
         "veritabanı bellekten okunamıyor: SQLite'ın dosya katmanı eksik"),
        ("line %@ is not UTF-8 text",
         "satır %@ UTF-8 metin değil"),
        // paid --on a day far from the schedule (issue 22)
        // paid --on a day far from the schedule (issue 22)
    ]
}
