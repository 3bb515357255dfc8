/// Where the text of a variant comes from.
public enum TranslationStatus: Sendable, Hashable, CustomStringConvertible {
    /// The locale is the source language: the text is the source text.
    case source
    /// A translation for this locale.
    case translated
    /// The key is marked `shouldTranslate: false`: the source text is used in every locale
    /// by design, which is not reported as untranslated.
    case notTranslatable
    /// Derived from the source text by a pseudolocale.
    case pseudolocalized(Pseudolocale)
    /// No usable translation: the source language's text is shown instead.
    case fallback(FallbackReason)
    /// No translation in the localization read, whose lookup returns the key itself
    /// (`MissingTranslationDisplay.key`: a bare `NSLocalizedString` over `.lproj` tables).
    case keyShown

    /// Whether the text shown is the source language's text.
    public var showsSourceText: Bool {
        switch self {
        case .source, .notTranslatable, .fallback: true
        case .translated, .pseudolocalized, .keyShown: false
        }
    }

    /// Whether the string is untranslated in the localization read: a fallback to the source
    /// language, or the key shown in its place.
    public var isFallback: Bool {
        switch self {
        case .fallback, .keyShown: true
        case .source, .translated, .notTranslatable, .pseudolocalized: false
        }
    }

    /// `source`, `translated`, `not translatable`, `pseudolocalized (pseudo-double)`,
    /// `fell back to source (missing)`, `shows the key (missing)`, …
    public var description: String {
        switch self {
        case .source: "source"
        case .translated: "translated"
        case .notTranslatable: "not translatable"
        case .pseudolocalized(let p): "pseudolocalized (\(p.rawValue))"
        case .fallback(let reason): "fell back to source (\(reason))"
        case .keyShown: "shows the key (missing)"
        }
    }
}

/// Why a variant fell back to the source language.
public enum FallbackReason: String, Sendable, Hashable, CustomStringConvertible {
    /// The locale has no translation for the key (or for a substitution it uses):
    /// no localization in the catalog, or no entry in the locale's `.strings`/`.stringsdict`.
    case missing
    /// The translation's state is `new`: not translated yet.
    case new
    /// The translation's state is `needs_review`: the source changed since it was translated.
    case needsReview = "needs_review"

    /// `missing`, `state new`, `state needs_review`.
    public var description: String {
        switch self {
        case .missing: "missing"
        case .new: "state new"
        case .needsReview: "state needs_review"
        }
    }
}
