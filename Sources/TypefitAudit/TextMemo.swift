import Foundation
import TypefitCore
import TypefitLayout
import TypefitShaping
import TypefitSpec
import TypefitStrings
import TypefitText

/// What one job (one spec and locale) keeps of its texts across devices, orientations and keyboard
/// states, and whether it keeps anything. Each layout node keeps its own element's fonts, candidate
/// strings and results (`NodeTexts`); the job keeps the shaped paragraphs its elements share. One
/// per job, so no locking.
final class TextMemo {
    /// Each text's shaped paragraphs by text and faces, shared by the job's elements and its budget
    /// measurements (`TextEngine.naturalWidths`).
    let shapedTexts = ShapedTexts()
    /// Whether results are kept: the engine's `CachePolicy` (`.disabled` is the no-cache oracle).
    let enabled: Bool

    init(policy: CachePolicy = .enabled) {
        enabled = policy == .enabled
    }
}
