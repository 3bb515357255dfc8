/// One text to check for a key in a locale: a plural category, device variation or substitution
/// choice, resolved to display text with sample argument values.
public struct StringVariant: Sendable, Hashable, CustomStringConvertible {
    /// The choices that lead to this variant, outermost first; empty for a plain string.
    public var steps: [VariationStep]
    /// The text as displayed: substitutions expanded, format specifiers filled with
    /// sample values (see `SampleValues`), `%%` turned into `%`.
    public var text: String
    /// The format string behind `text`: substitutions expanded, specifiers kept.
    /// An argument owned by a substitution appears as a positional specifier (`%1$lld`).
    public var format: String
    /// Whether the text is a translation or the source language's.
    public var status: TranslationStatus

    /// A variant; the readers make these, tests and other modules may too.
    public init(steps: [VariationStep], text: String, format: String, status: TranslationStatus) {
        self.steps = steps
        self.text = text
        self.format = format
        self.status = status
    }

    /// `default` for a plain string, otherwise the steps joined with `/`:
    /// `plural:one`, `device:iphone/plural:few`, `plural:other/substitution:count=many`.
    public var label: String {
        steps.isEmpty ? "default" : steps.map(\.description).joined(separator: "/")
    }

    /// The string's own plural category, if it varies by plural.
    public var pluralCategory: PluralCategory? {
        for step in steps { if case .plural(let c) = step { return c } }
        return nil
    }

    /// The device this variant is for, if it varies by device.
    public var device: String? {
        for step in steps { if case .device(let d) = step { return d } }
        return nil
    }

    /// `plural:one "1 file" (translated)`.
    public var description: String {
        "\(label) \"\(text)\" (\(status))"
    }
}
