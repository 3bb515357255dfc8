import TypefitCore

/// `autoshrink-below-minimum`: Autoshrink Below Minimum. Its documentation, the examples that test it and its check (`typefit rules autoshrink-below-minimum`).
public enum AutoshrinkBelowMinimumRule: Rule {
    public static let description = RuleDescription(
        id: .autoshrinkBelowMinimum,
        name: "Autoshrink Below Minimum",
        rationale:
            "When autoshrink reaches minimumScaleFactor and the text still does not fit, UILabel truncates it at the smallest size: the worst of both.",
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
                      text: Continue with your account and all of its settings
                      style: body
                      width: 120
                      adjustsFontSizeToFitWidth: true
                      minimumScaleFactor: 0.9
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
                      style: body
                      width: 180
                      adjustsFontSizeToFitWidth: true
                      minimumScaleFactor: 0.5
                """)
        ])
}

extension AutoshrinkBelowMinimumRule: TextRule {
    /// Fires when `adjustsFontSizeToFitWidth` shrank the text to its `minimumScaleFactor` and it still
    /// does not all show (unless its fallback strings ran out: `fallback-still-overflows`).
    static func check(_ text: TextCheck, into result: inout StateResult) {
        guard text.overflows, !text.text.fallbackExhausted, text.text.autoshrinkFailed else { return }
        TextOverflow.report(.autoshrinkBelowMinimum, text, into: &result)
    }
}
