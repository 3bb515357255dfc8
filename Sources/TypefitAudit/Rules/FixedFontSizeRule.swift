import TypefitCore
import TypefitSpec

/// `fixed-font-size`: Fixed Font Size. Its documentation, the examples that test it and its check (`typefit rules fixed-font-size`).
public enum FixedFontSizeRule: Rule {
    public static let description = RuleDescription(
        id: .fixedFontSize,
        name: "Fixed Font Size",
        rationale:
            "Text in a fixed font size ignores the reader's Dynamic Type setting; Apple's XCTest accessibility audit fails it (“Dynamic Type font sizes are unsupported”). Use a text style, or a custom font relative to one, with adjustsFontForContentSizeCategory. Text capped on purpose with maximumContentSizeCategory below the accessibility sizes is not flagged.",
        triggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                content:
                  vstack: root
                  children:
                    - label: caption
                      text: Terms apply
                      font: {family: system, size: 12}
                      adjustsFontForContentSizeCategory: false
                """, element: "caption")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                screen: Example
                categories: [Large]
                content:
                  vstack: root
                  children:
                    - {label: caption, text: Terms apply, style: footnote}
                """),
            RuleExample(
                """
                screen: Example
                categories: [Large]
                content:
                  vstack: root
                  children:
                    - label: caption
                      text: Terms apply
                      style: footnote
                      maximumContentSizeCategory: xxxLarge
                """)
        ])
}

extension FixedFontSizeRule: SpecRule {
    /// Fires once per text element whose font does not grow at the accessibility sizes.
    ///
    /// A font that does not scale does not scale at any device, locale or category, so the rule runs
    /// whatever `--categories`/`--devices`/`--locales` select — even when no accessibility category is
    /// audited — and its scope is the whole spec. Text capped on purpose below the accessibility sizes
    /// (`maximumContentSizeCategory` of xxxLarge or less, on the element or inherited from a stack) is
    /// not flagged.
    static func check(_ spec: SpecCheck) -> [Finding] {
        guard let severity = spec.severity(.fixedFontSize) else { return [] }
        let firstAX = ContentSizeCategory.ax1
        var out: [Finding] = []
        let place = Finding.Place(spec: spec.file, title: spec.spec.title, editing: nil, scope: .spec)
        let prefix = Finding.fingerprintPrefix(spec: spec.file, screen: place.screen)
        func walk(_ e: Element, cap: ContentSizeCategory?) {
            let cap = e.maximumContentSizeCategory ?? cap
            if e.showsText, cap.map({ $0 >= firstAX }) ?? true {
                let f = ElementFont.resolve(e, category: firstAX)
                if !f.scales {
                    var numbers = Finding.Numbers()
                    numbers.fontSize = round2(f.size)
                    out.append(
                        Finding(
                            rule: .fixedFontSize, severity: severity, place: place, prefix: prefix, element: e.id, line: e.location.line,
                            column: e.location.column, cause: nil,
                            wording: .text(
                                message: "the font stays at \(pt(f.size)) pt at the accessibility sizes: it does not follow Dynamic Type",
                                fix: "use a text style (style: body) or font.relativeTo, and adjustsFontForContentSizeCategory"),
                            numbers: numbers, hasPreview: false))
                }
            }
            for child in e.children { walk(child, cap: cap) }
        }
        walk(spec.spec.content, cap: nil)
        if let bar = spec.spec.bottomBar { walk(bar, cap: nil) }
        return out
    }
}
