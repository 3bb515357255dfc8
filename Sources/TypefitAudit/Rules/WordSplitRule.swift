import TypefitCore
import TypefitLayout

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
        let borderline = Borderline.check(text.text, over: over, needed: split.width, standIn: text.auditor.systemFontIsStandIn)
        let wording = Wording(
            barelyOver: over < 0.05,
            // The word is typefit's stand-in for an argument, not the translation's.
            sampleSpecifier: SampleArgument.specifier(of: text.text.candidate, shownIn: split.word),
            borderline: borderline, measuredWithMissingGlyphs: text.text.hasMissingGlyphs)
        text.report(.wordSplit, wording: .wordSplit(wording), into: &result) {
            text.numbers(&$0)
            $0.widthNeeded = round2(split.width)
            $0.overflow = round2(over)
            $0.word = split.word
            $0.wordParts = split.parts
            if borderline != nil { $0.borderline = true }
        }
    }

    /// What a word-split finding's message and fix say beyond its numbers (`FindingWording.wordSplit`):
    /// the text, word, its parts, widths, overflow, font size and fallback are the numbers' (a point
    /// value prints the same from its 0.01-pt JSON value: `PointText.format`), so a finding holds only
    /// these few values and is worded when a report reads it.
    struct Wording: Sendable {
        /// Less than 0.05 pt over (before rounding): the message says "less than 0.1 pt over".
        let barelyOver: Bool
        /// The argument specifier whose sample the word is (`SampleArgument`), for the fix.
        let sampleSpecifier: String?
        let borderline: Borderline?
        /// Characters of the text have no glyph in any font and were measured as boxes.
        let measuredWithMissingGlyphs: Bool

        func writeMessage<Out: TextOutput & ~Copyable>(_ n: Finding.Numbers, to out: inout Out) {
            out.write("\""); out.write(n.text ?? ""); out.write("\" breaks inside the word \""); out.write(n.word ?? "")
            out.write("\": \"")
            for (i, part) in (n.wordParts ?? []).enumerated() {
                if i > 0 { out.write(WordSplit.partSeparator) }
                out.write(part)
            }
            out.write("\" — the word alone needs "); out.write(points: n.widthNeeded ?? 0); out.write(" pt, the line has ")
            out.write(points: n.widthAvailable ?? 0); out.write(" pt (")
            if barelyOver { out.write("less than 0.1") } else { out.write(points: n.overflow ?? 0) }
            out.write(" pt over) at "); out.write(points: n.fontSize ?? 0); out.write(" pt")
            if let fallback = n.fallback { out.write("; fallback "); out.write(fallback); out.write(" in use") }
            if let borderline { out.write("; "); out.write(borderline.note) }
            if measuredWithMissingGlyphs { out.write("; "); out.write(MissingGlyphsRule.measuredNote) }
        }

        func writeFix<Out: TextOutput & ~Copyable>(_ n: Finding.Numbers, to out: inout Out) {
            if let sampleSpecifier { out.write(SampleArgument.holds("word", sampleSpecifier)) }
            out.write("give the text more width at this size, or add a shorter fallback string whose longest word fits ")
            out.write(points: n.widthAvailable ?? 0); out.write(" pt")
            if let borderline { out.write("; "); out.write(borderline.guidance) }
        }
    }
}
