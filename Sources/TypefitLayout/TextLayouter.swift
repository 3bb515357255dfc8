import TypefitCore
import TypefitShaping
import TypefitText

/// Scales a shaped paragraph to a size, breaks it into lines and applies the line limit and
/// `lineBreakMode` the way UILabel does: lines 1…n−1 wrap by word, the last allowed line gets the
/// rest of the text and is truncated (tail, head or middle, with "…" shaped in the font), clipped,
/// or simply cut for the wrapping modes.
/// UTF-16 range of a cluster range.
func utf16(_ a: TextAnalysis, _ r: Range<Int>) -> Range<Int> {
    r.isEmpty ? 0..<0 : a.clusters[r.lowerBound].start..<a.clusters[r.upperBound - 1].end
}

/// A shaped paragraph scaled to one point size: per-cluster widths in points (tracking included),
/// the single-line width and the line height. Built once per (paragraph, size) and reused for every
/// width and line limit: a device width change is only line breaking over these numbers.
///
/// For the system font stand-in (`display` given: the same text shaped in the Display cut) each
/// cluster the system font draws is the blend of its two cuts' advances at SF's optical size for the
/// point size, times the calibrated width factor (`SystemFontModel`), and lines are SF's height.
public final class ScaledParagraph: Sendable {
    public let paragraph: ShapedParagraph
    public let size: Double
    /// Tracking added after each cluster drawn by a requested font, points.
    let tracking: Double
    /// Each cluster's width in points, as line breaking measures it.
    public let widths: [Double]
    /// Widest hard-broken line (no wrapping), trailing spaces excluded.
    public let naturalWidth: Double
    public let lineHeight: Double
    /// Whether any cluster forces or is a line break (LF, U+2028…): such paragraphs never take the
    /// one-line fast path.
    let hasHardBreaks: Bool
    /// The system font stand-in's Display-cut paragraph, when this is the stand-in.
    let display: ShapedParagraph?
    /// Stand-in only: the Display cut's share of each advance and the calibrated width factor.
    let displayWeight: Double
    let widthFactor: Double
    /// The stand-in's estimated p95 |width error| at this size and weight (a fraction), or nil when
    /// the text is not in the system font stand-in.
    public let standInErrorBound: Double?

    /// - Parameters:
    ///   - display: the system font's Display-cut paragraph (stand-in or static SF), blended in by size.
    ///   - calibrated: whether `display` belongs to the stand-in (its width factors, space scales, SF
    ///     line height and error bound apply) rather than to static SF files (blend only).
    public init(
        _ p: ShapedParagraph, size: Double, tracking applies: Bool, lineHeight: Double? = nil,
        display: ShapedParagraph? = nil, calibrated: Bool = true
    ) {
        paragraph = p
        self.size = size
        let w = ClusterWidths(p, size: size, tracking: applies, display: display, calibrated: calibrated)
        tracking = w.tracking
        self.display = w.blendsDisplay ? display : nil
        displayWeight = w.displayWeight
        widthFactor = w.widthFactor
        standInErrorBound = w.standIn ? SystemFontModel.errorBound(weight: w.weight, size: size) : nil
        let count = p.clusterCount
        var widths = [Double](filled: 0, count: count)
        widths.withUnsafeMutableBufferPointer { buffer in
            w.withWidth { width in
                for i in 0..<count { buffer[i] = width(i) }
            }
        }
        self.widths = widths
        let hard = p.hasHardBreaks
        hasHardBreaks = hard
        self.lineHeight = lineHeight ?? Self.lineHeight(p, size: size, standIn: w.standIn)
        if hard {
            let a = p.analysis
            let hardLines = LineBreaker().lines(a, widths: widths, range: 0..<p.clusterCount, maxWidth: .infinity, wrap: .word)
            naturalWidth = hardLines.map { LineBreaker.visibleWidth(a, widths: widths, range: $0) }.max() ?? 0
        } else {
            naturalWidth = Self.unbrokenWidth(p) { widths[$0] }
        }
    }

    /// The line height when none is asked for: SF's for the system font stand-in, else the font's own.
    static func lineHeight(_ p: ShapedParagraph, size: Double, standIn: Bool) -> Double {
        (standIn ? SystemFontModel.lineHeightEm : (p.primary?.lineHeightEm ?? 1.2)) * size
    }

    /// The sum of `width(i)` over the clusters of a paragraph without hard breaks, its trailing
    /// hanging spaces left out: `LineBreaker.visibleWidth` over the whole paragraph, read from the
    /// cluster kinds and summed in the same order.
    @inline(__always)
    static func unbrokenWidth(_ p: ShapedParagraph, _ width: (Int) -> Double) -> Double {
        let scales = p.scales
        var end = p.clusterCount
        while end > 0 && scales[end - 1].kind.contains(.trailing) { end -= 1 }
        var total = 0.0
        for i in 0..<end { total += width(i) }
        return total
    }

    /// `ScaledParagraph(p, size:…).naturalWidth`, the same number, without keeping the per-cluster
    /// widths: what a caller that needs only the width (the budget's average advance) asks for.
    public static func naturalWidth(
        _ p: ShapedParagraph, size: Double, tracking applies: Bool, display: ShapedParagraph? = nil, calibrated: Bool = true
    ) -> Double {
        // Hard line breaks: the widest of the lines they make, as the initialiser measures it.
        if p.hasHardBreaks {
            return ScaledParagraph(p, size: size, tracking: applies, display: display, calibrated: calibrated).naturalWidth
        }
        let w = ClusterWidths(p, size: size, tracking: applies, display: display, calibrated: calibrated)
        return w.withWidth { unbrokenWidth(p, $0) }
    }

    /// Width of an ellipsis shaped in `face` (em in that face), in points: the stand-in blends its two
    /// cuts' ellipses as it does every cluster; a requested font's ellipsis is tracked.
    public func ellipsisWidth(_ face: FontFace?, engine: TextEngine, locale: String) -> (text: String, width: Double) {
        guard let face else { return ("\u{2026}", size) }
        let ell = engine.ellipsisEm(face, locale: locale)
        let requested = paragraph.fonts.firstIndex(of: face).map { paragraph.isRequested[$0] } ?? false
        var em = ell.em
        if requested, let displayFace = display?.primary {
            em = ((1 - displayWeight) * em + displayWeight * engine.ellipsisEm(displayFace, locale: locale).em) * widthFactor
        }
        return (ell.text, em * size + (requested ? tracking : 0))
    }

    /// The narrowest width at which the text lays out as one unbroken line, or nil when it has hard
    /// line breaks or no text. At any width from this one up the layout is the same (the one-line
    /// fast path of `TextLayouter.layout`, whose `WidthRange` says so).
    public var oneLineWidth: Double? {
        hasHardBreaks || paragraph.clusterCount == 0 ? nil : naturalWidth
    }
}

/// The width of each cluster of a paragraph at one size, in points (`ScaledParagraph`): its advance,
/// for the system font stand-in the blend of its two cuts at SF's optical size times the calibrated
/// width factor, plus the tracking of a requested font.
///
/// It holds the paragraphs' tables (`ShapedParagraph.scales`), not the paragraphs: holding them cost
/// a retain and a release of each for every text measured at a size. Whoever makes one keeps the
/// paragraph and its Display cut alive while it reads widths (every maker has them as arguments and
/// reads the widths before it returns).
struct ClusterWidths {
    let size: Double
    /// Tracking added after each cluster drawn by a requested font, points.
    let tracking: Double
    let weight: FontWeight
    let standIn: Bool
    let displayWeight: Double
    let widthFactor: Double
    let space: (text: Double, display: Double)
    private let scales: UnsafePointer<ClusterScale>
    /// The Display cut's table, when it matches the paragraph cluster for cluster.
    private let displayScales: UnsafePointer<ClusterScale>?

    /// Whether the Display cut is blended in: it was given and has as many clusters as the paragraph.
    var blendsDisplay: Bool { displayScales != nil }

    /// (Optionals unwrapped with `if let`, no closures: mapping them made the compiler retain and
    /// release both paragraphs and the primary face for every text measured at a size.)
    init(_ p: ShapedParagraph, size: Double, tracking applies: Bool, display: ShapedParagraph?, calibrated: Bool) {
        self.size = size
        // A font's own `trak` table when it has one (SF), else SF's table (the stand-in).
        var tracking = 0.0, weight = FontWeight.regular
        if let primary = p.primary {
            weight = primary.weight
            if applies {
                if let em = primary.trackingEm(at: size) { tracking = em * size } else { tracking = SystemTracking.points(at: size) }
            }
        } else if applies {
            tracking = SystemTracking.points(at: size)
        }
        self.tracking = tracking
        self.weight = weight
        scales = p.scales
        var displayScales: UnsafePointer<ClusterScale>?
        if let display, display.clusterCount == p.clusterCount { displayScales = display.scales }
        self.displayScales = displayScales
        standIn = displayScales != nil && calibrated
        displayWeight = displayScales != nil ? SystemFontModel.displayWeight(at: size) : 0
        widthFactor = standIn ? SystemFontModel.widthFactor(weight: weight, size: size) : 1
        space = standIn ? SystemFontModel.spaceScale(weight: weight) : (text: 1, display: 1)
    }

    /// Calls `body` with the width of cluster `i`, read from the paragraphs' own tables of advances
    /// and kinds (`ShapedParagraph.scales`): every text is measured cluster by cluster at each size,
    /// and reading the four arrays through the paragraphs retained and released each of them every
    /// time. (`init` keeps the Display cut's table only when it has as many clusters as the
    /// paragraph, so every index below the paragraph's cluster count is in both tables.)
    ///
    /// Tracking is space after each glyph a requested font draws (Core Text tracks a font's own
    /// glyphs, not the fallback fonts'): a cluster with no advance (a default-ignorable character
    /// such as U+E0001 or a lone ZWJ) gets none, and SF's negative tracking at some sizes never
    /// makes a cluster narrower than nothing. A line separator has no width.
    @inline(__always)
    func withWidth<R>(_ body: ((Int) -> Double) -> R) -> R {
        let size = size, tracking = tracking, displayWeight = displayWeight, widthFactor = widthFactor, space = space
        let scales = scales, displayScales = displayScales
        return body { i in
            let c = scales[i]
            let k = c.kind
            if k.contains(.noWidth) { return 0 }
            var em = c.advance
            let requested = k.contains(.requested)
            if requested, let displayScales {
                let d = displayScales[i]
                if d.kind.contains(.requested) {
                    let isSpace = k.contains(.space)
                    let t = displayWeight
                    em = (1 - t) * em * (isSpace ? space.text : 1) + t * d.advance * (isSpace ? space.display : 1)
                }
                em *= widthFactor
            }
            return max(0, em * size + (requested ? tracking : 0))
        }
    }
}

struct TextLayouter {
    let engine: TextEngine

    func layout(_ p: ShapedParagraph, display: ShapedParagraph?, calibrated: Bool, request: LayoutRequest) -> TextLayout {
        layout(
            ScaledParagraph(
                p, size: request.size, tracking: request.appliesTracking, lineHeight: request.lineHeight,
                display: display, calibrated: calibrated),
            width: request.width, lines: request.lines, mode: request.lineBreakMode, locale: request.locale)
    }

    func layout(_ scaled: ScaledParagraph, width: Double?, lines limit: Int, mode: LineBreakMode, locale: String) -> TextLayout {
        var widthRange = WidthRange()
        return layout(scaled, width: width, lines: limit, mode: mode, locale: locale, widthRange: &widthRange)
    }

    /// The same, narrowing `widthRange` to the widths at which this layout is the same (`WidthRange`).
    func layout(
        _ scaled: ScaledParagraph, width: Double?, lines limit: Int, mode: LineBreakMode, locale: String,
        widthRange: inout WidthRange
    ) -> TextLayout {
        let p = scaled.paragraph
        let a = p.analysis
        let size = scaled.size
        let widths = scaled.widths
        let lineHeight = scaled.lineHeight
        let all = 0..<p.clusterCount
        let natural = scaled.naturalWidth
        let maxWidth = width ?? .infinity
        if let one = Self.oneLine(
            p, oneLineWidth: scaled.oneLineWidth, naturalWidth: natural, lineHeight: lineHeight, size: size, maxWidth: maxWidth,
            widthRange: &widthRange)
        {
            return one
        }
        let breaker = LineBreaker()
        let wrap: LineBreaker.Wrap = mode == .byCharWrapping ? .character : .word
        // About the lines the text needs (its one-line width over the width, and one more for the
        // words pushed down), so the list of lines is allocated once.
        let estimate = maxWidth > 0 && natural.isFinite ? min(natural / maxWidth, Double(p.clusterCount)) : 0
        let wrapped = breaker.lines(
            a, widths: widths, range: all, maxWidth: maxWidth, wrap: wrap, capacity: max(4, Int(estimate) + 2), widthRange: &widthRange)
        func line(_ r: Range<Int>) -> TextLayout.Line {
            .init(source: a.text, head: utf16(a, r), width: LineBreaker.visibleWidth(a, widths: widths, range: r), ellipsis: false)
        }
        var shown: [TextLayout.Line] = []
        var truncated = false
        if limit > 0 && wrapped.count > limit {
            truncated = true
            // The lines before the last shown, and room for the last (one allocation).
            shown.reserveCapacity(limit)
            for r in wrapped.prefix(limit - 1) { shown.append(line(r)) }
            let restStart = wrapped[limit - 1].lowerBound
            var restEnd = restStart
            while restEnd < p.clusterCount && !(a.clusters[restEnd].isLineSeparator && a.clusters[restEnd].breakAfter == .mandatory) {
                restEnd += 1
            }
            let rest = restStart..<max(restEnd, restStart + 1)
            switch mode {
            case .byWordWrapping, .byCharWrapping:
                shown.append(line(wrapped[limit - 1]))
            case .byClipping:
                var end = rest.lowerBound
                var acc = 0.0
                while end < rest.upperBound && widthRange.fits(acc + widths[end], in: maxWidth) {
                    acc += widths[end]
                    end += 1
                }
                var l = line(rest.lowerBound..<end)
                // The clipped line is as wide as the width: this layout holds at this width only.
                l.width = min(LineBreaker.visibleWidth(a, widths: widths, range: rest), maxWidth)
                widthRange.pin(to: maxWidth)
                shown.append(l)
            case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle:
                shown.append(
                    truncate(scaled, widths: widths, rest: rest, maxWidth: maxWidth, mode: mode, locale: locale, widthRange: &widthRange))
            }
        } else {
            shown = wrapped.map(line)
        }
        if p.clusterCount == 0 { shown = [] }
        var width = 0.0
        for l in shown where l.width > width { width = l.width }
        // Word wrapping broke inside a word only if a shown line ends where no break is allowed.
        let split = wrap == .word ? WordSplit.find(a, widths: widths, lines: wrapped, shownLines: shown.count) : nil
        return TextLayout(
            size: size, lineHeight: lineHeight, naturalWidth: natural,
            lineCount: p.clusterCount == 0 ? 0 : wrapped.count, lines: shown, truncated: truncated,
            width: width, height: Double(shown.count) * lineHeight,
            fullHeight: Double(p.clusterCount == 0 ? 0 : wrapped.count) * lineHeight, wordSplit: split)
    }

    /// One line that fits, no forced breaks: what greedy breaking would find, without running it
    /// (every prefix is at most the natural width, so no break opportunity is ever taken). Nil when
    /// the text has no such line (`oneLineWidth` nil) or it does not fit in `maxWidth`; the
    /// comparison is recorded in `widthRange` either way.
    static func oneLine(
        _ p: ShapedParagraph, oneLineWidth: Double?, naturalWidth natural: Double, lineHeight: Double, size: Double, maxWidth: Double,
        widthRange: inout WidthRange
    ) -> TextLayout? {
        guard let oneLine = oneLineWidth, widthRange.fits(oneLine, in: maxWidth) else { return nil }
        let a = p.analysis
        let line = TextLayout.Line(source: a.text, head: utf16(a, 0..<p.clusterCount), width: natural, ellipsis: false)
        return TextLayout(
            size: size, lineHeight: lineHeight, naturalWidth: natural, lineCount: 1, lines: [line],
            truncated: false, width: natural, height: lineHeight, fullHeight: lineHeight)
    }

    /// The last line with an ellipsis: the longest prefix (tail), suffix (head) or prefix + suffix
    /// (middle, growing both sides alternately) of `rest` that fits with "…", cut at grapheme
    /// clusters, trailing spaces before the ellipsis trimmed.
    private func truncate(
        _ scaled: ScaledParagraph, widths: [Double], rest: Range<Int>, maxWidth: Double,
        mode: LineBreakMode, locale: String, widthRange: inout WidthRange
    ) -> TextLayout.Line {
        let p = scaled.paragraph
        let a = p.analysis
        func font(_ cluster: Int) -> FontFace? {
            let f = cluster >= 0 && cluster < p.clusterCount ? p.clusterFont[cluster] : -1
            return f >= 0 ? p.fonts[f] : p.primary
        }
        func text(_ r: Range<Int>) -> Range<Int> { utf16(a, r) }
        func trimmedEnd(_ start: Int, _ end: Int) -> Int {
            var e = end
            while e > start && a.clusters[e - 1].isHangingSpace { e -= 1 }
            return e
        }
        func trimmedStart(_ start: Int, _ end: Int) -> Int {
            var s = start
            while s < end && a.clusters[s].isHangingSpace { s += 1 }
            return s
        }
        func sum(_ r: Range<Int>) -> Double { r.reduce(0) { $0 + widths[$1] } }
        switch mode {
        case .byTruncatingHead:
            let face = font(rest.upperBound - 1)
            let ell = scaled.ellipsisWidth(face, engine: engine, locale: locale)
            let ellWidth = ell.width
            var start = rest.upperBound
            var acc = 0.0
            while start > rest.lowerBound && widthRange.fits(acc + widths[start - 1] + ellWidth, in: maxWidth) {
                acc += widths[start - 1]
                start -= 1
            }
            let s = trimmedStart(start, rest.upperBound)
            let e = trimmedEnd(s, rest.upperBound)
            return .init(
                source: a.text, head: nil, literal: ell.text, tail: text(s..<rest.upperBound), width: ellWidth + sum(s..<e), ellipsis: true)
        case .byTruncatingMiddle:
            let face = font(rest.lowerBound)
            let ell = scaled.ellipsisWidth(face, engine: engine, locale: locale)
            let ellWidth = ell.width
            var head = rest.lowerBound, tail = rest.upperBound
            var acc = ellWidth
            var takeHead = true
            var blocked = (head: false, tail: false)
            while head < tail && !(blocked.head && blocked.tail) {
                if takeHead && !blocked.head {
                    if widthRange.fits(acc + widths[head], in: maxWidth) { acc += widths[head]; head += 1 } else { blocked.head = true }
                } else if !blocked.tail {
                    if widthRange.fits(acc + widths[tail - 1], in: maxWidth) {
                        acc += widths[tail - 1]; tail -= 1
                    } else {
                        blocked.tail = true
                    }
                }
                takeHead.toggle()
            }
            let h = trimmedEnd(rest.lowerBound, head)
            let t = trimmedStart(tail, rest.upperBound)
            let tEnd = trimmedEnd(t, rest.upperBound)
            return .init(
                source: a.text, head: text(rest.lowerBound..<h), literal: ell.text, tail: text(t..<rest.upperBound),
                width: sum(rest.lowerBound..<h) + ellWidth + sum(t..<tEnd), ellipsis: true)
        default:
            var end = rest.lowerBound
            var acc = 0.0
            // The ellipsis takes the font of the last kept cluster; measure with the widest candidate.
            let face = font(rest.lowerBound)
            let ell = scaled.ellipsisWidth(face, engine: engine, locale: locale)
            let ellWidth = ell.width
            while end < rest.upperBound && widthRange.fits(acc + widths[end] + ellWidth, in: maxWidth) {
                acc += widths[end]
                end += 1
            }
            let e = trimmedEnd(rest.lowerBound, end)
            return .init(
                source: a.text, head: text(rest.lowerBound..<e), literal: ell.text, width: sum(rest.lowerBound..<e) + ellWidth,
                ellipsis: true)
        }
    }
}
