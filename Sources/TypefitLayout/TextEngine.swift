import Foundation
import TypefitCore
import TypefitShaping
import TypefitText

/// What to lay out: one text in one font setting at one size and width.
public struct LayoutRequest: Sendable {
    public var text: String
    public var fonts: FontSelection
    public var weight: FontWeight
    public var size: Double
    /// Available width in points; nil = unlimited (one line per paragraph).
    public var width: Double?
    /// `numberOfLines`: 0 = unlimited.
    public var lines: Int
    public var lineBreakMode: LineBreakMode
    public var locale: String
    /// Apply SF's size-specific tracking (default: only for the system font).
    public var tracking: Bool?
    /// Explicit line height in points (e.g. the HIG leading); nil = the primary font's hhea metrics.
    public var lineHeight: Double?

    public init(
        text: String, fonts: FontSelection = .system, weight: FontWeight = .regular, size: Double,
        width: Double? = nil, lines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        locale: String = "en", tracking: Bool? = nil, lineHeight: Double? = nil
    ) {
        self.text = text
        self.fonts = fonts
        self.weight = weight
        self.size = size
        self.width = width
        self.lines = lines
        self.lineBreakMode = lineBreakMode
        self.locale = locale
        self.tracking = tracking
        self.lineHeight = lineHeight
    }

    /// Whether tracking applies: explicitly, or by default for the system font.
    public var appliesTracking: Bool { tracking ?? (fonts == .system) }
}

/// The text engine: font database, shape cache and paragraph cache, shared by every layout of the
/// process. Safe to use from many tasks at once.
///
/// Pipeline (one function per stage): `TextAnalysis` (ICU: graphemes, scripts, bidi, UAX #14 breaks)
/// → `ParagraphShaper` (fallback through `FontCascade`, HarfBuzz shaping in font units, cached)
/// → `layout` (scale to the size, break lines, truncate). A size or width change re-runs only the
/// last stage.
public final class TextEngine: @unchecked Sendable {
    public let library: FontLibrary
    public let shaper: Shaper
    private let paragraphShaper: ParagraphShaper
    /// Guards the system font's resolution, its faces and the axis clamps; the paragraph, cascade
    /// and ellipsis caches each have a lock of their own, so two threads asking for different things
    /// do not wait for each other.
    private let lock = NSLock()
    private let paragraphLock = NSLock()
    private let cascadeLock = NSLock()
    private let ellipsisLock = NSLock()
    private var paragraphs: [ParagraphKey: ShapedParagraph] = [:]
    /// Paragraphs requested once so far (their keys only).
    private var requestedOnce: Set<ParagraphKey> = []
    /// The most entries `paragraphs` and `requestedOnce` hold together (see `init`).
    public let maximumCachedParagraphs: Int
    private var cascades: [CascadeKey: FontCascade] = [:]
    private var systemFaces: [Int: FontFace] = [:]
    private let userDirectories: [String]
    private var resolvedSystemFont: SystemFontSource?
    private var clamps: Set<AxisClamp> = []
    /// Whether the engine, its shaper and the audit jobs on it cache what they compute.
    public let cachePolicy: CachePolicy
    private var cacheParagraphs: Bool { cachePolicy == .enabled }
    /// Told when each stage begins and ends (the benchmark's profiler), for this engine and its
    /// shaper; set before use. Nil: no clock is read.
    public var observer: (any EngineObserver)? {
        didSet { shaper.observer = observer }
    }
    private var paragraphRequests = 0
    private var paragraphsBuilt = 0

    /// Paragraph requests and how many of them were analysed and shaped (the rest came from the cache).
    public var paragraphStatistics: (requests: Int, built: Int) {
        paragraphLock.lock(); defer { paragraphLock.unlock() }
        return (paragraphRequests, paragraphsBuilt)
    }

    /// How many paragraphs are kept now, and how many are remembered as asked for once.
    var cachedParagraphs: (kept: Int, askedOnce: Int) {
        paragraphLock.lock(); defer { paragraphLock.unlock() }
        return (paragraphs.count, requestedOnce.count)
    }

    struct CascadeKey: Hashable {
        var faces: FaceIDs
        var weight: Int
        var locale: String
    }

    /// - Parameters:
    ///   - fontDirectories: user font folders, searched before the bundled fonts.
    ///   - bundledFonts: the bundled `Fonts/` folder (found automatically when nil).
    ///   - cachePolicy: `.disabled` reshapes every request (no shape or paragraph caches): the
    ///     oracle that proves caches never change a result.
    ///   - maximumCachedParagraphs: the most paragraphs kept (and asked for once, remembered by key)
    ///     for the whole process; past it both lists are emptied and fill again, as the shaper's
    ///     runs are (`Shaper.maximumCachedRuns`): memory bounded whatever the number of screens.
    ///   - maximumCachedRuns: the shaper's bound.
    public init(
        fontDirectories: [String] = [], bundledFonts: String? = FontLibrary.bundledDirectory(),
        cachePolicy: CachePolicy = .enabled, maximumCachedParagraphs: Int = 32_768, maximumCachedRuns: Int = 65_536
    ) {
        library = FontLibrary(directories: fontDirectories + (bundledFonts.map { [$0] } ?? []))
        userDirectories = fontDirectories
        shaper = Shaper(cachePolicy: cachePolicy, maximumCachedRuns: maximumCachedRuns)
        self.maximumCachedParagraphs = max(1, maximumCachedParagraphs)
        paragraphShaper = ParagraphShaper(shaper: shaper)
        self.cachePolicy = cachePolicy
    }

    /// What stands for the system font: SF from the user's font folders when they hold it, else the
    /// calibrated stand-in (resolved once).
    public var systemFontSource: SystemFontSource {
        lock.lock()
        if let resolvedSystemFont { lock.unlock(); return resolvedSystemFont }
        lock.unlock()
        let found = SystemFontSource.find(in: library, userDirectories: userDirectories)
        lock.lock()
        resolvedSystemFont = found
        lock.unlock()
        return found
    }

    /// The faces that stood for the system font, one per file, sorted by path: the variable SF's
    /// file, or the stand-in's (or static SF's) cuts resolved so far, i.e. for the weights laid out.
    public var systemFontFaces: [FontFace] {
        if case .variable(let path, let index) = systemFontSource {
            return (try? library.face(path: path, index: index)).map { [$0] } ?? []
        }
        lock.lock()
        let faces = Array(systemFaces.values)
        lock.unlock()
        var byPath: [String: FontFace] = [:]
        for face in faces where byPath[face.path].map({ face.faceIndex < $0.faceIndex }) ?? true { byPath[face.path] = face }
        return byPath.keys.sorted().compactMap { byPath[$0] }
    }

    /// The requested faces for a selection at a size. The system font stand-in (and static SF) is
    /// shaped in its Text cut; `systemDisplayFace(weight:)` is the Display cut its widths blend with.
    /// A variable SF is instanced at opsz = the size and wght = the weight, clamped to its axes.
    public func primaryFaces(_ selection: FontSelection, weight: FontWeight, size: Double) throws -> [FontFace] {
        switch selection {
        case .system:
            if case .variable(let path, let index) = systemFontSource {
                let base = try library.face(path: path, index: index)
                var variations: [String: Double] = [:]
                if let opsz = base.axisRanges["opsz"] { variations["opsz"] = min(max(size, opsz.lowerBound), opsz.upperBound) }
                if let wght = base.axisRanges["wght"] {
                    // UIFont.Weight.semibold is wght 590 on SF (system-font-facts.md §2).
                    let value = Double(weight == .semibold ? 590 : weight.rawValue)
                    variations["wght"] = min(max(value, wght.lowerBound), wght.upperBound)
                }
                return [try library.face(path: path, index: index, variations: variations)]
            }
            return [try systemFace(weight: weight, display: false)]
        case .fonts(let specs):
            // A variable font follows the request: wght = the weight, opsz = the point size (each
            // clamped to its axis), unless the spec's variations set them.
            // Values outside an axis are clamped to it and recorded (`axisClamps`).
            func instance(_ face: FontFace, index: Int, _ given: [String: Double]) throws -> FontFace {
                var variations = given
                for (axis, value) in given {
                    guard let range = face.axisRanges[axis],
                        let clamp = AxisClamp.check(value, axis: axis, range: range, path: face.path, origin: .variations)
                    else { continue }
                    variations[axis] = clamp.used
                    record(clamp)
                }
                if let wght = face.axisRanges["wght"], variations["wght"] == nil {
                    let value = Double(weight.rawValue)
                    if let clamp = AxisClamp.check(value, axis: "wght", range: wght, path: face.path, origin: .weight) { record(clamp) }
                    variations["wght"] = min(max(value, wght.lowerBound), wght.upperBound)
                }
                if let opsz = face.axisRanges["opsz"], variations["opsz"] == nil {
                    variations["opsz"] = min(max(size, opsz.lowerBound), opsz.upperBound)
                }
                if variations.isEmpty && index == face.faceIndex { return face }
                return try library.face(path: face.path, index: index, variations: variations)
            }
            return try specs.map { spec in
                if spec.isPath || FileManager.default.fileExists(atPath: spec.name) {
                    let face = try library.face(path: spec.name, index: spec.faceIndex ?? 0)
                    return try instance(face, index: face.faceIndex, spec.variations)
                }
                if let face = try library.face(family: spec.name, weight: weight) {
                    return try instance(face, index: spec.faceIndex ?? face.faceIndex, spec.variations)
                }
                throw InputError(
                    file: spec.name, message: "no font file or family named '\(spec.name)'",
                    hint: Suggestion.hint(for: spec.name, in: library.familyNames()) ?? "see `typefit fonts`")
            }
        }
    }

    /// Axis values asked for outside a variable font's axes so far, clamped to them; sorted.
    public var axisClamps: [AxisClamp] {
        lock.lock(); defer { lock.unlock() }
        return clamps.sorted()
    }

    private func record(_ clamp: AxisClamp) {
        lock.lock()
        clamps.insert(clamp)
        lock.unlock()
    }

    /// The Display cut of the system font stand-in (Inter Display) for a weight.
    public func systemDisplayFace(weight: FontWeight) throws -> FontFace {
        try systemFace(weight: weight, display: true)
    }

    private func systemFace(weight: FontWeight, display: Bool) throws -> FontFace {
        let slot = weight.rawValue * 2 + (display ? 1 : 0)
        lock.lock()
        if let hit = systemFaces[slot] { lock.unlock(); return hit }
        lock.unlock()
        var family = display ? "Inter Display" : "Inter"
        if case .staticCuts(let text, let displayFamily) = systemFontSource { family = display ? displayFamily : text }
        guard let face = try library.face(family: family, weight: weight) else {
            throw InputError(
                file: library.directories.last ?? "Fonts",
                message: "the system font stand-in '\(family)' is not installed",
                hint: "typefit looks for its bundled Fonts/ folder next to the executable, in ./Fonts or in $TYPEFIT_FONTS")
        }
        lock.lock()
        systemFaces[slot] = face
        lock.unlock()
        return face
    }

    /// The system font stand-in's Display-cut paragraph of a text (nil for other selections): the
    /// widths of `ScaledParagraph` blend it with `textCut`, the text's paragraph in the Text cut,
    /// along SF's optical-size curve. `textCut` itself when it stands in (`displayStandIn`).
    public func systemDisplayParagraph(
        blending textCut: ShapedParagraph, _ text: String, selection: FontSelection, weight: FontWeight, locale: String,
        analysis: inout TextAnalysis?, admits: Bool = true
    ) throws -> ShapedParagraph? {
        guard let face = try systemDisplayFace(for: selection, weight: weight) else { return nil }
        if let standIn = Self.displayStandIn(for: textCut) { return standIn }
        return try paragraph(text, faces: [face], weight: weight, locale: locale, analysis: &analysis, admits: admits)
    }

    /// What stands for the Display cut of `textCut` without shaping it, or nil when it must be shaped.
    /// Only the clusters a requested font draws are blended (`ClusterWidths`), and only an ellipsis in
    /// a requested font reads the Display cut's face. So when no requested font is in `textCut`
    /// (`usesRequestedFont`), nothing reads the Display cut's clusters, only whether there is one
    /// (the stand-in's width factors, line height and error bound): `textCut` itself stands for it,
    /// and the text is not itemized, fallen back and shaped a second time (its runs in the fallback
    /// fonts were the same as the Text cut's). Every maker of a Display cut asks here first.
    public static func displayStandIn(for textCut: ShapedParagraph) -> ShapedParagraph? {
        textCut.usesRequestedFont ? nil : textCut
    }

    /// The Display cut blended into `selection`'s widths: the system font's, unless that is a
    /// variable SF (instanced per size instead); nil for every other font.
    public func systemDisplayFace(for selection: FontSelection, weight: FontWeight) throws -> FontFace? {
        guard selection == .system else { return nil }
        if case .variable = systemFontSource { return nil }
        return try systemDisplayFace(weight: weight)
    }

    /// The cascade for requested faces, weight and locale (cached).
    public func cascade(_ faces: [FontFace], weight: FontWeight, locale: String) -> FontCascade {
        let key = CascadeKey(faces: FaceIDs(faces), weight: weight.rawValue, locale: locale)
        cascadeLock.lock()
        defer { cascadeLock.unlock() }
        if let c = cascades[key] { return c }
        let c = FontCascade(primary: faces, weight: weight, language: locale, library: library)
        cascades[key] = c
        return c
    }

    /// Analyses, falls back and shapes a text once per (text, faces, weight, locale).
    public func paragraph(_ text: String, faces: [FontFace], weight: FontWeight, locale: String) throws -> ShapedParagraph {
        var analysis: TextAnalysis?
        return try paragraph(text, faces: faces, weight: weight, locale: locale, analysis: &analysis)
    }

    /// Like `paragraph(_:faces:weight:locale:)`, reusing `analysis` when it is set (an analysis of the
    /// same text and locale made for other faces) and setting it when the text had to be analysed:
    /// a caller shaping one text in several fonts analyses it once. `admits: false` (a side
    /// measurement, such as the budget's average advance over a screen's strings) uses a kept
    /// paragraph but never counts towards keeping one: otherwise every string the audit asked for
    /// once would be asked for a second time and kept for the whole process.
    public func paragraph(
        _ text: String, faces: [FontFace], weight: FontWeight, locale: String,
        analysis reusable: inout TextAnalysis?, admits: Bool = true
    ) throws -> ShapedParagraph {
        let key = ParagraphKey(text: ExactText(text), faces: FaceIDs(faces), weight: weight.rawValue, locale: locale)
        paragraphLock.lock()
        paragraphRequests += 1
        if cacheParagraphs, let hit = paragraphs[key] { paragraphLock.unlock(); return hit }
        paragraphsBuilt += 1
        paragraphLock.unlock()
        let analysis: TextAnalysis
        if let reusable {
            analysis = reusable
        } else {
            let token = observer?.enter(.analysis)
            analysis = try TextAnalysis(text: text, locale: locale)
            reusable = analysis
            if let token { observer?.leave(.analysis, token: token) }
        }
        let token = observer?.enter(.paragraph)
        let shaped = paragraphShaper.shape(analysis, cascade: cascade(faces, weight: weight, locale: locale))
        if let token { observer?.leave(.paragraph, token: token) }
        if cacheParagraphs && admits {
            // Admission on the second request: a paragraph asked for once (most strings of an audit,
            // which keeps its own per-job copy) is not held for the rest of the process; one asked
            // for again (a string shared by screens, or `measure` at several sizes) is. Its glyphs
            // are cached by the shaper either way.
            // Whether this is the second request is read before a full cache is emptied: emptied
            // first, a paragraph asked for twice in a row was not kept whenever its second request
            // found the cache full.
            paragraphLock.lock()
            let second = requestedOnce.remove(key) != nil
            if paragraphs.count + requestedOnce.count >= maximumCachedParagraphs {
                paragraphs.removeAll(keepingCapacity: true)
                requestedOnce.removeAll(keepingCapacity: true)
            }
            if second {
                paragraphs[key] = shaped
            } else {
                requestedOnce.insert(key)
            }
            paragraphLock.unlock()
        }
        return shaped
    }

    /// Lays out a request: what UILabel would show.
    public func layout(_ request: LayoutRequest) throws -> (TextLayout, ShapedParagraph) {
        try Self.check(size: request.size, locale: request.locale)
        let faces = try primaryFaces(request.fonts, weight: request.weight, size: request.size)
        var analysis: TextAnalysis?
        let paragraph = try self.paragraph(
            request.text, faces: faces, weight: request.weight, locale: request.locale,
            analysis: &analysis)
        let display = try systemDisplayParagraph(
            blending: paragraph, request.text, selection: request.fonts, weight: request.weight,
            locale: request.locale, analysis: &analysis)
        return (layout(paragraph, display: display, request: request), paragraph)
    }

    /// The one-line width of each text in one font, size and locale: for each, exactly what
    /// `layout(request).naturalWidth` gives (the same shaped and scaled paragraph), without breaking
    /// it into lines or building a `TextLayout`. The length budgets' average advance measures every
    /// string of a screen this way, at every size a truncated text has: `shaped` keeps the texts'
    /// shaped paragraphs per set of faces between calls (one per job), so another size only scales them.
    public func naturalWidths(
        _ texts: [String], fonts: FontSelection, weight: FontWeight, size: Double, locale: String, tracking: Bool? = nil,
        shaped: ShapedTexts? = nil
    ) throws -> [Double] {
        var widths: [Double] = []
        widths.reserveCapacity(texts.count)
        try forEachNaturalWidth(texts, fonts: fonts, weight: weight, size: size, locale: locale, tracking: tracking, shaped: shaped) {
            widths.append($0)
        }
        return widths
    }

    /// The sum of `naturalWidths`, added in the texts' order (so the same number), without making
    /// the list: what the length budgets' average advance needs, for every size a truncated text has.
    public func totalNaturalWidth(
        _ texts: [String], fonts: FontSelection, weight: FontWeight, size: Double, locale: String, tracking: Bool? = nil,
        shaped: ShapedTexts? = nil
    ) throws -> Double {
        var total = 0.0
        try forEachNaturalWidth(texts, fonts: fonts, weight: weight, size: size, locale: locale, tracking: tracking, shaped: shaped) {
            total += $0
        }
        return total
    }

    /// Each text's one-line width (`naturalWidths`), in order, given to `body`.
    private func forEachNaturalWidth(
        _ texts: [String], fonts: FontSelection, weight: FontWeight, size: Double, locale: String, tracking: Bool?,
        shaped: ShapedTexts?, _ body: (Double) -> Void
    ) throws {
        try Self.check(size: size, locale: locale)
        // `LayoutRequest.appliesTracking`.
        let applies = tracking ?? (fonts == .system)
        let faces = try primaryFaces(fonts, weight: weight, size: size)
        let fields = ShapedTexts.ListFields(system: fonts == .system, weight: weight.rawValue, faces: FaceIDs(faces), locale: locale)
        let paragraphs: [(ShapedParagraph, ShapedParagraph?)]
        if let known = shaped?.list(fields), known.count == texts.count {
            paragraphs = known
        } else {
            let displayFace = try systemDisplayFace(for: fonts, weight: weight)
            paragraphs = try texts.map { text in
                var analysis: TextAnalysis?
                // A text the caller already shaped in these faces (its layout did) is not shaped again.
                func shape(_ faces: [FontFace]) throws -> ShapedParagraph {
                    let make = {
                        try self.paragraph(text, faces: faces, weight: weight, locale: locale, analysis: &analysis, admits: false)
                    }
                    guard let shaped else { return try make() }
                    let paragraph = try shaped.paragraph(text, faces: faces, weight: weight, locale: locale, orShape: make)
                    if analysis == nil { analysis = paragraph.analysis }
                    return paragraph
                }
                let textCut = try shape(faces)
                return (textCut, try displayFace.map { try Self.displayStandIn(for: textCut) ?? shape([$0]) })
            }
            shaped?.keep(paragraphs, for: fields)
        }
        let calibrated = systemFontSource == .standIn
        for (paragraph, display) in paragraphs {
            body(ScaledParagraph.naturalWidth(paragraph, size: size, tracking: applies, display: display, calibrated: calibrated))
        }
    }

    /// The size and locale a request may ask for: a size above 0 and at most 1000 pt, and a locale
    /// tag typefit can read (`LocaleTag`).
    private static func check(size: Double, locale: String) throws {
        guard size.isFinite, size > 0, size <= 1000 else {
            throw InputError(file: "<request>", message: "size must be between 0 and 1000 pt (got \(size))")
        }
        if let problem = LocaleTag.problem(locale) {
            throw InputError(file: "<request>", message: "invalid locale '\(locale.prefix(80))': \(problem)")
        }
    }

    /// Lays out a paragraph already shaped by `paragraph(_:faces:weight:locale:)` for the request's text,
    /// fonts and locale: only the size, width, line limit and line break mode are taken from `request`.
    /// `display` is the system font stand-in's Display-cut paragraph (`systemDisplayParagraph`).
    public func layout(_ paragraph: ShapedParagraph, display: ShapedParagraph? = nil, request: LayoutRequest) -> TextLayout {
        let token = observer?.enter(.layout)
        let layout = TextLayouter(engine: self).layout(
            paragraph, display: display, calibrated: systemFontSource == .standIn,
            request: request)
        if let token { observer?.leave(.layout, token: token) }
        return layout
    }

    /// Lays out a paragraph already scaled to its size (`ScaledParagraph`) at a width: only line
    /// breaking and truncation run. The audit keeps one `ScaledParagraph` per text and size and calls
    /// this for every device width.
    public func layout(_ scaled: ScaledParagraph, width: Double?, lines: Int, lineBreakMode: LineBreakMode, locale: String) -> TextLayout {
        var widthRange = WidthRange()
        return layout(scaled, width: width, lines: lines, lineBreakMode: lineBreakMode, locale: locale, widthRange: &widthRange)
    }

    /// The same, narrowing `widthRange` to the widths at which this layout is the same (`WidthRange`).
    public func layout(
        _ scaled: ScaledParagraph, width: Double?, lines: Int, lineBreakMode: LineBreakMode, locale: String,
        widthRange: inout WidthRange
    ) -> TextLayout {
        let token = observer?.enter(.layout)
        let layout = TextLayouter(engine: self).layout(
            scaled, width: width, lines: lines, mode: lineBreakMode, locale: locale, widthRange: &widthRange)
        if let token { observer?.leave(.layout, token: token) }
        return layout
    }

    /// The layout of a text that fits on one unbroken line at `width`, from its `OneLineMetrics`
    /// alone: exactly `layout(_:width:…)`'s for its `ScaledParagraph` at any line limit and line break
    /// mode. Nil when it does not fit so, `widthRange` narrowed as that layout narrows it.
    public func oneLineLayout(_ m: OneLineMetrics, width: Double?, widthRange: inout WidthRange) -> TextLayout? {
        let token = observer?.enter(.layout)
        let layout = TextLayouter.oneLine(
            m.paragraph, oneLineWidth: m.oneLineWidth, naturalWidth: m.naturalWidth, lineHeight: m.lineHeight, size: m.size,
            maxWidth: width ?? .infinity, widthRange: &widthRange)
        if let token { observer?.leave(.layout, token: token) }
        return layout
    }

    /// Width of the ellipsis "…" shaped in `face` (three full stops when the face lacks U+2026), in em.
    func ellipsisEm(_ face: FontFace, locale: String) -> (text: String, em: Double) {
        ellipsisLock.lock()
        // A job truncates its texts in one locale, in a few faces (the system font stand-in's two
        // cuts for every line): the last answers first (compared, where the table hashed the locale
        // for every truncated line).
        for recent in recentEllipses where recent.face == face.id && recent.locale == locale {
            ellipsisLock.unlock()
            return recent.value
        }
        let key = EllipsisKey(face: face.id, locale: locale)
        if let hit = ellipses[key] {
            if recentEllipses.count < recentEllipsisLimit {
                recentEllipses.append((face.id, locale, hit))
            } else {
                recentEllipses[nextRecentEllipsis] = (face.id, locale, hit)
                nextRecentEllipsis = (nextRecentEllipsis + 1) % recentEllipsisLimit
            }
            ellipsisLock.unlock()
            return hit
        }
        ellipsisLock.unlock()
        let text = face.covers("\u{2026}") ? "\u{2026}" : "..."
        let run = shaper.shape(
            ArraySlice(Array(text.utf16)), face: face, rightToLeft: false, script: .common,
            language: locale)
        let result = (text, Double(run.advanceSum) / face.unitsPerEm)
        ellipsisLock.lock()
        ellipses[key] = result
        ellipsisLock.unlock()
        return result
    }

    private struct EllipsisKey: Hashable {
        var face: Int
        var locale: String
    }
    /// The ellipsis per face and locale (every truncated line needs one).
    private var ellipses: [EllipsisKey: (text: String, em: Double)] = [:]
    /// The last `recentEllipsisLimit` answers `ellipsisEm` gave from `ellipses`, and the one replaced next.
    private var recentEllipses: [(face: Int, locale: String, value: (text: String, em: Double))] = []
    private var nextRecentEllipsis = 0
    private let recentEllipsisLimit = 4
}
