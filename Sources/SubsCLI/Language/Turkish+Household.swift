extension SubsTranslations {
    /// Turkish for household money (PRODUCT.md §15): `--paid-by`, `subs owe`, `subs settle`.
    static let turkishHousehold: [(String, String)] = [
        // subs add and edit --paid-by, subs show
        ("Who pays the bill, when not you (config me); 'subs owe' counts what is owed to them.",
         "Faturayı siz değilseniz kim ödüyor (config me); 'subs owe' ona olan borcu hesaplar."),
        ("Who pays the bill, or 'none' for you (config me).",
         "Faturayı kim ödüyor; siz ödüyorsanız 'yok' (config me)."),
        ("Paid by", "Ödeyen"),
        ("Owner", "Sahibi"),
        ("you", "siz"),

        // subs settle
        ("Record that one person paid another what they owed ('subs owe' counts it).",
         "Bir kişinin borcunu diğerine ödediğini kaydet ('subs owe' bunu hesaba katar)."),
        ("Examples:\n  subs settle bob alice 5.97\n  subs settle carol alice 20 --currency EUR --on 2026-03-31",
         "Örnekler:\n  subs settle bob alice 5,97\n  subs settle carol alice 20 --currency EUR --on 2026-03-31"),
        ("Who paid.", "Ödeyen kişi."),
        ("Who was paid.", "Ödenen kişi."),
        ("How much, like 5.97 (no more decimals than the currency has).",
         "Tutar, örneğin 5,97 (para biriminin izin verdiğinden fazla ondalık olmadan)."),
        ("The day it was paid (default: today).", "Ödendiği gün (varsayılan: bugün)."),
        ("Recorded: %@ paid %@ %@ on %@.", "Kaydedildi: %1$@, %4$@ tarihinde %2$@ kişisine %3$@ ödedi."),

        // subs owe
        ("Work out what the household owes each other for shared bills, and the fewest transfers that settle it.",
         "Ortak faturalar için hanedekilerin birbirine borcunu ve bunu kapatan en az sayıda ödemeyi hesapla."),
        ("Each payment made of a shared subscription (--shared-with) is split by weight, whoever\nadded it counting 1 (config me on their machine); each part is owed to whoever pays\nthe bill (--paid-by, default whoever added it). Recorded charges count as charged;\nsettlements ('subs settle') count against what is owed. Per currency, and in the base\ncurrency when every rate is set.\n\nExamples:\n  subs owe\n  subs owe --since 2026-01-01 --until 2026-03-31 --format json",
         "Paylaşılan bir aboneliğin (--shared-with) yapılan her ödemesi ağırlıklara göre bölünür,\nonu ekleyen 1 sayılır (kendi makinesindeki config me); her pay faturayı ödeyene\nborçtur (--paid-by, varsayılan onu ekleyen). Kaydedilen tahsilatlar tahsil edildiği\ngibi sayılır; hesaplaşmalar ('subs settle') borçtan düşülür. Para birimi başına ve her\nkur ayarlıysa temel para biriminde.\n\nÖrnekler:\n  subs owe\n  subs owe --since 2026-01-01 --until 2026-03-31 --format json"),
        ("The first day counted (default: the first payment).", "Hesaba katılan ilk gün (varsayılan: ilk ödeme)."),
        ("The last day counted (default: today).", "Hesaba katılan son gün (varsayılan: bugün)."),
        ("Nobody owes anybody anything through %@.", "%@ tarihine kadar kimsenin kimseye borcu yok."),
        ("Owed from %@ through %@:", "%@ ile %@ arasındaki borçlar:"),
        ("Owed through %@:", "%@ tarihine kadarki borçlar:"),
        ("%@ owes %@ %@", "%1$@, %2$@ kişisine %3$@ borçlu"),
        ("All in %@, at your rates:", "Hepsi %@ cinsinden, kurlarınızla:"),
        ("nothing: it evens out", "hiçbir şey: birbirini götürüyor"),
        ("Not in %@: no rate for %@ (set one with 'subs rates set CODE RATE').",
         "%1$@ cinsinden değil: %2$@ için kur yok ('subs rates set KOD KUR' ile ayarlayın)."),

        // subs log and undo
        ("settle", "hesaplaşma"),
        ("%@ paid %@ %@ %@ on %@", "%1$@, %5$@ tarihinde %2$@ kişisine %3$@ %4$@ ödedi"),
        ("paid by %@ → %@", "ödeyen %@ → %@"),

        // Errors/ModelErrors.swift
        ("%@ cannot settle with themselves: expected two different people",
         "%@ kendisiyle hesaplaşamaz: iki farklı kişi beklenir"),
        ("invalid date '%@': it is after today (%@); record a settlement once it is paid",
         "geçersiz tarih '%@': bugünden (%@) sonra; hesaplaşmayı ödendiğinde kaydedin"),
        ("invalid amount '0': expected more than 0 %@ to settle",
         "geçersiz tutar '0': hesaplaşma için 0 %@ üzerinde bir tutar beklenir"),
        ("invalid --since '%@': expected a date on or before --until %@",
         "geçersiz --since '%@': --until %@ tarihinde ya da öncesinde bir tarih beklenir"),
    ]
}
