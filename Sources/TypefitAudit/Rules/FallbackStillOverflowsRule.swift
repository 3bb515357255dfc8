import TypefitCore

/// `fallback-still-overflows`: Fallback Still Overflows. Its documentation and the examples that test it (`typefit rules fallback-still-overflows`).
public enum FallbackStillOverflowsRule: Rule {
    public static let description = RuleDescription(
        id: .fallbackOverflow,
        name: "Fallback Still Overflows",
        rationale:
            "When even the last fallback string (when: doesNotFit) does not fit, the element truncates or clips anyway: the fallback does not solve the problem.",
        checkedIn: "StateAuditor.textFindings",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                devices: [iPhone SE (1st generation)]
                content:
                  vstack: root
                  children:
                    - label: title
                      text: Continue with your account
                      fallbacks:
                        - {text: Continue with account, when: doesNotFit}
                      style: body
                      width: 80
                """, element: "title")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                devices: [iPhone SE (1st generation)]
                content:
                  vstack: root
                  children:
                    - label: title
                      text: Continue with your account
                      fallbacks:
                        - {text: Go, when: doesNotFit}
                      style: body
                      width: 80
                """)
        ])
}
