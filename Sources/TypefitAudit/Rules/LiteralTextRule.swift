import TypefitCore
import TypefitSpec
import TypefitStrings

/// `literal-text`: Literal Text. Its documentation, the examples that test it and its check (`typefit rules literal-text`).
public enum LiteralTextRule: Rule {
    public static let description = RuleDescription(
        id: .literalText,
        name: "Literal Text",
        rationale:
            "A spec that gives an element the literal text \"Sign in\" where the app shows the localized string whose source text it is measures \"Sign in\" in every locale: the German, Finnish or Tamil translation the app shows there is never checked, and the gate passes without having seen it. Name the key instead; text the app really shows the same in every language (a brand name) is not flagged when no audited translation differs.",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                strings: Localizable.xcstrings
                categories: [Large]
                locales: [en, de]
                content:
                  vstack: root
                  children:
                    - {button: signIn, text: Sign in, style: body}
                """,
                catalog: """
                    {"sourceLanguage": "en", "version": "1.0", "strings": {
                      "Sign in": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Anmelden"}}}}}}
                    """, element: "signIn")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                strings: Localizable.xcstrings
                categories: [Large]
                locales: [en, de]
                content:
                  vstack: root
                  children:
                    - {button: signIn, key: Sign in, style: body}
                    - {label: brand, text: VLC, style: body}
                """,
                catalog: """
                    {"sourceLanguage": "en", "version": "1.0", "strings": {
                      "Sign in": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Anmelden"}}}},
                      "VLC": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "VLC"}}}}}}
                    """)
        ])
}

extension LiteralTextRule: SpecRule {
    /// Which literal of an element: its words in the message, and the spec key that names a key instead.
    enum Field: String {
        case text
        case placeholder
        case fallbackText = "fallback text"

        var keyName: String { self == .placeholder ? "placeholderKey" : "key" }
    }

    /// Fires once per literal text, placeholder or fallback text of an element that is a key of one
    /// of the screen's tables, or a key's development-language text, when an audited localization
    /// translates that key to something else: there the app shows the translation, which the
    /// audit, measuring the literal, never saw.
    static func check(_ spec: SpecCheck) -> [Finding] {
        guard let severity = spec.severity(.literalText), !spec.strings.isEmpty else { return [] }
        // The literal texts, per element; most specs of an app with strings have none, and then no
        // table is indexed.
        let elements: [(element: Element, literals: [(field: Field, text: String)])] = spec.spec.allElements.compactMap { e in
            guard e.showsText else { return nil }
            var literals: [(field: Field, text: String)] = []
            if case .literal(let t)? = e.text { literals.append((.text, t)) }
            if case .literal(let t)? = e.placeholder { literals.append((.placeholder, t)) }
            for f in e.fallbacks { if case .literal(let t) = f.text { literals.append((.fallbackText, t)) } }
            literals.removeAll { $0.text.isEmpty }
            return literals.isEmpty ? nil : (e, literals)
        }
        guard !elements.isEmpty else { return [] }
        let place = Finding.Place(spec: spec.file, title: spec.spec.title, editing: nil, scope: .spec)
        let prefix = Finding.fingerprintPrefix(spec: spec.file, screen: place.screen)
        // Each table's keys by their development language's text, built once per spec.
        let bySource: [(table: StringTables.Table, keys: [String: [String]])] = spec.strings.tables.map { table in
            var keys: [String: [String]] = [:]
            for key in table.strings.keys {
                guard let source = table.strings.variants(key: key, locale: table.strings.sourceLanguage), source.count == 1 else {
                    continue
                }
                keys[source[0].text, default: []].append(key)
            }
            return (table, keys)
        }
        // The localizations audited, each once, in order.
        let localizations = Set(spec.localizations).sorted()
        var out: [Finding] = []
        for (e, literals) in elements {
            for (field, literal) in literals {
                guard let match = Self.match(literal, in: bySource, localizations: localizations) else { continue }
                let shown = match.differing.prefix(3).map { "\($0.localization) \"\(ControlCharacters.escaped($0.text))\"" }
                let more = match.differing.count > 3 ? ", …" : ""
                // A key that is its own text (a String Catalog's) is "the text of key"; an `.lproj`
                // key the literal spells is only its key.
                // Several keys with the text (CWA has "Settings" under several): each is named, up to three.
                let quoted = match.sameText.prefix(3).map { "\"\(ControlCharacters.escaped($0))\"" }.joined(separator: ", ")
                let what =
                    !match.sameText.contains(match.key)
                    ? "is the key \"\(ControlCharacters.escaped(match.key))\" of \(match.table)"
                    : match.sameText.count == 1
                        ? "is the text of key \"\(ControlCharacters.escaped(match.key))\" in \(match.table)"
                        : "is the text of \(match.sameText.count) keys in \(match.table) (\(quoted)\(match.sameText.count > 3 ? ", …" : ""))"
                let message =
                    "the literal \(field.rawValue) \"\(ControlCharacters.escaped(literal))\" \(what): "
                    + "\(match.differing.count) of the \(match.audited) localization\(match.audited == 1 ? "" : "s") audited "
                    + "show\(match.differing.count == 1 ? "s" : "") a translation there (\(shown.joined(separator: ", "))\(more)), "
                    + "which typefit did not measure"
                out.append(
                    Finding(
                        rule: .literalText, severity: severity, place: place, prefix: prefix, element: e.id, line: e.location.line,
                        column: e.location.column, cause: "\(field.rawValue) \(match.key)",
                        wording: .text(
                            message: message,
                            fix:
                                "name the key\(match.sameText.count > 1 ? " the app shows there" : "") (\(field.keyName): \(ControlCharacters.escaped(match.key))\(match.sameText.count > 1 ? ", or another of them" : "")) so each locale is measured with what it shows; "
                                + "if the app shows this text in every language, waive the rule for this element with the reason"),
                        numbers: Finding.Numbers(), hasPreview: false))
            }
        }
        return out
    }

    /// The key whose text `literal` is (a key whose only development-language variant it is, of
    /// `sameText`, every such key, sorted; else the key it spells), in the first table that has one,
    /// with the audited `localizations` (each once, sorted) that show another text for it; nil when
    /// none differs.
    static func match(
        _ literal: String, in tables: [(table: StringTables.Table, keys: [String: [String]])], localizations: [String]
    ) -> (key: String, sameText: [String], table: String, audited: Int, differing: [(localization: String, text: String)])? {
        for (table, bySource) in tables {
            let strings = table.strings
            let sameText = bySource[literal] ?? []
            let candidates = sameText + (strings.contains(key: literal) && !sameText.contains(literal) ? [literal] : [])
            for key in candidates {
                var audited = 0
                var differing: [(localization: String, text: String)] = []
                for localization in localizations where localization != strings.sourceLanguage && strings.has(locale: localization) {
                    audited += 1
                    guard let variants = strings.variants(key: key, locale: localization),
                        let shown = variants.first(where: { !$0.status.isFallback }), shown.text != literal
                    else { continue }
                    differing.append((localization, shown.text))
                }
                if !differing.isEmpty { return (key, sameText, table.name, audited, differing) }
            }
        }
        return nil
    }
}
