import TypefitCore
import TypefitShaping

/// Texts shaped for one caller (an audit job), kept between calls: per set of faces, weight and
/// locale, the list `TextEngine.naturalWidths` measured (each text's paragraph and the system font
/// stand-in's Display-cut paragraph, in the order of the texts: a size that uses the same faces, every
/// size of a static font, only scales them), and each text's paragraph by text, so the job's layout
/// and its budget measurements shape a text in one set of faces once. Not shared between threads:
/// one per job.
public final class ShapedTexts {
    /// A list's key (hashed once, as `ParagraphKey`: each is looked up, then stored when missing).
    typealias Key = HashedOnce<ListFields>

    struct ListFields: Hashable {
        let system: Bool
        let weight: Int
        let faces: FaceIDs
        let locale: String
    }

    private var paragraphs: [Key: [(ShapedParagraph, ShapedParagraph?)]] = [:]
    /// The list asked for or kept last, with its fields: a job's budgets ask for the same faces at
    /// one size after another, found by comparing the fields instead of hashing them.
    private var last: (fields: ListFields, list: [(ShapedParagraph, ShapedParagraph?)])?

    /// The list kept for `fields`.
    func list(_ fields: ListFields) -> [(ShapedParagraph, ShapedParagraph?)]? {
        if let last, last.fields == fields { return last.list }
        guard let list = paragraphs[Key(fields)] else { return nil }
        last = (fields, list)
        return list
    }

    /// Keeps `list` for `fields`.
    func keep(_ list: [(ShapedParagraph, ShapedParagraph?)], for fields: ListFields) {
        paragraphs[Key(fields)] = list
        last = (fields, list)
    }

    private var byText: [ParagraphKey: ShapedParagraph] = [:]

    public init() {}

    /// The paragraph of `text` shaped in `faces` at `weight` in `locale`: the one this caller kept, or
    /// `shape()`'s, then kept.
    public func paragraph(
        _ text: String, faces: [FontFace], weight: FontWeight, locale: String, orShape shape: () throws -> ShapedParagraph
    ) rethrows -> ShapedParagraph {
        let key = ParagraphKey(text: ExactText(text), faces: FaceIDs(faces), weight: weight.rawValue, locale: locale)
        if let kept = byText[key] { return kept }
        let made = try shape()
        byText[key] = made
        return made
    }
}
