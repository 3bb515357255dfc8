import TypefitCore

/// `hidden-by-keyboard`: Hidden By Keyboard. Its documentation and the examples that test it (`typefit rules hidden-by-keyboard`).
public enum HiddenByKeyboardRule: Rule {
    public static let description = RuleDescription(
        id: .hiddenByKeyboard,
        name: "Hidden By Keyboard",
        rationale:
            "The field being edited (and the button that submits it) must stay visible above the keyboard, or people type blind. Keyboard avoidance (a scroll view, or sliding the view up) has to make room at every text size.",
        checkedIn: "StateAuditor.audit (the focused field and primary button against the keyboard, after keyboardAvoidance)",
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
