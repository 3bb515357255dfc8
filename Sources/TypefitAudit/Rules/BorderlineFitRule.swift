import TypefitCore

/// `borderline-fit`: Borderline Fit. Its documentation, the examples that test it and its check (`typefit rules borderline-fit`).
public enum BorderlineFitRule: Rule {
    public static let description = RuleDescription(
        id: .borderlineFit,
        name: "Borderline Fit",
        rationale:
            "While Inter and Inter Display stand for Apple's SF (which may not be shipped or used in CI), widths carry the stand-in's measured error (±1.4 % at 17 pt Regular, up to ±3.1 %; README \"Accuracy\"). A one-line text that fits with less room to spare than that error may be truncated with SF on a device: the verdict \"fits\" is not certain. Verify it with SF, or give it room. Never reported for named fonts or when real SF measures the text.",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                devices: [iPhone 16]
                content:
                  vstack: root
                  alignment: leading
                  children:
                    - label: google
                      text: Continue with Google
                      style: body
                      numberOfLines: 1
                      width: 166
                """, element: "google")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                devices: [iPhone 16]
                content:
                  vstack: root
                  alignment: leading
                  children:
                    - label: google
                      text: Continue with Google
                      style: body
                      numberOfLines: 1
                      width: 180
                """),
            RuleExample(
                """
                screen: Example
                categories: [Large]
                devices: [iPhone 16]
                content:
                  vstack: root
                  alignment: leading
                  children:
                    - label: google
                      text: Continue with Google
                      font: {family: Inter, size: 17, relativeTo: body}
                      numberOfLines: 1
                      width: 166
                """)
        ])
}

extension BorderlineFitRule: TextRule {
    /// Fires when a text limited to one line shows whole on that line (no autoshrink, no height cut)
    /// with less room to spare than the system font stand-in's p95 width error at its size and weight.
    /// Not checked: text whose element is sized to it (no room to spare at all: a self-sizing button
    /// or label grows with SF's wider text rather than truncating it, unless its container is full),
    /// and multi-line text (whether its last line would overflow needs another layout).
    static func check(_ text: TextCheck, into result: inout StateResult) {
        let t = text.text
        guard t.maxLines == 1, t.fits, t.autoshrinkScale == nil, text.layout.lineCount == 1 else { return }
        let needed = text.needWidth, slack = text.available - needed
        guard slack > StateAuditor.eps else { return }
        guard let borderline = Borderline.checkFit(t, slack: slack, needed: needed, standIn: text.auditor.systemFontIsStandIn) else {
            return
        }
        var msg =
            "\"\(t.text)\" fits its one line with \(pt(slack)) pt to spare (needs \(pt(needed)) pt of \(pt(text.available)) pt) at \(text.fontDescription); \(borderline.note): SF may truncate it"
        if let name = text.fallbackName { msg += "; fallback \(name) in use" }
        text.report(
            .borderlineFit, msg, fix: "give it a little more width or allow a second line; " + borderline.guidance, into: &result
        ) {
            text.numbers(&$0)
            $0.borderline = true
        }
    }
}
