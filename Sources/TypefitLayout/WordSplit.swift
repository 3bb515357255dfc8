import TypefitText

/// A word the line breaking had to break inside: word wrapping (every `lineBreakMode` except
/// `byCharWrapping` wraps the lines above the last one by word) breaks within a word only when the
/// word alone is wider than the line — UIKit's emergency break, "Correo electrónic / o".
///
/// Built only when it happens (a cluster scan of the word), so layouts that break at legal
/// opportunities — spaces, between ideographs, Thai dictionary breaks — pay one comparison per line.
public struct WordSplit: Sendable, Equatable {
    /// The word as written (trailing spaces excluded).
    public var word: String
    /// Its pieces on successive lines, in order: `["electrónic", "o"]`.
    public var parts: [String]
    /// Width of the word on one line, pt (trailing spaces excluded).
    public var width: Double
    /// The 0-based line the word starts on.
    public var line: Int

    /// What `shown` writes where the lines break the word.
    public static let partSeparator = " / "

    /// The word with " / " where the lines break it: "electrónic / o".
    public var shown: String { parts.joined(separator: Self.partSeparator) }

    /// The first word of `lines` (cluster ranges, as the breaker made them) broken inside, looking
    /// only at breaks between lines that are both shown (`shownLines` of them); nil when every break
    /// is at a break opportunity.
    static func find(_ a: TextAnalysis, widths: [Double], lines: [Range<Int>], shownLines: Int) -> WordSplit? {
        let clusters = a.clusters
        let last = min(shownLines, lines.count) - 1
        guard last > 0 else { return nil }
        for i in 0..<last {
            let end = lines[i].upperBound
            guard end > lines[i].lowerBound, end < clusters.count, clusters[end - 1].breakAfter == .none else { continue }
            // The word around the break: back to the previous break opportunity, on to the next one.
            var start = end - 1
            while start > 0 && clusters[start - 1].breakAfter == .none { start -= 1 }
            var stop = end
            while stop < clusters.count && clusters[stop].breakAfter == .none { stop += 1 }
            stop = min(stop + 1, clusters.count)
            while stop > start + 1 && (clusters[stop - 1].isHangingSpace || clusters[stop - 1].isLineSeparator) { stop -= 1 }
            // The pieces: the word cut at every line end inside it.
            var parts: [String] = []
            var pieceStart = start
            var firstLine = i
            while firstLine > 0 && lines[firstLine].lowerBound > start { firstLine -= 1 }
            for line in lines where line.upperBound > start && line.upperBound < stop {
                parts.append(a.substring(clusters[pieceStart].start, clusters[line.upperBound - 1].end))
                pieceStart = line.upperBound
            }
            parts.append(a.substring(clusters[pieceStart].start, clusters[stop - 1].end))
            var width = 0.0
            for k in start..<stop { width += widths[k] }
            return WordSplit(word: a.substring(clusters[start].start, clusters[stop - 1].end), parts: parts, width: width, line: firstLine)
        }
        return nil
    }
}
