import TypefitCore

/// `does-not-fit`: Does Not Fit. Its documentation, the examples that test it and its check (`typefit rules does-not-fit`).
public enum DoesNotFitRule: Rule {
    public static let description = RuleDescription(
        id: .doesNotFit,
        name: "Does Not Fit",
        rationale:
            "A screen that does not scroll must fit on the display at every text size: content that grows past the safe area is out of reach. Put it in a scroll view (scrolls: true) or make it shorter.",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [AX5]
                devices: [iPhone SE (1st generation)]
                content:
                  vstack: column
                  spacing: 8
                  children:
                    - {label: a, text: Welcome back to your account overview, style: body, numberOfLines: 0}
                    - {label: b, text: Your statements and documents are ready to view, style: body, numberOfLines: 0}
                    - {label: c, text: Your card was used for three payments this week, style: body, numberOfLines: 0}
                    - {label: d, text: Transfers to your savings are scheduled monthly, style: body, numberOfLines: 0}
                """, element: "column")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [AX5]
                devices: [iPhone SE (1st generation)]
                scrolls: true
                content:
                  vstack: column
                  spacing: 8
                  children:
                    - {label: a, text: Welcome back to your account overview, style: body, numberOfLines: 0}
                    - {label: b, text: Your statements and documents are ready to view, style: body, numberOfLines: 0}
                    - {label: c, text: Your card was used for three payments this week, style: body, numberOfLines: 0}
                    - {label: d, text: Transfers to your savings are scheduled monthly, style: body, numberOfLines: 0}
                """)
        ])
}

extension DoesNotFitRule: ScreenRule {
    /// Fires when content that does not scroll reaches outside the safe area (above it, below it or
    /// the bottom bar, or wider than the screen), and when the bottom bar reaches above the safe area.
    /// A view that slides up for the keyboard leaves the safe area on purpose: not checked then.
    static func check(_ screen: ScreenCheck, into result: inout StateResult) {
        let spec = screen.spec
        if case .slideView = spec.keyboardAvoidance, screen.keyboardShown { return }
        guard !spec.scrolls else { return }
        let eps = StateAuditor.eps
        let r = screen.content.frame
        let safeTop = screen.safeTop
        let bottomLimit = min(screen.safeBottom, screen.barTop)
        let overTop = safeTop - r.minY
        let overBottom = screen.keyboardShown ? 0 : r.maxY - bottomLimit
        let overWidth = max(0, r.maxX - screen.width, -r.minX)
        if overTop > eps || overBottom > eps || overWidth > eps {
            let available = bottomLimit - safeTop
            let wording = Wording.content(
                height: r.height, available: available, overTop: overTop > eps ? overTop : nil,
                overBottom: overBottom > eps ? overBottom : nil, overWidth: overWidth > eps ? overWidth : nil,
                belowBar: screen.bar != nil)
            screen.report(.doesNotFit, screen.content.element, wording: .doesNotFit(wording), into: &result) {
                $0.heightNeeded = round2(r.height); $0.heightAvailable = round2(available);
                $0.overflow = round2(max(overTop, overBottom, overWidth))
            }
        }
        if let bar = screen.bar, bar.frame.minY < safeTop - eps {
            let above = safeTop - bar.frame.minY
            screen.report(.doesNotFit, bar.element, wording: .doesNotFit(.bar(above: above)), into: &result) {
                $0.overflow = round2(above)
            }
        }
    }

    /// What a does-not-fit finding's message and fix say (`FindingWording.doesNotFit`), worded when
    /// read: the values are the unrounded points the message prints (`PointText`).
    enum Wording: Sendable, Equatable {
        /// The content, `height` pt tall, where the safe area leaves `available` pt, reaches past it
        /// by each amount that is over (nil: not over there); `belowBar`: it ends at a bottom bar.
        case content(height: Double, available: Double, overTop: Double?, overBottom: Double?, overWidth: Double?, belowBar: Bool)
        /// The bottom bar reaches `above` pt above the safe area.
        case bar(above: Double)

        func writeMessage<Out: TextOutput & ~Copyable>(to out: inout Out) {
            switch self {
            case .content(let height, let available, let overTop, let overBottom, let overWidth, let belowBar):
                out.write("content is "); out.write(points: height); out.write(" pt tall, the safe area leaves ")
                out.write(points: available); out.write(" pt: it extends ")
                var first = true
                func separate(_ out: inout Out) {
                    if !first { out.write(" and ") }
                    first = false
                }
                if let overTop {
                    separate(&out)
                    out.write(points: overTop); out.write(" pt above the top of the safe area")
                }
                if let overBottom {
                    separate(&out)
                    out.write(points: overBottom)
                    out.write(belowBar ? " pt below the bottom bar" : " pt below the bottom of the safe area")
                }
                if let overWidth {
                    separate(&out)
                    out.write(points: overWidth); out.write(" pt wider than the screen")
                }
            case .bar(let above):
                out.write("the bottom bar reaches "); out.write(points: above); out.write(" pt above the safe area")
            }
        }

        func writeFix<Out: TextOutput & ~Copyable>(to out: inout Out) {
            switch self {
            case .content: out.write("put the content in a scroll view (scrolls: true), or reduce fixed spacing at accessibility sizes")
            case .bar: out.write("let the bar's content wrap less or shrink it at accessibility sizes")
            }
        }
    }
}
