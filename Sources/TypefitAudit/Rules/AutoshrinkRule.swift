import TypefitCore

/// `autoshrink`: Autoshrink. Its documentation and the examples that test it (`typefit rules autoshrink`).
public enum AutoshrinkRule: Rule {
    public static let description = RuleDescription(
        id: .autoshrink,
        name: "Autoshrink",
        rationale:
            "adjustsFontSizeToFitWidth shrinks text instead of truncating it: it fits, but smaller than the size the reader chose. Reported as info with the scale used.",
        checkedIn: "ScreenLayouter.measure (autoshrink) and StateAuditor.textFindings",
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
                      style: body
                      width: 180
                      adjustsFontSizeToFitWidth: true
                      minimumScaleFactor: 0.5
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
                      text: Continue
                      style: body
                      width: 180
                      adjustsFontSizeToFitWidth: true
                      minimumScaleFactor: 0.5
                """)
        ])
}
