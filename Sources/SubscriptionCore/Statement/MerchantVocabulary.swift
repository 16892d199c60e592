/// The words `MerchantName` knows: the services whose name banks print in many ways, the
/// payment processors that put their own name first, and the noise around a merchant's name.
/// Words are kept as `MerchantName.fold` makes them: lower case, no accents, no dots.
enum MerchantVocabulary {
    /// A known service: its name, and whether words after the ones that name it may follow
    /// (`NETFLIX INTERNATIONAL` is Netflix; `APPLE` names Apple only alone, not `APPLE BEES`).
    struct Alias {
        let name: String
        let followedByMore: Bool
    }

    /// By the words that name the service run together (`+` read as `plus`).
    static let aliases: [String: Alias] = {
        var table: [String: Alias] = [:]
        func add(_ name: String, _ keys: [String], alone: Bool = false) {
            for key in keys { table[key] = Alias(name: name, followedByMore: !alone) }
        }
        add("Netflix", ["netflix", "netflixcom"])
        add("Spotify", ["spotify", "spotifyusa", "spotifyab"])
        add("Apple", ["apple", "applecom", "itunes", "itunescom", "itunescombill", "appleservices"], alone: true)
        add("Apple", ["applecombill"])
        add("iCloud", ["icloud", "icloudstorage"])
        add("Apple Music", ["applemusic"])
        add("Apple TV+", ["appletv", "appletvplus"])
        add("Google", ["google"], alone: true)
        add("Google One", ["googleone", "googlestorage", "googledrive"])
        add("Google Play", ["googleplay"])
        add("Google Workspace", ["googleworkspace", "gsuite", "googlegsuite"])
        add("Google Cloud", ["googlecloud"])
        add("YouTube", ["youtube"], alone: true)
        add("YouTube Premium", ["youtubepremium", "youtubeprem"])
        add("YouTube Music", ["youtubemusic"])
        add("YouTube TV", ["youtubetv"])
        add("Amazon", ["amazon", "amzn", "amazoncom", "amazoncombill", "amzncombill", "amazonretail"], alone: true)
        add("Amazon Marketplace", ["amznmktp", "amznmktpus", "amazonmktp", "amazonmarketplace", "amazonmkt", "amznmktplace"])
        add("Amazon Prime", ["amazonprime", "amznprime", "primevideo", "amazonprimevideo", "primemembership", "amazonprimemembership"])
        add("Amazon Music", ["amazonmusic", "amznmusic", "amazonmusicunlimited"])
        add("Amazon Web Services", ["aws", "awsamazon", "amazonwebservices"])
        add("Audible", ["audible"])
        add("Kindle Unlimited", ["kindleunlimited", "kindlesvcs", "kindleunltd"])
        add("Disney+", ["disneyplus", "disneypluscom"])
        add("Disney+", ["disney"], alone: true)
        add("Hulu", ["hulu", "huluplus", "hlu"])
        add("HBO Max", ["hbomax", "hbomaxcom"])
        add("Max", ["maxcom"])
        add("Paramount+", ["paramountplus", "paramount"])
        add("Peacock", ["peacock", "peacocktv", "peacocktvllc"])
        add("Crunchyroll", ["crunchyroll"])
        add("Mubi", ["mubi"])
        add("Deezer", ["deezer"])
        add("Tidal", ["tidal"])
        add("SiriusXM", ["siriusxm", "sirius"])
        add("Pandora", ["pandora"])
        add("Microsoft", ["microsoft", "msft", "microsoftcorp", "microsoftstore"])
        add("Microsoft 365", ["microsoft365", "office365", "msftoffice365"])
        add("Xbox", ["xbox", "xboxlive"])
        add("Xbox Game Pass", ["xboxgamepass", "gamepass"])
        add("PlayStation", ["playstation", "playstationnetwork", "sonyplaystation", "psn", "sonyinteractive"])
        add("Nintendo", ["nintendo"])
        add("Steam", ["steam", "steamgames", "steampowered", "valve"])
        add("Adobe", ["adobe", "adobesystems", "adobeinc"])
        add("Dropbox", ["dropbox"])
        add("OpenAI", ["openai", "chatgpt"])
        add("Anthropic", ["anthropic", "claude", "claudeai"])
        add("GitHub", ["github"])
        add("Notion", ["notion", "notionlabs", "notionso"])
        add("Slack", ["slack", "slacktechnologies"])
        add("Zoom", ["zoomus", "zoomvideo", "zoomcom"])
        add("LinkedIn", ["linkedin", "linkedinpremium"])
        add("Patreon", ["patreon"])
        add("Twitch", ["twitch", "twitchinteractive"])
        add("Canva", ["canva"])
        add("Grammarly", ["grammarly"])
        add("Evernote", ["evernote"])
        add("1Password", ["1password", "agilebits"])
        add("NordVPN", ["nordvpn", "nordsec"])
        add("ExpressVPN", ["expressvpn"])
        add("Duolingo", ["duolingo"])
        add("Headspace", ["headspace", "headspacecom"])
        add("Peloton", ["peloton"])
        add("Strava", ["strava"])
        add("The New York Times", ["nytimes", "nytimescom", "nytdigital", "newyorktimes", "thenewyorktimes", "nytimesdigital"])
        add("The Wall Street Journal", ["wsj", "wsjdigital", "wallstreetjournal", "thewallstreetjournal", "dowjones"])
        add("The Economist", ["theeconomist", "economist", "economistnewspaper", "theeconomistnewspaper"])
        add("The Guardian", ["theguardian", "guardiannews"])
        add("Uber", ["uber", "ubertrip", "ubertrips", "ubercom"])
        add("Uber Eats", ["ubereats"])
        add("Uber One", ["uberone", "uberpass"])
        add("Lyft", ["lyft"])
        add("DoorDash", ["doordash"])
        add("DashPass", ["dashpass", "doordashdashpass"])
        add("Whole Foods", ["wholefds", "wholefoods", "wholefoodsmarket", "wholefdsmkt"])
        add("CVS Pharmacy", ["cvs", "cvspharmacy"])
        add("Walmart", ["walmart", "wmsupercenter", "walmartcom"])
        add("Costco", ["costco", "costcowhse", "costcowholesale"])
        add("BluTV", ["blutv"])
        add("Exxen", ["exxen"])
        add("Gain", ["gainmedya"])
        add("TOD", ["todtv", "digiturktod"])
        add("Digiturk", ["digiturk"])
        add("D-Smart", ["dsmart", "dsmartgo"])
        add("Turkcell", ["turkcell"])
        add("Vodafone", ["vodafone"])
        add("Türk Telekom", ["turktelekom", "ttnet", "turktelekomttnet"])
        add("Getir", ["getir"])
        add("Yemeksepeti", ["yemeksepeti"])
        add("Trendyol", ["trendyol"])
        add("Hepsiburada", ["hepsiburada"])
        add("Migros", ["migros", "migrossanalmarket", "migrossanal"])
        return table
    }()

    /// Processors that put their own name before the merchant's: `PAYPAL *NETFLIX` is Netflix.
    /// Any name of three letters or fewer before a `*` is read the same way (`SQ`, `TST`, `DD`).
    static let processors: Set<String> = [
        "paypal", "pp", "sq", "squ", "square", "sp", "shopify", "tst", "toast", "iyzico", "iyz", "payu", "paytr",
        "param", "paddle", "paddlenet", "paddlecom", "fs", "fastspring", "fspring", "dri", "digitalriver", "2co",
        "2cocom", "cko", "checkout", "checkoutcom", "stripe", "sumup", "zettle", "izettle", "iz", "wl", "worldline",
        "adyen", "braintree", "bt", "ebay", "etsy", "lemonsqueezy", "lsq", "gumroad", "patreon", "crv", "curve",
        "revolut", "wise", "klarna", "afterpay", "affirm", "applepay", "gpay", "googlepay",
    ]

    /// Names that sell for others, and themselves: what follows their `*` is what was bought,
    /// and a service of their own when it is a known one (`GOOGLE *YOUTUBE PREMIUM`).
    static let marketplaces: Set<String> = ["google", "microsoft", "msft"]

    /// Google's own products, named after Google: `GOOGLE *CLOUD` is Google Cloud.
    static let googleProducts: Set<String> = [
        "one", "storage", "cloud", "workspace", "gsuite", "fi", "domains", "ads", "play", "stadia", "services",
        "nest", "fiber", "store", "drive",
    ]

    /// Words banks print around a merchant's name: how it was paid, and that it is a payment.
    static let noise: Set<String> = [
        "pos", "pur", "purchase", "purchases", "webrecurring", "recurring", "card", "debit", "online", "payment", "paymt", "pmt",
        "autopay", "visa", "mastercard", "mc", "contactless", "checkcard", "check", "chk", "preauth",
        "pending", "authorized", "authorised", "auth", "web", "ach", "ppd", "ccd", "dda", "sepa",
        "lastschrift", "folgelastschrift", "erstlastschrift", "basislastschrift", "kartenzahlung",
        "kartenzahlung/-abrechnung", "girocard", "ec", "membership", "subscription", "subscr", "subscrip",
        "monthly", "renewal", "vdp", "vdc", "vda", "odeme", "odemesi", "harcama", "harcamasi", "internet",
        "yurtdisi", "yurt", "disi", "islem", "islemi", "kredi", "karti", "kart", "abonelik", "aboneligi",
        "uyelik", "fatura", "faturasi", "otomatik", "talimat", "talimatli", "magaza", "magazasi", "sanalpos",
    ]

    /// Words that begin the text before the name and mean nothing else there (`CARD PAYMENT TO
    /// SPOTIFY ON 03-01`, `PURCHASE AUTHORIZED ON 01/14 SPOTIFY`).
    static let leadingNoise: Set<String> = ["to", "at", "on", "from", "bill", "direct", "dd", "so", "fpo", "deb"]

    /// Words that end a merchant's name: what follows is its legal form and address.
    static let companyForms: Set<String> = [
        "ltd", "limited", "llc", "inc", "corp", "corporation", "gmbh", "ag", "plc", "bv", "nv", "sa", "sas",
        "sarl", "srl", "ab", "oy", "oyj", "as", "sti", "ltdsti", "tic", "ticaret", "pty", "kg", "se", "spa",
    ]

    /// Words that end a name without being part of it: `STARBUCKS STORE`.
    static let trailingNoise: Set<String> = ["store", "str", "shop", "mkt"]

    /// Two-letter US states and Canadian provinces, and country codes that close a card
    /// descriptor's address.
    static let regionCodes: Set<String> = [
        "al", "ak", "az", "ar", "ca", "co", "ct", "de", "fl", "ga", "hi", "id", "il", "in", "ia", "ks", "ky",
        "la", "me", "md", "ma", "mi", "mn", "ms", "mo", "mt", "ne", "nv", "nh", "nj", "nm", "ny", "nc", "nd",
        "oh", "ok", "or", "pa", "ri", "sc", "sd", "tn", "tx", "ut", "vt", "va", "wa", "wv", "wi", "wy", "dc",
        "on", "qc", "bc", "ab", "mb", "ns",
        "us", "usa", "gb", "gbr", "uk", "ie", "irl", "nl", "nld", "lu", "lux", "de", "deu", "fr", "fra", "es",
        "esp", "it", "ita", "se", "swe", "no", "nor", "dk", "dnk", "fi", "fin", "be", "bel", "at", "aut", "ch",
        "che", "pl", "pol", "pt", "prt", "cz", "gr", "hu", "ro", "bg", "hr", "si", "sk", "ee", "lt", "lv",
        "cy", "mt", "is", "tr", "tur", "au", "aus", "nz", "jp", "sg", "hk", "il", "ae", "za", "mx", "br",
        "can", "ind", "cn", "kr",
    ]

    /// Cities (and Istanbul's districts) that close a descriptor's address, as folded words.
    static let cities: Set<String> = [
        "seattle", "new york", "los angeles", "san francisco", "san jose", "los gatos", "santa monica",
        "santa clara", "mountain view", "palo alto", "menlo park", "cupertino", "sunnyvale", "redwood city",
        "oakland", "burbank", "culver city", "beverly hills", "chicago", "houston", "dallas", "austin",
        "boston", "atlanta", "miami", "denver", "phoenix", "portland", "san diego", "las vegas",
        "philadelphia", "washington", "brooklyn", "nashville", "minneapolis", "detroit", "salt lake city",
        "scottsdale", "irvine", "sacramento", "charlotte", "orlando", "tampa", "new york city", "nyc",
        "london", "dublin", "amsterdam", "stockholm", "luxembourg", "berlin", "munich", "munchen", "hamburg",
        "frankfurt", "koln", "paris", "madrid", "barcelona", "cork", "leeds", "manchester", "edinburgh",
        "glasgow", "birmingham", "bristol", "brussels", "bruxelles", "zurich", "vienna", "wien", "rome",
        "roma", "milan", "milano", "lisbon", "lisboa", "copenhagen", "oslo", "helsinki", "prague", "warsaw",
        "toronto", "vancouver", "montreal", "sydney", "melbourne", "singapore", "tokyo",
        "istanbul", "ist", "ankara", "izmir", "bursa", "antalya", "adana", "konya", "kocaeli", "gaziantep",
        "mersin", "kayseri", "eskisehir", "kadikoy", "besiktas", "sisli", "uskudar", "beyoglu", "bakirkoy",
        "atasehir", "maltepe", "kartal", "pendik", "sariyer", "fatih", "cankaya", "konak", "bornova",
        "karsiyaka", "nilufer", "muratpasa", "levent", "maslak", "umraniye",
    ]

    /// Small words written in lower case inside a name.
    static let smallWords: Set<String> = ["of", "and", "the", "for", "de", "la", "du", "der", "und", "ve", "von"]
}
