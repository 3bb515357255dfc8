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
public final class ScaledParagraph: Sendable {
    public let paragraph: ShapedParagraph
    public let size: Double
    /// Tracking added after each drawn cluster, points.
    let tracking: Double
    let widths: [Double]
    /// Widest hard-broken line (no wrapping), trailing spaces excluded.
    public let naturalWidth: Double
    public let lineHeight: Double
    /// Whether any cluster forces or is a line break (LF, U+2028…): such paragraphs never take the
    /// one-line fast path.
    let hasHardBreaks: Bool

    public init(_ p: ShapedParagraph, size: Double, tracking applies: Bool, lineHeight: Double? = nil) {
        let a = p.analysis
        paragraph = p
        self.size = size
        let tracking = applies ? SystemTracking.points(at: size) : 0
        self.tracking = tracking
        // Tracking is space after each drawn glyph: a cluster with no advance (a default-ignorable
        // character such as U+E0001 or a lone ZWJ) gets none, and SF's negative tracking at some sizes
        // never makes a cluster narrower than nothing.
        var widths = [Double](repeating: 0, count: p.clusterCount)
        var hard = false
        for i in 0..<p.clusterCount {
            let c = a.clusters[i]
            if c.isLineSeparator || c.breakAfter == .mandatory { hard = true }
            widths[i] = c.isLineSeparator || p.clusterAdvance[i] == 0 ? 0 : max(0, p.clusterAdvance[i] * size + tracking)
        }
        self.widths = widths
        hasHardBreaks = hard
        self.lineHeight = lineHeight ?? (p.primary?.lineHeightEm ?? 1.2) * size
        if hard {
            let hardLines = LineBreaker().lines(a, widths: widths, range: 0..<p.clusterCount, maxWidth: .infinity, wrap: .word)
            naturalWidth = hardLines.map { LineBreaker.visibleWidth(a, widths: widths, range: $0) }.max() ?? 0
        } else {
            naturalWidth = LineBreaker.visibleWidth(a, widths: widths, range: 0..<p.clusterCount)
        }
    }

    /// The narrowest width at which the text lays out as one unbroken line, or nil when it has hard
    /// line breaks or no text. At any width from this one up the layout is the same (the one-line
    /// fast path below), so a caller may reuse it across widths.
    public var oneLineWidth: Double? {
        hasHardBreaks || paragraph.clusterCount == 0 ? nil : naturalWidth
    }

    /// Whether the text lays out as one unbroken line at `width` (the fast path below).
    public func fitsOnOneLine(_ width: Double) -> Bool {
        oneLineWidth.map { $0 <= width + LineBreaker.epsilon } ?? false
    }
}

struct TextLayouter {
    let engine: TextEngine

    func layout(_ p: ShapedParagraph, request: LayoutRequest) -> TextLayout {
        layout(ScaledParagraph(p, size: request.size, tracking: request.appliesTracking, lineHeight: request.lineHeight),
               width: request.width, lines: request.lines, mode: request.lineBreakMode, locale: request.locale)
    }

    func layout(_ scaled: ScaledParagraph, width: Double?, lines limit: Int, mode: LineBreakMode, locale: String) -> TextLayout {
        let p = scaled.paragraph
        let a = p.analysis
        let size = scaled.size
        let tracking = scaled.tracking
        let widths = scaled.widths
        let lineHeight = scaled.lineHeight
        let all = 0..<p.clusterCount
        let natural = scaled.naturalWidth
        let maxWidth = width ?? .infinity
        // One line that fits, no forced breaks: what greedy breaking would find, without running it
        // (every prefix is at most the natural width, so no break opportunity is ever taken).
        if scaled.fitsOnOneLine(maxWidth) {
            let line = TextLayout.Line(source: a.text, head: utf16(a, all), width: natural, ellipsis: false)
            return TextLayout(size: size, lineHeight: lineHeight, naturalWidth: natural, lineCount: 1, lines: [line],
                              truncated: false, width: natural, height: lineHeight, fullHeight: lineHeight)
        }
        let breaker = LineBreaker()
        let wrap: LineBreaker.Wrap = mode == .byCharWrapping ? .character : .word
        let wrapped = breaker.lines(a, widths: widths, range: all, maxWidth: maxWidth, wrap: wrap)
        func line(_ r: Range<Int>) -> TextLayout.Line {
            .init(source: a.text, head: utf16(a, r), width: LineBreaker.visibleWidth(a, widths: widths, range: r), ellipsis: false)
        }
        var shown: [TextLayout.Line]
        var truncated = false
        if limit > 0 && wrapped.count > limit {
            truncated = true
            shown = wrapped.prefix(limit - 1).map(line)
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
                while end < rest.upperBound && acc + widths[end] <= maxWidth + LineBreaker.epsilon {
                    acc += widths[end]
                    end += 1
                }
                var l = line(rest.lowerBound..<end)
                l.width = min(LineBreaker.visibleWidth(a, widths: widths, range: rest), maxWidth)
                shown.append(l)
            case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle:
                shown.append(truncate(p, widths: widths, rest: rest, maxWidth: maxWidth, size: size,
                                      tracking: tracking, mode: mode, locale: locale))
            }
        } else {
            shown = wrapped.map(line)
        }
        if p.clusterCount == 0 { shown = [] }
        let width = shown.map(\.width).max() ?? 0
        // Word wrapping broke inside a word only if a shown line ends where no break is allowed.
        let split = wrap == .word ? WordSplit.find(a, widths: widths, lines: wrapped, shownLines: shown.count) : nil
        return TextLayout(size: size, lineHeight: lineHeight, naturalWidth: natural,
                          lineCount: p.clusterCount == 0 ? 0 : wrapped.count, lines: shown, truncated: truncated,
                          width: width, height: Double(shown.count) * lineHeight,
                          fullHeight: Double(p.clusterCount == 0 ? 0 : wrapped.count) * lineHeight, wordSplit: split)
    }

    /// The last line with an ellipsis: the longest prefix (tail), suffix (head) or prefix + suffix
    /// (middle, growing both sides alternately) of `rest` that fits with "…", cut at grapheme
    /// clusters, trailing spaces before the ellipsis trimmed.
    private func truncate(_ p: ShapedParagraph, widths: [Double], rest: Range<Int>, maxWidth: Double, size: Double,
                          tracking: Double, mode: LineBreakMode, locale: String) -> TextLayout.Line {
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
        let eps = LineBreaker.epsilon
        switch mode {
        case .byTruncatingHead:
            let face = font(rest.upperBound - 1)
            let ell = face.map { engine.ellipsisEm($0, locale: locale) } ?? (text: "\u{2026}", em: 1)
            let ellWidth = ell.em * size + tracking
            var start = rest.upperBound
            var acc = 0.0
            while start > rest.lowerBound && acc + widths[start - 1] + ellWidth <= maxWidth + eps {
                acc += widths[start - 1]
                start -= 1
            }
            let s = trimmedStart(start, rest.upperBound)
            let e = trimmedEnd(s, rest.upperBound)
            return .init(source: a.text, head: nil, literal: ell.text, tail: text(s..<rest.upperBound), width: ellWidth + sum(s..<e), ellipsis: true)
        case .byTruncatingMiddle:
            let face = font(rest.lowerBound)
            let ell = face.map { engine.ellipsisEm($0, locale: locale) } ?? (text: "\u{2026}", em: 1)
            let ellWidth = ell.em * size + tracking
            var head = rest.lowerBound, tail = rest.upperBound
            var acc = ellWidth
            var takeHead = true
            var blocked = (head: false, tail: false)
            while head < tail && !(blocked.head && blocked.tail) {
                if takeHead && !blocked.head {
                    if acc + widths[head] <= maxWidth + eps { acc += widths[head]; head += 1 } else { blocked.head = true }
                } else if !blocked.tail {
                    if acc + widths[tail - 1] <= maxWidth + eps { acc += widths[tail - 1]; tail -= 1 } else { blocked.tail = true }
                }
                takeHead.toggle()
            }
            let h = trimmedEnd(rest.lowerBound, head)
            let t = trimmedStart(tail, rest.upperBound)
            let tEnd = trimmedEnd(t, rest.upperBound)
            return .init(source: a.text, head: text(rest.lowerBound..<h), literal: ell.text, tail: text(t..<rest.upperBound),
                         width: sum(rest.lowerBound..<h) + ellWidth + sum(t..<tEnd), ellipsis: true)
        default:
            var end = rest.lowerBound
            var acc = 0.0
            // The ellipsis takes the font of the last kept cluster; measure with the widest candidate.
            let face = font(rest.lowerBound)
            let ell = face.map { engine.ellipsisEm($0, locale: locale) } ?? (text: "\u{2026}", em: 1)
            let ellWidth = ell.em * size + tracking
            while end < rest.upperBound && acc + widths[end] + ellWidth <= maxWidth + eps {
                acc += widths[end]
                end += 1
            }
            let e = trimmedEnd(rest.lowerBound, end)
            return .init(source: a.text, head: text(rest.lowerBound..<e), literal: ell.text, width: sum(rest.lowerBound..<e) + ellWidth, ellipsis: true)
        }
    }
}
