import Foundation
import TypefitCore
import TypefitSpec

/// `string-problem`: String Problem. Its documentation, the examples that test it and its check (`typefit rules string-problem`).
public enum StringProblemRule: Rule {
    public static let description = RuleDescription(
        id: .stringProblem,
        name: "String Problem",
        rationale:
            "A translation whose format specifiers do not match the source's (%@ for %lld, a missing argument) crashes or shows the wrong value at run time, and typefit cannot know what it will look like.",
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

extension StringProblemRule: SpecRule {
    /// Fires once per problem of a translation the spec shows in an audited localization (format
    /// specifiers that differ from the source, unexpanded or recursive substitutions, too many
    /// variants), at the first element using the key.
    static func check(_ spec: SpecCheck) -> [Finding] {
        guard let severity = spec.severity(.stringProblem) else { return [] }
        var out: [Finding] = []
        let tables = spec.strings.tables
        let localizations = Set(spec.localizations)
        for table in tables {
            // The first element using each key: a lookup, not a scan, per problem.
            var firstUse: [String: Element] = [:]
            for e in spec.spec.allElements {
                for (k, t) in Auditor.keys(of: e) where (t ?? tables[0].name) == table.name && firstUse[k] == nil { firstUse[k] = e }
            }
            for problem in table.strings.problems where localizations.contains(problem.locale) {
                guard let element = firstUse[problem.key] else { continue }
                // The file to fix: the catalog, or the localization's file of an `.lproj` table
                // (xDrip's "fix the translation in xDrip/Storyboards" named the folder of 18).
                let file =
                    table.strings.file.hasSuffix(".xcstrings")
                    ? table.strings.file
                    : (table.strings.file as NSString).appendingPathComponent(
                        table.strings.lprojFile(key: problem.key, localization: problem.locale, table: table.name))
                out.append(
                    Finding(
                        rule: .stringProblem, severity: severity, spec: spec.file, title: spec.spec.title, element: element.id,
                        line: element.location.line, column: element.location.column,
                        scope: .locale(problem.locale), cause: "\(problem.key) \(problem.kind.rawValue)",
                        message: "\(problem.key): \(problem.message)",
                        // In the development language the problem is in the source text, not a translation.
                        fix: problem.locale == table.strings.sourceLanguage
                            ? "fix the development language's string in \(Auditor.displayPath(file))"
                            : "fix the translation in \(Auditor.displayPath(file))",
                        numbers: Finding.Numbers()))
            }
        }
        return out
    }
}
