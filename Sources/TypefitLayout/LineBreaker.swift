import TypefitText

/// Greedy line breaking over per-cluster widths, with UIKit's wrapping rules.
///
/// - Break opportunities are UAX #14's, from ICU with the locale (dictionaries for Thai, Lao, Khmer
///   and Myanmar; CJK breaks between ideographs; Korean between syllables as UAX #14 allows).
/// - Trailing spaces hang: they never make a line overflow and do not count in its width.
/// - Mandatory breaks (LF, CR LF, U+2028, U+2029, NEL) always end a line.
/// - Word wrapping breaks inside a word only when the word alone does not fit on a line
///   (`NSLineBreakMode.byWordWrapping`); char wrapping breaks before the first cluster that does not
///   fit. A line always takes at least one grapheme cluster.
/// Departures from UIKit are documented in docs/text-engine.md (no orphan "push-out", no hyphenation).
public struct LineBreaker: Sendable {
    public enum Wrap: Sendable { case word, character }

    /// Comparison slack so exact fits are stable under floating point (1/1000 pt).
    public static let epsilon = 0.001

    public init() {}

    /// Breaks clusters `start..<end` into lines no wider than `maxWidth` (unlimited lines).
    public func lines(
        _ analysis: TextAnalysis, widths: [Double], range: Range<Int>, maxWidth: Double,
        wrap: Wrap, limit: Int = .max
    ) -> [Range<Int>] {
        var widthRange = WidthRange()
        return lines(analysis, widths: widths, range: range, maxWidth: maxWidth, wrap: wrap, limit: limit, widthRange: &widthRange)
    }

    /// The same, narrowing `widthRange` to the widths at which the lines break the same way.
    ///
    /// A line that ends at a break opportunity because a later cluster did not fit stays the same
    /// while everything up to that opportunity fits and the rest of the word that did not fit still
    /// does not (`needToPassBreak`); a line broken inside a word (no opportunity on it), while the
    /// cluster it broke before still does not fit. Lines ended by a mandatory break or by the text's
    /// end need only their clusters to fit.
    public func lines(
        _ analysis: TextAnalysis, widths: [Double], range: Range<Int>, maxWidth: Double,
        wrap: Wrap, limit: Int = .max, capacity: Int = 4, widthRange: inout WidthRange
    ) -> [Range<Int>] {
        var result: [Range<Int>] = []
        // One allocation instead of regrowing from one line: most texts are a few lines, and a
        // caller that knows the text's one-line width asks for about as many as it will need.
        result.reserveCapacity(capacity)
        // The clusters and widths read through their buffers (every cluster of every text broken into
        // lines, at each size and width: the arrays' counts were checked for each), once the range
        // is known to lie in both.
        precondition(
            range.isEmpty || (range.lowerBound >= 0 && range.upperBound <= min(analysis.clusters.count, widths.count)),
            "range outside the paragraph")
        analysis.clusters.withUnsafeBufferPointer { clusters in
            widths.withUnsafeBufferPointer { widths in
                var i = range.lowerBound
                while i < range.upperBound && result.count < limit {
                    let lineStart = i
                    var pending = 0.0
                    var lastBreak: Int?
                    var j = i
                    var end: Int?
                    // The width the line's compared clusters needed so far (they only grow: widths are
                    // never negative), and what they needed up to the last break opportunity.
                    var lineNeed = -Double.infinity
                    var needAtBreak = -Double.infinity
                    while j < range.upperBound {
                        let c = clusters[j]
                        if c.isLineSeparator && c.breakAfter == .mandatory { end = j + 1; break }
                        let next = pending + widths[j]
                        // (A line's first cluster is always taken: only the others are compared.)
                        if !c.isHangingSpace && j > lineStart {
                            if next > maxWidth + Self.epsilon {
                                if let lastBreak {
                                    end = lastBreak
                                    lineNeed = needAtBreak
                                    widthRange.overflow(
                                        Self.needToPassBreak(
                                            clusters, widths: widths, from: j, pending: pending, upper: range.upperBound, wrap: wrap))
                                } else {
                                    end = j
                                    widthRange.overflow(next)
                                }
                                break
                            }
                            lineNeed = next
                        }
                        pending = next
                        if c.breakAfter == .mandatory { end = j + 1; break }
                        if wrap == .character || c.breakAfter == .allowed {
                            lastBreak = j + 1
                            needAtBreak = lineNeed
                        }
                        j += 1
                    }
                    widthRange.fit(lineNeed)
                    let stop = min(end ?? range.upperBound, range.upperBound)
                    result.append(lineStart..<max(stop, lineStart + 1))
                    i = max(stop, lineStart + 1)
                }
            }
        }
        return result
    }

    /// What a line that did not fit cluster `j` (after `pending`) needs before it ends anywhere but at
    /// its last break opportunity: every cluster up to the next place the line could end (a break
    /// opportunity, a mandatory break, the text's end) must fit, so it is the need of the last
    /// compared cluster before that place. Below it the greedy loop stops somewhere in that word
    /// and goes back to the same opportunity.
    static func needToPassBreak(
        _ clusters: UnsafeBufferPointer<TextAnalysis.Cluster>, widths: UnsafeBufferPointer<Double>, from j: Int, pending start: Double,
        upper: Int, wrap: Wrap
    ) -> Double {
        var pending = start
        var need = -Double.infinity
        var k = j
        while k < upper {
            let c = clusters[k]
            if c.isLineSeparator && c.breakAfter == .mandatory { return need }
            let next = pending + widths[k]
            if !c.isHangingSpace { need = next }
            pending = next
            if c.breakAfter == .mandatory || wrap == .character || c.breakAfter == .allowed { return need }
            k += 1
        }
        return need
    }

    /// Width of clusters in `range` without trailing hanging spaces and line separators.
    public static func visibleWidth(_ analysis: TextAnalysis, widths: [Double], range: Range<Int>) -> Double {
        var end = range.upperBound
        while end > range.lowerBound && (analysis.clusters[end - 1].isHangingSpace || analysis.clusters[end - 1].isLineSeparator) {
            end -= 1
        }
        var total = 0.0
        for k in range.lowerBound..<end { total += widths[k] }
        return total
    }
}
