import TypefitCore

/// `missing-glyphs`: Missing Glyphs. Its documentation and the examples that test it (`typefit rules missing-glyphs`).
public enum MissingGlyphsRule: Rule {
    public static let description = RuleDescription(
        id: .missingGlyphs,
        name: "Missing Glyphs",
        rationale:
            "Characters no font has show as empty boxes (tofu): the text is unreadable whatever its size. Add a font that covers them or change the text.",
        checkedIn: "StateAuditor.collectFacts and Auditor.runJob",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                content:
                  vstack: root
                  children:
                    - {label: ancient, text: "𒀀𒀁", style: body}
                """, element: "ancient")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                content:
                  vstack: root
                  children:
                    - {label: ancient, text: "Cuneiform", style: body}
                """)
        ])
}
