import ArgumentParser
import SubscriptionCore

/// The command line's own translations, added to the core's once per process.
public enum SubsTranslations {
    public static func install() {
        _ = installed
    }

    /// Runs once, thread-safely, however many callers (tests run in parallel).
    private static let installed: Void = {
        Translations.add(turkishWords, for: .turkish)
        Translations.add(turkishHelp, for: .turkish)
        Translations.add(turkishMessages, for: .turkish)
        Translations.add(turkishReports, for: .turkish)
        Translations.add(turkishPrompts, for: .turkish)
        Translations.add(turkishDetect, for: .turkish)
        Translations.add(turkishModelErrors, for: .turkish)
        Translations.add(turkishInterchangeErrors, for: .turkish)
        Translations.add(turkishStorageErrors, for: .turkish)
        Translations.add(turkishHistory, for: .turkish)
        Translations.add(turkishStatement, for: .turkish)
        Translations.add(turkishSync, for: .turkish)
        Translations.add(turkishSyncPrompts, for: .turkish)
        Translations.add(turkishSyncReports, for: .turkish)
        Translations.add(turkishHousehold, for: .turkish)
    }()
}

extension ArgumentHelp {
    /// Help for an option or argument, in the current language.
    static func localized(_ text: LocalizedText, discussion: String = "", valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(text.resolved, discussion: discussion, valueName: valueName)
    }
}
