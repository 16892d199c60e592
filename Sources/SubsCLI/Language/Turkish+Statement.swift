extension Translations {
    /// Turkish for the texts of reading statements: their errors and the words they are made of.
    /// ("date" and "amount" are in the core's table.)
import SubscriptionCore

extension SubsTranslations {
    /// Turkish for the errors of reading statements (`detect`) and its options.
    static let turkishStatement: [(String, String)] = [
        // Used by argument-parser's lists and the clipboard's tools too; it came with the statement table.
        ("or", "ya da"),
        ("%@ line %@", "%@ satır %@"),
        ("%@: the file is empty; expected a CSV statement with a header row, or an OFX file",
         "%@: dosya boş; başlık satırı olan bir CSV hesap özeti ya da bir OFX dosyası bekleniyordu"),
        ("%@: the header \"%@\" names no date column; use --map date=COL,description=COL,amount=COL",
         "%@: \"%@\" başlığında tarih sütunu yok; --map date=SÜTUN,description=SÜTUN,amount=SÜTUN ile gösterin"),
        ("%@: the header \"%@\" names no description column; use --map date=COL,description=COL,amount=COL",
         "%@: \"%@\" başlığında açıklama sütunu yok; --map date=SÜTUN,description=SÜTUN,amount=SÜTUN ile gösterin"),
        ("%@: the header \"%@\" names no amount column; use --map date=COL,description=COL,amount=COL",
         "%@: \"%@\" başlığında tutar sütunu yok; --map date=SÜTUN,description=SÜTUN,amount=SÜTUN ile gösterin"),
        ("%@: the header \"%@\" names no date or description column; use --map date=COL,description=COL,amount=COL",
         "%@: \"%@\" başlığında tarih ya da açıklama sütunu yok; --map date=SÜTUN,description=SÜTUN,amount=SÜTUN ile gösterin"),
        ("%@: the header \"%@\" names no date or amount column; use --map date=COL,description=COL,amount=COL",
         "%@: \"%@\" başlığında tarih ya da tutar sütunu yok; --map date=SÜTUN,description=SÜTUN,amount=SÜTUN ile gösterin"),
        ("%@: the header \"%@\" names no description or amount column; use --map date=COL,description=COL,amount=COL",
         "%@: \"%@\" başlığında açıklama ya da tutar sütunu yok; --map date=SÜTUN,description=SÜTUN,amount=SÜTUN ile gösterin"),
        ("%@: the header \"%@\" names no date, description or amount column; use --map date=COL,description=COL,amount=COL",
         "%@: \"%@\" başlığında tarih, açıklama ya da tutar sütunu yok; --map date=SÜTUN,description=SÜTUN,amount=SÜTUN ile gösterin"),
        ("%@: --map %@=%@ names no column of the header \"%@\"",
         "%@: --map %@=%@ ile gösterilen sütun \"%@\" başlığında yok"),
        ("%@: cannot read the date '%@' as %@ in \"%@\"",
         "%1$@: \"%4$@\" içindeki '%2$@' tarihi %3$@ olarak okunamıyor"),
        ("%@: cannot read the date '%@' in \"%@\"",
         "%1$@: \"%3$@\" içindeki '%2$@' tarihi okunamıyor"),
        ("%@: cannot read the amount '%@' in \"%@\"",
         "%1$@: \"%3$@\" içindeki '%2$@' tutarı okunamıyor"),
        ("%@: every date could be day first or month first (like '%@'); pass --date-format DD/MM/YYYY or MM/DD/YYYY",
         "%@: tarihlerin hepsi gün önde de ay önde de okunabiliyor ('%@' gibi); --date-format DD/MM/YYYY ya da MM/DD/YYYY verin"),
        ("%@: line %@ has the date '%@', day first, but line %@ has '%@', month first; the dates must be in one format",
         "%@: %@. satırdaki '%@' tarihi gün önde, %@. satırdaki '%@' ise ay önde; tarihler tek bir biçimde olmalı"),
        ("%@: a quoted field is never closed", "%@: tırnakla açılan bir alan hiç kapanmıyor"),
        ("%@: not an OFX file (no <OFX> element); for a CSV statement use --from csv",
         "%@: OFX dosyası değil (<OFX> öğesi yok); CSV hesap özeti için --from csv kullanın"),
        ("%@: a transaction with no %@ in \"%@\"", "%1$@: \"%3$@\" içindeki işlemde %2$@ yok"),
        ("%@: unknown currency '%@': expected an ISO 4217 code such as USD, EUR or TRY",
         "%@: bilinmeyen para birimi '%@': USD, EUR ya da TRY gibi bir ISO 4217 kodu bekleniyordu"),
        ("%@: the dates are in mixed formats: line %@ has '%@', but line %@ has '%@', which could be day first or month first; pass --date-format DD/MM/YYYY or MM/DD/YYYY",
         "%@: tarihler karışık biçimlerde: %@. satırda '%@' var, ama %@. satırdaki '%@' gün önde de ay önde de okunabiliyor; --date-format DD/MM/YYYY ya da MM/DD/YYYY verin"),
        ("%@: not a statement but the bank's error response (status %@: %@); download the statement again",
         "%@: bu bir hesap özeti değil, bankanın hata yanıtı (durum %@: %@); hesap özetini yeniden indirin"),
        ("%@: not a statement but the bank's error response (status %@); download the statement again",
         "%@: bu bir hesap özeti değil, bankanın hata yanıtı (durum %@); hesap özetini yeniden indirin"),
        ("invalid --map '%@': expected ROLE=COL pairs like date=Date,description=Payee,amount=Amount, each role (date, description, amount, debit, credit) once, COL a header name or a column number",
         "geçersiz --map '%@': beklenen date=Tarih,description=Açıklama,amount=Tutar gibi ROL=SÜTUN çiftleri; her rol (date, description, amount, debit, credit) bir kez, SÜTUN bir başlık adı ya da sütun numarası"),
        ("invalid --date-format '%@': expected one of %@",
         "geçersiz --date-format '%@': beklenen şunlardan biri: %@"),
    ]
}
