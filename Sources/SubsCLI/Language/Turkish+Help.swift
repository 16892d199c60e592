import SubscriptionCore

extension SubsTranslations {
    /// Turkish for the help of every command, option and argument, grouped by command.
    static let turkishHelp: [(String, String)] = [
        // subs
        ("Track recurring payments in an encrypted local database.",
         "Düzenli ödemeleri şifreli, yerel bir veritabanında takip et."),
        ("Run 'subs help <subcommand>' for the options of each command.",
         "Her komutun seçenekleri için: 'subs help <alt-komut>'."),

        // options of every command that opens the database
        ("The database file (default: $SUBS_DB, else ~/.local/share/subs/subs.db).",
         "Veritabanı dosyası (varsayılan: $SUBS_DB, yoksa ~/.local/share/subs/subs.db)."),
        ("File with the 64-hex-digit key (default: $SUBS_KEY_FILE, else ~/.config/subs/key).",
         "64 onaltılık basamaklı anahtarı içeren dosya (varsayılan: $SUBS_KEY_FILE, yoksa ~/.config/subs/key)."),
        ("File whose first line is the passphrase (instead of $SUBS_PASSPHRASE or a key file).",
         "İlk satırı parola olan dosya ($SUBS_PASSPHRASE ya da anahtar dosyası yerine)."),
        ("Compute as if today were this date (default: $SUBS_TODAY, else today in your time zone).",
         "Bugün bu tarihmiş gibi hesapla (varsayılan: $SUBS_TODAY, yoksa saat diliminize göre bugün)."),

        // shared by several commands
        ("Output format.",
         "Çıktı biçimi."),
        ("The subscription: its name, its id, or the first 4+ characters of its id.",
         "Abonelik: adı, kimliği ya da kimliğinin ilk 4+ karakteri."),

        // subs add
        ("Add a subscription.",
         "Abonelik ekle."),
        ("Examples:\n  subs add Netflix 15.49 --every month --start 2024-01-31 --category Streaming\n  subs add \"iCloud+\" 2.99 --currency EUR --trial-end +1m\n  subs add \"Acme Insurance\" 40 --start 2025-04-01 --term 1y --notice 3m\n  subs add Phone 25 --term 24m --renews 1m --notice 1m",
         "Örnekler:\n  subs add Netflix 15,49 --every aylık --start 31.01.2024\n  subs add BluTV 99,90 --currency TRY --category 'Dizi ve Film'\n  subs add \"iCloud+\" 2,99 --currency EUR --trial-end +1a\n  subs add Kasko 400 --start 01.04.2025 --term '1 yıl' --notice '3 ay'\n  subs add Telefon 250 --term '24 ay' --renews '1 ay' --notice '1 ay'"),
        ("What you pay for, as you want to see it.",
         "Ödeme yaptığınız hizmet, görmek istediğiniz adıyla."),
        ("What one payment costs, like 15.49 (no more decimals than the currency has).",
         "Bir ödemenin tutarı, örneğin 15,49 (para biriminin izin verdiğinden fazla ondalık olmadan)."),
        ("ISO 4217 code (default: config currency, initially USD).",
         "ISO 4217 kodu (varsayılan: config currency, başlangıçta USD)."),
        ("How often it bills: monthly, yearly, weekly, '3 months', 2w, 90d ..., or once (default: monthly).",
         "Ödeme sıklığı: aylık, yıllık, haftalık, '3 ayda bir', 2w, 90d ... ya da tek sefer (varsayılan: aylık)."),
        ("The first billing date (default: today).",
         "İlk ödeme tarihi (varsayılan: bugün)."),
        ("End of a free trial: the date of the first paid charge.",
         "Ücretsiz deneme süresinin sonu: ilk ücretli tahsilatın tarihi."),
        ("A category, such as Streaming or Software.",
         "Bir kategori, örneğin 'Dizi ve Film' ya da Yazılım."),
        ("Where to manage it.",
         "Aboneliği yönetebileceğiniz adres."),
        ("Free text.",
         "Serbest metin."),
        ("How you pay, like 'Visa ••4242'.",
         "Ödeme yöntemi, örneğin 'Visa ••4242'."),
        ("Days before each payment to remind, like 7,1 (default: config remind-days).",
         "Her ödemeden kaç gün önce hatırlatılacağı, örneğin 7,1 (varsayılan: config remind-days)."),
        ("People you share the cost with, weights after a colon: 'Alice,Bob:2' (you count 1).",
         "Maliyeti paylaştığınız kişiler; ağırlıklar iki noktadan sonra: 'Ayşe,Mehmet:2' (siz 1 sayılırsınız)."),
        ("It does not renew by itself (the same as --renewal manual).",
         "Kendiliğinden yenilenmez (--renewal manual ile aynı)."),

        // subs add and subs edit: a contract (PRODUCT.md §14)
        ("Contract term from the first paid charge: 24m, 1y, '12 months', 4w, 90d ('none' removes the contract).",
         "İlk ücretli ödemeden başlayan sözleşme süresi: '24 ay', '1 yıl', 24m, 4w, 90d (sözleşmeyi kaldırmak için 'yok')."),
        ("Each renewal term after the first (default: the term again; 1m for month by month).",
         "İlkinden sonraki her yenileme dönemi (varsayılan: aynı süre; aydan aya için '1 ay')."),
        ("How long before a term ends notice must arrive, like 3m or 30d ('none': by its last day).",
         "Bildirimin dönem bitmeden ne kadar önce ulaşması gerektiği, örneğin '3 ay' ya da 30d ('yok': son gününe kadar)."),
        ("A one-off last day to cancel, without a contract term, or 'none'.",
         "Sözleşme süresi olmadan tek seferlik son iptal günü ya da 'yok'."),
        ("No payment after this day, or 'none'.",
         "Bu günden sonra ödeme yok; ya da 'yok'."),
        ("Exactly this many payments, from the first (instead of --ends).",
         "İlkinden başlayarak tam bu kadar ödeme (--ends yerine)."),
        ("auto: charged until cancelled; manual: renews only when you pay ('subs paid').",
         "auto: iptal edilene kadar tahsil edilir; manual: yalnızca siz ödeyince yenilenir ('subs paid')."),

        // subs edit
        ("Change a subscription.",
         "Bir aboneliği düzenle."),
        ("A new amount is a price change: it applies to payments on or after --effective\n(default today), and earlier payments keep the old price. A new cycle is a plan\nchange: from --effective (default today) a new billing period starts on that day,\ncharging the new amount; payments before it keep their dates and prices.\n--effective start corrects the whole history instead.\n\nExamples:\n  subs edit Netflix --amount 17.99 --effective 2026-12-01\n  subs edit disney+ --every yearly --amount 139.99 --effective 2027-01-01\n  subs edit gym --every monthly --effective start\n  subs edit 3f2a --trial-end none --category Streaming\n  subs edit phone --notice 1m --renewal manual\n  subs edit gym --term none",
         "Yeni bir tutar bir fiyat değişikliğidir: --effective günü (varsayılan bugün) ve\nsonrasındaki ödemelere uygulanır; önceki ödemeler eski fiyatı korur. Yeni bir\ndönem bir plan değişikliğidir: --effective gününde (varsayılan bugün) yeni\ntutarla yeni bir ödeme dönemi başlar; öncesindeki ödemeler tarihlerini ve\nfiyatlarını korur. --effective başlangıç ise bunun yerine tüm geçmişi düzeltir.\n\nÖrnekler:\n  subs edit Netflix --amount 17,99 --effective 01.12.2026\n  subs edit disney+ --every yıllık --amount 139,99 --effective 01.01.2027\n  subs edit spor --every aylık --effective başlangıç\n  subs edit 3f2a --trial-end yok --category 'Dizi ve Film'\n  subs edit telefon --notice '1 ay' --renewal manual\n  subs edit spor --term yok"),
        ("The subscription: its name or the start of it, its id or the first 4+ characters of it.",
         "Abonelik: adı ya da adının başı, kimliği ya da kimliğinin ilk 4+ karakteri."),
        ("A new name.",
         "Yeni bir ad."),
        ("A new price.",
         "Yeni bir fiyat."),
        ("When a new --amount or --every takes effect (default: today), or 'start' to correct the whole history.",
         "Yeni --amount ya da --every'nin geçerli olacağı gün (varsayılan: bugün) ya da tüm geçmişi düzeltmek için 'başlangıç'."),
        ("Correct the currency: recorded prices keep their numbers under the new code.",
         "Para birimini düzelt: kayıtlı fiyatlar aynı sayılarla yeni koda geçer."),
        ("A new billing cycle: monthly, yearly, weekly, '3 months', 2w, 90d ...",
         "Yeni bir ödeme dönemi: aylık, yıllık, haftalık, '3 ayda bir', 2w, 90d ..."),
        ("A new first billing date.",
         "Yeni bir ilk ödeme tarihi."),
        ("End of a free trial, or 'none'.",
         "Ücretsiz deneme süresinin sonu ya da 'yok'."),
        ("A category, or 'none'.",
         "Bir kategori ya da 'yok'."),
        ("A URL; empty to remove.",
         "Bir URL; kaldırmak için boş bırakın."),
        ("Notes; empty to remove.",
         "Notlar; kaldırmak için boş bırakın."),
        ("Payment method; empty to remove.",
         "Ödeme yöntemi; kaldırmak için boş bırakın."),
        ("Reminder days like 7,1, or 'default' for config remind-days.",
         "7,1 gibi hatırlatma günleri ya da config remind-days için 'varsayılan'."),
        ("People you share the cost with, like 'Alice,Bob:2', or 'none'.",
         "Maliyeti paylaştığınız kişiler, örneğin 'Ayşe,Mehmet:2' ya da 'yok'."),
        ("Whether it renews by itself (the same as --renewal auto|manual).",
         "Kendiliğinden yenilenip yenilenmediği (--renewal auto|manual ile aynı)."),

        // subs list
        ("List subscriptions with their next payment and monthly cost.",
         "Abonelikleri sonraki ödemeleri ve aylık maliyetleriyle listele."),
        ("Only subscriptions with these statuses, separated by commas, like active,trial.",
         "Yalnızca bu durumlardaki abonelikler (virgülle ayrılmış), örneğin aktif,deneme."),
        ("Only subscriptions in this category.",
         "Yalnızca bu kategorideki abonelikler."),
        ("Only subscriptions whose name, notes or URL contain this text.",
         "Yalnızca adında, notlarında ya da URL'sinde bu metin geçen abonelikler."),
        ("Only subscriptions paid this way (matches part of it, like visa).",
         "Yalnızca bu yöntemle ödenen abonelikler (bir kısmı da eşleşir, örneğin visa)."),
        ("Sort order.",
         "Sıralama ölçütü."),
        ("Reverse the order.",
         "Sırayı ters çevir."),

        // subs show
        ("Show one subscription with its price history and payments.",
         "Bir aboneliği fiyat geçmişi ve ödemeleriyle göster."),

        // subs delete
        ("Delete subscriptions with their price history.",
         "Abonelikleri fiyat geçmişleriyle birlikte sil."),
        ("Asks first on a terminal; when standard input is not a terminal, --yes is required.",
         "Terminalde önce sorar; standart girdi terminal değilse --yes gerekir."),
        ("Subscriptions: names or the start of names, ids or the first 4+ characters of ids.",
         "Abonelikler: adları ya da adlarının başı, kimlikleri ya da kimliklerinin ilk 4+ karakteri."),
        ("Delete without asking.",
         "Sormadan sil."),

        // subs upcoming
        ("List every payment, trial end, last day to cancel and end due soon, oldest first.",
         "Yaklaşan tüm ödemeleri, deneme bitişlerini, son iptal günlerini ve sona erişleri tarih sırasıyla listele."),
        ("The window runs from today through today + --days (default 30), both inclusive. A 'cancel by' row shows what missing the deadline costs, an 'ends' row the last payment; the totals count payments only.",
         "Aralık bugünden bugün + --days (varsayılan 30) gününe kadardır, iki uç dahil. 'son iptal günü' satırı o gün kaçırılırsa ne ödeneceğini, 'sona eriyor' satırı son ödemeyi gösterir; toplamlara yalnızca ödemeler girer."),
        ("How many days ahead to look (default: 30).",
         "Kaç gün ileriye bakılacağı (varsayılan: 30)."),
        ("Look ahead through this date instead.",
         "Bunun yerine bu tarihe kadar bak."),

        // subs cancel, subs pause, subs resume (shared)
        ("The day it takes effect (default: today).",
         "Geçerli olacağı gün (varsayılan: bugün)."),

        // subs cancel
        ("Cancel a subscription: no payment after the date (--on, default today) is charged.",
         "Bir aboneliği iptal et: o tarihten (--on, varsayılan bugün) sonra hiçbir ödeme tahsil edilmez."),
        ("It stays usable until the day before the first payment that will not be made. A subscription with a contract term is cancelled by giving notice on --on: the contract ends at the first term end whose cancel-by day is on or after it, and the payments up to that end are still charged; --end forces an earlier end.",
         "Yapılmayacak ilk ödemeden bir gün öncesine kadar kullanılabilir kalır. Sözleşme süresi olan bir abonelik --on gününde bildirim verilerek iptal edilir: sözleşme, son iptal günü o gün ya da sonrasında olan ilk dönem sonunda sona erer ve o güne kadarki ödemeler yine tahsil edilir; --end daha erken bir bitişi zorlar."),
        ("For a contract: end it on this day instead of at a term end (a special termination).",
         "Sözleşme için: dönem sonu yerine bu günde sona erdir (özel fesih)."),

        // subs pause
        ("Pause a subscription: payments from --on (default today) up to --until are skipped.",
         "Bir aboneliği duraklat: --on gününden (varsayılan bugün) --until gününe kadarki ödemeler atlanır."),
        ("Payments after the pause fall on the same days as before. Without --until, it\nlasts until 'subs resume'.",
         "Duraklatmadan sonraki ödemeler eskisiyle aynı günlere düşer. --until olmadan\n'subs resume' çalıştırılana kadar sürer."),
        ("The day payments resume (default: never, until 'subs resume').",
         "Ödemelerin yeniden başlayacağı gün (varsayılan: yok, 'subs resume' çalıştırılana kadar)."),

        // subs resume
        ("Resume a paused or cancelled subscription on --on (default today).",
         "Duraklatılmış ya da iptal edilmiş bir aboneliği --on gününde (varsayılan bugün) yeniden başlat."),
        ("After a pause, payments continue on their usual days from the date on. After a\ncancellation (also one that came during a pause), billing restarts: the date\nbecomes the new billing day. It prints each thing it did.",
         "Duraklatmadan sonra ödemeler o tarihten itibaren her zamanki günlerinde sürer.\nİptalden sonra (duraklatma sırasında yapılmış olsa bile) ödemeler yeniden\nbaşlar: o tarih yeni ödeme günü olur. Yaptığı her şeyi yazar."),

        // subs remind
        ("Print the reminders that are due, once each: the command for cron.",
         "Zamanı gelen hatırlatmaları, her birini bir kez yaz: cron'a verilecek komut."),
        ("For each subscription that is not paused or cancelled and each of its reminder\noffsets K (--remind on add/edit, else config remind-days), a payment or trial end\nthat is K days away or less is reminded once; a run after missed days catches up.\nA last day to cancel (a contract's notice deadline, or --cancel-by) is reminded\nthe same way at its own offsets (--remind-cancel, else config\nremind-cancel-days, 30,7 at first), also while paused, whatever --remind says.\nA plan renewed by hand is reminded that it expires. Prints nothing and exits 0\nwhen nothing is due.\n\n--exec runs a command (through /bin/sh -c) once per reminder, with the reminder as\nJSON on standard input and as SUBS_NAME, SUBS_AMOUNT, SUBS_CURRENCY, SUBS_DATE,\nSUBS_DAYS_UNTIL, SUBS_KIND (payment, trial_end or cancel_by), SUBS_OFFSET,\nSUBS_RENEWAL, SUBS_TERM_END, SUBS_ID and SUBS_MESSAGE. --webhook posts the same\nJSON, with 'content' and 'text' for Discord and Slack. A reminder whose hook\nfails is reported and not recorded, so the next run sends it again. Defaults:\nconfig remind-exec and remind-webhook.\n\nSIGINT or SIGTERM stops the hook that is running, keeps what was delivered\nrecorded and leaves the rest for the next run. --today may not be later than\ntoday unless with --dry-run.",
         "Duraklatılmamış ya da iptal edilmemiş her abonelik ve her hatırlatma aralığı K\n(add/edit'te --remind, yoksa config remind-days) için, K gün ya da daha az\nkalmış bir ödeme ya da deneme bitişi bir kez hatırlatılır; kaçırılan günlerden\nsonraki bir çalıştırma eksikleri tamamlar. Son iptal günü (bir sözleşmenin\nbildirim süresinin son günü ya da --cancel-by) aynı biçimde kendi aralıklarıyla\nhatırlatılır (--remind-cancel, yoksa config remind-cancel-days, başta 30,7);\nduraklatılmışken de, --remind ne derse desin. Elle yenilenen bir planın sona\nereceği hatırlatılır. Zamanı gelen bir şey yoksa hiçbir şey yazmaz ve 0 koduyla\nçıkar.\n\n--exec her hatırlatma için bir komutu (/bin/sh -c ile) bir kez çalıştırır;\nhatırlatma standart girdiye JSON olarak, ayrıca SUBS_NAME, SUBS_AMOUNT,\nSUBS_CURRENCY, SUBS_DATE, SUBS_DAYS_UNTIL, SUBS_KIND (payment, trial_end ya da\ncancel_by), SUBS_OFFSET, SUBS_RENEWAL, SUBS_TERM_END, SUBS_ID ve SUBS_MESSAGE\ndeğişkenleriyle verilir. --webhook aynı JSON'u Discord ve Slack için 'content'\nve 'text' ile gönderir. Kancası başarısız olan hatırlatma bildirilir ama\nkaydedilmez; sonraki çalıştırma onu yeniden gönderir. Varsayılanlar: config\nremind-exec ve remind-webhook.\n\nSIGINT ya da SIGTERM çalışmakta olan kancayı durdurur, teslim edilenleri\nkayıtlı tutar ve kalanları sonraki çalıştırmaya bırakır. --dry-run olmadan\n--today bugünden sonra olamaz."),
        ("Show what is due without running hooks or recording anything.",
         "Kanca çalıştırmadan ve hiçbir şey kaydetmeden zamanı gelenleri göster."),
        ("Days before a last day to cancel to remind, like 30,7, or none (default: config remind-cancel-days).",
         "Son iptal gününden kaç gün önce hatırlatılacağı, örneğin 30,7 ya da yok (varsayılan: config remind-cancel-days)."),
        ("Run this command for each reminder (default: config remind-exec).",
         "Her hatırlatma için bu komutu çalıştır (varsayılan: config remind-exec)."),
        ("POST each reminder as JSON to this URL (default: config remind-webhook).",
         "Her hatırlatmayı JSON olarak bu URL'ye POST et (varsayılan: config remind-webhook)."),

        // subs calendar
        ("Show a month as cal does, with payment days and deadlines marked.",
         "Bir ayı cal gibi göster; ödeme günleri ve son iptal günleri işaretli."),
        ("MONTH is YYYY-MM (default: this month), or MM.YYYY, or a month's name and year like 'November 2026' or 'Kasım 2026'. Marks: * payment, + trial ends, ! last day to cancel, # ends; a legend under the month lists each. Past months show the payments made.",
         "AY, YYYY-AA (varsayılan: bu ay), AA.YYYY ya da 'Kasım 2026' veya 'November 2026' gibi ayın adı ve yılıdır. İşaretler: * ödeme, + deneme biter, ! son iptal günü, # sona eriyor; ayın altındaki açıklama her birini listeler. Geçmiş aylar yapılmış ödemeleri gösterir."),
        ("The month to show (default: this month).",
         "Gösterilecek ay (varsayılan: bu ay)."),

        // subs summary, subs stats (shared)
        ("Count only your part of shared costs.",
         "Paylaşılan maliyetlerin yalnızca size düşen payını say."),

        // subs summary
        ("What you pay: totals, the next payments, trials ending, budget use.",
         "Ne ödediğiniz: toplamlar, sonraki ödemeler, biten deneme süreleri, bütçe kullanımı."),
        ("Totals count active subscriptions and trials. A total in one currency appears\nwhen every exchange rate it needs is set ('subs rates set'). Budget: 'subs config\nset budget 150' (a monthly amount in the base currency); a warning from 80%%.",
         "Toplamlara aktif abonelikler ve deneme süresindekiler dahildir. Tek para\nbirimindeki toplam, gereken her döviz kuru belirlenmişse görünür\n('subs rates set'). Bütçe: 'subs config set budget 150' (temel para biriminde\naylık tutar); %%80'den itibaren uyarı verilir."),
        ("Convert totals into this currency (default: config currency).",
         "Toplamları bu para birimine çevir (varsayılan: config currency)."),
        ("Exit 1 when over budget, for scripts.",
         "Bütçe aşılmışsa 1 koduyla çık (betikler için)."),

        // subs stats
        ("Spend by category, per month from the payments made, and a 12-month forecast.",
         "Kategoriye göre harcama, yapılan ödemelere göre aylık harcama ve 12 aylık tahmin."),
        ("Figures are in the base currency (config currency), converted with 'subs rates'.",
         "Rakamlar temel para birimindedir (config currency); 'subs rates' ile çevrilir."),
        ("How many months back, this one included.",
         "Bu ay dahil kaç ay geriye gidileceği."),

        // subs rates
        ("Exchange rates into your base currency (config currency).",
         "Temel para birimine (config currency) göre döviz kurları."),
        ("'subs rates set EUR 1.08' means 1 EUR = 1.08 in the base currency;\n'subs rates set TRY 34.5 --inverse' means 1 in the base currency = 34.5 TRY.\nTotals are converted only when every rate they need is known. Nothing is fetched\nfrom the network.",
         "'subs rates set EUR 1,08': 1 EUR = temel para biriminde 1,08;\n'subs rates set TRY 34,5 --inverse': temel para biriminde 1 = 34,5 TRY.\nToplamlar yalnızca gereken her kur biliniyorsa çevrilir. Ağdan hiçbir şey\nindirilmez."),

        // subs rates list
        ("Show the rates and when each was set.",
         "Kurları ve her birinin ne zaman belirlendiğini göster."),

        // subs rates set, subs rates delete (shared)
        ("The currency, like EUR.",
         "Para birimi, örneğin EUR."),

        // subs rates set
        ("Set the rate of one currency.",
         "Bir para biriminin kurunu belirle."),
        ("What 1 unit of it is worth in the base currency, like 1.08.",
         "1 biriminin temel para birimindeki karşılığı, örneğin 1,08."),
        ("The rate is what 1 unit of the base currency is worth in <code>: '--inverse TRY 34.5'.",
         "Kur, temel para biriminden 1 birimin <kod> cinsinden karşılığıdır: '--inverse TRY 34,5'."),
        ("Stored as the rate of 1 <code>: exact when 1/rate has a finite decimal, else rounded to 20 significant digits.",
         "1 <kod> kuru olarak saklanır: 1/kur sonlu bir ondalık sayıysa tam, değilse 20 anlamlı basamağa yuvarlanarak."),

        // subs rates delete
        ("Delete the rate of one currency.",
         "Bir para biriminin kurunu sil."),

        // subs rates import
        ("Set rates from a CSV file of 'code,rate' lines.",
         "Kurları 'kod,kur' satırlarından oluşan bir CSV dosyasından al."),
        ("A bad line refuses the whole file, naming its line number.",
         "Hatalı tek bir satır tüm dosyanın reddedilmesine yol açar; satır numarası bildirilir."),
        ("The CSV file.",
         "CSV dosyası."),

        // subs category
        ("List and manage categories.",
         "Kategorileri listele ve yönet."),

        // subs category list
        ("Show categories with how many subscriptions use each.",
         "Kategorileri ve her birini kaç aboneliğin kullandığını göster."),

        // subs category add
        ("Add a category.",
         "Kategori ekle."),
        ("Its name.",
         "Kategorinin adı."),
        ("A colour: %@, or #rrggbb.",
         "Bir renk: %@ ya da #rrggbb."),

        // subs category rename
        ("Rename a category; its subscriptions follow.",
         "Bir kategoriyi yeniden adlandır; abonelikleri de yeni ada geçer."),
        ("The current name.",
         "Kategorinin şimdiki adı."),
        ("The new name.",
         "Kategorinin yeni adı."),

        // subs category delete
        ("Delete a category no subscription uses.",
         "Hiçbir aboneliğin kullanmadığı bir kategoriyi sil."),
        ("The name.",
         "Kategorinin adı."),

        // subs config
        ("Read and change settings.",
         "Ayarları oku ve değiştir."),
        ("Keys:\n  currency            the default currency of new subscriptions (default USD)\n  remind-days         days before a payment to remind, like 7,1 (default 2)\n  remind-cancel-days  days before a last day to cancel to remind (default 30,7)\n  reminders           on or off: off silences 'subs remind' (default on)\n  remind-exec         the default --exec command of 'subs remind'\n  remind-webhook      the default --webhook URL of 'subs remind'\n  budget              a monthly budget in the base currency, for 'subs summary'\n  language            en or tr, when SUBS_LANG does not say (default: the locale)\n  me                  who uses this machine, for 'subs owe' (default: the account name)",
         "Ayarlar:\n  currency            yeni aboneliklerin varsayılan para birimi (varsayılan USD)\n  remind-days         ödeme öncesi hatırlatma günleri, örn. 7,1 (varsayılan 2)\n  remind-cancel-days  son iptal gününden önce hatırlatma günleri (varsayılan 30,7)\n  reminders           on ya da off: off, 'subs remind'i susturur (varsayılan on)\n  remind-exec         'subs remind'in varsayılan --exec komutu\n  remind-webhook      'subs remind'in varsayılan --webhook URL'si\n  budget              'subs summary' için temel para biriminde aylık bütçe\n  language            en ya da tr, SUBS_LANG belirtmezse (varsayılan: yerel ayar)\n  me                  bu makineyi kullanan kişi, 'subs owe' için (varsayılan: hesap adı)"),

        // subs config list
        ("Show every setting and its value.",
         "Tüm ayarları ve değerlerini göster."),

        // subs config get, set, unset (shared)
        ("The setting: %@.",
         "Ayar: %@."),

        // subs config get
        ("Print one setting's value.",
         "Bir ayarın değerini yaz."),

        // subs config set
        ("Change a setting.",
         "Bir ayarı değiştir."),
        ("Its new value; an empty command or URL unsets it.",
         "Yeni değer; boş bir komut ya da URL ayarı kaldırır."),

        // subs config unset
        ("Return a setting to its default.",
         "Bir ayarı varsayılanına döndür."),

        // subs export
        ("Export every subscription as JSON or CSV, or the payments as an iCalendar file.",
         "Tüm abonelikleri JSON ya da CSV olarak, ödemeleri de iCalendar dosyası olarak dışa aktar."),
        ("json is the export document: everything subs knows (price history, billing periods, pauses, members, categories, settings, rates), which 'subs import' reads back without loss (docs/json.md). csv holds every subscription, cancelled ones included, as 'list' prints them. ics holds one recurring all-day event per subscription that still has payments, on exactly the dates 'upcoming' lists, with a reminder per offset; import it into any calendar, and import it again to update the same events.\n\nExamples:\n  subs export --format ics --output ~/subscriptions.ics\n  subs export --format json > backup.json",
         "json, dışa aktarma belgesidir: subs'ın bildiği her şey (fiyat geçmişi, ödeme dönemleri, duraklatmalar, paylaşılan kişiler, kategoriler, ayarlar, kurlar); 'subs import' onu kayıpsız geri okur (docs/json.md). csv, iptal edilenler dahil her aboneliği 'list'in yazdığı biçimde içerir. ics, hâlâ ödemesi olan her abonelik için tam olarak 'upcoming'in listelediği tarihlerde yinelenen, tüm gün süren bir etkinlik ve her hatırlatma aralığı için bir hatırlatıcı içerir; dosyayı herhangi bir takvime içe aktarın, aynı etkinlikleri güncellemek için yeniden içe aktarın.\n\nÖrnekler:\n  subs export --format ics --output ~/subscriptions.ics\n  subs export --format json > backup.json"),
        ("What to write.",
         "Ne yazılacağı."),
        ("Write to this file instead of standard output (a regular file is replaced whole, mode 0600; a pipe or device is written to).",
         "Standart çıktı yerine bu dosyaya yaz (normal bir dosya bütünüyle değiştirilir, kip 0600; boruya ya da aygıta doğrudan yazılır)."),

        // subs backup
        ("Write a checked, encrypted copy of the database.",
         "Veritabanının doğrulanmış, şifreli bir kopyasını yaz."),
        ("Without FILE the copy goes to backups/subs-YYYYMMDD-HHMMSS.db (UTC) next to the database. It is keyed with the database's key, or with the passphrase in --backup-passphrase-file so it can be restored on another machine.",
         "<dosya> verilmezse kopya veritabanının yanındaki backups/subs-YYYYMMDD-HHMMSS.db (UTC) dosyasına yazılır. Veritabanının anahtarıyla ya da başka bir makinede geri yüklenebilmesi için --backup-passphrase-file'daki parolayla şifrelenir."),
        ("Where to write the backup.",
         "Yedeğin yazılacağı dosya."),
        ("File whose first line is the backup's own passphrase (default: the database's key).",
         "İlk satırı yedeğin kendi parolası olan dosya (varsayılan: veritabanının anahtarı)."),

        // subs restore
        ("Replace the database with a backup.",
         "Veritabanını bir yedekle değiştir."),
        ("The backup is checked first, and the current database is backed up; the restored data is then under the current key. Asks first on a terminal; when standard input is not a terminal, --yes is required.",
         "Önce yedek doğrulanır ve mevcut veritabanı yedeklenir; geri yüklenen veriler ardından mevcut anahtarla şifrelenir. Terminalde önce sorar; standart girdi terminal değilse --yes gerekir."),
        ("The backup to restore.",
         "Geri yüklenecek yedek."),
        ("File whose first line is the backup's passphrase (default: the database's key).",
         "İlk satırı yedeğin parolası olan dosya (varsayılan: veritabanının anahtarı)."),
        ("Key file of the backup, such as a key kept by rekey (default: the database's key).",
         "Yedeğin anahtar dosyası, örneğin rekey'in sakladığı bir anahtar (varsayılan: veritabanının anahtarı)."),
        ("Restore without asking.",
         "Sormadan geri yükle."),

        // subs rekey
        ("Move the database to a new key.",
         "Veritabanını yeni bir anahtara taşı."),
        ("Without options, the key file gets a new random key. --new-passphrase-file moves the database to a passphrase; --to-key-file moves it back to a new key file. The database is backed up first, and a kill at any moment leaves it openable with the key files on disk. A replaced key file is kept beside it as <key>.replaced-<time>, for the backups made before.",
         "Seçenek verilmezse anahtar dosyasına yeni, rastgele bir anahtar yazılır. --new-passphrase-file veritabanını bir parolaya taşır; --to-key-file onu yeniden yeni bir anahtar dosyasına taşır. Önce veritabanı yedeklenir; işlem herhangi bir anda kesilse bile veritabanı diskteki anahtar dosyalarıyla açılabilir kalır. Değiştirilen anahtar dosyası, daha önce alınmış yedekler için yanında <anahtar>.replaced-<zaman> adıyla saklanır."),
        ("File whose first line is the new passphrase.",
         "İlk satırı yeni parola olan dosya."),
        ("Move a database that uses a passphrase back to a new key file.",
         "Parola kullanan bir veritabanını yeniden yeni bir anahtar dosyasına taşı."),

        // subs import
        ("Import subscriptions from subs, Wallos, subtrack, SubTrackr, or any CSV.",
         "Abonelikleri subs, Wallos, subtrack, SubTrackr ya da herhangi bir CSV'den içe aktar."),
        ("The format is recognised from the content unless --from names it. The file is taken whole or not at all: one bad record refuses it, naming the record and the field, and nothing is written. A subscription with the same name and currency as one already there is a duplicate: skipped unless --on-duplicate says otherwise, so importing the same file twice adds nothing the second time. Categories that don't exist are created.\n\nWallos: its backup zip (or wallos.db), its JSON export or its CSV export. A price in '$', 'kr' or '¥' needs --currency to say which currency it is. subtrack and SubTrackr: their CSV exports. Any other CSV with a header: --map names the column of each field (%@); name and amount are required, every defaults to monthly, start (or next) to today.\n\nExamples:\n  subs import backup.json --dry-run\n  subs import subscriptions.csv\n  subs import Wallos-Backup-20261122.zip\n  subs import subscriptions.json --from wallos --currency USD\n  subs import sheet.csv --map name=Service,amount=Cost,every=Billing,start=Started\n  subs export --format json | subs import - --db other.db",
         "--from belirtilmedikçe biçim içerikten tanınır. Dosya ya bütünüyle alınır ya da hiç alınmaz: tek bir hatalı kayıt dosyayı reddettirir (kayıt ve alan belirtilir) ve hiçbir şey yazılmaz. Var olan bir abonelikle aynı ad ve para birimine sahip bir abonelik yinelenen sayılır: --on-duplicate aksini söylemedikçe atlanır; böylece aynı dosyayı ikinci kez içe aktarmak hiçbir şey eklemez. Olmayan kategoriler oluşturulur.\n\nWallos: yedek zip dosyası (ya da wallos.db), JSON dışa aktarımı ya da CSV dışa aktarımı. '$', 'kr' ya da '¥' ile yazılmış bir fiyatın hangi para biriminde olduğunu --currency belirtmelidir. subtrack ve SubTrackr: CSV dışa aktarımları. Başlığı olan başka her CSV: --map her alanın sütununu belirtir (%@); name ve amount zorunludur, every'nin varsayılanı monthly, start'ın (ya da next'in) varsayılanı bugündür.\n\nÖrnekler:\n  subs import backup.json --dry-run\n  subs import subscriptions.csv\n  subs import Wallos-Backup-20261122.zip\n  subs import subscriptions.json --from wallos --currency USD\n  subs import sheet.csv --map name=Service,amount=Cost,every=Billing,start=Started\n  subs export --format json | subs import - --db other.db"),
        ("The file to import, or - for standard input.",
         "İçe aktarılacak dosya ya da standart girdi için -."),
        ("The file's format: %@ (default: recognised from the content).",
         "Dosyanın biçimi: %@ (varsayılan: içerikten tanınır)."),
        ("The currency of records that name none, or only a symbol several currencies use ($, kr, ¥).",
         "Para birimi belirtmeyen ya da yalnızca birden çok para biriminin kullandığı bir simge ($, kr, ¥) içeren kayıtların para birimi."),
        ("For any CSV: which column holds each field, like name=Service,amount=Cost,every=Billing,start=Started.",
         "Herhangi bir CSV için: her alanın hangi sütunda olduğu, örneğin name=Service,amount=Cost,every=Billing,start=Started."),
        ("Print what would be added, skipped and replaced, and write nothing.",
         "Nelerin ekleneceğini, atlanacağını ve değiştirileceğini yaz; hiçbir şey kaydetme."),
        ("What to do with a subscription already there (same name and currency): skip, add or replace.",
         "Zaten var olan bir abonelikle (aynı ad ve para birimi) ne yapılacağı: skip, add ya da replace."),

        // subs log
        ("Show the history of changes, newest first.",
         "Değişiklik geçmişini en yeniden başlayarak göster."),
        ("Every change is recorded in the database with the values before and after: add, edit, cancel, pause, resume, delete, paid, skip, import, restore, logins (never a password), and category, rate and config changes. 'subs undo' reverts the newest one not yet undone; the log marks it undone.\n\nExamples:\n  subs log\n  subs log netflix --limit 5\n  subs log --format json",
         "Her değişiklik veritabanına önceki ve sonraki değerleriyle kaydedilir: ekleme, düzenleme, iptal, duraklatma, devam, silme, ödeme, atlama, içe aktarma, geri yükleme, giriş bilgileri (şifreler hariç) ve kategori, kur ve ayar değişiklikleri. 'subs undo' henüz geri alınmamış en yeni değişikliği geri alır; log onu \"(geri alındı)\" diye işaretler.\n\nÖrnekler:\n  subs log\n  subs log netflix --limit 5\n  subs log --format json"),
        ("Only the changes to this subscription (also one since deleted).",
         "Yalnızca bu aboneliğe yapılan değişiklikler (sonradan silinmiş olsa bile)."),
        ("Show at most this many changes.",
         "En fazla bu kadar değişiklik göster."),
        ("Output format: table or json.",
         "Çıktı biçimi: table ya da json."),

        // subs undo
        ("Revert the newest change not yet undone.",
         "Henüz geri alınmamış en yeni değişikliği geri al."),
        ("Shows the change and asks on a terminal; from a script, --yes is required. Run it again to go further back. Undoing a delete brings the subscription back with its whole history; undoing an import removes what it added and puts back what it replaced; undoing a restore puts back the database it replaced.",
         "Değişikliği gösterir ve terminalde sorar; betikten çalıştırıldığında --yes gerekir. Daha geriye gitmek için yeniden çalıştırın. Bir silmeyi geri almak aboneliği tüm geçmişiyle geri getirir; bir içe aktarmayı geri almak eklediklerini kaldırır ve yerine geçtiklerini geri koyar; bir geri yüklemeyi geri almak, yerini aldığı veritabanını geri getirir."),
        ("Undo without asking.",
         "Sormadan geri al."),

        // subs paid
        ("Record that a payment was charged, and how much.",
         "Bir ödemenin tahsil edildiğini ve tutarını kaydet."),
        ("The day it was charged (default: the latest scheduled payment).",
         "Tahsil edildiği gün (varsayılan: en son planlı ödeme)."),
        ("What was charged (default: the scheduled amount).",
         "Tahsil edilen tutar (varsayılan: planlanan tutar)."),
        ("Remove the record on --on instead.",
         "Bunun yerine --on günündeki kaydı kaldır."),

        // subs skip
        ("Record that a scheduled payment was not charged (a free month).",
         "Planlı bir ödemenin tahsil edilmediğini kaydet (ücretsiz bir ay)."),
        ("It vanishes from payments made, spend per month, upcoming and reminders. 'subs paid REF --undo --on DATE' takes it back.",
         "Ödeme; yapılan ödemelerden, aylık harcamadan, yaklaşan ödemelerden ve hatırlatmalardan çıkarılır. 'subs paid <abonelik> --undo --on <tarih>' bunu geri alır."),
        ("The day of the scheduled payment.",
         "Planlı ödemenin günü."),

        // subs vault
        ("Keep each subscription's login, its password sealed with a vault passphrase.",
         "Her aboneliğin giriş bilgisini sakla; şifresi bir kasa parolasıyla şifrelenir."),
        ("Passwords are sealed with a key derived from a vault passphrase, separate from the database key: the key file (what cron uses) never opens a password. The vault passphrase is asked on the terminal without echo, or read from --vault-passphrase-file; never from an argument or an environment variable.",
         "Şifreler, veritabanı anahtarından ayrı bir kasa parolasından türetilen anahtarla şifrelenir: anahtar dosyası (cron'un kullandığı) hiçbir şifreyi açamaz. Kasa parolası terminalde ekrana yansıtılmadan sorulur ya da --vault-passphrase-file'dan okunur; asla bir argümandan ya da ortam değişkeninden alınmaz."),

        // subs vault set, show, copy, passwd (shared)
        ("File whose first line is the vault passphrase (default: ask on the terminal).",
         "İlk satırı kasa parolası olan dosya (varsayılan: terminalde sorulur)."),

        // subs vault set
        ("Set a subscription's login: username, URL and a sealed password.",
         "Bir aboneliğin giriş bilgisini kaydet: kullanıcı adı, URL ve şifrelenmiş şifre."),
        ("The password comes from --password-stdin, --generate, or two prompts on the terminal. A login that exists keeps its password when only --username or --url is given. The first password creates the vault and asks for its passphrase twice.\n--generate makes %@ characters (or LENGTH, %@-%@) from 64 letters, digits and symbols without look-alikes: 6 bits each.",
         "Şifre --password-stdin'den, --generate ile ya da terminalde iki kez sorularak alınır. Var olan bir giriş bilgisi, yalnızca --username ya da --url verilirse şifresini korur. İlk şifre kasayı oluşturur ve kasa parolasını iki kez sorar.\n--generate, birbirine benzemeyen 64 harf, rakam ve simgeden %@ karakter (ya da <uzunluk>, %@-%@) üretir: her biri 6 bit."),
        ("With --generate: the password's length.",
         "--generate ile: şifrenin uzunluğu."),
        ("The username (an empty value removes it).",
         "Kullanıcı adı (boş değer onu kaldırır)."),
        ("The login page's URL (an empty value removes it).",
         "Giriş sayfasının URL'si (boş değer onu kaldırır)."),
        ("Read the password from standard input's first line.",
         "Şifreyi standart girdinin ilk satırından oku."),
        ("Generate a strong random password (see below).",
         "Güçlü, rastgele bir şifre üret (aşağıya bakın)."),

        // subs vault show
        ("Show a subscription's login, the password masked unless --reveal.",
         "Bir aboneliğin giriş bilgisini göster; --reveal verilmedikçe şifre gizlenir."),
        ("Show the password (asks for the vault passphrase).",
         "Şifreyi göster (kasa parolasını sorar)."),

        // subs vault list
        ("List the subscriptions that have a login (no secrets).",
         "Giriş bilgisi olan abonelikleri listele (gizli bilgiler gösterilmez)."),

        // subs vault copy
        ("Copy a login's password (or username) to the clipboard; cleared after %@ s.",
         "Bir giriş bilgisinin şifresini (ya da kullanıcı adını) panoya kopyala; %@ sn sonra temizlenir."),
        ("Uses the first of wl-copy, xclip, xsel, pbcopy on PATH, fed on standard input. The clipboard is cleared after %@ seconds unless it changed meanwhile.",
         "PATH üzerindeki wl-copy, xclip, xsel, pbcopy araçlarından ilk bulunanı standart girdiden besleyerek kullanır. Pano bu arada değişmediyse %@ saniye sonra temizlenir."),
        ("Copy the username instead of the password (needs no passphrase).",
         "Şifre yerine kullanıcı adını kopyala (kasa parolası gerekmez)."),

        // subs vault rm
        ("Remove a subscription's login (the subscription stays).",
         "Bir aboneliğin giriş bilgisini kaldır (abonelik kalır)."),

        // subs vault passwd
        ("Change the vault passphrase: every password is sealed again under the new one.",
         "Kasa parolasını değiştir: her şifre yeni parolayla yeniden şifrelenir."),
        ("File whose first line is the new vault passphrase (default: ask twice on the terminal).",
         "İlk satırı yeni kasa parolası olan dosya (varsayılan: terminalde iki kez sorulur)."),
        // subs paid, matching the schedule (issue 22)
        ("Records the payment due on --on (default: the latest scheduled on or before today) at --amount (default: the scheduled amount). Banks post a few days off: a day within 5 days of a scheduled payment records that payment, as detect --record matches; any other day is refused unless --extra records a charge beyond the schedule. A payment already recorded is not recorded twice. Money already spent (show, stats, summary) uses recorded amounts; forecasts stay on the schedule. --undo removes the record on --on (the bank's day or the payment's).\n\nExamples:\n  subs paid electricity --amount 84.20\n  subs paid netflix --on 2026-10-30 --amount 17.99\n  subs paid netflix --undo --on 2026-10-30",
         "--on günündeki ödemeyi (varsayılan: bugün ya da öncesindeki en son planlı ödeme) --amount tutarıyla (varsayılan: planlanan tutar) kaydeder. Bankalar tahsilatı birkaç gün kaydırabilir: planlı bir ödemeye 5 gün ya da daha yakın bir gün, detect --record'un eşleştirdiği gibi o ödeme olarak kaydedilir; başka bir gün, --extra ile plan dışı bir tahsilat olarak kaydedilmedikçe reddedilir. Zaten kayıtlı bir ödeme ikinci kez kaydedilmez. Harcanmış para (show, stats, summary) kaydedilen tutarlarla hesaplanır; tahminler plana göre kalır. --undo, --on günündeki kaydı (bankanın gününü ya da ödemeninkini) kaldırır.\n\nÖrnekler:\n  subs paid elektrik --amount 84,20\n  subs paid netflix --on 30.10.2026 --amount 17,99\n  subs paid netflix --undo --on 30.10.2026"),
        ("Record a charge beyond the schedule on --on, however near a scheduled payment.",
         "--on gününe, planlı bir ödemeye ne kadar yakın olursa olsun, plan dışı bir tahsilat kaydet."),
        ("Without --status, shows everything except cancelled and ended subscriptions. With exchange rates for every currency listed, --sort amount and monthly compare in the base currency and the footer adds the total in it. A table fits the terminal (or COLUMNS): cycles are said short ('3 months'), then long names and categories are cut with '…', then the least useful columns (ID, CYCLE, CATEGORY, STATUS, MONTHLY) are left out. CANCEL BY, there when a subscription has a deadline to cancel by, always stays.",
         "--status verilmezse iptal edilenler ve bitenler dışındaki tüm abonelikleri gösterir. Listelenen her para biriminin kuru biliniyorsa --sort amount ve monthly temel para biriminde karşılaştırır, alt satıra da o para birimindeki toplamı ekler. Tablo terminale (ya da COLUMNS'a) sığdırılır: önce dönemler kısa yazılır ('3 ay'), sonra uzun adlar ve kategoriler '…' ile kısaltılır, sonra en az gerekli sütunlar (ID, DÖNEM, KATEGORİ, DURUM, AYLIK) çıkarılır. Son iptal günü olan bir abonelik varsa gösterilen SON İPTAL sütunu hep kalır."),
        ("<subcommand>", "<alt-komut>"),
        ("<options>", "<seçenekler>"),
        ("<name>", "<ad>"),
        ("<name|none>", "<ad|yok>"),
        ("<names>", "<adlar>"),
        ("<names|none>", "<adlar|yok>"),
        ("<amount>", "<tutar>"),
        ("<rate>", "<kur>"),
        ("<date>", "<tarih>"),
        ("<date|none>", "<tarih|yok>"),
        ("<path>", "<dosya>"),
        ("<file>", "<dosya>"),
        ("<code>", "<kod>"),
        ("<currency>", "<kod>"),
        ("<text>", "<metin>"),
        ("<key>", "<ayar>"),
        ("<value>", "<değer>"),
        ("<format>", "<biçim>"),
        ("<cycle>", "<dönem>"),
        ("<status>", "<durum>"),
        ("<ref>", "<abonelik>"),
        ("<reference>", "<abonelik>"),
        ("<references>", "<abonelikler>"),
        ("<length>", "<uzunluk>"),
        ("<field=column,...>", "<alan=sütun,...>"),
        ("<days>", "<günler>"),
        ("<days|default>", "<günler|varsayılan>"),
        ("<command>", "<komut>"),
        ("<colour>", "<renk>"),
        ("<category>", "<kategori>"),
        ("<sort>", "<sıra>"),
        ("<username>", "<kullanıcı>"),
        ("<on-duplicate>", "<işlem>"),
        ("<old>", "<eski-ad>"),
        ("<new>", "<yeni-ad>"),
        ("<months>", "<ay>"),
        ("<month>", "<ay>"),
        ("<from>", "<biçim>"),
        ("<map>", "<eşleme>"),
    ]
}
