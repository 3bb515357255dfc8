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
        let clusters = analysis.clusters
        var result: [Range<Int>] = []
        var i = range.lowerBound
        while i < range.upperBound && result.count < limit {
            let lineStart = i
            var pending = 0.0
            var lastBreak: Int?
            var j = i
            var end: Int?
            while j < range.upperBound {
                let c = clusters[j]
                if c.isLineSeparator && c.breakAfter == .mandatory { end = j + 1; break }
                let next = pending + widths[j]
                if !c.isHangingSpace && next > maxWidth + Self.epsilon && j > lineStart {
                    end = lastBreak ?? j
                    break
                }
                pending = next
                if c.breakAfter == .mandatory { end = j + 1; break }
                if wrap == .character || c.breakAfter == .allowed { lastBreak = j + 1 }
                j += 1
            }
            let stop = min(end ?? range.upperBound, range.upperBound)
            result.append(lineStart..<max(stop, lineStart + 1))
            i = max(stop, lineStart + 1)
        }
        return result
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
