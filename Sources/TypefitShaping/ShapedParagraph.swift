import TypefitCore
import TypefitText

/// A paragraph after itemization, font fallback and shaping: per grapheme cluster, the font that
/// drew it and its advance in em (font units ÷ unitsPerEm), ready to be scaled to any point size.
/// A class: one paragraph is shared by every layout of its text at every size and width, and passing
/// a reference costs one retain where a struct of seven arrays costs seven.
/// (`@unchecked Sendable`: `scales` is a pointer to memory the paragraph fills in `init`, never
/// changes and frees in `deinit`, so sharing the paragraph shares nothing mutable.)
public final class ShapedParagraph: @unchecked Sendable {
    /// One shaped item: consecutive clusters with one font, direction and script.
    public struct Segment: Sendable {
        public var clusterRange: Range<Int>
        public var font: Int
        public var rightToLeft: Bool
        public var script: ScriptTag
        public var run: ShapedRun
        /// UTF-16 offset of the segment's first unit (glyph clusters are relative to it).
        public var textOffset: Int
    }

    public let analysis: TextAnalysis
    /// Fonts used, in order of first use. Index into this from `clusterFont` and `segments`.
    public let fonts: [FontFace]
    /// Font index per cluster, or -1 for controls (not drawn) and clusters no font covers.
    public let clusterFont: [Int]
    /// Advance per cluster in em.
    public let clusterAdvance: [Double]
    /// Clusters no font covers (or that shaped to .notdef): reported as missing glyphs.
    public let clusterMissing: [Bool]
    public let segments: [Segment]
    /// The first requested font (for line metrics and the ellipsis).
    public let primary: FontFace?
    /// Per entry of `fonts`: whether it is one of the requested fonts (not a fallback). Tracking
    /// belongs to the requested font: fallback fonts' clusters get none.
    public let isRequested: [Bool]
    /// Display names of the fonts that drew at least one cluster, in order of first use (what a
    /// finding lists as "fonts"): computed once, as many findings name the same paragraph's fonts.
    public let usedFontNames: [String]
    /// Per cluster: what scaling it to a size needs besides its advance (`ClusterKind`).
    public let clusterKinds: [ClusterKind]
    /// Whether any cluster is or forces a line break.
    public let hasHardBreaks: Bool
    /// Each cluster's advance and kind (`ClusterScale`), `clusterCount` of them, in memory this
    /// paragraph owns: valid for as long as the paragraph is (a reader keeps a reference to it).
    package let scales: UnsafePointer<ClusterScale>

    /// (Inlinable: line breaking in the layout module asks in its inner loops.)
    @inlinable public var clusterCount: Int { analysis.clusters.count }

    /// Whether any of the requested fonts is in the paragraph: drawing a cluster, or as the font of
    /// a missing glyph's box. When none is (a text entirely in fallback fonts: Arabic, Japanese,
    /// Hindi… in the system font stand-in), scaling reads nothing of the system font's Display cut
    /// but whether there is one (`TextEngine.displayStandIn`).
    public var usesRequestedFont: Bool { isRequested.contains(true) }

    public init(
        analysis: TextAnalysis, fonts: [FontFace], clusterFont: [Int], clusterAdvance: [Double], clusterMissing: [Bool],
        segments: [Segment], primary: FontFace?, requested: [FontFace]? = nil
    ) {
        self.analysis = analysis
        self.fonts = fonts
        self.clusterFont = clusterFont
        self.clusterAdvance = clusterAdvance
        self.clusterMissing = clusterMissing
        self.segments = segments
        self.primary = primary
        let requestedFaces = requested ?? primary.map { [$0] } ?? []
        isRequested = fonts.map { requestedFaces.contains($0) }
        var names: [String] = []
        var seen = [Bool](filled: false, count: fonts.count)
        for f in clusterFont where f >= 0 && !seen[f] {
            seen[f] = true
            let name = fonts[f].displayName
            if !names.contains(name) { names.append(name) }
        }
        usedFontNames = names
        clusterKinds = ClusterKind.of(
            analysis, clusterFont: clusterFont, clusterAdvance: clusterAdvance, clusterMissing: clusterMissing, isRequested: isRequested)
        hasHardBreaks = clusterKinds.contains { $0.contains(.hardBreak) }
        let count = clusterKinds.count
        let scales = UnsafeMutablePointer<ClusterScale>.allocate(capacity: count)
        for i in 0..<count { (scales + i).initialize(to: ClusterScale(advance: clusterAdvance[i], kind: clusterKinds[i])) }
        self.scales = UnsafePointer(scales)
    }

    deinit { UnsafeMutablePointer(mutating: scales).deallocate() }
}

/// Builds `ShapedParagraph`s: itemizes, picks a font per grapheme cluster through the cascade,
/// splits into runs at font, bidi level and script changes, and shapes each run through `Shaper`.
public struct ParagraphShaper: Sendable {
    public let shaper: Shaper
    public let features: [String]

    public init(shaper: Shaper, features: [String] = []) {
        self.shaper = shaper
        self.features = features
    }

    public func shape(_ analysis: TextAnalysis, cascade: FontCascade) -> ShapedParagraph {
        let clusters = analysis.clusters
        let units = analysis.units
        var fonts: [FontFace] = []
        var clusterFont = [Int](filled: -1, count: clusters.count)
        var missing = [Bool](filled: false, count: clusters.count)
        var previous: FontFace?
        var previousIndex = -1
        // 1. A font per cluster.
        var scalars: [Unicode.Scalar] = []
        var fallbacks = FontCascade.FallbackMemo()
        for (i, c) in clusters.enumerated() where !c.isLineSeparator {
            // Spaces, digits and punctuation stay in the surrounding font when it has them (Pango's
            // "don't switch font here"); other clusters go back to the requested fonts first, as Core
            // Text's per-character fallback does.
            let prefer = c.isNeutralScript ? previous : nil
            // The cluster's scalars, decoded straight from the UTF-16 units (no String per cluster);
            // a cluster of one scalar (most) is asked about without a list.
            let found: FontFace?
            if c.end > c.start, case let first = TextAnalysis.firstScalar(units, at: c.start),
                c.start + (first.value > 0xFFFF ? 2 : 1) >= c.end
            {
                found = cascade.font(for: first, script: c.script, preferring: prefer, memo: &fallbacks)
            } else {
                scalars.removeAll(keepingCapacity: true)
                var k = c.start
                while k < c.end {
                    let s = TextAnalysis.firstScalar(units, at: k)
                    scalars.append(s)
                    k += s.value > 0xFFFF ? 2 : 1
                }
                found = cascade.font(for: scalars, script: c.script, preferring: prefer)
            }
            if let face = found {
                let index: Int
                // Most clusters are in the previous cluster's font: its index is known.
                if face === previous, previousIndex >= 0 {
                    index = previousIndex
                } else if let existing = fonts.firstIndex(of: face) {
                    index = existing
                } else {
                    fonts.append(face)
                    index = fonts.count - 1
                }
                clusterFont[i] = index
                if face !== previous { previous = face }
                previousIndex = index
            } else {
                missing[i] = true
            }
        }
        // Uncovered clusters are measured with the primary font's .notdef (what iOS draws: a box),
        // and reported as missing.
        let primary = cascade.primary.first ?? fonts.first
        var notdefIndex: Int?
        if missing.contains(true), let primary {
            if let existing = fonts.firstIndex(of: primary) {
                notdefIndex = existing
            } else {
                fonts.append(primary); notdefIndex = fonts.count - 1
            }
        }
        // 2. Segments.
        var segments: [ShapedParagraph.Segment] = []
        var advance = [Double](filled: 0, count: clusters.count)
        var i = 0
        while i < clusters.count {
            let font = missing[i] ? (notdefIndex ?? -1) : clusterFont[i]
            if font < 0 { i += 1; continue }
            var j = i + 1
            while j < clusters.count {
                let f = missing[j] ? (notdefIndex ?? -1) : clusterFont[j]
                if f != font || clusters[j].level != clusters[i].level || clusters[j].script != clusters[i].script
                    || clusters[j].isLineSeparator
                {
                    break
                }
                j += 1
            }
            let start = clusters[i].start, end = clusters[j - 1].end
            let face = fonts[font]
            let rtl = clusters[i].level & 1 == 1
            let run = shaper.shape(
                units[start..<end], face: face, rightToLeft: rtl, script: clusters[i].script,
                language: analysis.locale, features: features)
            distribute(
                run, textOffset: start, clusterRange: i..<j, clusters: clusters, upem: face.unitsPerEm,
                advance: &advance, missing: &missing)
            segments.append(
                .init(
                    clusterRange: i..<j, font: font, rightToLeft: rtl, script: clusters[i].script,
                    run: run, textOffset: start))
            i = j
        }
        return ShapedParagraph(
            analysis: analysis, fonts: fonts, clusterFont: clusterFont, clusterAdvance: advance,
            clusterMissing: missing, segments: segments, primary: primary,
            requested: cascade.primary)
    }

    /// Spreads each HarfBuzz cluster's advance evenly over the grapheme clusters it spans (a ligature
    /// over two graphemes gives each half, as Pango does), and marks graphemes whose glyphs are .notdef.
    /// The glyphs and clusters are read through their arrays' buffers once the run's and the cluster
    /// range's bounds are checked (every glyph of every run checked them before).
    private func distribute(
        _ run: ShapedRun, textOffset: Int, clusterRange: Range<Int>,
        clusters: [TextAnalysis.Cluster], upem: Double,
        advance: inout [Double], missing: inout [Bool]
    ) {
        precondition(
            !clusterRange.isEmpty && clusterRange.lowerBound >= 0
                && clusterRange.upperBound <= min(clusters.count, advance.count, missing.count), "cluster range outside the paragraph")
        precondition(
            run.xAdvances.count == run.clusters.count && run.glyphs.count == run.clusters.count, "a glyph without its cluster or advance")
        let runEnd = clusters[clusterRange.upperBound - 1].end
        run.clusters.withUnsafeBufferPointer { glyphClusters in
            run.xAdvances.withUnsafeBufferPointer { advances in
                run.glyphs.withUnsafeBufferPointer { glyphs in
                    clusters.withUnsafeBufferPointer { clusters in
                        advance.withUnsafeMutableBufferPointer { advance in
                            missing.withUnsafeMutableBufferPointer { missing in
                                Self.distribute(
                                    glyphClusters: glyphClusters, advances: advances, glyphs: glyphs, textOffset: textOffset,
                                    runEnd: runEnd, clusterRange: clusterRange, clusters: clusters, upem: upem, advance: advance,
                                    missing: missing)
                            }
                        }
                    }
                }
            }
        }
    }

    private static func distribute(
        glyphClusters: UnsafeBufferPointer<Int>, advances: UnsafeBufferPointer<Int32>, glyphs: UnsafeBufferPointer<UInt32>,
        textOffset: Int, runEnd: Int, clusterRange: Range<Int>, clusters: UnsafeBufferPointer<TextAnalysis.Cluster>, upem: Double,
        advance: UnsafeMutableBufferPointer<Double>, missing: UnsafeMutableBufferPointer<Bool>
    ) {
        // Total advance and notdef per HarfBuzz cluster start (absolute UTF-16 offset), taken in
        // logical order. With HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES a cluster's glyphs are
        // adjacent and the clusters only grow (left to right) or only shrink (right to left): the
        // glyphs are read forwards or backwards and consecutive glyphs of one cluster merged, with
        // no list of starts and sums.
        let count = glyphClusters.count
        var ascending = true, descending = true
        if count > 1 {
            for g in 1..<count {
                if glyphClusters[g] < glyphClusters[g - 1] { ascending = false }
                if glyphClusters[g] > glyphClusters[g - 1] { descending = false }
            }
        }
        var k = clusterRange.lowerBound
        if ascending || descending {
            let backwards = !ascending
            var g = 0
            while g < count {
                let first = backwards ? count - 1 - g : g
                let start = textOffset + glyphClusters[first]
                var total = Int(advances[first])
                var notdef = glyphs[first] == 0
                g += 1
                while g < count {
                    let i = backwards ? count - 1 - g : g
                    guard textOffset + glyphClusters[i] == start else { break }
                    total += Int(advances[i])
                    notdef = notdef || glyphs[i] == 0
                    g += 1
                }
                let limit = g < count ? textOffset + glyphClusters[backwards ? count - 1 - g : g] : runEnd
                spread(
                    total: total, notdef: notdef, from: start, to: limit, clusterRange: clusterRange, clusters: clusters, upem: upem,
                    next: &k, advance: advance, missing: missing)
            }
            return
        }
        // Out of order (not expected at this cluster level): the glyphs by cluster start, equal
        // starts merged.
        let order = (0..<count).sorted { (glyphClusters[$0], $0) < (glyphClusters[$1], $1) }
        var starts: [Int] = [], sums: [(total: Int, notdef: Bool)] = []
        for g in order {
            let start = textOffset + glyphClusters[g]
            if let last = starts.last, last == start {
                sums[sums.count - 1].total += Int(advances[g])
                sums[sums.count - 1].notdef = sums[sums.count - 1].notdef || glyphs[g] == 0
            } else {
                starts.append(start)
                sums.append((Int(advances[g]), glyphs[g] == 0))
            }
        }
        for (n, start) in starts.enumerated() {
            spread(
                total: sums[n].total, notdef: sums[n].notdef, from: start, to: n + 1 < starts.count ? starts[n + 1] : runEnd,
                clusterRange: clusterRange, clusters: clusters, upem: upem, next: &k, advance: advance, missing: missing)
        }
    }

    /// One HarfBuzz cluster (starting at `start`, the next one at `limit`) spread evenly over the
    /// grapheme clusters it spans, from `next` on (moved past those that end before it).
    @inline(__always)
    private static func spread(
        total: Int, notdef: Bool, from start: Int, to limit: Int, clusterRange: Range<Int>,
        clusters: UnsafeBufferPointer<TextAnalysis.Cluster>, upem: Double, next k: inout Int, advance: UnsafeMutableBufferPointer<Double>,
        missing: UnsafeMutableBufferPointer<Bool>
    ) {
        while k < clusterRange.upperBound && clusters[k].end <= start { k += 1 }
        // The grapheme clusters this HarfBuzz cluster spans: k..<m.
        var m = k
        while m < clusterRange.upperBound && clusters[m].start < limit { m += 1 }
        if m == k { return }
        let share = Double(total) / upem / Double(m - k)
        for member in k..<m {
            advance[member] += share
            if notdef { missing[member] = true }
        }
    }
}
