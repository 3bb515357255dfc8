import TypefitShaping

/// Texts shaped for `TextEngine.naturalWidths`, kept by one caller (an audit job) between calls: per
/// set of faces, weight and locale, each text's shaped paragraph (and the system font stand-in's
/// Display-cut paragraph), in the order of the texts. A size that uses the same faces (every size of
/// a static font) only scales them. Not shared between threads: one per job.
public final class ShapedTexts {
    struct Key: Hashable {
        var faces: [Int]
        var system: Bool
        var weight: Int
        var locale: String
    }

    var paragraphs: [Key: [(ShapedParagraph, ShapedParagraph?)]] = [:]

    public init() {}
}
