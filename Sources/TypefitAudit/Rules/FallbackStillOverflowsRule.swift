import TypefitCore

/// `fallback-still-overflows`: Fallback Still Overflows. Its documentation, the examples that test it and its check (`typefit rules fallback-still-overflows`).
public enum FallbackStillOverflowsRule: Rule {
    public static let description = RuleDescription(
        id: .fallbackOverflow,
        name: "Fallback Still Overflows",
        rationale:
            "When even the last fallback string (when: doesNotFit) does not fit, the element truncates or clips anyway: the fallback does not solve the problem.",
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

extension FallbackStillOverflowsRule: TextRule {
    /// Fires when the element's `doesNotFit` fallback strings were all tried and the last one still
    /// does not all show.
    static func check(_ text: TextCheck, into result: inout StateResult) {
        guard text.overflows, text.text.fallbackExhausted else { return }
        TextOverflow.report(.fallbackOverflow, text, into: &result)
    }
}
