import TypefitCore

/// `clipped`: Clipped. Its documentation and the examples that test it (`typefit rules clipped`).
public enum ClippedRule: Rule {
    public static let description = RuleDescription(
        id: .clipped,
        name: "Clipped",
        rationale:
            "Text cut off without an ellipsis gives no sign that anything is missing: a legacy button with a fixed height keeps it while its title grows with Dynamic Type, so the title's lines are cut at the top and bottom.",
        checkedIn: "StateAuditor.textFindings",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [AX5]
                devices: [iPhone 16]
                content:
                  vstack: root
                  alignment: center
                  children:
                    - button: signIn
                      text: Sign in
                      style: body
                      configuration: none
                      numberOfLines: 0
                      lineBreakMode: byWordWrapping
                      width: 200
                      height: 30
                """, element: "signIn")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [AX5]
                devices: [iPhone 16]
                content:
                  vstack: root
                  alignment: center
                  children:
                    - button: signIn
                      text: Sign in
                      style: body
                      configuration: none
                      numberOfLines: 0
                      lineBreakMode: byWordWrapping
                      width: 200
                      minHeight: 30
                """)
        ])
}
