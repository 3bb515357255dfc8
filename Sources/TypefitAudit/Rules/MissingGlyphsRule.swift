import TypefitCore

/// `missing-glyphs`: Missing Glyphs. Its documentation, the examples that test it and its check (`typefit rules missing-glyphs`).
public enum MissingGlyphsRule: Rule {
    public static let description = RuleDescription(
        id: .missingGlyphs,
        name: "Missing Glyphs",
        rationale:
            "Characters no font has show as empty boxes (tofu): the text is unreadable whatever its size. Change the text. typefit's bundled fonts cover fewer scripts than iOS's: where a device draws the characters, accept the finding in the baseline.",
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

extension MissingGlyphsRule: LocaleRule {
    /// What a width finding adds when its text has characters no font has: they are measured as the
    /// primary font's `.notdef` box, which is not what a device that draws them needs.
    static let measuredNote = "measured with boxes for the characters no font has: a device that draws them needs another width"

    /// " of the Ol Chiki script", " of the Ol Chiki and Tifinagh scripts", " of the Cuneiform script
    /// and others": what a reader searches for a font by; empty when no character belongs to one
    /// script (symbols, unassigned code points). `others`: some characters belong to none.
    static func ofScripts(_ names: [String], others: Bool) -> String {
        let tail = others ? " and others" : ""
        switch names.count {
        case 0: return ""
        case 1: return " of the \(names[0]) script\(tail)"
        default: return " of the \(names.dropLast().joined(separator: ", ")) and \(names[names.count - 1]) scripts\(tail)"
        }
    }

    /// Fires when a text the element showed in this locale (its own or a fallback string) has
    /// characters no font covers.
    static func check(_ element: LocaleCheck, into result: inout StateResult) {
        guard let f = element.facts, !f.missing.isEmpty else { return }
        element.report(
            .missingGlyphs,
            "\(f.missing.count) character(s)\(Self.ofScripts(f.missingScripts, others: f.missingOutsideScripts)) have no glyph in any font and show as boxes: \(f.missing.joined(separator: " ")) (\"\(f.missingText)\")",
            fix:
                "change the text; if a device draws them (iOS has fonts for scripts typefit does not bundle), accept the finding with --write-baseline",
            into: &result
        ) {
            $0.missingCharacters = f.missing; $0.text = f.text
        }
    }
}
