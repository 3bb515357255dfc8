import TypefitCore

/// What a shaped paragraph is kept by, in the engine's cache and in a job's (`ShapedTexts`): its
/// text by code units, the faces it asked for, its weight and locale. Hashed once when made
/// (hashing the text at each lookup and insertion was about 1 % of the audit).
typealias ParagraphKey = HashedOnce<ParagraphFields>

/// The fields of a `ParagraphKey`, the cheap ones first (compared in this order).
struct ParagraphFields: Hashable {
    let weight: Int
    let faces: FaceIDs
    let locale: String
    let text: ExactText
}

extension HashedOnce where Fields == ParagraphFields {
    init(text: ExactText, faces: FaceIDs, weight: Int, locale: String) {
        self.init(ParagraphFields(weight: weight, faces: faces, locale: locale, text: text))
    }
}
