import TypefitCore

/// `untranslated`: Untranslated. Its documentation and the examples that test it (`typefit rules untranslated`).
public enum UntranslatedRule: Rule {
    public static let description = RuleDescription(
        id: .untranslated,
        name: "Untranslated",
        rationale:
            "A key missing in a localization shows the source language's text: the German screen shows English. Checked for every key an element may show — its text, placeholder and every fallback's key — whether or not the fallback engaged.",
        checkedIn: "Auditor.runJob",
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
                    - {label: title, key: welcome, style: body}
                """,
                catalog: """
                    {"sourceLanguage": "en", "version": "1.0", "strings": {
                      "welcome": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Welcome"}}}},
                      "other": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Other"}},
                                                  "de": {"stringUnit": {"state": "translated", "value": "Andere"}}}}}}
                    """, element: "title", locale: "de")
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
                    - {label: title, key: welcome, style: body}
                """,
                catalog: """
                    {"sourceLanguage": "en", "version": "1.0", "strings": {
                      "welcome": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Welcome"}},
                                                    "de": {"stringUnit": {"state": "translated", "value": "Willkommen"}}}}}}
                    """)
        ])
}
