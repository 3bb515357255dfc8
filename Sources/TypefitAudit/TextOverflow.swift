import TypefitCore
import TypefitLayout

/// A text that does not all show (`TextCheck.overflows`), as four rules report it: `truncated`,
/// `clipped`, `autoshrink-below-minimum` and `fallback-still-overflows` differ in what UIKit did (an
/// ellipsis, a cut, a font shrunk as far as allowed, every fallback string tried), not in what is
/// measured. Each rule decides whether it is the one; this builds the message, fix and numbers.
enum TextOverflow {
    static func report(_ rule: RuleID, _ c: TextCheck, into result: inout StateResult) {
        let t = c.text, l = c.layout, n = c.node, e = c.element
        let needWidth = c.needWidth, available = c.available
        let overflow = max(0, needWidth - available)
        // Cut vertically: the shown lines are taller than the height the text has (a fixed `height`
        // or `maxHeight`, minus a button's insets).
        let heightLimit = t.heightLimit.flatMap { l.height > $0 + LineBreaker.epsilon ? $0 : nil }
        var msg: String
        var fix: String
        if let limit = heightLimit, !l.truncated {
            msg = "\"\(t.text)\" is cut off vertically: " + heightText(n, l, limit: limit) + " at \(c.fontDescription)"
            fix = heightFix(n, l, limit: limit)
        } else if t.maxLines == 1 {
            let what = e.kind == .textField ? (e.text != nil ? "the typed text" : "the placeholder") : "one line"
            msg =
                "\"\(t.text)\" shows as \"\(c.shown)\": \(what) needs \(pt(needWidth)) pt, has \(pt(available)) pt (\(pt(overflow)) pt over) at \(c.fontDescription)"
            fix =
                e.kind == .textField
                ? "shorten the text for this locale, or give the field more width at large sizes (e.g. stack the label above the field)"
                : "allow wrapping (numberOfLines: 0), add a shorter fallback string of at most \(pt(available)) pt, or make it \(pt(overflow)) pt wider"
        } else if l.lineCount > t.maxLines && t.maxLines > 0 {
            msg =
                "\"\(t.text)\" shows as \"\(c.shown)\": needs \(l.lineCount) lines at \(pt(available)) pt, numberOfLines is \(t.maxLines) (one line needs \(pt(needWidth)) pt, \(pt(overflow)) pt over) at \(c.fontDescription)"
            fix =
                t.maxLines == 1 && l.lineCount > 1
                ? "allow wrapping (numberOfLines: 0), add a shorter fallback string of at most \(pt(available)) pt, or make it \(pt(overflow)) pt wider"
                : "allow \(l.lineCount) lines (or numberOfLines: 0), or add a shorter fallback string"
        } else {
            msg = "\"\(t.text)\" shows as \"\(c.shown)\" at \(c.fontDescription): a word is wider than \(pt(available)) pt"
            fix = "allow character wrapping or add a shorter fallback string"
        }
        if let limit = heightLimit, l.truncated {
            // Cut both ways: the rest of the text is gone and the line that shows is too tall.
            msg += "; and " + heightText(n, l, limit: limit)
            fix += "; and " + heightFix(n, l, limit: limit)
        }
        if t.autoshrinkFailed { msg += "; even at minimumScaleFactor \(t.autoshrinkScale ?? 0)" }
        // A translation's length budget, for text cut in width (`StateAuditor.budget`).
        let budget =
            heightLimit == nil && (rule == .truncated || rule == .clipped)
            ? c.auditor.budget(t, available: available, needWidth: needWidth, locale: c.key.locale) : nil
        if let budget { msg += "; " + budget.note }
        if let name = c.fallbackName { msg += "; fallback \(name) in use" }
        // One line over by less than the stand-in's error: SF may fit it.
        let borderline =
            heightLimit == nil && (t.maxLines == 1 || l.lineCount > t.maxLines)
            ? Borderline.check(t, over: overflow, needed: needWidth, system: c.auditor.engine.systemFontSource) : nil
        if let borderline {
            msg += "; " + borderline.note
            fix += "; " + borderline.guidance
        }
        let truncated = l.truncated
        c.report(rule, msg, fix: fix, into: &result) {
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

    /// "its line is 43.5 pt tall; the button's fixed height of 40 pt leaves 40 pt for it (3.5 pt over)".
    static func heightText(_ n: LayoutNode, _ l: TextLayout, limit: Double) -> String {
        let lines = l.lines.count
        let what = n.element.kind == .button ? "the button's" : "the \(n.element.kind.rawValue)'s"
        let bound: String
        if case .points(let h)? = n.element.height {
            bound = "\(what) fixed height of \(pt(h)) pt"
        } else {
            bound = "\(what) maxHeight of \(pt(n.frame.height)) pt"
        }
        let insets = n.frame.height - limit
        let tall =
            lines == 1
            ? "its line is \(pt(l.height)) pt tall" : "its \(lines) lines are \(pt(l.height)) pt tall (line height \(pt(l.lineHeight)) pt)"
        return tall + "; "
            + "\(bound) leaves \(pt(limit)) pt for \(lines == 1 ? "it" : "them")\(insets > StateAuditor.eps ? " after \(pt(insets)) pt of insets" : "") (\(pt(l.height - limit)) pt over)"
    }

    /// What makes the shown lines fit vertically: let the element grow to the height they need.
    static func heightFix(_ n: LayoutNode, _ l: TextLayout, limit: Double) -> String {
        let needed = l.height + (n.frame.height - limit)
        if case .points(let h)? = n.element.height {
            return "replace the fixed height with minHeight: \(pt(h)) so it grows to \(pt(needed)) pt"
        }
        return "raise maxHeight to at least \(pt(needed)) pt, or remove it"
    }
}
