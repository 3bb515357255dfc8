import Foundation
import TypefitCore
import TypefitText

/// The ordered fonts tried for each grapheme cluster: the requested fonts first, then a font for the
/// cluster's script and language, then a general list — modelled on iOS's cascade
/// (shared/reference/text-layout-techniques.md §2.4): Arabic falls back to an Arabic face, Urdu to
/// Noto Nastaliq Urdu (as on iOS), Thai to a Thai face, Han by language (ja → JP face, zh-Hans → SC,
/// zh-Hant → TC, zh-HK → HK, ko → KR, others → SC as iOS's PingFang SC comes first in its cascade).
public final class FontCascade: @unchecked Sendable {
    public let primary: [FontFace]
    public let weight: FontWeight
    public let language: String
    let library: FontLibrary
    private let lock = NSLock()
    private var byScript: [ScriptTag: [FontFace]] = [:]
    private var partialByScript: [ScriptTag: Partial] = [:]

    public init(primary: [FontFace], weight: FontWeight, language: String, library: FontLibrary) {
        self.primary = primary
        self.weight = weight
        self.language = language
        self.library = library
    }

    /// Font families for a script and language, best first (bundled names; user folders may provide
    /// the same families).
    public static func families(for script: ScriptTag, language: String) -> [String] {
        let lang = language.lowercased()
        let primaryLanguage = lang.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? lang
        func cjk() -> [String] {
            if primaryLanguage == "ja" { return ["Noto Sans CJK JP"] }
            if primaryLanguage == "ko" { return ["Noto Sans CJK KR"] }
            if primaryLanguage == "zh" || primaryLanguage == "yue" {
                if lang.contains("hk") || lang.contains("mo") { return ["Noto Sans CJK HK", "Noto Sans CJK TC"] }
                if lang.contains("hant") || lang.contains("tw") || primaryLanguage == "yue" { return ["Noto Sans CJK TC"] }
                return ["Noto Sans CJK SC"]
            }
            return []
        }
        switch script.code {
        case "Arab":
            return primaryLanguage == "ur" ? ["Noto Nastaliq Urdu", "Noto Sans Arabic"] : ["Noto Sans Arabic", "Noto Naskh Arabic"]
        case "Hani", "Bopo": return cjk() + ["Noto Sans CJK SC"]
        case "Hira", "Kana", "Hrkt": return cjk() + ["Noto Sans CJK JP"]
        case "Hang": return cjk() + ["Noto Sans CJK KR"]
        case "Latn", "Grek", "Cyrl": return ["Noto Sans"]
        // Noto has Tibetan in a serif design only (iOS uses Kailasa).
        case "Tibt": return ["Noto Serif Tibetan"]
        default:
            if let name = scriptFamilies[script.code] { return ["Noto Sans \(name)"] }
            return []
        }
    }

    static let scriptFamilies: [String: String] = [
        "Hebr": "Hebrew", "Deva": "Devanagari", "Beng": "Bengali", "Gujr": "Gujarati", "Guru": "Gurmukhi",
        "Taml": "Tamil", "Telu": "Telugu", "Knda": "Kannada", "Mlym": "Malayalam", "Sinh": "Sinhala",
        "Thai": "Thai", "Laoo": "Lao", "Khmr": "Khmer", "Mymr": "Myanmar", "Geor": "Georgian",
        "Armn": "Armenian", "Ethi": "Ethiopic", "Orya": "Oriya", "Cans": "Canadian Aboriginal"
    ]

    /// The general fallback list, in the spirit of the iOS cascade order (§2.4), emoji last.
    public static let generalFamilies: [String] =
        [
            "Noto Sans", "Noto Sans Arabic", "Noto Nastaliq Urdu", "Noto Sans Thai", "Noto Sans CJK SC",
            "Noto Sans CJK TC", "Noto Sans CJK KR", "Noto Sans CJK JP", "Noto Sans Bengali",
            "Noto Sans Devanagari", "Noto Sans Gujarati", "Noto Sans Gurmukhi", "Noto Sans Kannada",
            "Noto Sans Khmer", "Noto Sans Lao", "Noto Sans Malayalam", "Noto Sans Myanmar", "Noto Sans Sinhala",
            "Noto Sans Tamil", "Noto Sans Telugu", "Noto Sans Armenian", "Noto Sans Ethiopic",
            "Noto Sans Georgian", "Noto Sans Hebrew", "Noto Sans Symbols", "Noto Sans Symbols 2",
            "Noto Sans Symbols2", "Noto Sans Math",
            // Scripts iOS's cascade covers (Oriya, Kailasa for Tibetan, Euphemia UCAS for Canadian
            // syllabics, §2.4), after the symbols so that the characters these fonts share with
            // the fonts above (◌, punctuation) keep the fonts they had.
            "Noto Sans Oriya", "Noto Serif Tibetan", "Noto Sans Canadian Aboriginal"
        ] + emojiFamilies

    /// The emoji fonts, best first: Apple's when a `--font-dir` (or a Mac) has it, else the bundled
    /// Noto Color Emoji standing in for it. Last in the general list, as Apple Color Emoji is last in
    /// iOS's cascade (§2.4), and tried first for a cluster that shows as an emoji picture
    /// (`showsAsEmoji`).
    public static let emojiFamilies = ["Apple Color Emoji", "Noto Color Emoji"]

    /// Whether a cluster shows as a colour emoji: its first character is presented as emoji by default
    /// (Unicode's Emoji_Presentation: 🎉, 👍, regional indicators), or is an emoji followed by U+FE0F
    /// (emoji presentation selector) or U+20E3 (keycap: 1️⃣). Such a cluster takes the emoji font
    /// even where a symbols font has a text glyph for it (Noto Sans Symbols 2 draws 👍 in outline),
    /// as Core Text does. Emoji without them (⚠, ☺) follow the cascade's order.
    static func showsAsEmoji(_ scalars: some Collection<Unicode.Scalar>) -> Bool {
        guard let first = scalars.first else { return false }
        if EmojiPresentation.contains(first) { return true }
        return first.properties.isEmoji && scalars.contains { $0 == "\u{FE0F}" || $0 == "\u{20E3}" }
    }

    /// Whether `face` is one of the emoji fonts (by the family its file names, compared once when the
    /// face is opened: asked for every cluster, where a lock would cost more).
    public static func isEmojiFont(_ face: FontFace) -> Bool { face.isEmojiFamily }

    /// The emoji fonts found, resolved once per cascade.
    private var emojiResolved: [FontFace]?

    private func emojiFaces() -> [FontFace] {
        lock.lock()
        defer { lock.unlock() }
        if let faces = emojiResolved { return faces }
        let faces = Self.emojiFamilies.compactMap(resolve)
        emojiResolved = faces
        return faces
    }

    /// The fonts to try for a cluster of `script`, in order, excluding the primary fonts: the
    /// script's and language's families, then the general list, each face once.
    public func fallbacks(for script: ScriptTag) -> [FontFace] {
        // Resolving every family leaves the whole list in `byScript`.
        _ = firstFallback(for: script) { _ in false }
        lock.lock()
        defer { lock.unlock() }
        return byScript[script] ?? []
    }

    private func resolve(_ family: String) -> FontFace? {
        (try? library.face(family: family, weight: weight)) ?? nil
    }

    /// The first font covering every visible scalar of `scalars` (default-ignorable code points such
    /// as ZWJ and variation selectors do not need a glyph), or nil when no font does.
    public func font(for scalars: [Unicode.Scalar], script: ScriptTag, preferring previous: FontFace?) -> FontFace? {
        // Default-ignorable code points are found in a range list (`DefaultIgnorable`), not looked up.
        func isNeeded(_ s: Unicode.Scalar) -> Bool { !DefaultIgnorable.contains(s) }
        if !scalars.contains(where: isNeeded) { return previous ?? primary.first ?? firstFallback(for: script) { _ in true } }
        func coversAll(_ face: FontFace) -> Bool { scalars.allSatisfy { !isNeeded($0) || face.covers($0) } }
        if Self.showsAsEmoji(scalars), let face = emojiFaces().first(where: coversAll) { return face }
        // Text after an emoji is not drawn in the emoji font (its space is as wide as an emoji).
        if let previous, coversAll(previous), !Self.isEmojiFont(previous) { return previous }
        if let face = primary.first(where: coversAll) { return face }
        return firstFallback(for: script, where: coversAll)
    }

    /// `font(for: [scalar], script:, preferring:)`, the same answer, without a list: most clusters
    /// are one scalar.
    public func font(for scalar: Unicode.Scalar, script: ScriptTag, preferring previous: FontFace?) -> FontFace? {
        var memo = FallbackMemo()
        return font(for: scalar, script: script, preferring: previous, memo: &memo)
    }

    /// The same answer, reading the fallback list through `memo`, which a caller keeps for the clusters
    /// of one paragraph: a cluster that falls back (CJK, Thai, Devanagari…: most of such a paragraph's)
    /// is matched against the faces the paragraph already read, without the cascade's lock.
    public func font(for scalar: Unicode.Scalar, script: ScriptTag, preferring previous: FontFace?, memo: inout FallbackMemo) -> FontFace? {
        if DefaultIgnorable.contains(scalar) { return previous ?? primary.first ?? firstFallback(for: script) { _ in true } }
        if EmojiPresentation.contains(scalar), let face = emojiFaces().first(where: { $0.covers(scalar) }) { return face }
        if let previous, previous.covers(scalar), !Self.isEmojiFont(previous) { return previous }
        if let face = primary.first(where: { $0.covers(scalar) }) { return face }
        if memo.script != script {
            memo.script = script
            memo.faces = resolvedFallbacks(for: script)
        }
        if let face = memo.faces.first(where: { $0.covers(scalar) }) { return face }
        // None of the faces read so far covers it: the cascade resolves further down the list.
        memo.script = nil
        return firstFallback(for: script) { $0.covers(scalar) }
    }

    /// What one caller has read of a script's fallback list: the faces resolved when it read them, in
    /// the list's order. They are the start of the list (families are resolved in order and faces only
    /// appended), so the first of them that covers a cluster is the first of the whole list that does,
    /// as `firstFallback` would answer.
    public struct FallbackMemo {
        var script: ScriptTag?
        var faces: [FontFace] = []

        public init() {}
    }

    /// The faces of `script`'s fallback list resolved so far: the whole list once every family is.
    private func resolvedFallbacks(for script: ScriptTag) -> [FontFace] {
        lock.lock()
        defer { lock.unlock() }
        return byScript[script] ?? partialByScript[script]?.faces ?? []
    }

    /// The first of `fallbacks(for: script)` that `accepts`, resolving the families (in the order
    /// `fallbacks(for:)` lists them) only as far as needed: a Devanagari cluster opens the Devanagari face, not the CJK collections further down
    /// the general list (each family's face is looked up once per cascade and script).
    func firstFallback(for script: ScriptTag, where accepts: (FontFace) -> Bool) -> FontFace? {
        lock.lock()
        defer { lock.unlock() }
        if let all = byScript[script] { return all.first(where: accepts) }
        // A face resolved already: found without writing the script's list back.
        if let face = partialByScript[script]?.faces.first(where: accepts) { return face }
        // None of those accepts: resolve the families after them.
        var partial = partialByScript[script] ?? Partial(families: Self.families(for: script, language: language) + Self.generalFamilies)
        defer { partialByScript[script] = partial }
        while partial.next < partial.families.count {
            let family = partial.families[partial.next]
            partial.next += 1
            guard let face = resolve(family), !partial.faces.contains(face), !primary.contains(face) else { continue }
            partial.faces.append(face)
            if accepts(face) { return face }
        }
        // Every family resolved: the whole list, as `fallbacks(for:)` gives it.
        byScript[script] = partial.faces
        return nil
    }

    /// The fallback list of one script resolved up to `next` of its families (`firstFallback`).
    private struct Partial {
        let families: [String]
        var faces: [FontFace] = []
        var next = 0
    }
}
