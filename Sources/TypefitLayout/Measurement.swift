import Foundation
import TypefitCore
import TypefitShaping

/// One `typefit measure` request: the command-line options, or one line of `--jsonl` input.
/// Keys: `text, font, faceIndex, weight, size, style, category, width, lines, lineBreak, locale,
/// tracking, lineHeight, variations`.
public struct MeasureRequest: Codable, Sendable {
    public var text: String
    /// Font files or family names, in order; absent = the system font stand-in and its cascade.
    public var font: [String]?
    public var faceIndex: Int?
    public var weight: String?
    public var size: Double?
    public var style: String?
    public var category: String?
    public var width: Double?
    /// `numberOfLines`; 0 = unlimited (the default for measure).
    public var lines: Int?
    public var lineBreak: String?
    public var locale: String?
    /// `system` (SF tracking table) or `none`.
    public var tracking: String?
    /// Points, or `leading` for the text style's HIG leading.
    public var lineHeight: LineHeightValue?
    /// Variation axes, e.g. `wght=600,opsz=20`.
    public var variations: String?

    public init(text: String) { self.text = text }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case text, font, faceIndex, weight, size, style, category, width, lines, lineBreak, locale, tracking, lineHeight, variations
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Unknown keys are errors with a hint.
        let all = try decoder.container(keyedBy: AnyKey.self)
        for key in all.allKeys where CodingKeys(rawValue: key.stringValue) == nil {
            throw MeasureRequestError(
                "unknown key '\(key.stringValue)'",
                hint: Suggestion.hint(for: key.stringValue, in: CodingKeys.allCases.map(\.rawValue)))
        }
        text = try c.decode(String.self, forKey: .text)
        if let single = try? c.decodeIfPresent(String.self, forKey: .font) {
            font = [single]
        } else {
            font = try c.decodeIfPresent([String].self, forKey: .font)
        }
        faceIndex = try c.decodeIfPresent(Int.self, forKey: .faceIndex)
        if let n = try? c.decodeIfPresent(Int.self, forKey: .weight) {
            weight = String(n)
        } else {
            weight = try c.decodeIfPresent(String.self, forKey: .weight)
        }
        size = try c.decodeIfPresent(Double.self, forKey: .size)
        style = try c.decodeIfPresent(String.self, forKey: .style)
        category = try c.decodeIfPresent(String.self, forKey: .category)
        width = try c.decodeIfPresent(Double.self, forKey: .width)
        lines = try c.decodeIfPresent(Int.self, forKey: .lines)
        lineBreak = try c.decodeIfPresent(String.self, forKey: .lineBreak)
        locale = try c.decodeIfPresent(String.self, forKey: .locale)
        tracking = try c.decodeIfPresent(String.self, forKey: .tracking)
        lineHeight = try c.decodeIfPresent(LineHeightValue.self, forKey: .lineHeight)
        variations = try c.decodeIfPresent(String.self, forKey: .variations)
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Validates and converts to a layout request.
    public func resolve() throws -> LayoutRequest {
        var weight = FontWeight.regular
        var size: Double
        var lineHeight: Double?
        var textStyle: TextStyle?
        if let styleName = style {
            guard let s = TextStyle(name: styleName) else {
                throw MeasureRequestError(
                    "unknown text style '\(styleName)'",
                    hint: Suggestion.hint(for: styleName, in: TextStyle.allCases.map(\.rawValue)) ?? "styles: "
                        + TextStyle.allCases.map(\.rawValue).joined(separator: ", "))
            }
            textStyle = s
            let categoryName = category ?? "Large"
            guard let cat = ContentSizeCategory(name: categoryName) else {
                throw MeasureRequestError(
                    "unknown content size category '\(categoryName)'",
                    hint: ContentSizeCategory.hint(for: categoryName)
                        ?? "categories: "
                        + ContentSizeCategory.allNames.joined(separator: ", "))
            }
            size = s.pointSize(at: cat)
            weight = s.weight
            if size != self.size ?? size {
                throw MeasureRequestError("give either --size or --style with --category, not both")
            }
            if case .leading? = self.lineHeight { lineHeight = s.leading(at: cat) }
        } else {
            guard let given = self.size else {
                throw MeasureRequestError("a size is required: --size PT, or --style STYLE --category CATEGORY")
            }
            if category != nil { throw MeasureRequestError("--category needs --style") }
            size = given
            if case .leading? = self.lineHeight { throw MeasureRequestError("lineHeight 'leading' needs a text style") }
        }
        guard size.isFinite, size > 0, size <= 1000 else {
            throw MeasureRequestError("size must be greater than 0 and at most 1000 pt (got \(size))")
        }
        if case .points(let pt)? = self.lineHeight {
            guard pt.isFinite, pt > 0, pt <= 4000 else { throw MeasureRequestError("lineHeight must be a positive number of points") }
            lineHeight = pt
        }
        if let w = self.weight {
            guard let parsed = FontWeight(name: w) else {
                throw MeasureRequestError(
                    "unknown weight '\(w)'",
                    hint: Suggestion.hint(for: w, in: FontWeight.allNames) ?? "weights: " + FontWeight.allNames.joined(separator: ", ")
                )
            }
            weight = parsed
        }
        _ = textStyle
        if let width {
            guard width.isFinite, width >= 0, width <= 100_000 else { throw MeasureRequestError("width must be between 0 and 100000 pt") }
        }
        if let lines {
            guard lines >= 0, lines <= 100_000 else { throw MeasureRequestError("lines must be 0 (unlimited) or a positive number") }
        }
        var mode = LineBreakMode.byWordWrapping
        if let lb = lineBreak {
            guard let m = LineBreakMode(name: lb) else {
                throw MeasureRequestError(
                    "unknown line break mode '\(lb)'",
                    hint: "modes: " + LineBreakMode.allCases.map(\.shortName).joined(separator: ", "))
            }
            mode = m
        }
        var trackingFlag: Bool?
        if let t = tracking {
            switch t.lowercased() {
            case "system": trackingFlag = true
            case "none": trackingFlag = false
            default: throw MeasureRequestError("unknown tracking '\(t)'", hint: "use system or none")
            }
        }
        var vars: [String: Double] = [:]
        if let v = variations {
            guard let parsed = FontSpec.parseVariations(v) else {
                throw MeasureRequestError("variations must look like wght=600,opsz=20 (got '\(v)')")
            }
            vars = parsed
        }
        if text.utf16.count > MeasureRequest.maximumTextLength {
            throw MeasureRequestError("text is longer than \(MeasureRequest.maximumTextLength) UTF-16 units")
        }
        if let locale, let problem = LocaleTag.problem(locale) {
            throw MeasureRequestError("invalid locale '\(locale.prefix(80))': \(problem)")
        }
        // "system" (any case) names the system font stand-in, as `family: system` does in specs.
        let named = font ?? []
        let systemNamed = named.contains { $0.lowercased() == "system" }
        if systemNamed && named.count > 1 {
            throw MeasureRequestError(
                "the system font cannot be combined with other fonts",
                hint: "give either --font system or font files and family names; the fallback cascade follows either way")
        }
        if faceIndex != nil && (named.isEmpty || systemNamed) {
            throw MeasureRequestError("--face-index needs --font with a font file or family")
        }
        if let i = faceIndex, i < 0 { throw MeasureRequestError("face index must be 0 or more") }
        let fonts: FontSelection =
            named.isEmpty || systemNamed
            ? .system
            : .fonts(named.map { FontSpec($0, faceIndex: faceIndex, variations: vars) })
        return LayoutRequest(
            text: text, fonts: fonts, weight: weight, size: size, width: width, lines: lines ?? 0,
            lineBreakMode: mode, locale: locale ?? "en", tracking: trackingFlag, lineHeight: lineHeight)
    }

    /// The longest text measured, in UTF-16 code units (bounded work per input; `TextLimit`).
    public static let maximumTextLength = TextLimit.maximumLength
}

/// A line height: points, or the text style's HIG leading.
public enum LineHeightValue: Codable, Sendable, Equatable {
    case points(Double)
    case leading

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let v = try? c.decode(Double.self) { self = .points(v); return }
        let s = try c.decode(String.self)
        if s == "leading" { self = .leading; return }
        if let v = Double(s) { self = .points(v); return }
        throw MeasureRequestError("lineHeight must be a number of points or 'leading' (got '\(s)')")
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .points(let v): try c.encode(v)
        case .leading: try c.encode("leading")
        }
    }
}

public struct MeasureRequestError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var hint: String?
    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
    public var description: String { hint.map { "\(message) (\($0))" } ?? message }
}

/// The JSON result of `typefit measure` — a contract other tools build on.
public struct MeasureResult: Codable, Sendable, Equatable {
    public struct Line: Codable, Sendable, Equatable {
        public var text: String
        public var width: Double
    }
    public struct FontUse: Codable, Sendable, Equatable {
        public var family: String
        public var style: String
        public var file: String
        public var faceIndex: Int
        /// Grapheme clusters drawn with this font.
        public var clusters: Int
        /// The characters it covered, in text order.
        public var text: String
        /// Whether this is a fallback (not one of the requested fonts).
        public var fallback: Bool
    }
    public struct Missing: Codable, Sendable, Equatable {
        public var count: Int
        /// Code points with no glyph in any font, "U+0378" style, in text order, unique.
        public var characters: [String]
        public var text: String
    }
    public struct Stats: Codable, Sendable, Equatable {
        /// HarfBuzz shaping calls made so far by this process.
        public var shapingCalls: Int
        /// Shape-cache hits so far.
        public var cacheHits: Int
    }

    public var text: String
    public var size: Double
    public var naturalWidth: Double
    public var lineCount: Int
    public var lines: [Line]
    public var visibleText: String
    public var truncated: Bool
    public var width: Double
    public var height: Double
    public var lineHeight: Double
    public var fonts: [FontUse]
    public var missingGlyphs: Missing
    public var stats: Stats

    public init(layout: TextLayout, paragraph: ShapedParagraph, requested: [FontFace], stats: Shaper.Stats) {
        self.init(
            layout: layout, text: paragraph.analysis.text, fonts: Self.fontUses(paragraph, requested: requested),
            missingGlyphs: Self.missingGlyphs(paragraph), stats: stats)
    }

    /// A result from its layout and the parts that depend only on the shaped paragraph (`fontUses`,
    /// `missingGlyphs`), which `MeasureBatch` works out once per text.
    init(layout: TextLayout, text: String, fonts: [FontUse], missingGlyphs: Missing, stats: Shaper.Stats) {
        func r(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
        self.text = text
        size = layout.size
        naturalWidth = r(layout.naturalWidth)
        lineCount = layout.lineCount
        lines = layout.lines.map { Line(text: $0.text, width: r($0.width)) }
        visibleText = layout.visibleText
        truncated = layout.truncated
        width = r(layout.width)
        height = r(layout.height)
        lineHeight = r(layout.lineHeight)
        self.fonts = fonts
        self.missingGlyphs = missingGlyphs
        self.stats = Stats(shapingCalls: stats.shapingCalls, cacheHits: stats.cacheHits)
    }

    /// The fonts that draw the paragraph, in the paragraph's font order, with the clusters each draws.
    static func fontUses(_ paragraph: ShapedParagraph, requested: [FontFace]) -> [FontUse] {
        let a = paragraph.analysis
        var uses: [FontUse] = []
        for (index, face) in paragraph.fonts.enumerated() {
            let members = (0..<paragraph.clusterCount).filter { paragraph.clusterFont[$0] == index && !paragraph.clusterMissing[$0] }
            if members.isEmpty { continue }
            // The clusters' UTF-16 units decoded at once (clusters never split a scalar, so this is
            // the clusters' texts joined).
            var units: [UInt16] = []
            for m in members { units += a.units[a.clusters[m].start..<a.clusters[m].end] }
            let covered = String(decoding: units, as: UTF16.self)
            uses.append(
                FontUse(
                    family: face.family, style: face.styleName, file: face.fileName, faceIndex: face.faceIndex,
                    clusters: members.count, text: covered, fallback: !requested.contains(face)))
        }
        return uses
    }

    /// The clusters no font has glyphs for.
    static func missingGlyphs(_ paragraph: ShapedParagraph) -> Missing {
        let a = paragraph.analysis
        let missingClusters = (0..<paragraph.clusterCount).filter { paragraph.clusterMissing[$0] }
        var seen = Set<UInt32>()
        var chars: [String] = []
        var missingText = ""
        for m in missingClusters {
            let s = a.substring(a.clusters[m].start, a.clusters[m].end)
            missingText += s
            for scalar in s.unicodeScalars where !DefaultIgnorable.contains(scalar) && seen.insert(scalar.value).inserted {
                chars.append(String(format: "U+%04X", scalar.value))
            }
        }
        return Missing(count: missingClusters.count, characters: chars, text: missingText)
    }
}

extension TextEngine {
    /// Runs one measure request.
    public func measure(_ request: MeasureRequest) throws -> MeasureResult {
        let resolved = try request.resolve()
        let (layout, paragraph) = try self.layout(resolved)
        let requested = try primaryFaces(resolved.fonts, weight: resolved.weight, size: resolved.size)
        return MeasureResult(layout: layout, paragraph: paragraph, requested: requested, stats: shaper.statistics)
    }
}
