import TypefitCore
import TypefitLayout
import TypefitShaping
import TypefitSpec
import TypefitText

/// What a failing text looks like: the element's box at its real size and the glyphs the audit laid
/// out, in visual order, with the ellipsis and fallback fonts marked. Built from the same layout
/// result the finding came from (no second layout path); the HTML report draws it.
public struct Preview: Sendable {
    public struct Glyph: Sendable {
        public var font: FontFace
        public var glyph: UInt32
        /// Pen position of the glyph origin, in points from the text area's left edge and the line's baseline.
        public var x: Double
        public var y: Double
        public var size: Double
        /// Drawn with a font that was not requested (fallback).
        public var isFallback: Bool
        public var isEllipsis: Bool
    }
    public struct Line: Sendable {
        public var glyphs: [Glyph]
        public var width: Double
        /// Baseline position from the top of the text area.
        public var baseline: Double
    }

    /// The element's frame size.
    public var elementWidth: Double
    public var elementHeight: Double
    /// The text area inside the element (after insets and the button image): origin and size.
    public var textX: Double
    public var textY: Double
    public var textWidth: Double
    /// Height the shown lines take, and what the full text would need.
    public var textHeight: Double
    public var neededWidth: Double
    public var neededHeight: Double
    public var lineHeight: Double
    public var rightToLeft: Bool
    /// Where the lines sit in the text area (`NSTextAlignment`, as the element resolves it).
    public var alignment: TextAlignment
    public var lines: [Line]
    public var truncated: Bool
    /// The word wrapping broke inside, when it did: the line it starts on and its width on one line
    /// (a word-split finding's overflow is that word's, on that line, not the whole text's).
    public var wordSplit: WordSplit? = nil

    /// How far a line of `lineWidth` is moved from the text area's left edge, as UIKit places it:
    /// `left`, `right`, `center`; `natural` is left in a left-to-right paragraph and right in a
    /// right-to-left one (UIKit's default for labels, §5d); `justified` starts where `natural`
    /// does (its lines are widened in their spaces, `justifiedSpacing`). A line wider than the
    /// area starts at its leading edge (the overflow is drawn past the trailing edge).
    public static func lineOffset(_ alignment: TextAlignment, lineWidth: Double, areaWidth: Double, rightToLeft: Bool) -> Double {
        let slack = max(0, areaWidth - lineWidth)
        switch alignment {
        case .left: return 0
        case .right: return slack
        case .center: return slack / 2
        case .natural, .justified: return rightToLeft ? slack : 0
        }
    }

    /// The width added to each space between words of a justified line: TextKit stretches every
    /// line of a paragraph but its last to the area's width, in its inter-word spaces; a line
    /// without such a space, the last line and a line ending in a forced line break (the end of a
    /// paragraph) keep their width.
    public static func justifiedSpacing(lineWidth: Double, areaWidth: Double, interiorSpaces: Int, isLastLine: Bool) -> Double {
        guard !isLastLine, interiorSpaces > 0, areaWidth > lineWidth else { return 0 }
        return (areaWidth - lineWidth) / Double(interiorSpaces)
    }
}

/// Keeps what a preview needs with a finding, and builds the preview only when a report asks.
public final class PreviewSource: @unchecked Sendable, Equatable {
    let text: TextResult
    let frame: Rect
    let textOrigin: (x: Double, y: Double)
    let textWidth: Double
    let alignment: TextAlignment
    let engine: TextEngine

    init(
        text: TextResult, frame: Rect, textOrigin: (x: Double, y: Double), textWidth: Double, alignment: TextAlignment,
        engine: TextEngine
    ) {
        self.text = text
        self.frame = frame
        self.textOrigin = textOrigin
        self.textWidth = textWidth
        self.alignment = alignment
        self.engine = engine
    }

    /// Previews never make two findings different.
    public static func == (a: PreviewSource, b: PreviewSource) -> Bool { true }

    public func preview() -> Preview {
        let t = text
        let l = t.layout
        let p = t.paragraph
        let a = p.analysis
        let size = l.size
        let tracking = t.font.selection == .system ? SystemTracking.points(at: size) : 0
        let ascender = (p.primary.map { $0.ascender / $0.unitsPerEm } ?? 0.8) * size
        let lineGapHalf = (l.lineHeight - (p.primary.map { ($0.ascender - $0.descender) / $0.unitsPerEm } ?? 1) * size) / 2
        // The widths the layout measured (for the system font stand-in: its two cuts blended and
        // calibrated as SF): each piece of a line is drawn at the model's width, so glyphs sit where
        // the audit measured them, not at the drawn font's own advances.
        var analysis: TextAnalysis? = a
        let display = try? engine.systemDisplayParagraph(
            blending: p, a.text, selection: t.font.selection, weight: t.font.weight, locale: a.locale, analysis: &analysis)
        let model = ScaledParagraph(
            p, size: size, tracking: t.font.selection == .system, display: display,
            calibrated: engine.systemFontSource == .standIn)
        func fitted(_ glyphs: inout [Preview.Glyph], drawn: Double, measured: Double) -> Double {
            guard drawn > 0, measured > 0 else { return drawn }
            let ratio = measured / drawn
            for k in glyphs.indices { glyphs[k].x *= ratio }
            return measured
        }
        var lines: [Preview.Line] = []
        for (n, line) in l.lines.enumerated() {
            // Pieces in logical order: (glyphs in visual order within the piece, bidi level).
            var pieces: [(glyphs: [Preview.Glyph], spaces: [Bool], level: UInt8, width: Double)] = []
            for part in line.parts {
                switch part {
                case .literal(let s):
                    let face = p.primary ?? p.fonts.first
                    guard let face else { continue }
                    let run = engine.shaper.shape(
                        ArraySlice(Array(s.utf16)), face: face, rightToLeft: false, script: .common, language: a.locale)
                    var x = 0.0
                    var glyphs: [Preview.Glyph] = []
                    for g in 0..<run.glyphs.count {
                        glyphs.append(
                            .init(
                                font: face, glyph: run.glyphs[g], x: x + Double(run.xOffsets[g]) / face.unitsPerEm * size,
                                y: -Double(run.yOffsets[g]) / face.unitsPerEm * size, size: size, isFallback: false, isEllipsis: true))
                        x += Double(run.xAdvances[g]) / face.unitsPerEm * size
                    }
                    x += tracking
                    x = fitted(&glyphs, drawn: x, measured: model.ellipsisWidth(face, engine: engine, locale: a.locale).width)
                    let level: UInt8 = a.isRightToLeft ? 1 : 0
                    pieces.append((glyphs, Array(repeating: false, count: glyphs.count), level, x))
                case .range(let r):
                    for seg in p.segments {
                        let segStart = seg.textOffset
                        let segEnd = a.clusters[seg.clusterRange.upperBound - 1].end
                        guard segEnd > r.lowerBound && segStart < r.upperBound else { continue }
                        let face = p.fonts[seg.font]
                        let run = seg.run
                        // Each grapheme cluster of the segment drawn on this line: the model's width,
                        // and the drawn font's own advance (to scale the glyphs inside it).
                        let upem = face.unitsPerEm
                        var clusterOf = [Int](repeating: -1, count: segEnd - segStart)
                        for c in seg.clusterRange where a.clusters[c].start >= segStart {
                            for u in a.clusters[c].start..<min(a.clusters[c].end, segEnd) { clusterOf[u - segStart] = c }
                        }
                        var drawn: [Int: Double] = [:]
                        for g in 0..<run.glyphs.count {
                            let u = run.clusters[g]
                            guard u < clusterOf.count, clusterOf[u] >= 0 else { continue }
                            drawn[clusterOf[u], default: 0] += Double(run.xAdvances[g]) / upem * size
                        }
                        var x = 0.0
                        var glyphs: [Preview.Glyph] = []
                        var spaces: [Bool] = []
                        var current = -1
                        var within = 0.0
                        for g in 0..<run.glyphs.count {
                            let cluster = segStart + run.clusters[g]
                            guard cluster >= r.lowerBound && cluster < r.upperBound else { continue }
                            let u = run.clusters[g]
                            let c = u < clusterOf.count ? clusterOf[u] : -1
                            if c != current {
                                if current >= 0 { x += model.widths[current] }
                                current = c
                                within = 0
                            }
                            // Inside a cluster, glyphs keep their own proportions at the cluster's measured width.
                            let own = c >= 0 ? (drawn[c] ?? 0) : 0
                            let scale = c >= 0 && own > 0 ? model.widths[c] / own : 1
                            glyphs.append(
                                .init(
                                    font: face, glyph: run.glyphs[g], x: x + (within + Double(run.xOffsets[g]) / upem * size) * scale,
                                    y: -Double(run.yOffsets[g]) / upem * size, size: size,
                                    isFallback: !t.requested.contains(face), isEllipsis: false))
                            spaces.append(cluster < a.units.count && a.units[cluster] == 0x20)
                            within += Double(run.xAdvances[g]) / upem * size
                        }
                        if current >= 0 { x += model.widths[current] }
                        let level = a.clusters[seg.clusterRange.lowerBound].level
                        pieces.append((glyphs, spaces, level, x))
                    }
                }
            }
            // UAX #9 rule L2: reverse runs at each level from the highest down to the lowest odd level.
            var order = Array(pieces.indices)
            let maxLevel = pieces.map(\.level).max() ?? 0
            let minOdd = pieces.map(\.level).filter { $0 & 1 == 1 }.min() ?? (maxLevel + 1)
            if maxLevel >= minOdd {
                for level in stride(from: Int(maxLevel), through: Int(minOdd), by: -1) {
                    var i = 0
                    while i < order.count {
                        if pieces[order[i]].level >= UInt8(level) {
                            var j = i
                            while j < order.count && pieces[order[j]].level >= UInt8(level) { j += 1 }
                            order[i..<j].reverse()
                            i = j
                        } else {
                            i += 1
                        }
                    }
                }
            }
            var pen = 0.0
            var glyphs: [Preview.Glyph] = []
            var spaces: [Bool] = []
            for i in order {
                for var g in pieces[i].glyphs { g.x += pen; glyphs.append(g) }
                spaces += pieces[i].spaces
                pen += pieces[i].width
            }
            // Justified: the spaces between words (not those at either end) widen to fill the line.
            var width = line.width
            if alignment == .justified, let first = spaces.firstIndex(of: false), let last = spaces.lastIndex(of: false) {
                let interior = spaces[first...last].filter { $0 }.count
                // A forced break ends a paragraph: its line is a last line too.
                let end = line.parts.reduce(0) { end, part in if case .range(let r) = part { max(end, r.upperBound) } else { end } }
                let separators: Set<UInt16> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
                let forced = [end - 1, end].contains { $0 >= 0 && $0 < a.units.count && separators.contains(a.units[$0]) }
                let extra = Preview.justifiedSpacing(
                    lineWidth: line.width, areaWidth: textWidth, interiorSpaces: interior, isLastLine: n == l.lines.count - 1 || forced)
                if extra > 0 {
                    var added = 0.0
                    for k in first...last {
                        glyphs[k].x += added
                        if spaces[k] { added += extra }
                    }
                    for k in (last + 1)..<glyphs.count { glyphs[k].x += added }
                    width += added
                }
            }
            let shift = Preview.lineOffset(alignment, lineWidth: width, areaWidth: textWidth, rightToLeft: a.isRightToLeft)
            if shift != 0 { for k in glyphs.indices { glyphs[k].x += shift } }
            lines.append(.init(glyphs: glyphs, width: line.width, baseline: Double(n) * l.lineHeight + lineGapHalf + ascender))
        }
        return Preview(
            elementWidth: frame.width, elementHeight: frame.height, textX: textOrigin.x, textY: textOrigin.y,
            textWidth: textWidth, textHeight: l.height, neededWidth: l.naturalWidth, neededHeight: l.fullHeight,
            lineHeight: l.lineHeight, rightToLeft: a.isRightToLeft, alignment: alignment, lines: lines, truncated: l.truncated,
            wordSplit: l.wordSplit)
    }
}
