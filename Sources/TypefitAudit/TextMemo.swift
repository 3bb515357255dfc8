import Foundation
import TypefitCore
import TypefitLayout
import TypefitShaping
import TypefitSpec
import TypefitStrings
import TypefitText

/// Text results of one job (one spec and locale), reused across devices, orientations and keyboard
/// states: the same element at the same category needs no new layout at a width where its lines
/// break and truncate as they did. One per job, so no locking.
final class TextMemo {
    struct Key: Hashable {
        /// The element (its text source is fixed: `text`, or a text field's `placeholder`).
        var element: ObjectIdentifier
        /// The category picks `when: {category:}` fallbacks even where the size does not change.
        var category: ContentSizeCategory
        var size: Double
        var heightLimit: Double?

        /// One word fed to the hasher, mixed from the four fields: the key is looked up for every
        /// text of every state (about 850,000 times on the benchmark corpus), and hashing the
        /// fields one by one was about 2.5 % of the audit. Equality still compares every field.
        func hash(into hasher: inout Hasher) {
            // `+ 0` makes −0 the +0 it equals.
            var mixed = UInt64(UInt(bitPattern: element))
            mixed = (mixed ^ UInt64(category.rawValue)) &* 0x9E37_79B9_7F4A_7C15
            mixed = (mixed ^ (size + 0).bitPattern) &* 0x9E37_79B9_7F4A_7C15
            mixed = (mixed ^ (heightLimit.map { ($0 + 0).bitPattern ^ 1 } ?? 0)) &* 0x9E37_79B9_7F4A_7C15
            hasher.combine(mixed)
        }
    }
    /// The results, each with the widths at which it is the same (`WidthRange`: every line break and
    /// truncation compares out the same there), so another device's width is one comparison. A text
    /// whose candidates all fit on one unbroken line holds at every width from the widest of them up
    /// (another device, or the intrinsic-width pass, reuses it without line breaking).
    var results: [Key: [(widths: WidthRange, result: TextResult)]] = [:]
    /// An element's text source: its primary text (`slot` −1) or one of its fallbacks (by index).
    struct SourceKey: Hashable {
        var element: ObjectIdentifier
        var slot: Int

        /// One mixed word, as `Key` (looked up for every text result made).
        func hash(into hasher: inout Hasher) {
            hasher.combine((UInt64(UInt(bitPattern: element)) ^ UInt64(bitPattern: Int64(slot))) &* 0x9E37_79B9_7F4A_7C15)
        }
    }
    /// The candidate strings of each source in the job's locale, each with its shaped and scaled
    /// paragraphs: looked up by element and slot, never by hashing the text.
    var candidates: [SourceKey: [Candidate]] = [:]
    /// Each text's shaped paragraphs by text and faces, shared by the job's elements and its budget
    /// measurements (`TextEngine.naturalWidths`).
    let shapedTexts = ShapedTexts()
    /// Whether results are kept: the engine's `CachePolicy` (`.disabled` is the no-cache oracle).
    let enabled: Bool

    init(policy: CachePolicy = .enabled) {
        enabled = policy == .enabled
    }
}
