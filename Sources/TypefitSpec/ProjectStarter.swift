import Foundation
import TypefitCore

/// What `typefit init` writes: a commented starter `.typefit.yml` and a first spec skeleton listing a
/// String Catalog's keys (docs/config.md).
public enum ProjectStarter {
    /// Most catalog keys a skeleton lists (one label each); the rest are named in a comment.
    public static let maximumKeys = 40

    /// The starter configuration. Every key it sets is valid; the optional ones are commented out.
    public static func config(version: String) -> String {
        let rules = RuleID.allCases.map(\.rawValue).joined(separator: ", ")
        return """
            # typefit project configuration (docs/config.md). Paths are relative to this file.
            # Flags given to `typefit audit` override these settings. Schema: typefit schema --config
            minimumVersion: \(version)

            # Spec files or folders to audit, and what to leave out.
            specs:
              - Specs
            # exclude:
            #   - Specs/drafts

            # Narrow the audit (default: every locale of each catalog, all 12 categories, each spec's devices);
            # the run then names what it left out, after its summary line.
            # locales: [en, de, ja]
            # categories: [large, AX1, AX5]
            # devices: [iPhone SE (3rd generation), iPhone 16 Pro Max]
            # pseudolocales: [pseudo-double]

            # Severity per rule for every screen (error, warning, info, ignore); a spec's own `severity:` wins.
            # Rules: \(rules)
            # severity:
            #   touch-target: error

            # Accept today's findings and fail only on new ones: typefit audit --write-baseline Specs/baseline.json
            # baseline: Specs/baseline.json

            # Reports: FORMAT to standard output, FORMAT:PATH to a file (its folder must exist).
            reports:
              - text
            #   - sarif:typefit.sarif
            #   - junit:typefit-junit.xml
            #   - html:typefit.html

            # Your app's font files, searched before the bundled stand-ins.
            # fontDirectories:
            #   - Fonts

            # Warnings fail the run too.
            # strict: true

            # Accept one rule for one element, with a reason; optionally one locale or category range and an
            # expiry date (the waiver then fails the run, so it is revisited).
            # waivers:
            #   - rule: truncated
            #     element: title
            #     locale: de
            #     categories: AX3...AX5
            #     reason: Marketing accepted the ellipsis at the largest sizes (JIRA-123)
            #     expires: 2027-06-30

            """
    }

    /// A first spec: one screen with a label per key (up to `maximumKeys`) in a scrolling stack, on
    /// one device. `strings` is the String Catalog's or `.lproj` folders' path relative to the spec's
    /// folder; for `.lproj` folders, `table` and `developmentLanguage` are written when they are not
    /// the defaults (`Localizable`, `en`), and `code` (paths relative to the spec's folder) when given.
    /// `skipped`: how many keys were left out as having no words to measure; `onlyInTranslations`:
    /// how many as only translations having them; `spoken`: how many as named for VoiceOver;
    /// `appIntents`: how many as App Intents texts (`${applicationName}`).
    public static func spec(
        screen: String, strings: String, table: String? = nil, developmentLanguage: String? = nil, code: [String] = [], keys: [String],
        skipped: Int = 0, onlyInTranslations: Int = 0, spoken: Int = 0, appIntents: Int = 0
    ) -> String {
        var used = Set<String>()
        var reference = yamlQuoted(strings)
        var extra: [String] = []
        if let table, table != "Localizable" { extra.append("table: \(yamlQuoted(table))") }
        if let developmentLanguage, developmentLanguage != "en" { extra.append("developmentLanguage: \(yamlQuoted(developmentLanguage))") }
        if code.count == 1 { extra.append("code: \(yamlQuoted(code[0]))") }
        if code.count > 1 { extra.append("code: [\(code.map(yamlQuoted).joined(separator: ", "))]") }
        if !extra.isEmpty { reference = "{path: \(reference), " + extra.joined(separator: ", ") + "}" }
        let what = table.map { "the table \(yamlQuoted($0)) in \(yamlQuoted(strings))" } ?? yamlQuoted(strings)
        var lines = [
            "# A first spec for \(what), written by typefit init.",
            "# Replace the labels with your screen's real elements: docs/spec-format.md describes every key.",
            "screen: \(yamlQuoted(screen))",
            "strings: \(reference)",
            "devices:",
            "  - iPhone 16",
            "scrolls: true",
            "content:",
            "  vstack: content",
            "  spacing: 8",
            "  children:"
        ]
        for key in keys.prefix(maximumKeys) {
            let id = identifier(for: key, used: &used)
            lines += ["    - label: \(id)", "      key: \(yamlQuoted(key))", "      style: body", "      numberOfLines: 0"]
        }
        if keys.isEmpty { lines += ["    - label: title", "      text: Hello", "      style: title1"] }
        if keys.count > maximumKeys {
            lines.append("# \(keys.count - maximumKeys) more keys of the \(table == nil ? "catalog" : "table") are not listed.")
        }
        if skipped > 0 {
            lines.append(
                "# \(counted(skipped, "key")) \(skipped == 1 ? "has" : "have") no words to measure (empty, or only placeholders and punctuation) and \(skipped == 1 ? "is" : "are") left out."
            )
        }
        if spoken > 0 {
            lines.append(
                "# \(counted(spoken, "key")) whose \(spoken == 1 ? "name says it is" : "names say they are") spoken by VoiceOver (accessibility, a11y, voiceover), not shown, \(spoken == 1 ? "is" : "are") left out."
            )
        }
        if appIntents > 0 {
            lines.append(
                "# \(counted(appIntents, "key")) of App Intents (a ${…} token: Siri phrases and Shortcuts summaries), not shown by the app's screens, \(appIntents == 1 ? "is" : "are") left out."
            )
        }
        if onlyInTranslations > 0 {
            lines.append(
                "# \(counted(onlyInTranslations, "key")) only translations have \(onlyInTranslations == 1 ? "is" : "are") left out: "
                    + (code.isEmpty
                        ? "the development language's table lacks \(onlyInTranslations == 1 ? "it" : "them"), so the app shows \(onlyInTranslations == 1 ? "it" : "them") raw, "
                            + "unless its code gives NSLocalizedString values (name that code in strings: code:)."
                        : "neither the table nor the code gives \(onlyInTranslations == 1 ? "it" : "them") a value "
                            + "(keys the code no longer uses, or uses without a value:, showing them raw).")
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An element id (`[A-Za-z][A-Za-z0-9_-]*`) made from a key, unique among `used`: each run of
    /// other characters becomes one `-` (Loop's "15 min glucose regression coefficient (b₁), …" is
    /// `min-glucose-regression-coefficient-b`, not `…-coefficient--b---`), and a key longer than 40
    /// characters is cut after its last whole word that fits.
    static func identifier(for key: String, used: inout Set<String>) -> String {
        var id = ""
        for u in key.unicodeScalars {
            if u.isASCII && (CharacterSet.alphanumerics.contains(u) || u == "_" || u == "-") {
                id.unicodeScalars.append(u)
            } else if !id.hasSuffix("-") {
                id += "-"
            }
        }
        while id.hasPrefix("-") || id.hasPrefix("_") || id.first?.isNumber == true { id.removeFirst() }
        if id.count > 40 {
            let cut = id.prefix(41)
            id = String(cut.lastIndex(of: "-").map { cut[..<$0] } ?? cut.prefix(40))
            if id.count < 20 { id = String(cut.prefix(40)) }
        }
        while id.hasSuffix("-") { id.removeLast() }
        if id.isEmpty { id = "label" }
        var unique = id, n = 2
        while !used.insert(unique).inserted { unique = "\(id)-\(n)"; n += 1 }
        return unique
    }

    /// A YAML double-quoted scalar (control characters escaped).
    static func yamlQuoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where u.value < 0x20 || u.value == 0x7F || (0x80...0x9F).contains(u.value) || u.value == 0x2028 || u.value == 0x2029:
                out += String(format: "\\u%04X", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
