import Foundation
import TypefitCore
import TypefitLayout
import TypefitShaping
import TypefitSpec
import TypefitStrings
import TypefitText

/// The text an element shows at one category, measured at the width it has. A class: results are
/// memoised and shared by many states, and copying would retain every array inside.
final class TextResult {
    /// The string shown (after fallbacks and variant selection), and its variant: the candidate's,
    /// kept by reference (copying the string and its variant into every result, and destroying them
    /// with it, cost 0.7 % of the audit's instructions).
    let candidate: Candidate
    var text: String { candidate.text }
    var variant: StringVariant? { candidate.variant }
    /// Whether the text is a localized key's (its source is `.key`), not a literal.
    let isLocalized: Bool
    var fallback: Fallback? {
        didSet { showsFallback = fallback != nil }
    }
    /// Whether a fallback is shown: every state asks, and testing `fallback` itself copied it.
    private(set) var showsFallback: Bool
    /// The doesNotFit fallbacks ran out: the last one still does not fit.
    var fallbackExhausted: Bool
    var layout: TextLayout
    var paragraph: ShapedParagraph
    var requested: [FontFace]
    var font: ElementFont
    var maxLines: Int
    var mode: LineBreakMode
    var autoshrinkScale: Double?
    var autoshrinkFailed: Bool
    /// Height the text may use (fixed height minus insets), when limited.
    var heightLimit: Double?
    /// Whether the audit has recorded the fonts this result draws with (once per job).
    var fontsRecorded = false
    /// Whether some characters have no glyph in any font (measured as boxes). Asked only by a
    /// finding being made.
    var hasMissingGlyphs: Bool { paragraph.clusterMissing.contains(true) }

    /// A result as a layout makes it: no fallback shown or exhausted, not shrunk (the layouter sets
    /// those afterwards, when they apply; passing them to every result made cost a generic copy and
    /// destroy of an optional `Fallback` per text measured).
    init(
        candidate: Candidate, isLocalized: Bool, layout: TextLayout, paragraph: ShapedParagraph, requested: [FontFace],
        font: ElementFont, maxLines: Int, mode: LineBreakMode, heightLimit: Double?
    ) {
        self.candidate = candidate
        self.isLocalized = isLocalized
        // `fallback` starts as nil, as an optional `var` does: assigning nil here destroyed the
        // implicit nil first, an outlined call for every result made.
        showsFallback = false
        fallbackExhausted = false
        self.layout = layout
        self.paragraph = paragraph
        self.requested = requested
        self.font = font
        self.maxLines = maxLines
        self.mode = mode
        autoshrinkFailed = false
        self.heightLimit = heightLimit
    }

    /// Whether all the text is visible.
    var fits: Bool {
        !layout.truncated && (heightLimit.map { layout.height <= $0 + LineBreaker.epsilon } ?? true)
    }
}
