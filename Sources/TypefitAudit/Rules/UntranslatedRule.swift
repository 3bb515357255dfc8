import Foundation
import TypefitCore
import TypefitStrings

/// `untranslated`: Untranslated. Its documentation, the examples that test it and its check (`typefit rules untranslated`).
public enum UntranslatedRule: Rule {
    public static let description = RuleDescription(
        id: .untranslated,
        name: "Untranslated",
        rationale:
            "A key missing in a localization shows the source language's text: the German screen shows English. Checked for every key an element may show — its text, placeholder and every fallback's key — whether or not the fallback engaged.",
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

extension UntranslatedRule: LocaleRule {
    /// Fires when a key the element may show (its text, placeholder and every fallback, whether or not
    /// a state showed it) has no translation in the locale's localization, so the source text shows
    /// (or the key itself, with `missingShows: key`).
    static func check(_ element: LocaleCheck, into result: inout StateResult) {
        let strings = element.strings
        var labels: [String] = [], places: [Place] = []
        var text: String?
        var showsKey = false
        for (j, (k, tableName)) in Auditor.keys(of: element.element).enumerated() {
            // The table read where the list holds it, through its own methods until a key is found
            // untranslated: reading its strings out of it copied and destroyed the whole value (a
            // retain and a release of each of its fields) for every key of every element of every job.
            guard let entry = strings.named(tableName) else { continue }
            let localization = entry.localization(in: element.localizations)
            // With the spec's arguments, as the layout measured it ("Join mastodon.social", not the
            // worst-case sample's "Join WWWWWWWWWW").
            // (Resolved once per job for the layout and the budgets too: `StateAuditor.keyCandidates`.)
            guard localization != entry.sourceLanguage,
                let candidates = element.auditor.keyCandidates(
                    node: element.index, keyAt: j, key: k, entry: entry, localization: localization)
            else { continue }
            guard candidates.contains(where: { $0.variant!.status.isFallback }) else { continue }
            let table = entry.strings
            // Where to translate it: the catalog, or the table's file in the localization's folder,
            // which a folder that lacks the whole table is to add.
            let place: Place
            if table.file.hasSuffix(".xcstrings") {
                place = Place(path: Auditor.displayPath(table.file), lacking: nil)
            } else {
                let name = tableName ?? strings.tables[0].name
                let file = table.lprojFile(key: k, localization: localization, table: name)
                place = Place(
                    path: Auditor.displayPath((table.file as NSString).appendingPathComponent(file)),
                    lacking: table.has(locale: localization) ? nil : "\(localization).lproj has no \(name) table")
            }
            for c in candidates where c.variant!.status.isFallback {
                let v = c.variant!
                let label = v.label == "default" ? k : "\(k) [\(v.label)]"
                if text == nil { (text, showsKey) = (v.text, v.status == .keyShown) }
                if !labels.contains(label) { labels.append(label) }
                if !places.contains(place) { places.append(place) }
            }
        }
        guard let text else { return }
        let localization = element.localizations[0]
        let into = element.locale == localization ? element.locale : "\(localization) (for \(element.locale))"
        // The keys, then the text shown in their place ("welcome shows the source text "Welcome""): an
        // `.lproj` key is not its text.
        // With `missingShows: key` the lookup returns the key itself ("welcome shows the key itself").
        let what = showsKey ? "the key itself" : "the source text"
        let shows =
            labels.count == 1
            ? (showsKey && text == labels[0] ? "\(labels[0]) shows the key itself" : "\(labels[0]) shows \(what) \"\(text)\"")
            : "\(labels.joined(separator: ", ")) show \(what) (\"\(text)\", …)"
        element.report(
            .untranslated, "not translated into \(into): \(shows)",
            fix: Self.fix(places), into: &result
        ) { $0.text = text }
    }

    /// Where a key is translated: a catalog or an `.lproj` file, and for a folder without the table
    /// what it lacks ("de.lproj has no Plurals table").
    struct Place: Equatable {
        var path: String
        var lacking: String?
    }

    /// "translate it in de.lproj/Localizable.strings", and for a folder without the table "add
    /// de.lproj/Plurals.stringsdict (de.lproj has no Plurals table)".
    static func fix(_ places: [Place]) -> String {
        let existing = places.filter { $0.lacking == nil }, missing = places.filter { $0.lacking != nil }
        var parts: [String] = []
        if !existing.isEmpty { parts.append("translate it in \(existing.map(\.path).joined(separator: " and "))") }
        if let first = missing.first?.lacking {
            let lacks = missing.count == 1 ? first : "their folders lack the table"
            parts.append("add \(missing.map(\.path).joined(separator: " and ")) (\(lacks))")
        }
        return parts.joined(separator: "; ")
    }
}
