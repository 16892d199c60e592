import SubscriptionCore

extension SubsTranslations {
    /// Turkish for the questions of interactive `subs add`.
    static let turkishPrompts: [(String, String)] = [
        ("cancelled; nothing was added",
         "vazgeçildi; hiçbir şey eklenmedi"),
        ("Name",
         "Ad"),
        ("Currency",
         "Para birimi"),
        ("Billing cycle",
         "Ödeme dönemi"),
        ("First billing date",
         "İlk ödeme tarihi"),
        ("Free trial ends (a date, or empty for none)",
         "Ücretsiz deneme bitişi (bir tarih; yoksa boş bırakın)"),
        ("Category (%@; empty for none)",
         "Kategori (%@; yoksa boş bırakın)"),
        ("Where to manage it (a URL, or empty)",
         "Yönetileceği adres (bir URL ya da boş)"),
        ("Payment method (or empty)",
         "Ödeme yöntemi (ya da boş)"),
        ("Days before each payment to remind",
         "Her ödemeden kaç gün önce hatırlatılsın"),
        ("Notes (or empty)",
         "Notlar (ya da boş)"),
        ("The first login creates the vault: choose its passphrase.",
         "İlk giriş bilgisi kasayı oluşturur: kasa parolasını seçin."),
        ("It opens every password, and subs cannot recover it if it is lost.",
         "Bütün şifreleri o açar; unutulursa subs onu kurtaramaz."),
        ("Undo this change? [y/N] ",
         "Bu değişiklik geri alınsın mı? [e/H] "),
    ]
}
