import TypefitCore

/// `fallback-used`: Fallback Used. Its documentation, the examples that test it and its check (`typefit rules fallback-used`).
public enum FallbackUsedRule: Rule {
    public static let description = RuleDescription(
        id: .fallbackUsed,
        name: "Fallback Used",
        rationale:
            "A shorter string shown at large sizes (the accessible pattern of FirebaseUI's custom login) is a deliberate choice: reported as info, where it engages, so a reviewer sees which label people actually read.",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large, AX1]
                content:
                  vstack: root
                  children:
                    - button: google
                      text: Sign in with Google
                      fallbacks:
                        - {text: Google, when: {category: AX1}}
                      style: body
                """, element: "google")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large, AX1]
                content:
                  vstack: root
                  children:
                    - {button: google, text: Sign in with Google, style: body}
                """)
        ])
}

extension FallbackUsedRule: TextRule {
    /// Fires when a fallback string (`fallbacks:`, e.g. a shorter label) is shown instead of the
    /// element's own text.
    static func check(_ text: TextCheck, into result: inout StateResult) {
        guard let name = text.fallbackName else { return }
        let e = text.element
        text.report(
            .fallbackUsed, "shows fallback \(name) \"\(text.text.text)\" instead of \(e.text ?? e.placeholder!)", fix: nil, into: &result
        ) { text.numbers(&$0) }
    }
}
