import ArgumentParser
import SubscriptionCore

/// The command line's own translations, added to the core's once per process.
public enum SubsTranslations {
    nonisolated(unsafe) private static var installed = false

    public static func install() {
        guard !installed else { return }
        installed = true
        Translations.add(turkishHelp, for: .turkish)
        Translations.add(turkishMessages, for: .turkish)
        Translations.add(turkishPrompts, for: .turkish)
        Translations.add(turkishShell, for: .turkish)
    }
}

extension ArgumentHelp {
    /// Help for an option or argument, in the current language.
    static func localized(_ text: LocalizedText, discussion: String = "", valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(text.resolved, discussion: discussion, valueName: valueName)
    }
}
