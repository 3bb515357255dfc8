import TypefitCore
import TypefitShaping

/// Texts shaped for one caller (an audit job), kept between calls: per set of faces, weight and
/// locale, the list `TextEngine.naturalWidths` measured (each text's paragraph and the system font
/// stand-in's Display-cut paragraph, in the order of the texts: a size that uses the same faces, every
/// size of a static font, only scales them), and each text's paragraph by text, so the job's layout
/// and its budget measurements shape a text in one set of faces once. Not shared between threads:
/// one per job.
public final class ShapedTexts {
    /// Both keys are hashed once, when made: each is looked up, then stored when missing, and the
    /// tables grow (about 1.5 % of the audit hashing the text, faces and locale each time).
    struct Key: Hashable {
        let faces: [Int]
        let system: Bool
        let weight: Int
        let locale: String
        private let hash: Int

        init(faces: [Int], system: Bool, weight: Int, locale: String) {
            self.faces = faces
            self.system = system
            self.weight = weight
            self.locale = locale
            var h = Hasher()
            h.combine(faces)
            h.combine(system)
            h.combine(weight)
            h.combine(locale)
            hash = h.finalize()
        }

        static func == (a: Self, b: Self) -> Bool {
            a.hash == b.hash && a.system == b.system && a.weight == b.weight && a.faces == b.faces && a.locale == b.locale
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    var paragraphs: [Key: [(ShapedParagraph, ShapedParagraph?)]] = [:]

    struct TextKey: Hashable {
        let text: ExactText
        let faces: [Int]
        let weight: Int
        let locale: String
        private let hash: Int

        init(text: ExactText, faces: [Int], weight: Int, locale: String) {
            self.text = text
            self.faces = faces
            self.weight = weight
            self.locale = locale
            var h = Hasher()
            h.combine(text)
            h.combine(faces)
            h.combine(weight)
            h.combine(locale)
            hash = h.finalize()
        }

        static func == (a: Self, b: Self) -> Bool {
            a.hash == b.hash && a.weight == b.weight && a.faces == b.faces && a.locale == b.locale && a.text == b.text
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    private var byText: [TextKey: ShapedParagraph] = [:]

    public init() {}

    /// The paragraph of `text` shaped in `faces` at `weight` in `locale`: the one this caller kept, or
    /// `shape()`'s, then kept.
    public func paragraph(
        _ text: String, faces: [FontFace], weight: FontWeight, locale: String, orShape shape: () throws -> ShapedParagraph
    ) rethrows -> ShapedParagraph {
        let key = TextKey(text: ExactText(text), faces: faces.map(\.id), weight: weight.rawValue, locale: locale)
        if let kept = byText[key] { return kept }
        let made = try shape()
        byText[key] = made
        return made
    }
}
