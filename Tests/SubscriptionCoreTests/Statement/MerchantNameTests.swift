import Foundation
import Testing
@testable import SubscriptionCore

/// PRODUCT.md §13: merchants recognised through the noise banks add.
@Suite("Merchant names in statements")
struct MerchantNameTests {
    @Test("US card descriptors", arguments: [
        ("NETFLIX.COM 866-579-7172 CA", "Netflix"),
        ("NETFLIX.COM LOS GATOS CA", "Netflix"),
        ("PAYPAL *NETFLIX", "Netflix"),
        ("RECURRING PAYMENT AUTHORIZED ON 01/03 NETFLIX.COM NETFLIX.COM CA S381003525851409 CARD 1234", "Netflix"),
        ("Spotify USA 877-778-1161 NY", "Spotify"),
        ("SPOTIFY P2A3F81D2C", "Spotify"),
        ("PURCHASE AUTHORIZED ON 01/14 SPOTIFY USA 877-7781161 NY S461014123456789 CARD 1234", "Spotify"),
        ("POS PURCHASE - SPOTIFY USA", "Spotify"),
        ("APPLE.COM/BILL 866-712-7753 CA", "Apple"),
        ("APPLE.COM/BILL ITUNES.COM", "Apple"),
        ("APL*ITUNES.COM/BILL", "Apple"),
        ("ADOBE *CREATIVE CLOUD 408-536-6000 CA", "Adobe"),
        ("ADOBE *ADOBE SAN JOSE CA", "Adobe"),
        ("HULU 877-8244858 CA", "Hulu"),
        ("HLU*HULU 1234567 SANTA MONICA CA", "Hulu"),
        ("CHECKCARD 0115 HULU 877-8244858 CA 24431065015200123456789", "Hulu"),
        ("NAMECHEAP.COM 323-375-2822 AZ", "Namecheap"),
        ("THE ECONOMIST NEWSPAPER LONDON GB", "The Economist"),
        ("PAYPAL *DROPBOX 4029357733", "Dropbox"),
        ("DROPBOX*QV9J3L2KPT5M", "Dropbox"),
        ("GOOGLE *YouTubePremium g.co/helppay#", "YouTube Premium"),
        ("GOOGLE *YOUTUBE PREMIUM", "YouTube Premium"),
        ("GOOGLE *Google Storage", "Google One"),
        ("GOOGLE *CLOUD 4JX7PQ", "Google Cloud"),
        ("GOOGLE *Clash of Clans", "Clash of Clans"),
        ("DISNEYPLUS 888-905-7888 CA", "Disney+"),
        ("DISNEY PLUS BURBANK CA", "Disney+"),
        ("OPENAI *CHATGPT SUBSCR OPENAI.COM CA", "OpenAI"),
        ("HEADSPACE.COM SANTA MONICA CA", "Headspace"),
        ("HBO MAX HBOMAX.COM NY", "HBO Max"),
        ("PARAMOUNT+ 888-274-5343 CA", "Paramount+"),
        ("NYTIMES*NYTIMES DIGITAL", "The New York Times"),
        ("MICROSOFT*XBOX GAME PASS", "Xbox Game Pass"),
        ("Microsoft*Microsoft 365 P", "Microsoft"),
        ("MSFT *E0400ABCDE", "Microsoft"),
        ("SQ *BLUE BOTTLE COFFEE", "Blue Bottle Coffee"),
        ("SQ *BLUE BOTTLE COFFEE OAKLAND CA", "Blue Bottle Coffee"),
        ("TST* SWEETGREEN NEW YORK NY", "Sweetgreen"),
        ("AMZN Mktp US*2K4LL1PQ2", "Amazon Marketplace"),
        ("AMAZON.COM*MK8T73J02 AMZN.COM/BILL WA", "Amazon"),
        ("Amazon Prime*2K4LL1PQ2", "Amazon Prime"),
        ("UBER *EATS PENDING", "Uber Eats"),
        ("UBER *TRIP HELP.UBER.COM CA", "Uber"),
        ("LYFT *RIDE THU 8PM", "Lyft"),
        ("DOORDASH*CHIPOTLE", "DoorDash"),
        ("WHOLEFDS MKT 10234 SEATTLE WA", "Whole Foods"),
        ("WHOLE FOODS MARKET #102", "Whole Foods"),
        ("TRADER JOE S #552 QPS SEATTLE WA", "Trader Joe's"),
        ("STARBUCKS STORE 05621 SEATTLE WA", "Starbucks"),
        ("SHELL OIL 57444 SEATTLE WA", "Shell Oil"),
        ("CVS/PHARMACY #01234 SEATTLE WA", "CVS Pharmacy"),
        ("PUREGYM LTD LEEDS GB", "Puregym"),
        ("PUREGYM MEMBERSHIP", "Puregym"),
        ("CKO*PATREON* MEMBERSHIP", "Patreon"),
        ("BARNES & NOBLE #2231 NEW YORK NY", "Barnes & Noble"),
        ("7-ELEVEN 38211 DALLAS TX", "7-Eleven"),
        ("XXXX1234 NETFLIX.COM", "Netflix"),
        ("VISA DDA PUR 400123 NETFLIX COM LOS GATOS * CA", "Netflix"),
        ("DEBIT CARD PURCHASE XXXXX1234 NETFLIX.COM", "Netflix"),
        ("24 HOUR FITNESS USA", "24 Hour Fitness"),
        ("AT&T *PAYMENT", "AT&T"),
        ("MCDONALD'S F1234", "McDonald's"),
        ("WAL-MART #1234", "Walmart"),
        ("WM SUPERCENTER #1234", "Walmart"),
        ("CLAUDE.AI SUBSCRIPTION", "Anthropic"),
        ("GITHUB, INC.", "GitHub"),
        ("EE LIMITED", "EE"),
    ] as [(String, String)])
    func american(_ descriptor: String, _ name: String) {
        #expect(MerchantName.normalized(descriptor) == name, "\(descriptor)")
    }

    @Test("European and Turkish descriptors", arguments: [
        ("NETFLIX.COM AMSTERDAM NL", "Netflix"),
        ("SEPA-LASTSCHRIFT NETFLIX INTERNATIONAL B.V.", "Netflix"),
        ("Kartenzahlung SPOTIFY AB", "Spotify"),
        ("SPOTIFY STOCKHOLM SE", "Spotify"),
        ("VDP-SPOTIFY", "Spotify"),
        ("Apple.com/bill Cork IE", "Apple"),
        ("AMAZON PRIME*2K4LL1PQ2 AMZN.CO.UK/PM GB", "Amazon Prime"),
        ("Amazon.de Prime*2K4LL1PQ2", "Amazon Prime"),
        ("SumUp *Cafe Nero London", "Cafe Nero"),
        ("ZETTLE_*BLUE COFFEE", "Blue Coffee"),
        ("CARD PAYMENT TO DISNEY PLUS ON 03-01", "Disney+"),
        ("IYZICO/YEMEKSEPETI ISTANBUL TR", "Yemeksepeti"),
        ("PAYU*GETIR IST TR", "Getir"),
        ("İNTERNET ÖDEME - TURKCELL", "Turkcell"),
        ("TURKCELL FATURA ODEMESI 5321234567", "Turkcell"),
        ("POS HARCAMA MIGROS KADIKÖY", "Migros"),
        ("MIGROS SANAL MARKET ISTANBUL", "Migros"),
        ("DIGITURK ODEME 1234567890", "Digiturk"),
        ("BLUTV ISTANBUL TR", "BluTV"),
        ("Yurtdışı İşlem: DISNEY PLUS", "Disney+"),
        ("TTNET FATURA ODEMESI", "Türk Telekom"),
        ("EXXEN ABONELIK", "Exxen"),
        ("A101 MAGAZA 3321 ISTANBUL", "A101"),
        ("SHELL PETROL ISTANBUL TR", "Shell Petrol"),
        ("ŞOK MARKETLER TİC. A.Ş. KADIKÖY", "Şok Marketler"),
        ("15.01.2026 APPLE.COM/BILL ISTANBUL TR", "Apple"),
    ] as [(String, String)])
    func europeanAndTurkish(_ descriptor: String, _ name: String) {
        #expect(MerchantName.normalized(descriptor) == name, "\(descriptor)")
    }

    @Test("An OFX name cut at 32 characters still names the merchant", arguments: [
        "ADOBE *CREATIVE CLOUD 408-536-6000 CA", "THE ECONOMIST NEWSPAPER LONDON GB",
        "GOOGLE *YouTubePremium g.co/helppay#", "OPENAI *CHATGPT SUBSCR OPENAI.COM CA",
        "AMAZON.COM*MK8T73J02 AMZN.COM/BILL WA", "STARBUCKS STORE 05621 SEATTLE WA",
    ])
    func cutAt32(_ descriptor: String) {
        #expect(MerchantName.normalized(String(descriptor.prefix(32))) == MerchantName.normalized(descriptor), "\(descriptor)")
    }

    @Test("Two descriptors of one merchant give one name")
    func sameMerchant() {
        let pairs = [
            ("NETFLIX.COM 866-579-7172 CA", "PAYPAL *NETFLIX"),
            ("SPOTIFY P2A3F81D2C", "Spotify USA 877-778-1161 NY"),
            ("HULU 877-8244858 CA", "HLU*HULU 1234567 SANTA MONICA CA"),
            ("GOOGLE *YouTubePremium g.co/helppay#", "GOOGLE *YOUTUBE PREMIUM"),
            ("DISNEYPLUS 888-905-7888 CA", "DISNEY PLUS BURBANK CA"),
            ("WHOLEFDS MKT 10234 SEATTLE WA", "WHOLE FOODS MARKET #102"),
            ("MIGROS SANAL MARKET ISTANBUL", "MIGROS 4421 KADIKOY"),
        ]
        for (a, b) in pairs {
            #expect(MerchantName.normalized(a) == MerchantName.normalized(b), "\(a) / \(b)")
        }
    }

    @Test("A word folds as Foundation folds it, ASCII (taken a shorter way) or not", arguments: [
        "NETFLIX.COM", "Joe's", "A.B.C", "MiXeD", "7-ELEVEN", "", "İSTANBUL", "Café", "O’REILLY", "GIDA", "Şahin",
    ])
    func fold(_ word: String) {
        let foundation = NameMatching.key(word).folding(options: .diacriticInsensitive, locale: nil)
            .filter { $0 != "." && $0 != "'" && $0 != "\u{2019}" }
        #expect(MerchantName.fold(word) == foundation, "\(word)")
    }

    @Test("A description that is all noise keeps its text; nothing invisible survives")
    func leftovers() {
        #expect(MerchantName.normalized("  POS   12345  ") == "POS 12345")
        #expect(MerchantName.normalized("") == "")
        #expect(MerchantName.normalized("NETFLIX\u{202E}.COM\u{1B} CA") == "Netflix")
        #expect(MerchantName.normalized("PAYPAL *") == "Paypal")
        #expect(MerchantName.normalized(String(repeating: "LONGNAME ", count: 30)).count <= 100)
    }
}
