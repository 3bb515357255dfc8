import TypefitSpec

/// Locale-level facts about an element's text.
struct ElementFacts {
    var element: Element
    var missing: [String] = []
    var missingText = ""
    var fallbackFonts: [String] = []
    var text = ""

    /// Adds another text's facts (a fallback string's) to these.
    mutating func merge(_ other: ElementFacts) {
        for m in other.missing where !missing.contains(m) { missing.append(m) }
        if !other.missingText.isEmpty && !missingText.contains(other.missingText) { missingText += other.missingText }
        for f in other.fallbackFonts where !fallbackFonts.contains(f) { fallbackFonts.append(f) }
        if text.isEmpty { text = other.text }
    }
}
