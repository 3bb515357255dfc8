import TypefitCore

/// `touch-target`: Touch Target. Its documentation and the examples that test it (`typefit rules touch-target`).
public enum TouchTargetRule: Rule {
    public static let description = RuleDescription(
        id: .touchTarget,
        name: "Touch Target",
        rationale:
            "Apple's Human Interface Guidelines ask for hit targets of at least 44 × 44 pt; a smaller button is hard to tap, especially for the people who use large text.",
        checkedIn: "StateAuditor.audit (button frames)",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                devices: [iPhone 16]
                content:
                  vstack: root
                  alignment: center
                  children:
                    - {button: more, text: More, style: footnote, configuration: none, width: 120, height: 30}
                """, element: "more")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                devices: [iPhone 16]
                content:
                  vstack: root
                  alignment: center
                  children:
                    - {button: more, text: More, style: footnote, configuration: none, width: 120, minHeight: 44}
                """)
        ])
}
