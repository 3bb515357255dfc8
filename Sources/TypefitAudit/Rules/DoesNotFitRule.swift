import TypefitCore

/// `does-not-fit`: Does Not Fit. Its documentation, the examples that test it and its check (`typefit rules does-not-fit`).
public enum DoesNotFitRule: Rule {
    public static let description = RuleDescription(
        id: .doesNotFit,
        name: "Does Not Fit",
        rationale:
            "A screen that does not scroll must fit on the display at every text size: content that grows past the safe area is out of reach. Put it in a scroll view (scrolls: true) or make it shorter.",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [AX5]
                devices: [iPhone SE (1st generation)]
                content:
                  vstack: column
                  spacing: 8
                  children:
                    - {label: a, text: Welcome back to your account overview, style: body, numberOfLines: 0}
                    - {label: b, text: Your statements and documents are ready to view, style: body, numberOfLines: 0}
                    - {label: c, text: Your card was used for three payments this week, style: body, numberOfLines: 0}
                    - {label: d, text: Transfers to your savings are scheduled monthly, style: body, numberOfLines: 0}
                """, element: "column")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [AX5]
                devices: [iPhone SE (1st generation)]
                scrolls: true
                content:
                  vstack: column
                  spacing: 8
                  children:
                    - {label: a, text: Welcome back to your account overview, style: body, numberOfLines: 0}
                    - {label: b, text: Your statements and documents are ready to view, style: body, numberOfLines: 0}
                    - {label: c, text: Your card was used for three payments this week, style: body, numberOfLines: 0}
                    - {label: d, text: Transfers to your savings are scheduled monthly, style: body, numberOfLines: 0}
                """)
        ])
}

extension DoesNotFitRule: ScreenRule {
    /// Fires when content that does not scroll reaches outside the safe area (above it, below it or
    /// the bottom bar, or wider than the screen), and when the bottom bar reaches above the safe area.
    /// A view that slides up for the keyboard leaves the safe area on purpose: not checked then.
    static func check(_ screen: ScreenCheck, into result: inout StateResult) {
        let spec = screen.spec
        if case .slideView = spec.keyboardAvoidance, screen.keyboardShown { return }
        guard !spec.scrolls else { return }
        let eps = StateAuditor.eps
        let r = screen.content.frame
        let safeTop = screen.safeTop
        let bottomLimit = min(screen.safeBottom, screen.barTop)
        let overTop = safeTop - r.minY
        let overBottom = screen.keyboardShown ? 0 : r.maxY - bottomLimit
        let overWidth = max(0, r.maxX - screen.width, -r.minX)
        if overTop > eps || overBottom > eps || overWidth > eps {
            var parts: [String] = []
            if overTop > eps { parts.append("\(pt(overTop)) pt above the top of the safe area") }
            if overBottom > eps {
                parts.append("\(pt(overBottom)) pt below \(screen.bar != nil ? "the bottom bar" : "the bottom of the safe area")")
            }
            if overWidth > eps { parts.append("\(pt(overWidth)) pt wider than the screen") }
            let available = bottomLimit - safeTop
            screen.report(
                .doesNotFit, screen.content.element,
                "content is \(pt(r.height)) pt tall, the safe area leaves \(pt(available)) pt: it extends "
                    + parts.joined(separator: " and "),
                fix: "put the content in a scroll view (scrolls: true), or reduce fixed spacing at accessibility sizes", into: &result
            ) {
                $0.heightNeeded = round2(r.height); $0.heightAvailable = round2(available);
                $0.overflow = round2(max(overTop, overBottom, overWidth))
            }
        }
        if let bar = screen.bar, bar.frame.minY < safeTop - eps {
            screen.report(
                .doesNotFit, bar.element, "the bottom bar reaches \(pt(safeTop - bar.frame.minY)) pt above the safe area",
                fix: "let the bar's content wrap less or shrink it at accessibility sizes", into: &result
            ) { $0.overflow = round2(safeTop - bar.frame.minY) }
        }
    }
}
