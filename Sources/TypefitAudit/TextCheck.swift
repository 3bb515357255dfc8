import TypefitCore
import TypefitLayout
import TypefitSpec

/// One text element laid out in one screen state: what a `TextRule` looks at, and how it reports.
/// A value made per checked text (most have no finding: the strings a finding needs are built only
/// when one is reported).
struct TextCheck {
    /// The job's auditor, not retained: a check lives only inside `StateAuditor.audit`, and only a
    /// finding or a borderline fit reads it (retaining it for every text of every state cost a
    /// retain and a release each; `node` and `text`, which every rule reads, stay strong).
    unowned(unsafe) let auditor: StateAuditor
    let node: LayoutNode
    let text: TextResult

    /// The state checked (the auditor's: a fourth reference here cost a retain and a release per
    /// text per state, and only a finding or an edited field reads it).
    var key: StateKey { auditor.checkedKey! }
    /// The state's locale, read without copying its key.
    var locale: String { auditor.checkedLocale }

    var element: Element { node.element }
    var layout: TextLayout { text.layout }
    /// The width the text needs on one line.
    var needWidth: Double { text.layout.naturalWidth }
    /// The width the text is laid out in.
    var available: Double { node.textWidth }
    /// The text does not all show: cut by its line limit, width or height. Text typed into the field
    /// being edited scrolls inside the field instead (UITextField), so it never overflows. Worked out
    /// once per check: four rules ask, for every text of every state.
    let overflows: Bool

    init(auditor: StateAuditor, node: LayoutNode, text: TextResult) {
        self.auditor = auditor
        self.node = node
        self.text = text
        let e = node.element
        overflows = !text.fits && !(e.kind == .textField && e.text != nil && auditor.checkedKey!.focused == e.id)
    }
    /// "17 pt".
    var fontDescription: String { "\(pt(text.font.size)) pt" }
    /// The fallback string shown instead of the element's own, by its name in the spec.
    var fallbackName: String? { text.fallback.map { "\($0.text)" } }
    /// The numbers every text finding carries.
    func numbers(_ x: inout Finding.Numbers) {
        x.widthNeeded = round2(needWidth)
        x.widthAvailable = round2(available)
        x.linesNeeded = text.layout.lineCount
        x.linesAllowed = text.maxLines
        x.fontSize = round2(text.font.size)
        x.text = text.text
        // The text as shown (with its ellipsis), made from the lines when something reads it.
        x.setShown(text.layout.lines)
        x.fonts = text.paragraph.usedFontNames
        x.variant = text.candidate.findingLabel
        x.fallback = fallbackName
    }

    /// Reports `rule` about this text in this state.
    /// The message and fix are made only when the rule reports at all (`StateAuditor.add`).
    func report(
        _ rule: RuleID, _ message: @autoclosure () -> String, fix: @autoclosure () -> String?, preview: Bool = true,
        into result: inout StateResult, numbers: (inout Finding.Numbers) -> Void
    ) {
        keepPreview(rule, preview, into: &result)
        auditor.add(&result, rule, element, message(), fix: fix(), hasPreview: preview, numbers: numbers)
    }

    /// Reports `rule` about this text in this state, worded when read (`FindingWording`).
    func report(
        _ rule: RuleID, wording: FindingWording, preview: Bool = true, into result: inout StateResult,
        numbers: (inout Finding.Numbers) -> Void
    ) {
        keepPreview(rule, preview, into: &result)
        auditor.add(&result, rule, element, wording: wording, hasPreview: preview, numbers: numbers)
    }

    /// The preview itself is kept only when the state is laid out again for the HTML report
    /// (`ScreenPictureSource`), never by the audit: it holds the whole text layout.
    private func keepPreview(_ rule: RuleID, _ preview: Bool, into result: inout StateResult) {
        if preview, let source = auditor.previewSource(node, text) { result.previews[.init(element: element.id, rule: rule)] = source }
    }
}
