/// The audit's rules: stable ids used in reports, baselines, fingerprints and `severity` overrides.
public enum RuleID: String, CaseIterable, Sendable, Codable, Comparable {
    case truncated
    case clipped
    case wordSplit = "word-split"
    case doesNotFit = "does-not-fit"
    case hiddenByKeyboard = "hidden-by-keyboard"
    case touchTarget = "touch-target"
    case fixedFontSize = "fixed-font-size"
    case autoshrink
    case autoshrinkBelowMinimum = "autoshrink-below-minimum"
    case fallbackUsed = "fallback-used"
    case fallbackOverflow = "fallback-still-overflows"
    case fontFallback = "font-fallback"
    case missingGlyphs = "missing-glyphs"
    case untranslated
    case stringProblem = "string-problem"
    case borderlineFit = "borderline-fit"
    case literalText = "literal-text"

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// Default severity.
    /// For a rule whose findings hold at every size (their scope has no category): the first
    /// category at which it matters. A font that ignores Dynamic Type fails where it should have
    /// grown, at AX1 (for ranking problems by how early they fail); nil for the other rules.
    public var firstRelevantCategory: ContentSizeCategory? {
        self == .fixedFontSize ? .ax1 : nil
    }

    public var defaultSeverity: Severity {
        switch self {
        case .truncated, .clipped, .doesNotFit, .hiddenByKeyboard, .missingGlyphs, .fallbackOverflow, .autoshrinkBelowMinimum,
            .fixedFontSize, .literalText:
            .error
        case .wordSplit, .touchTarget, .untranslated, .stringProblem: .warning
        case .autoshrink, .fallbackUsed, .fontFallback, .borderlineFit: .info
        }
    }

    /// One-line description for `typefit rules`, SARIF and help texts.
    public var summary: String {
        switch self {
        case .truncated: "Text is shown with an ellipsis: it needs more lines or width than it has."
        case .clipped: "Text is cut off without an ellipsis, e.g. by a fixed height or a wrapping mode out of lines."
        case .wordSplit: "Word wrapping breaks inside a word because the word alone is wider than the line."
        case .doesNotFit: "Non-scrolling content extends outside the safe area."
        case .hiddenByKeyboard: "The focused field or the primary button is covered by the keyboard."
        case .touchTarget: "A button is smaller than the 44 × 44 pt minimum touch target."
        case .fixedFontSize: "Text does not grow with Dynamic Type at the accessibility sizes."
        case .autoshrink: "adjustsFontSizeToFitWidth shrank the text to fit."
        case .autoshrinkBelowMinimum: "Even at its minimum scale factor the text does not fit."
        case .fallbackUsed: "A fallback (e.g. shorter) string was shown instead of the primary one."
        case .fallbackOverflow: "Even the last fallback string does not fit."
        case .fontFallback: "Some characters are drawn with a fallback font."
        case .missingGlyphs: "Some characters have no glyph in any font and show as boxes."
        case .untranslated: "A string is not translated and falls back to the source language."
        case .stringProblem: "A translation's format specifiers do not match the source."
        case .borderlineFit: "Text fits on its one line by less than the system font stand-in's error: SF may truncate it."
        case .literalText: "An element's literal text is a localized string's text: the locales that translate it were not measured."
        }
    }
}

public enum Severity: String, CaseIterable, Sendable, Codable, Comparable {
    case info, warning, error
    private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
    public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
}
