import TypefitCore

/// `font-fallback`: Font Fallback. Its documentation, the examples that test it and its check (`typefit rules font-fallback`).
public enum FontFallbackRule: Rule {
    public static let description = RuleDescription(
        id: .fontFallback,
        name: "Font Fallback",
        rationale:
            "A custom (brand) font that lacks a script's characters is replaced by a fallback font for them, with different widths and line heights than the design assumed. Reported as info, with the fonts that drew the text.",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                locales: [ar]
                content:
                  vstack: root
                  children:
                    - label: greeting
                      text: مرحبا بك
                      font: {family: Inter, size: 17, relativeTo: body}
                """, element: "greeting", locale: "ar")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                content:
                  vstack: root
                  children:
                    - label: greeting
                      text: Welcome
                      font: {family: Inter, size: 17, relativeTo: body}
                """)
        ])
}

extension FontFallbackRule: LocaleRule {
    /// Fires when a named font lacks characters of a text the element showed in this locale, so other
    /// fonts drew them (the system font's fallback is the system's: not reported).
    static func check(_ element: LocaleCheck, into result: inout StateResult) {
        guard let f = element.facts, !f.fallbackFonts.isEmpty else { return }
        element.report(
            .fontFallback, "the requested font lacks some characters; drawn with \(f.fallbackFonts.joined(separator: ", "))",
            fix: "use a font that covers this locale, or accept the fallback", into: &result
        ) {
            $0.fonts = f.fallbackFonts; $0.text = f.text
        }
    }
}
