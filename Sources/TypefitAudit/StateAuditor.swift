import Foundation
import TypefitCore
import TypefitLayout
import TypefitSpec
import TypefitStrings

/// One screen state in one configuration: device, orientation, locale, category, focused field.
struct StateKey: Hashable {
    var device: Device
    var orientation: Orientation
    var locale: String
    var category: ContentSizeCategory
    var focused: String?

    /// The finding scope of this state.
    var findingState: Finding.State {
        Finding.State(device: device.name, orientation: orientation, locale: locale, category: category, focused: focused)
    }
}

/// What one state produced.
struct StateResult {
    var findings: [Finding] = []
    var checks = 0
    /// Button heights by element id.
    var buttonHeights: [String: Double] = [:]
    /// Elements showing a fallback string.
    var fallbackElements: Set<String> = []
    /// Per element: facts that do not depend on the layout (reported once per element and locale).
    var facts: [String: ElementFacts] = [:]
    /// Font files that drew text, by face id (ids are cheap to hash; paths are not).
    var fontFiles: [Int: String] = [:]
}

/// Locale-level facts about an element's text.
struct ElementFacts {
    var element: Element
    var missing: [String] = []
    var missingText = ""
    var fallbackFonts: [String] = []
    var text = ""

    /// Adds another text's facts (a fallback string's) to these.
    mutating func merge(_ other: ElementFacts) {
        for m in other.missing where !missing.contains(m) { missing.append(m) }
        if !other.missingText.isEmpty && !missingText.contains(other.missingText) { missingText += other.missingText }
        for f in other.fallbackFonts where !fallbackFonts.contains(f) { fallbackFonts.append(f) }
        if text.isEmpty { text = other.text }
    }
}

/// Lays out one screen state and runs the layout checks (spec-format §12–§13). One per job (a spec
/// in one locale), reused for each of its states; a class, so its spec, strings and caches are
/// shared, never copied, by the states and the closures that build findings.
final class StateAuditor {
    let spec: ScreenSpec
    /// Collect locale-level facts (missing glyphs, fallback fonts, untranslated) in this state.
    var collectFacts = true
    /// Record button heights in this state (the summaries show them for the first device).
    var collectButtonHeights = true
    /// Attach preview sources to text findings (for the HTML report).
    var keepPreviews = true
    /// Record the last state's screen geometry in `geometry` (only when a picture is drawn).
    var recordsGeometry = false
    private(set) var geometry: ScreenPicture.Geometry?
    let specPath: String
    let engine: TextEngine
    let strings: StringTables
    /// The localizations the job's strings come from (see `ScreenLayouter.localizations`).
    let localizations: [String]
    let severity: (RuleID) -> Severity?

    static let eps = 0.01

    /// Text layouts shared by the states of one job (kept as the engine's cache policy says).
    lazy var memo = TextMemo(policy: engine.cachePolicy)
    /// The average advance per character of this job's locale, per font (`budget(_:…)`).
    var budgetAdvances: [ElementFont: Double] = [:]
    /// The job's layouter (made for the first state's locale; a job has one locale).
    private var layouter: ScreenLayouter?
    /// The job's layout trees (content and bottom bar), laid out again by every state, and the
    /// lists of their nodes the checks walk.
    lazy var contentTree = LayoutNode(tree: spec.content)  // internal: ScreenPictureSource draws the laid-out trees
    lazy var barTree = spec.bottomBar.map { LayoutNode(tree: $0) }
    lazy var checkedNodes: [LayoutNode] = {  // internal: BudgetCalculator reads the laid-out nodes
        var nodes: [LayoutNode] = []
        contentTree.collect(into: &nodes)
        barTree?.collect(into: &nodes)
        return nodes
    }()
    private lazy var primaryNodes = contentTree.all.filter { $0.element.isPrimary }
    private lazy var anchorNode = spec.placement.anchor.flatMap { contentTree.find($0) } ?? contentTree

    init(
        spec: ScreenSpec, specPath: String, engine: TextEngine, strings: StringTables, localizations: [String],
        severity: @escaping (RuleID) -> Severity?
    ) {
        self.spec = spec
        self.specPath = specPath
        self.engine = engine
        self.strings = strings
        self.localizations = localizations
        self.severity = severity
    }

    private func layouter(for key: StateKey) -> ScreenLayouter {
        if let l = layouter, l.locale == key.locale {
            l.category = key.category
            return l
        }
        let l = ScreenLayouter(
            engine: engine, memo: memo, strings: strings, locale: key.locale, localizations: localizations,
            category: key.category)
        layouter = l
        return l
    }

    /// Audits one state, appending to `result` (its findings may already hold earlier states': the
    /// caller moves its buffer in, so findings are never copied).
    func audit(_ key: StateKey, into result: inout StateResult) throws {
        let layouter = layouter(for: key)
        let metrics = key.device.metrics(key.orientation)
        let W = metrics.width, H = metrics.height
        let safe = metrics.safeArea + spec.additionalSafeAreaInsets
        let keyboardHeight: Double = {
            guard let k = spec.keyboard else { return 0 }
            switch k.height {
            case .software: return metrics.keyboard.software
            case .legacy: return metrics.keyboard.legacy
            case .hardwareBar: return metrics.keyboard.hardwareBar
            case .points(let p): return p
            }
        }()
        let keyboardShown = spec.keyboard != nil
        let kbTop = H - keyboardHeight
        let safeTop = safe.top, safeBottom = H - safe.bottom

        // Bottom bar rides on the keyboard layout guide.
        var barNode: LayoutNode?
        var barTop = Double.infinity
        if let node = barTree {
            try layouter.layout(node, width: W - safe.horizontal, clamp: (nil, nil))
            barTop = min(safeBottom, kbTop) - node.frame.height
            node.offset(dx: safe.leading, dy: barTop)
            barNode = node
        }

        // Content box.
        var guide: Rect
        switch spec.placement.guide {
        case .view: guide = Rect(x: 0, y: 0, width: W, height: H)
        case .safeArea: guide = Rect(x: safe.leading, y: safeTop, width: W - safe.horizontal, height: safeBottom - safeTop)
        case .keyboard: guide = Rect(x: safe.leading, y: safeTop, width: W - safe.horizontal, height: min(safeBottom, kbTop) - safeTop)
        }
        let margins = spec.layoutMargins.resolve(screenWidth: W)
        var box = Rect(
            x: guide.x + margins.leading, y: guide.y + margins.top,
            width: max(0, guide.width - margins.horizontal), height: guide.height - margins.vertical)
        if barNode != nil { box.height = min(box.maxY, barTop) - box.y }

        // Root.
        let root = spec.content
        let rootWidth: Double
        switch root.width {
        case .points(let p)?: rootWidth = p
        case .fit?: rootWidth = try layouter.intrinsicWidth(root, limit: box.width, clamp: (nil, nil))
        default: rootWidth = box.width
        }
        var target: Double?
        if case .fill? = root.height, spec.placement.vertical == .top { target = box.maxY - (box.y + spec.placement.offset) }
        let node = contentTree
        try layouter.layout(node, width: rootWidth, clamp: (nil, nil), targetHeight: target)
        let x: Double
        switch spec.placement.horizontal {
        case .leading: x = box.x
        case .center: x = box.x + (box.width - rootWidth) / 2
        case .trailing: x = box.maxX - rootWidth
        }
        let anchor = anchorNode
        let y: Double
        if spec.scrolls {
            y = box.y + spec.placement.offset
        } else {
            switch spec.placement.vertical {
            case .top: y = box.y + spec.placement.offset - anchor.frame.y
            case .center: y = box.midY + spec.placement.offset - (anchor.frame.y + anchor.frame.height / 2)
            case .bottom: y = box.maxY - spec.placement.offset - (anchor.frame.y + anchor.frame.height)
            }
        }
        node.offset(dx: x, dy: y)

        // Keyboard avoidance for the focused field.
        let visibleBottom = min(kbTop, barTop)
        var focusedNode: LayoutNode?
        if let f = key.focused, let fnode = node.find(f) {
            focusedNode = fnode
            if case .slideView(let minF, let maxF, let portrait, let landscape) = spec.keyboardAvoidance {
                let assumed = (key.orientation == .portrait ? portrait : landscape) ?? keyboardHeight
                let fraction = min(1, max(0, (fnode.frame.midY - minF * H) / ((maxF - minF) * H)))
                let distance = (assumed * fraction).rounded(.down)
                node.offset(dx: 0, dy: -distance)
            }
        }

        if recordsGeometry {
            geometry = .init(
                width: W, height: H, safeArea: Rect(x: safe.leading, y: safeTop, width: W - safe.horizontal, height: safeBottom - safeTop),
                keyboard: keyboardShown ? Rect(x: 0, y: kbTop, width: W, height: keyboardHeight) : nil, bottomBar: barNode?.frame)
        }

        // Checks on text elements and buttons.
        for n in checkedNodes {
            let e = n.element
            if let text = n.text {
                result.checks += 1
                if text.fallback != nil { result.fallbackElements.insert(e.id) }
                if !text.fontsRecorded {
                    // A memoised result appears in many states; its fonts are recorded once.
                    text.fontsRecorded = true
                    for face in text.paragraph.fonts where result.fontFiles[face.id] == nil { result.fontFiles[face.id] = face.path }
                }
                // Every string shown is checked once per job: the first state's, and each fallback
                // string where it engages (a short label at AX1 can lack glyphs too).
                if collectFacts || text.fallback != nil { collectFactsOnce(&result, e, text) }
                textFindings(&result, n, text, key: key, focused: key.focused == e.id)
            }
            if e.kind == .button {
                if collectButtonHeights { result.buttonHeights[e.id] = n.frame.height }
                if n.frame.height < 44 - Self.eps || n.frame.width < 44 - Self.eps {
                    add(
                        &result, .touchTarget, e, key, "button is \(pt(n.frame.width)) × \(pt(n.frame.height)) pt, under the 44 × 44 pt minimum touch target",
                        fix: "give it minHeight: 44 (or a larger hit area)",
                        numbers: {
                            $0.heightNeeded = 44; $0.heightAvailable = round2(n.frame.height)
                        })
                }
            }
        }

        // Does the content fit the safe area? A view that slides up for the keyboard leaves the safe
        // area on purpose; only its focused field is checked then.
        var slid = false
        if case .slideView = spec.keyboardAvoidance, keyboardShown { slid = true }
        if !spec.scrolls && !slid {
            let r = node.frame
            let bottomLimit = min(safeBottom, barTop)
            let overTop = safeTop - r.minY
            let overBottom = keyboardShown ? 0 : r.maxY - bottomLimit
            let overWidth = max(0, r.maxX - W, -r.minX)
            if overTop > Self.eps || overBottom > Self.eps || overWidth > Self.eps {
                var parts: [String] = []
                if overTop > Self.eps { parts.append("\(pt(overTop)) pt above the top of the safe area") }
                if overBottom > Self.eps { parts.append("\(pt(overBottom)) pt below \(barNode != nil ? "the bottom bar" : "the bottom of the safe area")") }
                if overWidth > Self.eps { parts.append("\(pt(overWidth)) pt wider than the screen") }
                let available = bottomLimit - safeTop
                add(
                    &result, .doesNotFit, root, key,
                    "content is \(pt(r.height)) pt tall, the safe area leaves \(pt(available)) pt: it extends " + parts.joined(separator: " and "),
                    fix: "put the content in a scroll view (scrolls: true), or reduce fixed spacing at accessibility sizes",
                    numbers: {
                        $0.heightNeeded = round2(r.height); $0.heightAvailable = round2(available); $0.overflow = round2(max(overTop, overBottom, overWidth))
                    })
            }
            if let bar = barNode, bar.frame.minY < safeTop - Self.eps {
                add(
                    &result, .doesNotFit, bar.element, key, "the bottom bar reaches \(pt(safeTop - bar.frame.minY)) pt above the safe area",
                    fix: "let the bar's content wrap less or shrink it at accessibility sizes",
                    numbers: { $0.overflow = round2(safeTop - bar.frame.minY) })
            }
        }

        // Keyboard.
        if keyboardShown {
            var watched: [LayoutNode] = []
            if let focusedNode { watched.append(focusedNode) }
            watched += primaryNodes
            for w in watched {
                let f = w.frame
                let hidden: Bool
                if spec.scrolls && spec.keyboardAvoidance == .scrollView {
                    hidden = f.height > visibleBottom - box.y + Self.eps
                } else {
                    hidden = f.minY < safeTop - Self.eps || f.maxY > visibleBottom + Self.eps
                }
                if hidden {
                    let what = w.element.kind == .textField ? "the focused field" : "the primary button"
                    let covered = f.maxY - visibleBottom
                    add(
                        &result, .hiddenByKeyboard, w.element, key,
                        "\(what) spans y \(pt(f.minY))–\(pt(f.maxY)) pt but the keyboard\(barNode != nil ? " and bar" : "") start at y \(pt(visibleBottom)) pt (\(pt(max(covered, safeTop - f.minY))) pt hidden)",
                        fix: spec.scrolls
                            ? "scroll the field into view (keyboardAvoidance: scrollView)"
                            : "put the form in a scroll view and scroll the field into view, or move it higher",
                        numbers: {
                            $0.overflow = round2(max(covered, safeTop - f.minY)); $0.heightAvailable = round2(visibleBottom - safeTop)
                        })
                }
            }
        }
    }

    func textFindings(_ out: inout StateResult, _ n: LayoutNode, _ t: TextResult, key: StateKey, focused: Bool) {
        let e = n.element
        let l = t.layout
        let needWidth = l.naturalWidth
        let available = n.textWidth
        // The shown text is built only for findings (most checks have none).
        var shownCache: String?
        func shown() -> String {
            if let s = shownCache { return s }
            let s = l.visibleText
            shownCache = s
            return s
        }
        // Strings are built only for findings (most checks have none).
        var fontDesc: String { "\(pt(t.font.size)) pt" }
        var fallbackName: String? { t.fallback.map { "\($0.text)" } }
        func numbers(_ x: inout Finding.Numbers) {
            x.widthNeeded = round2(needWidth)
            x.widthAvailable = round2(n.textWidth)
            x.linesNeeded = l.lineCount
            x.linesAllowed = t.maxLines
            x.fontSize = round2(t.font.size)
            x.text = t.text
            x.shown = shown()
            x.fonts = fontNames(t)
            x.variant = t.variant.flatMap { $0.label == "default" ? nil : $0.label }
            x.fallback = fallbackName
        }
        if t.autoshrinkScale != nil && !t.autoshrinkFailed {
            add(
                &out, .autoshrink, e, key,
                "text shrinks to \(Int((t.autoshrinkScale! * 100).rounded())) % (\(pt(t.font.size * t.autoshrinkScale!)) pt) to fit \(pt(available)) pt",
                fix: nil,
                numbers: {
                    numbers(&$0); $0.scale = round2(t.autoshrinkScale!)
                })
        }
        let typedAndFocused = e.kind == .textField && e.text != nil && focused
        if !t.fits && !typedAndFocused {
            let rule: RuleID
            if t.fallbackExhausted {
                rule = .fallbackOverflow
            } else if t.autoshrinkFailed {
                rule = .autoshrinkBelowMinimum
            } else if t.mode.truncates {
                rule = .truncated
            } else {
                rule = .clipped
            }
            let overflow = max(0, needWidth - available)
            // Cut vertically: the shown lines are taller than the height the text has (a fixed
            // `height` or `maxHeight`, minus a button's insets).
            let heightLimit = t.heightLimit.flatMap { l.height > $0 + LineBreaker.epsilon ? $0 : nil }
            var msg: String
            var fix: String
            if let limit = heightLimit, !l.truncated {
                msg = "\"\(t.text)\" is cut off vertically: " + heightText(n, l, limit: limit) + " at \(fontDesc)"
                fix = heightFix(n, l, limit: limit)
            } else if t.maxLines == 1 {
                let what = e.kind == .textField ? (e.text != nil ? "the typed text" : "the placeholder") : "one line"
                msg =
                    "\"\(t.text)\" shows as \"\(shown())\": \(what) needs \(pt(needWidth)) pt, has \(pt(available)) pt (\(pt(overflow)) pt over) at \(fontDesc)"
                fix =
                    e.kind == .textField
                    ? "shorten the text for this locale, or give the field more width at large sizes (e.g. stack the label above the field)"
                    : "allow wrapping (numberOfLines: 0), add a shorter fallback string of at most \(pt(available)) pt, or make it \(pt(overflow)) pt wider"
            } else if l.lineCount > t.maxLines && t.maxLines > 0 {
                msg =
                    "\"\(t.text)\" shows as \"\(shown())\": needs \(l.lineCount) lines at \(pt(available)) pt, numberOfLines is \(t.maxLines) (one line needs \(pt(needWidth)) pt, \(pt(overflow)) pt over) at \(fontDesc)"
                fix =
                    t.maxLines == 1 && l.lineCount > 1
                    ? "allow wrapping (numberOfLines: 0), add a shorter fallback string of at most \(pt(available)) pt, or make it \(pt(overflow)) pt wider"
                    : "allow \(l.lineCount) lines (or numberOfLines: 0), or add a shorter fallback string"
            } else {
                msg = "\"\(t.text)\" shows as \"\(shown())\" at \(fontDesc): a word is wider than \(pt(available)) pt"
                fix = "allow character wrapping or add a shorter fallback string"
            }
            if let limit = heightLimit, l.truncated {
                // Cut both ways: the rest of the text is gone and the line that shows is too tall.
                msg += "; and " + heightText(n, l, limit: limit)
                fix += "; and " + heightFix(n, l, limit: limit)
            }
            if t.autoshrinkFailed { msg += "; even at minimumScaleFactor \(t.autoshrinkScale ?? 0)" }
            let budget =
                heightLimit == nil && (rule == .truncated || rule == .clipped)
                ? self.budget(t, available: available, needWidth: needWidth, locale: key.locale) : nil
            if let budget { msg += "; " + budget.note }
            if let fallbackName { msg += "; fallback \(fallbackName) in use" }
            // One line over by less than the stand-in's error: SF may fit it.
            let borderline =
                heightLimit == nil && (t.maxLines == 1 || l.lineCount > t.maxLines)
                ? Borderline.check(t, over: overflow, needed: needWidth, system: engine.systemFontSource) : nil
            if let borderline {
                msg += "; " + borderline.note
                fix += "; " + borderline.guidance
            }
            let truncated = l.truncated
            add(
                &out, rule, e, key, msg, fix: fix, preview: previewSource(n, t),
                numbers: {
                    numbers(&$0)
                    $0.budget = budget?.budget
                    if let limit = heightLimit {
                        // The height the shown lines need against the height the text has.
                        $0.heightNeeded = round2(l.height)
                        $0.heightAvailable = round2(limit)
                        $0.lineHeight = round2(l.lineHeight)
                        if truncated {
                            $0.overflow = round2(overflow)
                        } else {
                            // Only the height is short: the numbers say height, not width.
                            $0.overflow = round2(l.height - limit)
                            $0.widthNeeded = nil
                            $0.widthAvailable = nil
                        }
                    } else {
                        $0.overflow = round2(overflow)
                        $0.heightNeeded = round2(l.fullHeight)
                    }
                    if borderline != nil { $0.borderline = true }
                })
        } else if n.heightClipped && e.kind == .button {
            let over = n.neededHeight - n.frame.height
            add(
                &out, .clipped, e, key,
                "\"\(t.text)\" needs a \(pt(n.neededHeight)) pt tall button (\(l.lineCount) line\(l.lineCount == 1 ? "" : "s") at \(fontDesc)), the button is fixed at \(pt(n.frame.height)) pt (\(pt(over)) pt over)",
                fix: "replace the fixed height with minHeight: \(pt(n.frame.height)) so the button grows",
                preview: previewSource(n, t),
                numbers: {
                    numbers(&$0); $0.heightNeeded = round2(n.neededHeight); $0.heightAvailable = round2(n.frame.height); $0.overflow = round2(over)
                })
        }
        if let split = l.wordSplit {
            let over = split.width - available
            var msg =
                "\"\(t.text)\" breaks inside the word \"\(split.word)\": \"\(split.shown)\" — the word alone needs \(pt(split.width)) pt, the line has \(pt(available)) pt (\(over < 0.05 ? "less than 0.1" : pt(over)) pt over) at \(fontDesc)"
            if let fallbackName { msg += "; fallback \(fallbackName) in use" }
            var fix = "give the text more width at this size, or add a shorter fallback string whose longest word fits \(pt(available)) pt"
            let borderline = Borderline.check(t, over: over, needed: split.width, system: engine.systemFontSource)
            if let borderline {
                msg += "; " + borderline.note
                fix += "; " + borderline.guidance
            }
            add(
                &out, .wordSplit, e, key, msg, fix: fix, preview: previewSource(n, t),
                numbers: {
                    numbers(&$0)
                    $0.widthNeeded = round2(split.width)
                    $0.overflow = round2(over)
                    $0.word = split.word
                    $0.wordParts = split.parts
                    if borderline != nil { $0.borderline = true }
                })
        }
        if t.fallback != nil {
            add(
                &out, .fallbackUsed, e, key, "shows fallback \(fallbackName!) \"\(t.text)\" instead of \(e.text ?? e.placeholder!)",
                fix: nil, preview: previewSource(n, t), numbers: { numbers(&$0) })
        }
    }

    /// The texts whose facts were collected, per element (a job shows a few per element).
    private var factTexts: [ObjectIdentifier: [String]] = [:]

    func collectFactsOnce(_ result: inout StateResult, _ e: Element, _ t: TextResult) {
        let id = ObjectIdentifier(e)
        if factTexts[id]?.contains(t.text) ?? false { return }
        factTexts[id, default: []].append(t.text)
        collectFacts(&result, e, t)
    }

    /// "its line is 43.5 pt tall; the button's fixed height of 40 pt leaves 40 pt for it (3.5 pt over)".
    func heightText(_ n: LayoutNode, _ l: TextLayout, limit: Double) -> String {
        let lines = l.lines.count
        let what = n.element.kind == .button ? "the button's" : "the \(n.element.kind.rawValue)'s"
        let bound: String
        if case .points(let h)? = n.element.height {
            bound = "\(what) fixed height of \(pt(h)) pt"
        } else {
            bound = "\(what) maxHeight of \(pt(n.frame.height)) pt"
        }
        let insets = n.frame.height - limit
        let tall = lines == 1 ? "its line is \(pt(l.height)) pt tall" : "its \(lines) lines are \(pt(l.height)) pt tall (line height \(pt(l.lineHeight)) pt)"
        return tall + "; "
            + "\(bound) leaves \(pt(limit)) pt for \(lines == 1 ? "it" : "them")\(insets > Self.eps ? " after \(pt(insets)) pt of insets" : "") (\(pt(l.height - limit)) pt over)"
    }

    /// What makes the shown lines fit vertically: let the element grow to the height they need.
    func heightFix(_ n: LayoutNode, _ l: TextLayout, limit: Double) -> String {
        let needed = l.height + (n.frame.height - limit)
        if case .points(let h)? = n.element.height {
            return "replace the fixed height with minHeight: \(pt(h)) so it grows to \(pt(needed)) pt"
        }
        return "raise maxHeight to at least \(pt(needed)) pt, or remove it"
    }

    func collectFacts(_ result: inout StateResult, _ e: Element, _ t: TextResult) {
        var facts = result.facts[e.id] ?? ElementFacts(element: e)
        if facts.text.isEmpty { facts.text = t.text }
        let p = t.paragraph
        let a = p.analysis
        for i in 0..<p.clusterCount {
            let f = p.clusterFont[i]
            if p.clusterMissing[i] {
                let s = a.substring(a.clusters[i].start, a.clusters[i].end)
                facts.missingText += s
                for scalar in s.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint {
                    let code = String(format: "U+%04X", scalar.value)
                    if !facts.missing.contains(code) { facts.missing.append(code) }
                }
            } else if f >= 0, !t.requested.contains(p.fonts[f]), t.font.selection != .system {
                let name = p.fonts[f].displayName
                if !facts.fallbackFonts.contains(name) { facts.fallbackFonts.append(name) }
            }
        }
        result.facts[e.id] = facts
    }

    func fontNames(_ t: TextResult) -> [String] { t.paragraph.usedFontNames }

    /// The job's findings repeat their texts (the same message on several devices, the same fix
    /// for many sizes): each distinct text is stored once per job.
    private var interned: [ExactText: String] = [:]
    private var lastPlace: Finding.Place?
    private var lastPrefix: (screen: String, hasher: StableHasher)?

    /// The fingerprint hasher after this spec and `screen` (the screen changes only with the focus).
    private func fingerprintPrefix(_ screen: String) -> StableHasher {
        if let last = lastPrefix, last.screen == screen { return last.hasher }
        let hasher = Finding.fingerprintPrefix(spec: specPath, screen: screen)
        lastPrefix = (screen, hasher)
        return hasher
    }

    func intern(_ s: String) -> String {
        if s.utf8.count <= 15 { return s }  // small strings live inline, nothing to share
        let key = ExactText(s)
        if let hit = interned[key] { return hit }
        interned[key] = s
        return s
    }

    /// A finding about the state `key`.
    func add(
        _ result: inout StateResult, _ rule: RuleID, _ e: Element, _ key: StateKey, _ message: String,
        fix: String?, preview: PreviewSource? = nil, numbers: (inout Finding.Numbers) -> Void
    ) {
        add(&result, rule, e, scope: .state(key.findingState), focused: key.focused, message, fix: fix, preview: preview, numbers: numbers)
    }

    /// A finding about `scope` (the state's, or the job's locale for locale-level facts).
    func add(
        _ result: inout StateResult, _ rule: RuleID, _ e: Element, scope: Finding.Scope, focused: String?, _ message: String,
        fix: String?, preview: PreviewSource? = nil, numbers: (inout Finding.Numbers) -> Void
    ) {
        guard let sev = severity(rule) else { return }
        var n = Finding.Numbers()
        numbers(&n)
        n.shown = n.shown.map(intern)
        let screen = focused.map { intern(spec.title + " (editing \($0))") } ?? spec.title
        // The findings of one state share their place.
        let place: Finding.Place
        if let last = lastPlace, last.scope == scope, last.screen == screen {
            place = last
        } else {
            place = Finding.Place(spec: specPath, screen: screen, scope: scope)
            lastPlace = place
        }
        result.findings.append(
            Finding(
                rule: rule, severity: sev, place: place, prefix: fingerprintPrefix(screen), element: e.id, line: e.location.line,
                column: e.location.column, cause: nil, message: message, fix: fix.map(intern), numbers: n, previewSource: preview))
    }

    /// Where a text element's text area sits inside it.
    func previewSource(_ n: LayoutNode, _ t: TextResult) -> PreviewSource? {
        guard keepPreviews else { return nil }
        var x = 0.0, y = 0.0
        if n.element.kind == .button {
            let insets = ScreenLayouter.buttonInsets(n.element)
            x = insets.leading + (n.element.image.map { n.element.text == nil ? 0 : $0.width + $0.padding } ?? 0)
            y = insets.top
        } else if n.element.kind == .textField {
            y = max(0, (n.frame.height - t.layout.lineHeight) / 2)
        }
        return PreviewSource(text: t, frame: n.frame, textOrigin: (x, y), textWidth: n.textWidth, engine: engine)
    }
}

/// A point value as messages print it (`PointText.format`: "40", "27.5").
func pt(_ v: Double) -> String { PointText.format(v) }
