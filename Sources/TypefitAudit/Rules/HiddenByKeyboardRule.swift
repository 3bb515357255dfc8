import TypefitCore

/// `hidden-by-keyboard`: Hidden By Keyboard. Its documentation, the examples that test it and its check (`typefit rules hidden-by-keyboard`).
public enum HiddenByKeyboardRule: Rule {
    public static let description = RuleDescription(
        id: .hiddenByKeyboard,
        name: "Hidden By Keyboard",
        rationale:
            "The field being edited (and the button that submits it) must stay visible above the keyboard, or people type blind. Keyboard avoidance (a scroll view, or sliding the view up) has to make room at every text size.",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                devices: [iPhone 16]
                keyboard: {height: software, focused: [email]}
                content:
                  vstack: form
                  children:
                    - {spacer: gap, minHeight: 600}
                    - {textField: email, placeholder: Email, style: body, borderStyle: roundedRect}
                """, element: "email")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                devices: [iPhone 16]
                keyboard: {height: software, focused: [email]}
                content:
                  vstack: form
                  children:
                    - {textField: email, placeholder: Email, style: body, borderStyle: roundedRect}
                    - {spacer: gap, minHeight: 100}
                """)
        ])
}

extension HiddenByKeyboardRule: ScreenRule {
    /// Fires, while the keyboard is up, when the focused field or a primary button is not wholly
    /// visible between the safe area's top and the keyboard (and bottom bar); in a scroll view that
    /// scrolls the field into view, only when it is taller than the visible area.
    static func check(_ screen: ScreenCheck, into result: inout StateResult) {
        guard screen.keyboardShown else { return }
        let spec = screen.spec, eps = StateAuditor.eps
        let safeTop = screen.safeTop, visibleBottom = screen.visibleBottom
        // The focused field, then each primary button (no list of them made per state).
        func check(_ w: LayoutNode) {
            let f = w.frame
            let hidden: Bool
            if spec.scrolls && spec.keyboardAvoidance == .scrollView {
                hidden = f.height > visibleBottom - screen.box.y + eps
            } else {
                hidden = f.minY < safeTop - eps || f.maxY > visibleBottom + eps
            }
            guard hidden else { return }
            let what = w.element.kind == .textField ? "the focused field" : "the primary button"
            let covered = f.maxY - visibleBottom
            screen.report(
                .hiddenByKeyboard, w.element,
                "\(what) spans y \(pt(f.minY))–\(pt(f.maxY)) pt but \(screen.bar != nil ? "the keyboard and bar start" : "the keyboard starts") at y \(pt(visibleBottom)) pt (\(pt(max(covered, safeTop - f.minY))) pt hidden)",
                fix: spec.scrolls
                    ? "scroll the field into view (keyboardAvoidance: scrollView)"
                    : "put the form in a scroll view and scroll the field into view, or move it higher", into: &result
            ) {
                $0.overflow = round2(max(covered, safeTop - f.minY)); $0.heightAvailable = round2(visibleBottom - safeTop)
            }
        }
        if let focused = screen.focused { check(focused) }
        for w in screen.primary { check(w) }
    }
}
