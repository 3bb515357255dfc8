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
        let t = c.text, l = c.layout, n = c.node, e = c.element
        let needWidth = c.needWidth, available = c.available
        let overflow = max(0, needWidth - available)
        // Cut vertically: the shown lines are taller than the height the text has (a fixed `height`
        // or `maxHeight`, minus a button's insets).
        let heightLimit = t.heightLimit.flatMap { l.height > $0 + LineBreaker.epsilon ? $0 : nil }
        let form: Wording.Form
        if heightLimit != nil, !l.truncated {
            form = .height
        } else if t.maxLines == 1 {
            form = .oneLine(e.kind == .textField ? (e.text != nil ? .typedText : .placeholder) : .line)
        } else if l.lineCount > t.maxLines && t.maxLines > 0 {
            form = .lines
        } else {
            form = .word
        }
        // A translation's length budget, for text cut in width (`StateAuditor.budget`).
        let budget =
            heightLimit == nil && (rule == .truncated || rule == .clipped)
            ? c.auditor.budget(t, available: available, needWidth: needWidth, locale: c.key.locale) : nil
        // One line over by less than the stand-in's error: SF may fit it.
        let borderline =
            heightLimit == nil && (t.maxLines == 1 || l.lineCount > t.maxLines)
            ? Borderline.check(t, over: overflow, needed: needWidth, standIn: c.auditor.systemFontIsStandIn) : nil
        let wording = Wording(
            form: form, language: budget?.language, autoshrinkScale: t.autoshrinkFailed ? (t.autoshrinkScale ?? 0) : nil,
            borderline: borderline, heightCut: heightLimit.map { HeightCut(n, l, limit: $0) })
        let truncated = l.truncated
        c.report(rule, wording: .overflow(wording), into: &result) {
            c.numbers(&$0)
            $0.budget = budget?.budget
            if let limit = heightLimit {
                // The height the shown lines need against the height the text has.
                $0.heightNeeded = round2(l.height)
                $0.heightAvailable = round2(limit)
                $0.lineHeight = round2(l.lineHeight)
                if truncated {
                    $0.overflow = round2(overflow)
                } else {
                    // Only the height is short: the numbers say height, not width.
                    $0.overflow = round2(l.height - limit)
                    $0.widthNeeded = nil
                    $0.widthAvailable = nil
                }
            } else {
                $0.overflow = round2(overflow)
                $0.heightNeeded = round2(l.fullHeight)
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
        enum Form: Sendable {
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
        enum OneLine: Sendable { case line, typedText, placeholder }

        let form: Form
        /// The job locale's English name, for the note on the translation's budget (`numbers.budget`).
        let language: String?
        /// The scale autoshrink stopped at without fitting.
        let autoshrinkScale: Double?
        let borderline: Borderline?
        /// The shown lines are too tall for the text's height (as well, when truncated).
        let heightCut: HeightCut?

        func message(_ n: Finding.Numbers) -> String {
            let text = n.text ?? "", shown = n.shown ?? ""
            let available = n.widthAvailable ?? 0, needWidth = n.widthNeeded ?? 0, overflow = n.overflow ?? 0
            let font = "\(pt(n.fontSize ?? 0)) pt"
            var msg: String
            switch form {
            case .height:
                msg = "\"\(text)\" is cut off vertically: " + (heightCut?.text ?? "") + " at \(font)"
            case .oneLine(let line):
                let what: String
                switch line {
                case .line: what = "one line"
                case .typedText: what = "the typed text"
                case .placeholder: what = "the placeholder"
                }
                msg =
                    "\"\(text)\" shows as \"\(shown)\": \(what) needs \(pt(needWidth)) pt, has \(pt(available)) pt (\(pt(overflow)) pt over) at \(font)"
            case .lines:
                msg =
                    "\"\(text)\" shows as \"\(shown)\": needs \(n.linesNeeded ?? 0) lines at \(pt(available)) pt, numberOfLines is \(n.linesAllowed ?? 0) (one line needs \(pt(needWidth)) pt, \(pt(overflow)) pt over) at \(font)"
            case .word:
                msg = "\"\(text)\" shows as \"\(shown)\" at \(font): a word is wider than \(pt(available)) pt"
            }
            if case .height = form {
            } else if let cut = heightCut {
                // Cut both ways: the rest of the text is gone and the line that shows is too tall.
                msg += "; and " + cut.text
            }
            if let autoshrinkScale { msg += "; even at minimumScaleFactor \(autoshrinkScale)" }
            if let language, let budget = n.budget {
                msg += "; " + StateAuditor.budgetNote(language: language, budget: budget, available: available)
            }
            if let fallback = n.fallback { msg += "; fallback \(fallback) in use" }
            if let borderline { msg += "; " + borderline.note }
            return msg
        }

        func fix(_ n: Finding.Numbers) -> String {
            let available = n.widthAvailable ?? 0, overflow = n.overflow ?? 0
            let lineCount = n.linesNeeded ?? 0, maxLines = n.linesAllowed ?? 0
            var fix: String
            let widen =
                "allow wrapping (numberOfLines: 0), add a shorter fallback string of at most \(pt(available)) pt, or make it \(pt(overflow)) pt wider"
            switch form {
            case .height:
                fix = heightCut?.fix ?? ""
            case .oneLine(.line):
                fix = widen
            case .oneLine:
                fix = "shorten the text for this locale, or give the field more width at large sizes (e.g. stack the label above the field)"
            case .lines:
                fix =
                    maxLines == 1 && lineCount > 1
                    ? widen : "allow \(lineCount) lines (or numberOfLines: 0), or add a shorter fallback string"
            case .word:
                fix = "allow character wrapping or add a shorter fallback string"
            }
            if case .height = form {
            } else if let cut = heightCut {
                fix += "; and " + cut.fix
            }
            if let borderline { fix += "; " + borderline.guidance }
            return fix
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

        init(_ n: LayoutNode, _ l: TextLayout, limit: Double) {
            lines = l.lines.count
            kind = n.element.kind
            if case .points(let h)? = n.element.height { fixedHeight = h } else { fixedHeight = nil }
            frameHeight = n.frame.height
            height = l.height
            lineHeight = l.lineHeight
            self.limit = limit
        }

        /// "its line is 43.5 pt tall; the button's fixed height of 40 pt leaves 40 pt for it (3.5 pt over)".
        var text: String {
            let what = kind == .button ? "the button's" : "the \(kind.rawValue)'s"
            let bound: String
            if let h = fixedHeight {
                bound = "\(what) fixed height of \(pt(h)) pt"
            } else {
                bound = "\(what) maxHeight of \(pt(frameHeight)) pt"
            }
            let insets = frameHeight - limit
            let tall =
                lines == 1
                ? "its line is \(pt(height)) pt tall" : "its \(lines) lines are \(pt(height)) pt tall (line height \(pt(lineHeight)) pt)"
            return tall + "; "
                + "\(bound) leaves \(pt(limit)) pt for \(lines == 1 ? "it" : "them")\(insets > StateAuditor.eps ? " after \(pt(insets)) pt of insets" : "") (\(pt(height - limit)) pt over)"
        }

        /// What makes the shown lines fit vertically: let the element grow to the height they need.
        var fix: String {
            let needed = height + (frameHeight - limit)
            if let h = fixedHeight {
                return "replace the fixed height with minHeight: \(pt(h)) so it grows to \(pt(needed)) pt"
            }
            return "raise maxHeight to at least \(pt(needed)) pt, or remove it"
        }
    }
}
