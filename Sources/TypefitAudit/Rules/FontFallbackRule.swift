import TypefitCore

/// `font-fallback`: Font Fallback. Its documentation and the examples that test it (`typefit rules font-fallback`).
public enum FontFallbackRule: Rule {
    public static let description = RuleDescription(
        id: .fontFallback,
        name: "Font Fallback",
        rationale:
            "A custom (brand) font that lacks a script's characters is replaced by a fallback font for them, with different widths and line heights than the design assumed. Reported as info, with the fonts that drew the text.",
        checkedIn: "StateAuditor.collectFacts and Auditor.runJob",
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
