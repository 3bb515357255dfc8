import TypefitCore

/// `word-split`: Word Split. Its documentation, the examples that test it and its check (`typefit rules word-split`).
public enum WordSplitRule: Rule {
    public static let description = RuleDescription(
        id: .wordSplit,
        name: "Word Split",
        rationale:
            "UIKit's word wrapping breaks inside a word only when the word alone is wider than the line: the text fits, but reads as two broken words (“Correo electrónic / o”). Give the element more width, a shorter string, or hyphenation.",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [AX5]
                devices: [iPhone SE (1st generation)]
                content:
                  vstack: root
                  children:
                    - label: email
                      text: Correo electrónico
                      style: body
                      numberOfLines: 0
                      lineBreakMode: byWordWrapping
                      width: 200
                """, element: "email")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [AX5]
                devices: [iPhone SE (1st generation)]
                content:
                  vstack: root
                  children:
                    - label: email
                      text: Correo electrónico
                      style: body
                      numberOfLines: 0
                      lineBreakMode: byCharWrapping
                      width: 200
                """)
        ])
}

extension WordSplitRule: TextRule {
    /// Fires when word wrapping breaks inside a word: the word alone is wider than the line.
    static func check(_ text: TextCheck, into result: inout StateResult) {
        guard let split = text.layout.wordSplit else { return }
        let available = text.available
        let over = split.width - available
        var msg =
            "\"\(text.text.text)\" breaks inside the word \"\(split.word)\": \"\(split.shown)\" — the word alone needs \(pt(split.width)) pt, the line has \(pt(available)) pt (\(over < 0.05 ? "less than 0.1" : pt(over)) pt over) at \(text.fontDescription)"
        if let name = text.fallbackName { msg += "; fallback \(name) in use" }
        var fix = "give the text more width at this size, or add a shorter fallback string whose longest word fits \(pt(available)) pt"
        if let specifier = SampleArgument.specifier(of: text.text.candidate, shownIn: split.word) {
            // The word is typefit's stand-in for an argument, not the translation's.
            fix = SampleArgument.holds("word", specifier) + fix
        }
        let borderline = Borderline.check(text.text, over: over, needed: split.width, standIn: text.auditor.systemFontIsStandIn)
        if let borderline {
            msg += "; " + borderline.note
            fix += "; " + borderline.guidance
        }
        if text.text.hasMissingGlyphs { msg += "; " + MissingGlyphsRule.measuredNote }
        text.report(.wordSplit, msg, fix: fix, into: &result) {
            text.numbers(&$0)
            $0.widthNeeded = round2(split.width)
            $0.overflow = round2(over)
            $0.word = split.word
            $0.wordParts = split.parts
            if borderline != nil { $0.borderline = true }
        }
    }
}
