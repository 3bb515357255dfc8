/// What an app shows for a key that the localization it reads lacks, in `.lproj` tables (a spec's
/// `strings: {path: …, missingShows: key}`; docs/locales.md, "A key a localization lacks").
public enum MissingTranslationDisplay: String, Sendable, Hashable, CaseIterable {
    /// The development language's text: SwiftGen's accessors pass it as the lookup's `value:`, and
    /// some apps look the key up again in their development localization. The default.
    case source
    /// The key itself: a bare `NSLocalizedString(key, comment:)`, which Foundation answers with the
    /// key when the table of the localization it picked lacks it (swift-corelibs-foundation,
    /// `CFBundle_Strings.c`).
    case key
}
