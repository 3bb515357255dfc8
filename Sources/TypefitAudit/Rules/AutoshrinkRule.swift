import TypefitCore

/// `autoshrink`: Autoshrink. Its documentation, the examples that test it and its check (`typefit rules autoshrink`).
public enum AutoshrinkRule: Rule {
    public static let description = RuleDescription(
        id: .autoshrink,
        name: "Autoshrink",
        rationale:
            "adjustsFontSizeToFitWidth shrinks text instead of truncating it: it fits, but smaller than the size the reader chose. Reported as info with the scale used.",
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

extension AutoshrinkRule: TextRule {
    /// Fires when `adjustsFontSizeToFitWidth` shrank the text and it then fits.
    static func check(_ text: TextCheck, into result: inout StateResult) {
        let t = text.text
        guard let scale = t.autoshrinkScale, !t.autoshrinkFailed else { return }
        text.report(
            .autoshrink,
            "text shrinks to \(Int((scale * 100).rounded())) % (\(pt(t.font.size * scale)) pt) to fit \(pt(text.available)) pt",
            fix: nil, preview: false, into: &result
        ) {
            text.numbers(&$0); $0.scale = round2(scale)
        }
    }
}
