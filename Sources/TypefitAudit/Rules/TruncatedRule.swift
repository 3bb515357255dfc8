import TypefitCore

/// `truncated`: Truncated. Its documentation, the examples that test it and its check (`typefit rules truncated`).
public enum TruncatedRule: Rule {
    public static let description = RuleDescription(
        id: .truncated,
        name: "Truncated",
        rationale:
            "A label or button that truncates hides part of its text behind an ellipsis: at larger text sizes, or in a longer language, people lose the words that matter (UILabel's byTruncatingTail with numberOfLines 1 is the default). Apple's HIG asks for labels that wrap instead.",
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
                      numberOfLines: 1
                """, element: "title")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large, AX5]
                devices: [iPhone SE (1st generation)]
                content:
                  vstack: root
                  children:
                    - label: title
                      text: Continue with your account and all of its settings
                      style: body
                      numberOfLines: 0
                """)
        ])
}

extension TruncatedRule: TextRule {
    /// Fires when the text does not all show and UIKit ends it with an ellipsis (a truncating line
    /// break mode) — unless its fallback strings ran out or autoshrink failed (their own rules).
    static func check(_ text: TextCheck, into result: inout StateResult) {
        let t = text.text
        guard text.overflows, !t.fallbackExhausted, !t.autoshrinkFailed, t.mode.truncates else { return }
        TextOverflow.report(.truncated, text, into: &result)
    }
}
