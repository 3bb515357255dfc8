import TypefitCore

/// `word-split`: Word Split. Its documentation and the examples that test it (`typefit rules word-split`).
public enum WordSplitRule: Rule {
    public static let description = RuleDescription(
        id: .wordSplit,
        name: "Word Split",
        rationale:
            "UIKit's word wrapping breaks inside a word only when the word alone is wider than the line: the text fits, but reads as two broken words (“Correo electrónic / o”). Give the element more width, a shorter string, or hyphenation.",
        checkedIn: "StateAuditor.textFindings (the split comes from TypefitLayout's WordSplit)",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [AX5]
                devices: [iPhone SE (1st generation)]
                content:
                  vstack: root
                  children:
                    - label: email
                      text: Correo electrónico
                      style: body
                      numberOfLines: 0
                      lineBreakMode: byWordWrapping
                      width: 200
                """, element: "email")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [AX5]
                devices: [iPhone SE (1st generation)]
                content:
                  vstack: root
                  children:
                    - label: email
                      text: Correo electrónico
                      style: body
                      numberOfLines: 0
                      lineBreakMode: byCharWrapping
                      width: 200
                """)
        ])
}
