import TypefitCore
import TypefitShaping
import TypefitText

/// The result of laying out one text at one size and width: what UILabel would show.
public struct TextLayout: Sendable {
    public struct Line: Sendable, Equatable {
        /// Clusters shown on this line (before any ellipsis).
        public var text: String
        /// Width in points, trailing spaces excluded, ellipsis included.
        public var width: Double
        /// Whether the line ends (or, for head truncation, starts) with an ellipsis.
        public var ellipsis: Bool
    }

    public var size: Double
    public var lineHeight: Double
    /// Single-line advance width (widest hard-broken paragraph line), trailing spaces excluded.
    public var naturalWidth: Double
    /// Lines needed at the width with no line limit.
    public var lineCount: Int
    /// Lines shown, after the line limit and truncation.
    public var lines: [Line]
    public var truncated: Bool
    /// Widest shown line.
    public var width: Double
    /// lines shown × line height.
    public var height: Double
    /// Height needed to show every line (lineCount × line height).
    public var fullHeight: Double
    /// The text on screen, lines joined by "\n".
    public var visibleText: String {
        lines.map { line in
            var t = line.text
            while let last = t.unicodeScalars.last, [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains(last.value) {
                t.unicodeScalars.removeLast()
            }
            return t
        }.joined(separator: "\n")
    }
}
