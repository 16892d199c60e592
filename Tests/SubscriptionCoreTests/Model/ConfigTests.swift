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
        (ConfigKey.currency, "XYZ"), (.remindDays, "9999"), (.remindDays, "7,,1"), (.reminders, "maybe"),
        (.remindWebhook, "ftp://example.com"), (.remindWebhook, "not a url"), (.remindExec, "rm\u{1B}[2J"),
    ])
    func invalidValuesAreRefusedWithOneLine(_ key: ConfigKey, _ value: String) {
        let error = #expect(throws: InputError.self) { try key.normalized(value) }
        #expect(error?.description.contains("\n") == false)
    }

    @Test func unknownKeysAreRefusedWithTheList() {
        let error = #expect(throws: InputError.self) { try ConfigKey(input: "colour") }
        #expect(error?.description.contains("remind-days") == true)
    }

    @Test func storedSettingsAreReadBackAndBadOnesIgnored() {
        let config = Config(settings: ["currency": "JPY", "remind-days": "7,1", "reminders": "off", "bogus": "1",
                                       "remind-webhook": "ftp://no"])
        #expect(config.currency.code == "JPY")
        #expect(config.remindDays == [7, 1])
        #expect(!config.remindersEnabled)
        #expect(config.remindWebhook == nil)
    }
}
