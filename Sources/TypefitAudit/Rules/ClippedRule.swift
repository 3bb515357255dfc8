import TypefitCore

/// `clipped`: Clipped. Its documentation, the examples that test it and its check (`typefit rules clipped`).
public enum ClippedRule: Rule {
    public static let description = RuleDescription(
        id: .clipped,
        name: "Clipped",
        rationale:
            "Text cut off without an ellipsis gives no sign that anything is missing: a legacy button with a fixed height keeps it while its title grows with Dynamic Type, so the title's lines are cut at the top and bottom.",
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

extension ClippedRule: TextRule {
    /// Fires when the text does not all show and nothing marks it: a line break mode without an
    /// ellipsis (clipping, or wrapping out of lines) — unless its fallback strings ran out or autoshrink
    /// failed (their own rules); and when a button's title fits its width but the button's fixed or
    /// maximum height cuts its lines off.
    static func check(_ text: TextCheck, into result: inout StateResult) {
        let t = text.text, n = text.node
        if text.overflows {
            guard !t.fallbackExhausted, !t.autoshrinkFailed, !t.mode.truncates else { return }
            TextOverflow.report(.clipped, text, into: &result)
        } else if n.heightClipped && n.element.kind == .button {
            let l = text.layout
            let over = n.neededHeight - n.frame.height
            text.report(
                .clipped,
                "\"\(t.text)\" needs a \(pt(n.neededHeight)) pt tall button (\(l.lineCount) line\(l.lineCount == 1 ? "" : "s") at \(text.fontDescription)), the button is fixed at \(pt(n.frame.height)) pt (\(pt(over)) pt over)",
                fix: "replace the fixed height with minHeight: \(pt(n.frame.height)) so the button grows", into: &result
            ) {
                text.numbers(&$0); $0.heightNeeded = round2(n.neededHeight); $0.heightAvailable = round2(n.frame.height);
                $0.overflow = round2(over)
            }
        }
    }
}
