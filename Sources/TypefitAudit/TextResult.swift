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
    /// The string shown (after fallbacks and variant selection).
    var text: String
    var source: TextSource
    var fallback: Fallback?
    /// The doesNotFit fallbacks ran out: the last one still does not fit.
    var fallbackExhausted: Bool
    var variant: StringVariant?
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

    init(
        text: String, source: TextSource, fallback: Fallback?, fallbackExhausted: Bool, variant: StringVariant?, layout: TextLayout,
        paragraph: ShapedParagraph, requested: [FontFace], font: ElementFont, maxLines: Int,
        mode: LineBreakMode, autoshrinkScale: Double?, autoshrinkFailed: Bool, heightLimit: Double?
    ) {
        self.text = text
        self.source = source
        self.fallback = fallback
        self.fallbackExhausted = fallbackExhausted
        self.variant = variant
        self.layout = layout
        self.paragraph = paragraph
        self.requested = requested
        self.font = font
        self.maxLines = maxLines
        self.mode = mode
        self.autoshrinkScale = autoshrinkScale
        self.autoshrinkFailed = autoshrinkFailed
        self.heightLimit = heightLimit
    }

    /// Whether all the text is visible.
    var fits: Bool {
        !layout.truncated && (heightLimit.map { layout.height <= $0 + LineBreaker.epsilon } ?? true)
    }
}
