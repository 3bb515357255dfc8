import TypefitCore

/// `fallback-used`: Fallback Used. Its documentation and the examples that test it (`typefit rules fallback-used`).
public enum FallbackUsedRule: Rule {
    public static let description = RuleDescription(
        id: .fallbackUsed,
        name: "Fallback Used",
        rationale:
            "A shorter string shown at large sizes (the accessible pattern of FirebaseUI's custom login) is a deliberate choice: reported as info, where it engages, so a reviewer sees which label people actually read.",
        checkedIn: "StateAuditor.textFindings",
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
