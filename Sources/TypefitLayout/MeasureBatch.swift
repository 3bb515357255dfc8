import TypefitCore
import TypefitShaping
import TypefitText

/// Measures a stream of `measure` requests (`typefit measure --jsonl`) as the audit measures a
/// screen: each unique (text, requested faces, weight, locale) is analysed and shaped once, scaled
/// once per (size, tracking, line height), and every further request for it at another width, line
/// limit or line break mode is only line breaking. The fonts and missing glyphs a result lists,
/// which depend on the shaping only, are worked out once per text too.
///
/// Results are those of `TextEngine.measure(_:)` one request at a time (tested), except the `stats`
/// counters: a text measured again is not shaped again, so it adds no shape-cache hits.
///
/// Memory stays bounded on an endless stream: at most `capacity` texts are kept, and when a new
/// one would exceed it the kept ones are dropped (they are shaped again if they come back).
/// One batch is used by one thread.
public final class MeasureBatch {
    public let engine: TextEngine
    public let capacity: Int

    /// Keys hold texts and font names as `ExactText`: two spellings of "é" are different texts to
    /// shape and different file names.
    private struct FacesKey: Hashable {
        var selection: FontSelection
        var names: [ExactText]
        var weight: FontWeight
        var size: Double
    }

    private struct TextKey: Hashable {
        var text: ExactText
        var faces: FaceIDs
        var weight: FontWeight
        var locale: String
        var system: Bool
    }

    private struct ScaleKey: Equatable {
        var size: Double
        var tracking: Bool
        var lineHeight: Double?
    }

    /// One text shaped in its requested faces, with what the results list about its fonts.
    private final class Shaped {
        let paragraph: ShapedParagraph
        let display: ShapedParagraph?
        let fonts: [MeasureResult.FontUse]
        let missingGlyphs: MeasureResult.Missing
        /// Scaled paragraphs, one per size, tracking and line height asked for (a handful).
        var scaled: [(key: ScaleKey, paragraph: ScaledParagraph)] = []

        init(paragraph: ShapedParagraph, display: ShapedParagraph?, requested: [FontFace]) {
            self.paragraph = paragraph
            self.display = display
            fonts = MeasureResult.fontUses(paragraph, requested: requested)
            missingGlyphs = MeasureResult.missingGlyphs(paragraph)
        }
    }

    private var faces: [FacesKey: [FontFace]] = [:]
    private var texts: [TextKey: Shaped] = [:]
    private lazy var calibrated = engine.systemFontSource == .standIn

    /// - Parameter capacity: the most texts kept at once (at least 1).
    public init(engine: TextEngine, capacity: Int = 4096) {
        self.engine = engine
        self.capacity = max(1, capacity)
    }

    /// Runs one request: the result `engine.measure(request)` gives, from the kept analysis and
    /// shaping when the text was measured before.
    public func measure(_ request: MeasureRequest) throws -> MeasureResult {
        let resolved = try request.resolve()
        var names: [ExactText] = []
        if case .fonts(let specs) = resolved.fonts { names = specs.map { ExactText($0.name) } }
        let facesKey = FacesKey(selection: resolved.fonts, names: names, weight: resolved.weight, size: resolved.size)
        let requested: [FontFace]
        if let hit = faces[facesKey] {
            requested = hit
        } else {
            requested = try engine.primaryFaces(resolved.fonts, weight: resolved.weight, size: resolved.size)
            if faces.count >= capacity { faces.removeAll() }
            faces[facesKey] = requested
        }
        let key = TextKey(
            text: ExactText(resolved.text), faces: FaceIDs(requested), weight: resolved.weight, locale: resolved.locale,
            system: resolved.fonts == .system)
        let shaped: Shaped
        if let hit = texts[key] {
            shaped = hit
        } else {
            var analysis: TextAnalysis?
            let paragraph = try engine.paragraph(
                resolved.text, faces: requested, weight: resolved.weight,
                locale: resolved.locale, analysis: &analysis)
            let display = try engine.systemDisplayParagraph(
                blending: paragraph, resolved.text, selection: resolved.fonts, weight: resolved.weight,
                locale: resolved.locale, analysis: &analysis)
            shaped = Shaped(paragraph: paragraph, display: display, requested: requested)
            if texts.count >= capacity { texts.removeAll() }
            texts[key] = shaped
        }
        let scaleKey = ScaleKey(size: resolved.size, tracking: resolved.appliesTracking, lineHeight: resolved.lineHeight)
        let scaled: ScaledParagraph
        if let hit = shaped.scaled.first(where: { $0.key == scaleKey }) {
            scaled = hit.paragraph
        } else {
            scaled = ScaledParagraph(
                shaped.paragraph, size: resolved.size, tracking: resolved.appliesTracking,
                lineHeight: resolved.lineHeight, display: shaped.display, calibrated: calibrated)
            shaped.scaled.append((scaleKey, scaled))
        }
        let layout = engine.layout(
            scaled, width: resolved.width, lines: resolved.lines, lineBreakMode: resolved.lineBreakMode,
            locale: resolved.locale)
        return MeasureResult(
            layout: layout, text: shaped.paragraph.analysis.text, fonts: shaped.fonts,
            missingGlyphs: shaped.missingGlyphs, stats: engine.shaper.statistics)
    }
}
