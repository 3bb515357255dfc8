import TypefitCore

/// `string-problem`: String Problem. Its documentation and the examples that test it (`typefit rules string-problem`).
public enum StringProblemRule: Rule {
    public static let description = RuleDescription(
        id: .stringProblem,
        name: "String Problem",
        rationale:
            "A translation whose format specifiers do not match the source's (%@ for %lld, a missing argument) crashes or shows the wrong value at run time, and typefit cannot know what it will look like.",
        checkedIn: "Auditor.specLevelFindings (problems found by TypefitStrings' VariantResolver)",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                strings: Localizable.xcstrings
                categories: [Large]
                locales: [de]
                content:
                  vstack: root
                  children:
                    - {label: count, key: items, style: body}
                """,
                catalog: """
                    {"sourceLanguage": "en", "version": "1.0", "strings": {
                      "items": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%lld items"}},
                                                  "de": {"stringUnit": {"state": "translated", "value": "%@ Elemente"}}}}}}
                    """, element: "count", locale: "de")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                strings: Localizable.xcstrings
                categories: [Large]
                locales: [de]
                content:
                  vstack: root
                  children:
                    - {label: count, key: items, style: body}
                """,
                catalog: """
                    {"sourceLanguage": "en", "version": "1.0", "strings": {
                      "items": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%lld items"}},
                                                  "de": {"stringUnit": {"state": "translated", "value": "%lld Elemente"}}}}}}
                    """)
        ])
}
