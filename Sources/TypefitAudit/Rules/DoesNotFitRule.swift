import TypefitCore

/// `does-not-fit`: Does Not Fit. Its documentation and the examples that test it (`typefit rules does-not-fit`).
public enum DoesNotFitRule: Rule {
    public static let description = RuleDescription(
        id: .doesNotFit,
        name: "Does Not Fit",
        rationale:
            "A screen that does not scroll must fit on the display at every text size: content that grows past the safe area is out of reach. Put it in a scroll view (scrolls: true) or make it shorter.",
        checkedIn: "StateAuditor.audit (the screen's content against the safe area)",
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
