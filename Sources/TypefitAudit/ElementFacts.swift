import TypefitSpec

/// Locale-level facts about an element's text.
struct ElementFacts {
    var element: Element
    var missing: [String] = []
    var missingText = ""
    /// The Unicode names of the scripts of the characters in `missing` ("Ol Chiki"), Common and
    /// Inherited ones left out, in the order met.
    var missingScripts: [String] = []
    /// Some characters in `missing` belong to no one script (symbols, punctuation, unassigned).
    var missingOutsideScripts = false
    var fallbackFonts: [String] = []
    var text = ""

    /// Adds another text's facts (a fallback string's) to these.
    mutating func merge(_ other: ElementFacts) {
        for m in other.missing where !missing.contains(m) { missing.append(m) }
        for m in other.missingScripts where !missingScripts.contains(m) { missingScripts.append(m) }
        missingOutsideScripts = missingOutsideScripts || other.missingOutsideScripts
        if !other.missingText.isEmpty && !missingText.contains(other.missingText) { missingText += other.missingText }
        for f in other.fallbackFonts where !fallbackFonts.contains(f) { fallbackFonts.append(f) }
        if text.isEmpty { text = other.text }
    }
}
