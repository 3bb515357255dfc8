import TypefitStrings

/// typefit's own sample for an argument a string shows: where no spec `arguments` entry filled a
/// `%@` (or `%s`), the text holds `SampleValues.text`, a long name in wide letters. A finding about
/// such a text says so, since the fix may be a realistic value rather than a shorter translation.
enum SampleArgument {
    /// The `%@` or `%s` specifier of `candidate` whose sample `text` holds; nil when it holds none (a
    /// literal text, a value the spec gave, or no such specifier).
    static func specifier(of candidate: Candidate, shownIn text: String) -> String? {
        guard let specifier = candidate.objectSpecifier, text.contains(SampleValues.default.text) else { return nil }
        return specifier
    }

    /// How a fix that depends on the sample starts, before the usual advice: "the word holds
    /// typefit's sample for %@ (\"WWWWWWWWWW\", a long name in wide letters): give the element …, or ".
    static func holds(_ what: String, _ specifier: String) -> String {
        "the \(what) holds typefit's sample for \(specifier) (\"\(SampleValues.default.text)\", a long name in wide letters): "
            + "give the element `arguments` with a realistic value, or "
    }
}
