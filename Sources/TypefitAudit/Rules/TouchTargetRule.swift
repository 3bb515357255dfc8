import TypefitCore

/// `touch-target`: Touch Target. Its documentation, the examples that test it and its check (`typefit rules touch-target`).
public enum TouchTargetRule: Rule {
    public static let description = RuleDescription(
        id: .touchTarget,
        name: "Touch Target",
        rationale:
            "Apple's Human Interface Guidelines ask for hit targets of at least 44 × 44 pt; a smaller button is hard to tap, especially for the people who use large text.",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                devices: [iPhone 16]
                content:
                  vstack: root
                  alignment: center
                  children:
                    - {button: more, text: More, style: footnote, configuration: none, width: 120, height: 30}
                """, element: "more")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                devices: [iPhone 16]
                content:
                  vstack: root
                  alignment: center
                  children:
                    - {button: more, text: More, style: footnote, configuration: none, width: 120, minHeight: 44}
                """)
        ])
}

extension TouchTargetRule: ScreenRule {
    /// Fires for every button whose frame is under 44 pt tall or wide.
    static func check(_ screen: ScreenCheck, into result: inout StateResult) {
        for n in screen.nodes where n.element.kind == .button {
            guard n.frame.height < 44 - StateAuditor.eps || n.frame.width < 44 - StateAuditor.eps else { continue }
            screen.report(.touchTarget, n.element, wording: .touchTarget(width: n.frame.width, height: n.frame.height), into: &result) {
                $0.heightNeeded = 44; $0.heightAvailable = round2(n.frame.height)
            }
        }
    }

    /// The message about a button `width` × `height` pt (worded when a report reads it).
    static func message(width: Double, height: Double) -> String {
        var message = ""
        writeMessage(width: width, height: height, to: &message)
        return message
    }

    static func writeMessage<Out: TextOutput & ~Copyable>(width: Double, height: Double, to out: inout Out) {
        out.write("button is "); out.write(points: width); out.write(" × "); out.write(points: height)
        out.write(" pt, under the 44 × 44 pt minimum touch target")
    }

    static let fix = "give it minHeight: 44 (or a larger hit area)"
}
