import TypefitCore
import TypefitLayout
import TypefitSpec

/// A text that does not all show (`TextCheck.overflows`), as four rules report it: `truncated`,
/// `clipped`, `autoshrink-below-minimum` and `fallback-still-overflows` differ in what UIKit did (an
/// ellipsis, a cut, a font shrunk as far as allowed, every fallback string tried), not in what is
/// measured. Each rule decides whether it is the one; this measures the numbers and keeps what else
/// the message and fix say (`Wording`): they are worded from both only when a report reads them.
enum TextOverflow {
    static func report(_ rule: RuleID, _ c: TextCheck, into result: inout StateResult) {
        let t = c.text, n = c.node, e = c.element
        // The layout is read in place through its result (a copy of it retained its lines and
        // paragraph for every finding).
        let needWidth = c.needWidth, available = c.available
        let overflow = max(0, needWidth - available)
        // Cut vertically: the shown lines are taller than the height the text has (a fixed `height`
        // or `maxHeight`, minus a button's insets).
        let heightLimit = t.heightLimit.flatMap { t.layout.height > $0 + LineBreaker.epsilon ? $0 : nil }
        let form: Wording.Form
        if heightLimit != nil, !t.layout.truncated {
            form = .height
        } else if t.maxLines == 1 {
            form = .oneLine(e.kind == .textField ? (e.text != nil ? .typedText : .placeholder) : .line)
        } else if t.layout.lineCount > t.maxLines && t.maxLines > 0 {
            form = .lines
        } else {
            form = .word
        }
        // A translation's length budget, for text cut in width (`StateAuditor.budget`).
        let budget =
            heightLimit == nil && (rule == .truncated || rule == .clipped)
            ? c.auditor.budget(t, available: available, needWidth: needWidth, locale: c.locale) : nil
        // One line over by less than the stand-in's error: SF may fit it.
        let borderline =
            heightLimit == nil && (t.maxLines == 1 || t.layout.lineCount > t.maxLines)
            ? Borderline.check(t, over: overflow, needed: needWidth, standIn: c.auditor.systemFontIsStandIn) : nil
        var wording = Wording(
            form: form, language: budget?.language, autoshrinkScale: t.autoshrinkFailed ? (t.autoshrinkScale ?? 0) : nil,
            borderline: borderline, heightCut: heightLimit.map { HeightCut(n, t.layout, limit: $0) })
        switch form {
        case .oneLine(.line), .lines, .word:
            // A label's or button's width: whether any of the text shows, and whether its row
            // squeezes it first (a field's fix already says to give it room).
            wording.noneShown = t.layout.showsNoText
            wording.rowResistance = n.givesWayInRow
        case .oneLine, .height:
            break
        }
        if form != .height { wording.holdsSample = SampleArgument.specifier(of: t.candidate, shownIn: t.text) != nil }
        wording.measuredWithMissingGlyphs = t.hasMissingGlyphs
        let truncated = t.layout.truncated
        c.report(rule, wording: .overflow(wording), into: &result) {
            c.numbers(&$0)
            $0.budget = budget?.budget
            if let limit = heightLimit {
                // The height the shown lines need against the height the text has.
                $0.heightNeeded = round2(t.layout.height)
                $0.heightAvailable = round2(limit)
                $0.lineHeight = round2(t.layout.lineHeight)
                if truncated {
                    $0.overflow = round2(overflow)
                } else {
                    // Only the height is short: the numbers say height, not width.
                    $0.overflow = round2(t.layout.height - limit)
                    $0.widthNeeded = nil
                    $0.widthAvailable = nil
                }
            } else {
                $0.overflow = round2(overflow)
                $0.heightNeeded = round2(t.layout.fullHeight)
            }
            if borderline != nil { $0.borderline = true }
        }
    }

    /// What an overflow's message and fix say beyond the finding's numbers (`FindingWording.overflow`):
    /// the text, its shown part, widths, overflow, lines, font size, fallback and budget are the
    /// numbers' (a point value prints the same rounded to 0.01 pt first: `PointText.format`), so a
    /// finding holds only these few values, inline.
    struct Wording: Sendable {
        /// How the text does not show.
        enum Form: Sendable, Equatable {
            /// Only the height is short: the shown lines are taller than the text's room.
            case height
            /// One line (numberOfLines 1, or a text field) is too narrow.
            case oneLine(OneLine)
            /// More lines are needed than numberOfLines allows.
            case lines
            /// A word is wider than the line.
            case word
        }
        /// What the one line is: a label's or button's line, or a field's typed text or placeholder.
        enum OneLine: Sendable, Equatable { case line, typedText, placeholder }

        let form: Form
        /// The job locale's English name, for the note on the translation's budget (`numbers.budget`).
        let language: String?
        /// The scale autoshrink stopped at without fitting.
        let autoshrinkScale: Double?
        let borderline: Borderline?
        /// The shown lines are too tall for the text's height (as well, when truncated).
        let heightCut: HeightCut?
        /// None of a label's or button's text shows (its lines are at most an ellipsis): neither
        /// wrapping nor a shorter string can help, only width. (False for text fields and height
        /// cuts, which have their own fixes.)
        var noneShown = false
        /// A label's or button's `compressionResistance` when its horizontal stack takes its width
        /// first, before a neighbour's (`LayoutNode.givesWayInRow`); nil otherwise.
        var rowResistance: Double? = nil
        /// The text holds typefit's sample for a `%@` argument (`SampleArgument`): the fix says that a
        /// realistic value in the spec's `arguments` may be the answer. (Not for height cuts.)
        var holdsSample = false
        /// Characters of the text have no glyph in any font and were measured as boxes
        /// (`MissingGlyphsRule.measuredNote`): the message says the width is not the device's.
        var measuredWithMissingGlyphs = false

        func writeMessage<Out: TextOutput & ~Copyable>(_ n: Finding.Numbers, to out: inout Out) {
            let text = n.text ?? ""
            let available = n.widthAvailable ?? 0, needWidth = n.widthNeeded ?? 0, overflow = n.overflow ?? 0
            let fontSize = n.fontSize ?? 0
            switch form {
            case .height:
                out.write("\""); out.write(text); out.write("\" is cut off vertically: ")
                heightCut?.writeText(to: &out)
                out.write(" at "); out.write(points: fontSize); out.write(" pt")
            case .oneLine(let line):
                out.write("\""); out.write(text); out.write("\" shows as \""); n.writeShown(to: &out); out.write("\": ")
                switch line {
                case .line: out.write("one line")
                case .typedText: out.write("the typed text")
                case .placeholder: out.write("the placeholder")
                }
                out.write(" needs "); out.write(points: needWidth); out.write(" pt, has "); out.write(points: available)
                out.write(" pt ("); out.write(points: overflow); out.write(" pt over) at "); out.write(points: fontSize); out.write(" pt")
            case .lines:
                out.write("\""); out.write(text); out.write("\" shows as \""); n.writeShown(to: &out); out.write("\": needs ")
                out.write(n.linesNeeded ?? 0); out.write(" lines at "); out.write(points: available); out.write(" pt, numberOfLines is ")
                out.write(n.linesAllowed ?? 0); out.write(" (one line needs "); out.write(points: needWidth); out.write(" pt, ")
                out.write(points: overflow); out.write(" pt over) at "); out.write(points: fontSize); out.write(" pt")
            case .word:
                out.write("\""); out.write(text); out.write("\" shows as \""); n.writeShown(to: &out); out.write("\" at ")
                out.write(points: fontSize); out.write(" pt: a word is wider than "); out.write(points: available); out.write(" pt")
            }
            if case .height = form {
            } else if let cut = heightCut {
                // Cut both ways: the rest of the text is gone and the line that shows is too tall.
                out.write("; and ")
                cut.writeText(to: &out)
            }
            if let autoshrinkScale { out.write("; even at minimumScaleFactor "); out.write("\(autoshrinkScale)") }
            if let language, let budget = n.budget {
                out.write("; ")
                StateAuditor.writeBudgetNote(language: language, budget: budget, available: available, to: &out)
            }
            if let fallback = n.fallback { out.write("; fallback "); out.write(fallback); out.write(" in use") }
            if let borderline { out.write("; "); out.write(borderline.note) }
            if measuredWithMissingGlyphs { out.write("; "); out.write(MissingGlyphsRule.measuredNote) }
        }

        func writeFix<Out: TextOutput & ~Copyable>(_ n: Finding.Numbers, to out: inout Out) {
            let available = n.widthAvailable ?? 0, overflow = n.overflow ?? 0
            let lineCount = n.linesNeeded ?? 0, maxLines = n.linesAllowed ?? 0
            func writeNoneShows(_ out: inout Out) {
                out.write("shows in "); out.write(points: available); out.write(" pt, so neither wrapping nor a shorter string helps")
            }
            func widen(_ out: inout Out) {
                out.write("allow wrapping (numberOfLines: 0), add a shorter fallback string of at most "); out.write(points: available)
                out.write(" pt, or make it "); out.write(points: overflow); out.write(" pt wider")
            }
            if holdsSample && !noneShown { out.write(SampleArgument.holds("text", "a %@ argument")) }
            switch (form, noneShown, rowResistance) {
            case (_, true, let resistance?):
                out.write("stack the row vertically at accessibility sizes, or raise its compressionResistance (")
                out.write(points: resistance); out.write(", below a neighbour's): the row takes its width first, and none of its text ")
                writeNoneShows(&out)
            case (_, true, nil):
                out.write("give it more width (one line needs "); out.write(points: n.widthNeeded ?? 0)
                out.write(" pt): none of its text ")
                writeNoneShows(&out)
            case (.height, false, _):
                heightCut?.writeFix(to: &out)
            case (.oneLine(.line), false, _):
                widen(&out)
            case (.oneLine, false, _):
                out.write("shorten the text for this locale, or give the field more width at large sizes ")
                out.write("(e.g. stack the label above the field)")
            case (.lines, false, _):
                if maxLines == 1 && lineCount > 1 {
                    widen(&out)
                } else {
                    out.write("allow "); out.write(lineCount); out.write(" lines (or numberOfLines: 0), or add a shorter fallback string")
                }
            case (.word, false, _):
                out.write("allow character wrapping or add a shorter fallback string")
            }
            if !noneShown, let resistance = rowResistance {
                // Some of it shows: the usual fixes hold, and more width comes from the row.
                out.write("; its row takes its width first (compressionResistance "); out.write(points: resistance)
                out.write(", below a neighbour's): raise it, or stack the row vertically at accessibility sizes")
            }
            if case .height = form {
            } else if let cut = heightCut {
                out.write("; and ")
                cut.writeFix(to: &out)
            }
            if let borderline { out.write("; "); out.write(borderline.guidance) }
        }
    }

    /// Shown lines taller than the height their element gives them (a fixed `height` or `maxHeight`,
    /// minus a button's insets), as the message and fix say it. A class: few findings have one, and
    /// the others keep only a nil reference.
    final class HeightCut: Sendable {
        /// The lines shown.
        let lines: Int
        let kind: Element.Kind
        /// The element's fixed height; nil when its `maxHeight` (its frame's height) bounds it.
        let fixedHeight: Double?
        let frameHeight: Double
        /// The shown lines' height, and one line's.
        let height: Double
        let lineHeight: Double
        /// The height the text has.
        let limit: Double

        convenience init(_ n: LayoutNode, _ l: TextLayout, limit: Double) {
            let fixedHeight: Double?
            if case .points(let h)? = n.element.height { fixedHeight = h } else { fixedHeight = nil }
            self.init(
                lines: l.lines.count, kind: n.element.kind, fixedHeight: fixedHeight, frameHeight: n.frame.height, height: l.height,
                lineHeight: l.lineHeight, limit: limit)
        }

        init(lines: Int, kind: Element.Kind, fixedHeight: Double?, frameHeight: Double, height: Double, lineHeight: Double, limit: Double) {
            self.lines = lines
            self.kind = kind
            self.fixedHeight = fixedHeight
            self.frameHeight = frameHeight
            self.height = height
            self.lineHeight = lineHeight
            self.limit = limit
        }

        /// "its line is 43.5 pt tall; the button's fixed height of 40 pt leaves 40 pt for it (3.5 pt over)".
        func writeText<Out: TextOutput & ~Copyable>(to out: inout Out) {
            if lines == 1 {
                out.write("its line is "); out.write(points: height); out.write(" pt tall; ")
            } else {
                out.write("its "); out.write(lines); out.write(" lines are "); out.write(points: height)
                out.write(" pt tall (line height "); out.write(points: lineHeight); out.write(" pt); ")
            }
            if kind == .button { out.write("the button's") } else { out.write("the "); out.write(kind.rawValue); out.write("'s") }
            if let h = fixedHeight {
                out.write(" fixed height of "); out.write(points: h)
            } else {
                out.write(" maxHeight of "); out.write(points: frameHeight)
            }
            out.write(" pt leaves "); out.write(points: limit); out.write(lines == 1 ? " pt for it" : " pt for them")
            let insets = frameHeight - limit
            if insets > StateAuditor.eps { out.write(" after "); out.write(points: insets); out.write(" pt of insets") }
            out.write(" ("); out.write(points: height - limit); out.write(" pt over)")
        }

        /// What makes the shown lines fit vertically: let the element grow to the height they need.
        func writeFix<Out: TextOutput & ~Copyable>(to out: inout Out) {
            let needed = height + (frameHeight - limit)
            if let h = fixedHeight {
                out.write("replace the fixed height with minHeight: "); out.write(points: h); out.write(" so it grows to ")
                out.write(points: needed); out.write(" pt")
            } else {
                out.write("raise maxHeight to at least "); out.write(points: needed); out.write(" pt, or remove it")
            }
        }
    }
}
