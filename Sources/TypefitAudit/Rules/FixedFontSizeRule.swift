import TypefitCore

/// `fixed-font-size`: Fixed Font Size. Its documentation and the examples that test it (`typefit rules fixed-font-size`).
public enum FixedFontSizeRule: Rule {
    public static let description = RuleDescription(
        id: .fixedFontSize,
        name: "Fixed Font Size",
        rationale:
            "Text in a fixed font size ignores the reader's Dynamic Type setting; Apple's XCTest accessibility audit fails it (“Dynamic Type font sizes are unsupported”). Use a text style, or a custom font relative to one, with adjustsFontForContentSizeCategory. Text capped on purpose with maximumContentSizeCategory below the accessibility sizes is not flagged.",
        checkedIn: "Auditor.fixedFontSizeFindings",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                content:
                  vstack: root
                  children:
                    - label: caption
                      text: Terms apply
                      font: {family: system, size: 12}
                      adjustsFontForContentSizeCategory: false
                """, element: "caption")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                content:
                  vstack: root
                  children:
                    - {label: caption, text: Terms apply, style: footnote}
                """),
            RuleExample(
                """
                screen: Example
                categories: [Large]
                content:
                  vstack: root
                  children:
                    - label: caption
                      text: Terms apply
                      style: footnote
                      maximumContentSizeCategory: xxxLarge
                """)
        ])
}
