import Foundation
import TypefitCore
import TypefitLayout
import TypefitShaping
import TypefitSpec
import TypefitStrings
import TypefitText

/// Lays out a screen's elements at one category and locale: widths flow down, heights flow up
/// (docs/spec-format.md §12), every text measured by the engine.
/// One per job; `category` changes with each state.
final class ScreenLayouter {
    let engine: TextEngine
    let memo: TextMemo
    let strings: StringTables
    /// The locale text is laid out in (the requested one: line breaking and font choice follow it).
    let locale: String
    /// The localizations whose strings stand for `locale`, best first (`es-MX` → `[es-419, es]`), as
    /// the bundle resolves it (`LocaleResolver`).
    let localizations: [String]
    var category: ContentSizeCategory
    /// Whether the stand-in draws the system font, read once per job: the engine keeps what stands
    /// for it behind the lock its caches share, and every text asks (with two threads, waiting on
    /// that lock was about 2 % of the audit; comparing the enum per text cost more than the Bool).
    private(set) lazy var systemFontIsStandIn = engine.systemFontSource == .standIn
    /// The faces each font asks for, looked up once per job for the same reason. Room for the few
    /// fonts a screen uses from the start: grown from empty, the table was made anew three times per job.
    private var requestedFaces = [ElementFont: [FontFace]](minimumCapacity: 8)
    /// The system font's Display-cut face per weight the job draws it in (nil: none), searched in
    /// order: a job has a weight or three, and the table keyed by weight this was hashed the weight
    /// for every text measured in the system font without a Display paragraph of its own (87,000
    /// times on the benchmark corpus, 17 million instructions).
    private var displayFaces: [(weight: FontWeight, face: FontFace?)] = []

    init(engine: TextEngine, memo: TextMemo, strings: StringTables, locale: String, localizations: [String], category: ContentSizeCategory)
    {
        self.engine = engine
        self.memo = memo
        self.strings = strings
        self.locale = locale
        self.localizations = localizations
        self.category = category
    }

    /// Candidate strings for a text source in this locale: every variant (plural, device…), once
    /// per job and source slot (−1: the element's own text; i: its fallback i), kept by the node.
    func candidates(_ node: LayoutNode, slot: Int, _ source: TextSource) -> [Candidate] {
        let e = node.element
        if memo.enabled, let hit = node.texts.candidates(slot: slot) { return hit }
        let list: [Candidate]
        switch source {
        case .literal(let t): list = [Candidate(text: t, variant: nil)]
        case .key(let k):
            let table = slot >= 0 && slot < e.fallbacks.count ? e.fallbacks[slot].table ?? e.table : e.table
            if let entry = strings.named(table),
                let variants = entry.variants(
                    key: k, localization: tableLocalizations.localization(of: entry, named: table), given: e.argumentSamples),
                !variants.isEmpty
            {
                list = variants.map { Candidate(text: $0.text, variant: $0) }
            } else {
                list = [Candidate(text: k, variant: nil)]
            }
        }
        if memo.enabled { node.texts.keep(list, slot: slot) }
        return list
    }

    /// The candidates of the key the node's source `slot` shows (`candidates`, kept for the layout),
    /// each with its variant: nil when the source is no key, its table lacks it, or it has none.
    func keyCandidates(_ node: LayoutNode, slot: Int) -> [Candidate]? {
        let e = node.element
        let source = slot >= 0 ? e.fallbacks[slot].text : Self.primaryText(e)
        guard case .key = source else { return nil }
        let list = candidates(node, slot: slot, source)
        return list.first?.variant != nil ? list : nil
    }

    /// Each string table's localization for the job's locale, found once per job.
    private lazy var tableLocalizations = TableLocalizations(localizations)

    func effectiveCategory(_ e: Element, _ clamp: (ContentSizeCategory?, ContentSizeCategory?)) -> ContentSizeCategory {
        var c = category
        if let lo = e.minimumContentSizeCategory ?? clamp.0 { c = max(c, lo) }
        if let hi = e.maximumContentSizeCategory ?? clamp.1 { c = min(c, hi) }
        return c
    }

    func maxLines(_ e: Element) -> Int {
        if let n = e.numberOfLines { return n }
        switch e.kind {
        case .button: return e.isLegacyButton ? 1 : 0
        default: return 1
        }
    }

    func lineBreakMode(_ e: Element) -> LineBreakMode {
        if let m = e.lineBreakMode { return m }
        if e.kind == .button { return e.isLegacyButton ? .byTruncatingMiddle : .byWordWrapping }
        return .byTruncatingTail
    }

    /// Measures one string at a width, worst variant first (the one that overflows most).
    func measure(
        _ source: TextSource, slot: Int, font: ElementFont, width: Double, lines: Int, mode: LineBreakMode,
        heightLimit: Double?, node: LayoutNode
    ) throws -> (result: TextResult, fits: Bool) {
        var widths = WidthRange()
        return try measure(
            source, slot: slot, font: font, width: width, lines: lines, mode: mode, heightLimit: heightLimit, node: node,
            widthRange: &widths)
    }

    /// The same, narrowing `widthRange` to the widths at which every variant lays out the same (for a
    /// text whose variants all fit on one line: every width from the widest of them up).
    func measure(
        _ source: TextSource, slot: Int, font: ElementFont, width: Double, lines: Int, mode: LineBreakMode,
        heightLimit: Double?, node: LayoutNode, widthRange: inout WidthRange
    ) throws -> (result: TextResult, fits: Bool) {
        let isLocalized: Bool
        if case .key = source { isLocalized = true } else { isLocalized = false }
        return try measure(
            candidates(node, slot: slot, source), isLocalized: isLocalized, font: font, width: width, lines: lines, mode: mode,
            heightLimit: heightLimit, node: node, widthRange: &widthRange)
    }

    /// The same for the text the element shows from source `slot` (−1: its own text; i: its fallback
    /// i), read in place: the state's layout passed each text's source by value, a copy and a destroy
    /// of it (and of its string's reference) for every text measured, though only the first
    /// measurement of a slot in a job reads it (`candidates`).
    func measure(
        slot: Int, font: ElementFont, width: Double, lines: Int, mode: LineBreakMode, heightLimit: Double?, node: LayoutNode,
        widthRange: inout WidthRange
    ) throws -> (result: TextResult, fits: Bool) {
        let e = node.element
        let list: [Candidate]
        if memo.enabled, let hit = node.texts.candidates(slot: slot) {
            list = hit
        } else {
            list = candidates(node, slot: slot, slot >= 0 ? e.fallbacks[slot].text : Self.primaryText(e))
        }
        return try measure(
            list, isLocalized: Self.showsKey(e, slot: slot), font: font, width: width, lines: lines, mode: mode,
            heightLimit: heightLimit, node: node, widthRange: &widthRange)
    }

    /// Whether source `slot` of `e` (as `measure(slot:…)` reads it) is a localized key, not a literal.
    static func showsKey(_ e: Element, slot: Int) -> Bool {
        if slot >= 0 {
            if case .key = e.fallbacks[slot].text { return true }
            return false
        }
        if e.kind == .textField, case .none = e.text {
            if case .key? = e.placeholder { return true }
            return false
        }
        if case .key? = e.text { return true }
        return false
    }

    /// The worst of the candidates' results at `width`: the one that does not fit, then needs the
    /// most lines, then is the widest.
    private func measure(
        _ candidates: [Candidate], isLocalized: Bool, font: ElementFont, width: Double, lines: Int, mode: LineBreakMode,
        heightLimit: Double?, node: LayoutNode, widthRange: inout WidthRange
    ) throws -> (result: TextResult, fits: Bool) {
        let e = node.element
        var worst: TextResult?
        func badness(_ r: TextResult) -> (Int, Int, Double) { (r.fits ? 0 : 1, r.layout.lineCount, r.layout.naturalWidth) }
        for candidate in candidates {
            let shaped = try shapedParagraph(candidate, font: font)
            var layout = try textLayout(
                candidate, shaped.paragraph, font: font, width: max(width, 0), lines: lines, mode: mode, widthRange: &widthRange)
            var paragraph = shaped.paragraph
            let result = TextResult(
                candidate: candidate, isLocalized: isLocalized, layout: layout, paragraph: paragraph, requested: shaped.requested,
                font: font, maxLines: lines, mode: mode, heightLimit: heightLimit)
            if !result.fits && e.adjustsFontSizeToFitWidth && e.minimumScaleFactor > 0 {
                // UILabel shrinks until the text fits or reaches size × minimumScaleFactor. (The
                // search lays out at other sizes: the result is kept for this width only.)
                widthRange.pin(to: max(width, 0))
                var request = LayoutRequest(
                    text: candidate.text, fonts: font.selection, weight: font.weight, size: font.size,
                    width: max(width, 0), lines: lines, lineBreakMode: mode, locale: locale)
                var lo = e.minimumScaleFactor, hi = 1.0
                request.size = font.size * lo
                (layout, paragraph) = try engine.layout(request)
                if layout.truncated {
                    result.layout = layout
                    result.autoshrinkScale = lo
                    result.autoshrinkFailed = true
                } else {
                    for _ in 0..<14 {
                        let mid = (lo + hi) / 2
                        request.size = font.size * mid
                        if try engine.layout(request).0.truncated { hi = mid } else { lo = mid }
                    }
                    request.size = font.size * lo
                    (layout, paragraph) = try engine.layout(request)
                    result.layout = layout
                    result.paragraph = paragraph
                    result.autoshrinkScale = lo
                }
            }
            if worst == nil || badness(result) > badness(worst!) { worst = result }
        }
        return (worst!, worst!.fits)
    }

    /// The candidate shaped in the element's requested fonts (once per job and font): index 0; for the
    /// system font stand-in also in its Display cut, index 1, which `textLayout` blends in.
    func shapedParagraph(_ c: Candidate, font: ElementFont) throws -> (paragraph: ShapedParagraph, requested: [FontFace]) {
        // A variable font (SF, or a brand font) is instanced per optical size: its paragraph depends
        // on the size; a static font's does not.
        if memo.enabled, let hit = c.shaped[0], hit.requested.allSatisfy({ !$0.hasOpticalSizeAxis }) { return hit }
        let requested: [FontFace]
        if let known = requestedFaces[font] {
            requested = known
        } else {
            requested = try engine.primaryFaces(font.selection, weight: font.weight, size: font.size)
            requestedFaces[font] = requested
        }
        if memo.enabled, let hit = c.shaped[0], hit.requested == requested { return hit }
        let make = { try self.engine.paragraph(c.text, faces: requested, weight: font.weight, locale: self.locale, analysis: &c.analysis) }
        guard memo.enabled else { return (try make(), requested) }
        // The same text in the same faces for another element of the job (or the budget's list).
        let paragraph = try memo.shapedTexts.paragraph(c.text, faces: requested, weight: font.weight, locale: locale, orShape: make)
        if c.analysis == nil { c.analysis = paragraph.analysis }
        c.shaped[0] = (paragraph, requested)
        return (paragraph, requested)
    }

    /// The system font stand-in's Display-cut paragraph of the candidate (nil for other fonts), to
    /// blend with `textCut`, its paragraph in the Text cut: `textCut` itself when it stands in
    /// (`TextEngine.displayStandIn`).
    func displayParagraph(_ c: Candidate, font: ElementFont, blending textCut: ShapedParagraph) throws -> ShapedParagraph? {
        guard font.selection.isSystem else { return nil }
        if memo.enabled, let hit = c.shaped[1] { return hit.paragraph }
        let display: FontFace?
        if let known = displayFaces.first(where: { $0.weight == font.weight }) {
            display = known.face
        } else {
            display = try engine.systemDisplayFace(for: font.selection, weight: font.weight)
            displayFaces.append((font.weight, display))
        }
        guard let face = display else { return nil }
        if let standIn = TextEngine.displayStandIn(for: textCut) { return standIn }
        let make = { try self.engine.paragraph(c.text, faces: [face], weight: font.weight, locale: self.locale, analysis: &c.analysis) }
        guard memo.enabled else { return try make() }
        let paragraph = try memo.shapedTexts.paragraph(c.text, faces: [face], weight: font.weight, locale: locale, orShape: make)
        c.shaped[1] = (paragraph, paragraph.primary.map { [$0] } ?? [])
        return paragraph
    }

    /// The candidate's paragraph laid out in the font at `width`. A text the job has not scaled at
    /// this size is first tried as one unbroken line from its `OneLineMetrics` (most texts, at most
    /// sizes): only a text that does not fit so (or has hard line breaks, never one line) is scaled
    /// cluster by cluster (once per job and size) and broken into lines. The layout is
    /// `TextEngine.layout`'s for the scaled paragraph either way.
    func textLayout(
        _ c: Candidate, _ paragraph: ShapedParagraph, font: ElementFont, width: Double, lines: Int, mode: LineBreakMode,
        widthRange: inout WidthRange
    ) throws -> TextLayout {
        let scaled: ScaledParagraph
        if memo.enabled, let hit = c.scaled.first(where: { $0.size == font.size && $0.paragraph === paragraph }) {
            scaled = hit
        } else {
            let tracking = font.selection.isSystem, calibrated = systemFontIsStandIn
            let display = try displayParagraph(c, font: font, blending: paragraph)
            if !paragraph.hasHardBreaks {
                let metrics = OneLineMetrics(paragraph, size: font.size, tracking: tracking, display: display, calibrated: calibrated)
                if let one = engine.oneLineLayout(metrics, width: width, widthRange: &widthRange) { return one }
            }
            scaled = ScaledParagraph(paragraph, size: font.size, tracking: tracking, display: display, calibrated: calibrated)
            if memo.enabled { c.scaled.append(scaled) }
        }
        return engine.layout(scaled, width: width, lines: lines, lineBreakMode: mode, locale: locale, widthRange: &widthRange)
    }

    /// The string an element (a label, a button with a title, a text field) shows in its font at the
    /// effective category `c`, with fallbacks applied (spec-format §9). The element's own text is read
    /// only to make a new result (copying it cost a retain and a release for every text of every state).
    func resolveText(_ node: LayoutNode, category c: ContentSizeCategory, width: Double, heightLimit: Double?) throws -> TextResult {
        guard memo.enabled else {
            return try resolveTextUncached(node, font: font(node, category: c), width: width, heightLimit: heightLimit).result
        }
        // A result made at another width whose lines break and truncate the same at this one, found
        // by the font's size alone (copying the font retained its selection, for every text of every state).
        let size = node.texts.fontSize(node.element, category: c)
        if let hit = node.texts.result(category: category, size: size, heightLimit: heightLimit, width: max(width, 0)) { return hit }
        // Another state category's result for the same size and fallback, kept for this one too.
        let fallback = chosenFallback(node.element)
        if let shared = node.texts.result(fallback: fallback, size: size, heightLimit: heightLimit, width: max(width, 0)) {
            node.texts.keep(shared, category: category)
            return shared.result
        }
        let (result, widths) = try resolveTextUncached(
            node, font: font(node, category: c), width: width, heightLimit: heightLimit, fallback: fallback)
        node.texts.keep(
            .init(size: size, heightLimit: heightLimit, fallback: fallback, widths: widths, result: result), category: category)
        return result
    }

    /// The last `fromCategory` fallback the state's category reaches, by index (−1: none). Kept as an
    /// index: an optional `Fallback` per result cost a generic copy and destroy.
    func chosenFallback(_ e: Element) -> Int {
        var chosen = -1
        for i in e.fallbacks.indices {
            if case .fromCategory(let c) = e.fallbacks[i].when, c <= category { chosen = i }
        }
        return chosen
    }

    /// The element's own text: a label's or button's `text`, a text field's typed text or else its
    /// placeholder (the layout asks only for elements that show one).
    static func primaryText(_ e: Element) -> TextSource {
        e.kind == .textField ? e.text ?? e.placeholder! : e.text!
    }

    /// The element's font at `category` (the node keeps it for the job).
    func font(_ node: LayoutNode, category: ContentSizeCategory) -> ElementFont {
        node.texts.font(node.element, category: category)
    }

    /// The text result, and the widths at which it is the same (`WidthRange`: every layout it took,
    /// fallbacks included).
    /// `fallback`: `chosenFallback(node.element)`, when the caller has it already.
    private func resolveTextUncached(
        _ node: LayoutNode, font: ElementFont, width: Double, heightLimit: Double?, fallback: Int? = nil
    ) throws -> (result: TextResult, widths: WidthRange) {
        let e = node.element
        var widths = WidthRange()
        let lines = e.kind == .textField ? 1 : maxLines(e)
        let mode = e.kind == .textField ? .byTruncatingTail : lineBreakMode(e)
        let chosenIndex = fallback ?? chosenFallback(e)
        var (result, fits) = try measure(
            slot: chosenIndex, font: font, width: width, lines: lines, mode: mode, heightLimit: heightLimit, node: node,
            widthRange: &widths)
        // A result is made without a fallback: set only when one is shown.
        if chosenIndex >= 0 { result.fallback = e.fallbacks[chosenIndex] }
        if !fits {
            // The `doesNotFit` fallbacks after the chosen one, in order, read in place by index (a
            // filtered list of them cost an allocation and a copy of each, for every text that did
            // not fit).
            let fallbacks = e.fallbacks
            var last = -1
            for index in fallbacks.indices where index > chosenIndex && fallbacks[index].when == .doesNotFit { last = index }
            var index = chosenIndex + 1
            while index <= last {
                defer { index += 1 }
                guard fallbacks[index].when == .doesNotFit else { continue }
                let (r, ok) = try measure(
                    slot: index, font: font, width: width, lines: lines, mode: mode, heightLimit: heightLimit, node: node,
                    widthRange: &widths)
                r.fallback = fallbacks[index]
                result = r
                if ok { break }
                if index == last { result.fallbackExhausted = true }
            }
        }
        return (result, widths)
    }

    // MARK: - Widths

    /// The node's element's own width when it is free to choose (`fit`), at most `limit`.
    func intrinsicWidth(_ node: LayoutNode, limit: Double, clamp: (ContentSizeCategory?, ContentSizeCategory?)) throws -> Double {
        let e = node.element
        if case .points(let w)? = e.width { return w }
        let clamp = (e.minimumContentSizeCategory ?? clamp.0, e.maximumContentSizeCategory ?? clamp.1)
        switch e.kind {
        case .label, .button:
            let insets = buttonInsets(e)
            let imageWidth = e.kind == .button ? (e.image.map { $0.width + (e.text == nil ? 0 : $0.padding) } ?? 0) : 0
            var textWidth = 0.0
            if e.text != nil {
                let r = try resolveText(node, category: effectiveCategory(e, clamp), width: .greatestFiniteMagnitude, heightLimit: nil)
                textWidth = r.layout.naturalWidth
            }
            return min(limit, max(e.minWidth ?? 0, textWidth + insets.horizontal + imageWidth))
        case .textField: return limit
        case .vstack:
            let inner = limit - e.layoutMargins.horizontal
            let w = try node.children.map { try intrinsicWidth($0, limit: inner, clamp: clamp) }.max() ?? 0
            return min(limit, w + e.layoutMargins.horizontal)
        case .hstack:
            let ws = try node.children.map { try intrinsicWidth($0, limit: limit, clamp: clamp) }
            return min(limit, ws.reduce(0, +) + e.spacing * Double(max(0, ws.count - 1)) + e.layoutMargins.horizontal)
        case .divider: return 1
        case .spacer: return e.minWidth ?? 0
        case .imageView: return 0
        }
    }

    func buttonInsets(_ e: Element) -> Edges { Self.buttonInsets(e) }

    /// A button's content insets: the spec's, else UIButton.Configuration's 7/12/7/12, else the legacy 6/0/6/0.
    static func buttonInsets(_ e: Element) -> Edges {
        guard e.kind == .button else { return .zero }
        if let i = e.contentInsets { return i }
        return e.isLegacyButton
            ? Edges(top: 6, leading: 0, bottom: 6, trailing: 0)
            : Edges(top: 7, leading: 12, bottom: 7, trailing: 12)
    }

    // MARK: - Layout

    /// Lays out `node` (its element) at `width`, origin (0, 0); `targetHeight` stretches a root vstack
    /// (`height: fill`). The node's earlier layout, and its descendants', is overwritten.
    func layout(_ node: LayoutNode, width: Double, clamp: (ContentSizeCategory?, ContentSizeCategory?), targetHeight: Double? = nil) throws
    {
        let e = node.element
        let clamp = (e.minimumContentSizeCategory ?? clamp.0, e.maximumContentSizeCategory ?? clamp.1)
        let cat = effectiveCategory(e, clamp)
        var fixedHeight: Double?
        if case .points(let h)? = e.height { fixedHeight = h }
        func finalHeight(_ needed: Double) -> (Double, Bool) {
            if let fixedHeight { return (fixedHeight, needed > fixedHeight + LineBreaker.epsilon) }
            var h = max(needed, e.minHeight ?? 0)
            var clipped = false
            if let maxH = e.maxHeight, h > maxH { clipped = needed > maxH + LineBreaker.epsilon; h = maxH }
            return (h, clipped)
        }
        switch e.kind {
        case .label:
            let limit = fixedHeight ?? e.maxHeight
            let text = try resolveText(node, category: cat, width: width, heightLimit: limit)
            let (h, clipped) = finalHeight(text.layout.height)
            node.set(width: width, height: h, text: text, textWidth: width, neededHeight: text.layout.fullHeight, heightClipped: clipped)
        case .button:
            let insets = buttonInsets(e)
            let image = e.image
            var titleWidth = width - insets.horizontal
            if let image, e.text != nil { titleWidth -= image.width + image.padding }
            var text: TextResult?
            var titleHeight = 0.0
            if e.text != nil {
                let limit = (fixedHeight ?? e.maxHeight).map { $0 - insets.vertical }
                text = try resolveText(node, category: cat, width: titleWidth, heightLimit: limit)
                titleHeight = text!.layout.height
            }
            let needed = insets.vertical + max(titleHeight, image?.height ?? 0)
            let (h, clipped) = finalHeight(needed)
            let fullNeeded = insets.vertical + max(text?.layout.fullHeight ?? 0, image?.height ?? 0)
            node.set(
                width: width, height: h, text: text, textWidth: titleWidth, neededHeight: max(needed, fullNeeded), heightClipped: clipped)
        case .textField:
            let text = try resolveText(node, category: cat, width: width, heightLimit: nil)
            let line = text.layout.lineHeight.rounded(.up)
            let needed = (e.borderStyle ?? TextFieldBorderStyle.none) == TextFieldBorderStyle.none ? line : max(30, line + 8)
            let (h, clipped) = finalHeight(needed)
            node.set(width: width, height: h, text: text, textWidth: width, neededHeight: needed, heightClipped: clipped)
        case .divider:
            node.set(width: width, height: fixedHeight ?? 1)
        case .spacer:
            node.set(width: width, height: fixedHeight ?? e.minHeight ?? 0)
        case .imageView:
            node.set(width: width, height: fixedHeight ?? 0)
        case .vstack:
            try layoutVStack(node, width: width, clamp: clamp, targetHeight: targetHeight, finalHeight: finalHeight)
        case .hstack:
            try layoutHStack(node, width: width, clamp: clamp, finalHeight: finalHeight)
        }
    }

    static func isFixedWidth(_ e: Element) -> Bool {
        if case .points? = e.width { return true }
        return e.kind == .imageView || e.kind == .divider
    }
}
