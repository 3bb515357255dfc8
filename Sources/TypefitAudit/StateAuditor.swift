import Foundation
import TypefitCore
import TypefitLayout
import TypefitSpec
import TypefitStrings
import TypefitText

/// Lays out one screen state and runs the layout checks (spec-format §12–§13). One per job (a spec
/// in one locale), reused for each of its states; a class, so its spec, strings and caches are
/// shared, never copied, by the states and the closures that build findings.
final class StateAuditor {
    let spec: ScreenSpec
    /// Collect locale-level facts (missing glyphs, fallback fonts, untranslated) in this state.
    var collectFacts = true
    /// Record button heights in this state (the summaries show them for the first device).
    var collectButtonHeights = true
    /// Keep the text previews of a state's findings in `StateResult.previews` (only when a state is
    /// laid out again for the HTML report: a preview holds the whole text layout).
    var keepPreviews = false
    /// Record the last state's screen geometry in `geometry` (only when a picture is drawn).
    var recordsGeometry = false
    private(set) var geometry: ScreenPicture.Geometry?
    let specPath: String
    let engine: TextEngine
    let strings: StringTables
    /// The localizations the job's strings come from (see `ScreenLayouter.localizations`).
    let localizations: [String]
    let severity: (RuleID) -> Severity?
    /// Whether truncated translations get their length budget (`AuditOptions.budgets`).
    let budgets: Bool

    static let eps = 0.01

    /// Whether the stand-in draws the system font, read once per job (as `ScreenLayouter.systemFontIsStandIn`):
    /// the borderline rules ask for every text checked. Read in place once known: a rule holds the
    /// auditor unretained (`TextCheck.auditor`), and calling a lazy property's getter through it
    /// retained and released the auditor around the call, 270,000 times on the benchmark corpus.
    var systemFontIsStandIn: Bool {
        @inline(__always) get { standInKnown ?? resolveStandIn() }
    }
    private var standInKnown: Bool?

    @inline(never)
    private func resolveStandIn() -> Bool {
        let standIn = engine.systemFontSource == .standIn
        standInKnown = standIn
        return standIn
    }

    /// Text layouts shared by the states of one job (kept as the engine's cache policy says).
    lazy var memo = TextMemo(policy: engine.cachePolicy)
    /// The average advance per character of this job's locale, per font (`budget(_:…)`), and the
    /// strings it averages over (listed once per job). A list searched by size first: a job has a
    /// few fonts, and hashing an `ElementFont` for every truncated text cost more than the search.
    var budgetAdvances: [(font: ElementFont, advance: Double)] = []
    lazy var budgetTexts = Auditor.budgetTexts(spec, strings: strings, localizations: localizations) {
        self.keyCandidates(node: $0, keyAt: $1, key: $2, entry: $3, localization: $4)
    }
    /// The job locale's English name in budget notes, looked up once (ICU's display names are slow).
    var budgetLanguage: (locale: String, name: String)?
    /// The budget strings' shaped paragraphs, per font, kept for the job (`TextEngine.naturalWidths`):
    /// the memo's, so texts the layout already shaped are not shaped again.
    var budgetShaped: ShapedTexts { memo.shapedTexts }
    /// The state whose texts are being checked (`TextCheck.key`), set once per state.
    private(set) var checkedKey: StateKey?
    /// Its locale, read alone (`TextCheck.locale`: the key read out of its optional was copied whole).
    private(set) var checkedLocale = ""
    /// The place of the checked state's findings, made at its first finding (`checkedKey`'s scope:
    /// made per finding, each copied the state's strings and compared them with the last place's).
    private var checkedPlace: Finding.Place?
    /// The job's layouter (made for the first state's locale; a job has one locale).
    private var layouter: ScreenLayouter?
    /// The job's layout trees (content and bottom bar), laid out again by every state, and the
    /// lists of their nodes the checks walk.
    lazy var contentTree = LayoutNode(tree: spec.content, fonts: fonts)  // internal: ScreenPictureSource draws the laid-out trees
    lazy var barTree = spec.bottomBar.map { LayoutNode(tree: $0, fonts: fonts) }
    /// The spec's text elements' fonts at every category, shared by its jobs (nil: each node works
    /// out its own, as a single state laid out again for a picture does).
    private let fonts: ElementFonts?
    /// Every node, depth first, content then bottom bar: the order of `ScreenSpec.allElements`, so
    /// a node's index here is its element's there (the job's per-element tables use it).
    lazy var checkedNodes: [LayoutNode] = {  // internal: BudgetCalculator reads the laid-out nodes
        var nodes: [LayoutNode] = []
        contentTree.collect(into: &nodes)
        barTree?.collect(into: &nodes)
        return nodes
    }()
    /// The indexes in `checkedNodes` of the nodes the checks read: those that can show text (labels,
    /// buttons, text fields; a button's height is recorded even without a title). Stacks, spacers,
    /// dividers and images never have a text result, so no state visits them.
    private lazy var textualNodes: [Int] = checkedNodes.indices.filter {
        switch checkedNodes[$0].element.kind {
        case .label, .button, .textField: return true
        case .vstack, .hstack, .spacer, .divider, .imageView: return false
        }
    }
    private lazy var primaryNodes = contentTree.all.filter { $0.element.isPrimary }
    /// The buttons among `checkedNodes`, in their order (`ScreenCheck.buttons`).
    private lazy var buttonNodes = checkedNodes.filter { $0.element.kind == .button }
    private lazy var anchorNode = spec.placement.anchor.flatMap { contentTree.find($0) } ?? contentTree

    init(
        spec: ScreenSpec, specPath: String, engine: TextEngine, strings: StringTables, localizations: [String],
        severity: @escaping (RuleID) -> Severity?, names: ScreenNames? = nil, fonts: ElementFonts? = nil, budgets: Bool = true
    ) {
        self.names = names ?? ScreenNames(spec)
        self.fonts = fonts
        self.budgets = budgets
        self.spec = spec
        self.specPath = specPath
        self.engine = engine
        self.strings = strings
        self.localizations = localizations
        self.severity = severity
    }

    /// The variants of `key`, the `keyIndex`-th key `Auditor.keys(of:)` lists for the element of node
    /// `index` (`checkedNodes`), in `entry`'s `localization`, as candidates each with its variant (nil:
    /// none): resolved once per job for the layout, the untranslated rule and the budgets' texts,
    /// which each resolved them (two lookups by string in the table, 47,000 calls and 37 million
    /// instructions on the benchmark corpus, for 16,000 keys). A key the layout shows is resolved as
    /// the layout's candidates (`ScreenLayouter.keyCandidates`); another (a field's placeholder
    /// beside its text), or any before the first state, directly.
    func keyCandidates(
        node index: Int, keyAt keyIndex: Int, key: String, entry: StringTables.Table, localization: String
    ) -> [Candidate]? {
        let node = checkedNodes[index]
        let e = node.element
        if let layouter, let slot = Self.slot(of: keyIndex, in: e) { return layouter.keyCandidates(node, slot: slot) }
        guard let variants = entry.variants(key: key, localization: localization, given: e.argumentSamples), !variants.isEmpty
        else { return nil }
        return variants.map { Candidate(text: $0.text, variant: $0) }
    }

    /// The layout's source slot (−1: the element's own text, i: its fallback i) of the `keyIndex`-th
    /// key `Auditor.keys(of:)` lists for `e` (its text, its placeholder, its fallbacks' keys, each
    /// when it is a key); nil for a placeholder the layout does not show (a field with a text).
    static func slot(of keyIndex: Int, in e: Element) -> Int? {
        var k = keyIndex
        if case .key? = e.text {
            if k == 0 { return -1 }
            k -= 1
        }
        if case .key? = e.placeholder {
            if k == 0 { return e.kind == .textField && e.text == nil ? -1 : nil }
            k -= 1
        }
        for (i, f) in e.fallbacks.enumerated() {
            guard case .key = f.text else { continue }
            if k == 0 { return i }
            k -= 1
        }
        return nil
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
        case .fit?: rootWidth = try layouter.intrinsicWidth(contentTree, limit: box.width, clamp: (nil, nil))
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
        var focusedNode: LayoutNode?
        if let f = key.focused, let fnode = self.focusedNode(f) {
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
                keyboard: keyboardShown ? Rect(x: 0, y: kbTop, width: W, height: keyboardHeight) : nil, bottomBar: barNode?.frame,
                scrolled: spec.keyboardAvoidance == .scrollView && keyboardShown
                    ? focusedNode.flatMap { Self.scrollIntoView($0.frame, visibleTop: box.y, visibleBottom: min(kbTop, barTop)) } : nil)
        }

        // The checks: every text rule on every laid-out text, then the rules about the whole state.
        checkedKey = key
        checkedLocale = key.locale
        checkedPlace = nil
        let nodes = checkedNodes
        for index in textualNodes {
            let n = nodes[index]
            if let text = n.text {
                result.checks += 1
                if text.showsFallback { result.fallbackNodes.append(index) }
                if !text.fontsRecorded {
                    // A memoised result appears in many states; its fonts are recorded once, and each
                    // font once per job (the job merges every state's into its own).
                    text.fontsRecorded = true
                    for face in text.paragraph.fonts where !recordedFaces.contains(face.id) {
                        recordedFaces.append(face.id)
                        result.fontFiles[face.id] = face.path
                    }
                }
                // Every string shown is checked once per job: the first state's, and each fallback
                // string where it engages (a short label at AX1 can lack glyphs too).
                if collectFacts || text.showsFallback { collectFactsOnce(&result, node: index, n.element, text) }
                let check = TextCheck(auditor: self, node: n, text: text)
                Rules.check(check, into: &result)
            }
            if n.element.kind == .button && collectButtonHeights { result.buttonHeights.append((index, n.frame.height)) }
        }
        let screen = ScreenCheck(
            auditor: self, width: W, height: H, safeTop: safeTop, safeBottom: safeBottom, box: box, content: node, bar: barNode,
            barTop: barTop, keyboardShown: keyboardShown, keyboardTop: kbTop, focused: focusedNode, buttons: buttonNodes,
            primary: primaryNodes)
        Rules.check(screen, into: &result)
    }

    /// The content tree's node of each focused field the job's states edit, found once per job (a
    /// search of the tree compares every element's id).
    private var focusedNodes: [(id: String, node: LayoutNode?)] = []

    private func focusedNode(_ id: String) -> LayoutNode? {
        if let known = focusedNodes.first(where: { $0.id == id }) { return known.node }
        let node = contentTree.find(id)
        focusedNodes.append((id, node))
        return node
    }

    /// How far a scroll view with `keyboardAvoidance: scrollView` scrolls its content up to show the
    /// field `frame` between `visibleTop` (the scroll view's top) and `visibleBottom` (the keyboard's
    /// or the bottom bar's): `scrollRectToVisible`'s least scroll, to the field's top when it is
    /// taller than the visible part (docs/spec-format.md §6.2). Nil when it does not scroll, or has no
    /// visible part. For the whole-screen picture (`ScreenPicture.scrolled`): the checks need only
    /// whether the field fits there (`HiddenByKeyboardRule`).
    static func scrollIntoView(_ frame: Rect, visibleTop: Double, visibleBottom: Double) -> Double? {
        guard visibleBottom > visibleTop else { return nil }
        let dy = min(0, max(visibleBottom - frame.maxY, visibleTop - frame.minY))
        return dy < -eps ? -dy : nil
    }

    /// The ids of the fonts this job has recorded in a state's `fontFiles` (a job draws with a few:
    /// searching them costs less than looking each result's fonts up in the state's table).
    private var recordedFaces: [Int] = []

    /// The texts whose facts were collected, per element (a job shows a few per element). Room for a
    /// screen's elements from the start: grown from empty, the table was made anew four times per job.
    private var factTexts = [ObjectIdentifier: [String]](minimumCapacity: 16)

    func collectFactsOnce(_ result: inout StateResult, node: Int, _ e: Element, _ t: TextResult) {
        let id = ObjectIdentifier(e)
        if factTexts[id]?.contains(t.text) ?? false { return }
        factTexts[id, default: []].append(t.text)
        collectFacts(&result, node: node, e, t)
    }

    /// Adds the facts of `t`, shown by `e` (node `node` of `checkedNodes`), to the state's.
    func collectFacts(_ result: inout StateResult, node: Int, _ e: Element, _ t: TextResult) {
        let slot = result.facts.lastIndex { $0.node == node }
        var facts = slot.map { result.facts[$0].facts } ?? ElementFacts(element: e)
        if facts.text.isEmpty { facts.text = t.text }
        let p = t.paragraph
        // Fallback fonts are named only for a font the spec names, not the system font: asked once
        // per text, not once per cluster.
        let namesFallbacks = !t.font.selection.isSystem
        for i in 0..<p.clusterCount {
            let f = p.clusterFont[i]
            if p.clusterMissing[i] {
                let a = p.analysis
                let s = a.substring(a.clusters[i].start, a.clusters[i].end)
                facts.missingText += s
                for scalar in s.unicodeScalars where !DefaultIgnorable.contains(scalar) {
                    let code = String(format: "U+%04X", scalar.value)
                    if !facts.missing.contains(code) { facts.missing.append(code) }
                    let script = ScriptTag(of: scalar)
                    if !script.isNeutral, let name = script.unicodeName {
                        if !facts.missingScripts.contains(name) { facts.missingScripts.append(name) }
                    } else {
                        facts.missingOutsideScripts = true
                    }
                }
            } else if namesFallbacks, f >= 0, !t.requested.contains(p.fonts[f]) {
                let name = p.fonts[f].displayName
                if !facts.fallbackFonts.contains(name) { facts.fallbackFonts.append(name) }
            }
        }
        if let slot { result.facts[slot].facts = facts } else { result.facts.append((node, facts)) }
    }

    /// The job's messages, fixes and shown texts, each distinct one stored once. On the shipped specs
    /// 47,644 findings have 5,087 distinct messages (touch-target's 19,986 only 299).
    private var interned = TextInterner()
    /// The spec's title and its screen states' names, shared by the spec's jobs (`ScreenNames`).
    private let names: ScreenNames
    /// The place of the last finding about a locale (`LocaleCheck`): the findings of one locale share it.
    private var lastPlace: Finding.Place?
    /// The element of the last finding made, and its index in `checkedNodes`.
    private var lastElement: (element: Element, index: Int?)?
    private var lastPrefix: (screen: String, hasher: StableHasher)?

    /// The fingerprint hasher after this spec and `screen` (the screen changes only with the focus).
    private func fingerprintPrefix(_ screen: String) -> StableHasher {
        if let last = lastPrefix, last.screen == screen { return last.hasher }
        let hasher = Finding.fingerprintPrefix(spec: specPath, screen: screen)
        lastPrefix = (screen, hasher)
        return hasher
    }

    func intern(_ s: String) -> String { interned.intern(s) }

    /// A finding about the checked state (`checkedKey`).
    /// The message and fix are made only when the rule reports at all: a rule the spec or
    /// `.typefit.yml` turns off (`severity: {fallback-used: ignore}`) words nothing.
    func add(
        _ result: inout StateResult, _ rule: RuleID, _ e: Element, _ message: @autoclosure () -> String,
        fix: @autoclosure () -> String?, hasPreview: Bool = false, numbers: (inout Finding.Numbers) -> Void
    ) {
        add(
            &result, rule, e, place: checkedStatePlace, wording: { .text(message: message(), fix: fix()) }, hasPreview: hasPreview,
            numbers: numbers)
    }

    /// A finding about the checked state (`checkedKey`), worded when read (`FindingWording`).
    func add(
        _ result: inout StateResult, _ rule: RuleID, _ e: Element, wording: FindingWording, hasPreview: Bool = false,
        numbers: (inout Finding.Numbers) -> Void
    ) {
        add(&result, rule, e, place: checkedStatePlace, wording: { wording }, hasPreview: hasPreview, numbers: numbers)
    }

    /// The place of the checked state's findings, made once per state.
    private func checkedStatePlace() -> Finding.Place {
        if let place = checkedPlace { return place }
        // The key's fields are read in place: a copy of the whole key retained and released each of
        // them (and its device's) for every place made.
        let focused = checkedKey!.focused
        let place = Finding.Place(
            spec: specPath, title: names.title, editing: focused, screen: names.name(focused: focused),
            scope: .state(checkedKey!.findingState))
        checkedPlace = place
        return place
    }

    /// A finding about `scope` (the state's, or the job's locale for locale-level facts).
    func add(
        _ result: inout StateResult, _ rule: RuleID, _ e: Element, scope: Finding.Scope, focused: String?,
        _ message: @autoclosure () -> String, fix: @autoclosure () -> String?, hasPreview: Bool = false,
        numbers: (inout Finding.Numbers) -> Void
    ) {
        add(
            &result, rule, e,
            place: {
                if let last = lastPlace, last.scope == scope, last.editing == focused { return last }
                let place = Finding.Place(
                    spec: specPath, title: names.title, editing: focused, screen: names.name(focused: focused), scope: scope)
                lastPlace = place
                return place
            }, wording: { .text(message: message(), fix: fix()) }, hasPreview: hasPreview, numbers: numbers)
    }

    /// The index of `e` in `checkedNodes`: the previous finding's element's again, or found by
    /// identity (a few dozen nodes, compared without hashing). Nil for an element that is no node
    /// (none is: every element of the spec is one).
    private func elementIndex(_ e: Element) -> Int? {
        if let last = lastElement, last.element === e { return last.index }
        let index = checkedNodes.firstIndex { $0.element === e }
        // Loud in the tests' debug build: a finding whose element is no node would leave its row out.
        assert(index != nil, "a finding about '\(e.id)', which is no node of the screen")
        lastElement = (e, index)
        return index
    }

    /// The one place a finding is made: its severity looked up once, its wording made only when the
    /// rule reports.
    private func add(
        _ result: inout StateResult, _ rule: RuleID, _ e: Element, place makePlace: () -> Finding.Place,
        wording makeWording: () -> FindingWording, hasPreview: Bool, numbers: (inout Finding.Numbers) -> Void
    ) {
        guard let sev = severity(rule) else { return }
        let wording = makeWording()
        var n = Finding.Numbers()
        numbers(&n)
        let place = makePlace()
        // Written-out messages and fixes are interned: most repeat within a job.
        let stored: FindingWording
        if case .text(let message, let fix) = wording {
            stored = .text(message: intern(message), fix: fix.map(intern))
        } else {
            stored = wording
        }
        result.findingElements.append(elementIndex(e))
        result.findings.append(
            Finding(
                rule: rule, severity: sev, place: place, prefix: fingerprintPrefix(place.screen), element: e.id, line: e.location.line,
                column: e.location.column, cause: nil, wording: consume stored, numbers: consume n, hasPreview: hasPreview))
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
        // A button's title is centred (UIControl.contentHorizontalAlignment, default .center) unless
        // the spec sets its alignment; labels and fields default to natural (UILabel.textAlignment).
        let alignment = n.element.textAlignment ?? (n.element.kind == .button ? .center : .natural)
        return PreviewSource(text: t, frame: n.frame, textOrigin: (x, y), textWidth: n.textWidth, alignment: alignment, engine: engine)
    }
}

/// A point value as messages print it (`PointText.format`: "40", "27.5").
func pt(_ v: Double) -> String { PointText.format(v) }
