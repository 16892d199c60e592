import Testing
@testable import SubscriptionCore

@Suite struct ConfigTests {
    @Test func valuesAreValidatedAndStoredInCanonicalForm() throws {
        #expect(try ConfigKey.currency.normalized("eur") == "EUR")
        #expect(try ConfigKey.remindDays.normalized("1, 7,7") == "7,1")
        #expect(try ConfigKey.remindDays.normalized("none") == "none")
        #expect(try ConfigKey.reminders.normalized("OFF") == "off")
        #expect(try ConfigKey.remindExec.normalized("") == nil)
        #expect(try ConfigKey.remindWebhook.normalized("https://hooks.slack.com/x") == "https://hooks.slack.com/x")
    }

    @Test(arguments: [
        (ConfigKey.currency, "XYZ", InputError.invalid(.currency, value: "XYZ", expected: .currencyCode)),
        (.remindDays, "9999", .invalid(.reminderDays, value: "9999", expected: .reminderDays)),
        (.remindDays, "7,,1", .invalid(.reminderDays, value: "7,,1", expected: .reminderDays)),
        (.reminders, "maybe", .invalid(.remindersValue, value: "maybe", expected: .onOrOff)),
        (.remindWebhook, "ftp://example.com", .invalid(.webhookURL, value: "ftp://example.com", expected: .webhookURL)),
        (.remindWebhook, "not a url", .invalid(.webhookURL, value: "not a url", expected: .webhookURL)),
        (.remindExec, "rm\u{1B}[2J", .invalidText(.remindExecCommand, value: "rm\u{1B}[2J", expected: .visible)),
        (.budget, "1.00001", .invalid(.budget, value: "1.00001", expected: .monthlyBudget)),
        (.language, "xx", .invalid(.language, value: "xx", expected: .languageCode)),
    ])
    func invalidValuesAreRefusedSayingWhatIsExpected(_ key: ConfigKey, _ value: String, _ refusal: InputError) {
        #expect(throws: refusal) { try key.normalized(value) }
    }

    @Test func unknownKeysAreRefused() {
        #expect(throws: InputError.invalid(.configKey, value: "colour", expected: .configKey)) { try ConfigKey(input: "colour") }
    }

    @Test func storedSettingsAreReadBackAndUnknownKeysSkipped() throws {
        let config = try Config(settings: ["currency": "JPY", "remind-days": "7,1", "reminders": "off", "bogus": "1"])
        #expect(config.currency.code == "JPY")
        #expect(config.remindDays == [7, 1])
        #expect(!config.remindersEnabled)
    }

    /// Issue 8, item 4: a damaged value is an error, never the default (a damaged currency
    /// silently became USD).
    @Test(arguments: [("currency", "XX?"), ("remind-webhook", "ftp://no"), ("reminders", "maybe"), ("budget", "-1")])
    func aDamagedStoredValueIsAnError(_ key: String, _ value: String) {
        #expect(throws: InputError.self) { try Config(settings: [key: value]) }
    }

    /// Issue 8, item 5: the budget is money in the base currency, with no more decimals than it.
    @Test func theBudgetHasNoMoreDecimalsThanTheBaseCurrency() throws {
        #expect(throws: SettingsError.budgetTooPrecise(budget: "99.999", currency: .usd)) {
            try Config().setting(.budget, to: "99.999")
        }
        let yen = try Config().setting(.currency, to: "JPY")
        #expect(throws: SettingsError.budgetTooPrecise(budget: "150.5", currency: currency("JPY"))) {
            try yen.setting(.budget, to: "150.5")
        }
        #expect(try yen.setting(.budget, to: "150").budget?.text == "150")
        let budget = try Config().setting(.budget, to: "99.50")
        #expect(throws: SettingsError.currencyTooCoarseForBudget(currency: currency("JPY"), budget: "99.50")) {
            try budget.setting(.currency, to: "JPY")
        }
        #expect(try budget.setting(.currency, to: "KWD").currency.code == "KWD")
        let dinar = try Config().setting(.currency, to: "KWD")
        #expect(try dinar.setting(.budget, to: "150.125").budget?.text == "150.125")
        #expect(try ConfigKey.budget.normalized("150.125") == "150.125", "the grammar alone allows it")
    }
}
