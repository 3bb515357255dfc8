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
    /// How a button's spec sizes its sides: fixed in points (`width: 120`, `height: 40`), with a
    /// minimum (`minWidth`, `minHeight`), or neither. A minimum beside a fixed side would be a conflicting
    /// constraint, so the fix replaces a fixed side, raises a minimum, or adds one.
    struct Sizing: OptionSet, Sendable, Equatable {
        let rawValue: UInt8
        static let width = Sizing(rawValue: 1)
        static let height = Sizing(rawValue: 2)
        static let minWidth = Sizing(rawValue: 4)
        static let minHeight = Sizing(rawValue: 8)
        static let all: Sizing = [.width, .height, .minWidth, .minHeight]
    }

    /// Fires for every button whose frame is under 44 pt tall or wide.
    static func check(_ screen: ScreenCheck, into result: inout StateResult) {
        for n in screen.buttons {
            guard isShort(n.frame.height) || isShort(n.frame.width) else { continue }
            var sizing: Sizing = []
            if case .points? = n.element.width { sizing.insert(.width) }
            if case .points? = n.element.height { sizing.insert(.height) }
            if n.element.minWidth != nil { sizing.insert(.minWidth) }
            if n.element.minHeight != nil { sizing.insert(.minHeight) }
            screen.report(
                .touchTarget, n.element, wording: .touchTarget(width: n.frame.width, height: n.frame.height, sizing: sizing), into: &result
            ) {
                $0.heightNeeded = 44; $0.heightAvailable = round2(n.frame.height)
            }
        }
    }

    /// Under the 44 pt minimum.
    static func isShort(_ side: Double) -> Bool { side < 44 - StateAuditor.eps }

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

    /// The fix for a button `width` × `height` pt, for each short side: the fixed side replaced by a
    /// minimum ("replace the fixed height (40 pt) with minHeight: 44": beside `height: 40`, a
    /// `minHeight` would conflict), the spec's minimum raised, or a minimum added.
    static func writeFix<Out: TextOutput & ~Copyable>(width: Double, height: Double, sizing: Sizing, to out: inout Out) {
        let sides = [
            (isShort(height), sizing.contains(.height), sizing.contains(.minHeight), "height", "minHeight", height),
            (isShort(width), sizing.contains(.width), sizing.contains(.minWidth), "width", "minWidth", width)
        ]
        var first = true
        for (short, isFixed, hasMinimum, name, minimum, value) in sides where short {
            if !first { out.write(" and ") }
            first = false
            if isFixed {
                out.write("replace the fixed "); out.write(name); out.write(" ("); out.write(points: value); out.write(" pt) with ")
                out.write(minimum); out.write(": 44")
            } else if hasMinimum {
                out.write("raise its "); out.write(minimum); out.write(" to 44")
            } else {
                out.write("give it "); out.write(minimum); out.write(": 44")
            }
        }
        out.write(" (or a larger hit area)")
    }
}
