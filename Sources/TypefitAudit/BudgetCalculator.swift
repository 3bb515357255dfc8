import Foundation
import TypefitCore
import TypefitLayout
import TypefitSpec
import TypefitStrings
import TypefitText

/// Computes `BudgetReport`s by laying the screens out exactly as the audit does (`StateAuditor`,
/// `ScreenLayouter`) and reading the room each text element has (docs/budgets.md).
extension Auditor {
    /// One key of an element: where it is shown (the layouter's source slot: −1 the element's own
    /// text or placeholder, i its fallback i).
    struct BudgetSlot {
        var key: String
        var table: String?
        var role: String
        var slot: Int
        var source: TextSource
    }

    /// What the budget needs of one element in one laid-out state (the nodes are laid out again by
    /// the next state, so their values are copied).
    struct BudgetRoom {
        var width: Double
        var font: ElementFont
        var maxLines: Int
        var mode: LineBreakMode
        var lineHeight: Double
        /// Lines the screen can still give a growing text; nil: unlimited (the screen scrolls).
        var growLines: Int?
    }

    /// Every key an element shows, in `keys(of:)` order, with its layout slot.
    static func budgetSlots(of e: Element) -> [BudgetSlot] {
        var out: [BudgetSlot] = []
        if case .key(let k)? = e.text { out.append(BudgetSlot(key: k, table: e.table, role: "text", slot: -1, source: .key(k))) }
        if case .key(let k)? = e.placeholder {
            out.append(BudgetSlot(key: k, table: e.table, role: "placeholder", slot: -1, source: .key(k)))
        }
        for (i, f) in e.fallbacks.enumerated() {
            if case .key(let k) = f.text {
                out.append(BudgetSlot(key: k, table: f.table ?? e.table, role: "fallback \(i + 1)", slot: i, source: f.text))
            }
        }
        return out
    }

    /// The largest of `categories` at which slot `slot` is meant to be shown: below the first later
    /// `when: {category:}` fallback that replaces it, else the largest. Nil when none is. (The
    /// layouter takes the last `when: {category:}` fallback that applies, so only later ones replace
    /// a string; a `when: doesNotFit` fallback stands in for the string chosen by category.)
    static func budgetCategory(_ e: Element, slot: Int, categories: [ContentSizeCategory]) -> ContentSizeCategory? {
        var limit: ContentSizeCategory?
        for (i, f) in e.fallbacks.enumerated() where i > slot {
            if case .fromCategory(let c) = f.when { limit = limit.map { min($0, c) } ?? c }
        }
        let start: ContentSizeCategory? =
            slot >= 0
            ? {
                if case .fromCategory(let own) = e.fallbacks[slot].when { return own }; return nil
            }() : nil
        return categories.filter { c in (limit.map { c < $0 } ?? true) && (start.map { c >= $0 } ?? true) }.max()
    }

    /// The budgets of every key of the selected screens, in every selected locale.
    public func budgets() throws -> BudgetReport {
        let files = try Self.specFiles(options.paths)
        guard !files.isEmpty else { throw InputError(file: options.paths.joined(separator: ", "), message: "no spec files (*.yaml) found") }
        try checkSelection()
        var specs: [(file: String, spec: ScreenSpec)] = []
        for file in files { for spec in try SpecLoader.load(path: file) { specs.append((file, spec)) } }
        var pseudoSet = Set(options.pseudolocales)
        for (_, spec) in specs { for l in spec.locales ?? [] { if let p = Pseudolocale(rawValue: l.tag) { pseudoSet.insert(p) } } }
        for l in options.locales ?? [] { if let p = Pseudolocale(rawValue: LocaleResolver.canonical(l)) { pseudoSet.insert(p) } }
        let pseudolocales = pseudoSet.sorted()
        var loaded: [TableSource: LocalizedStrings] = [:]
        var keys: [KeyBudget] = []
        for (file, spec) in specs {
            var tables: [StringTables.Table] = []
            for ref in spec.strings {
                let source = TableSource(ref)
                if loaded[source] == nil { loaded[source] = try Self.loadTable(ref, specFile: spec.file, pseudolocales: pseudolocales) }
                tables.append(.init(name: ref.table, strings: loaded[source]!))
            }
            let strings = StringTables(tables)
            try validateKeys(spec, strings: strings, file: file)
            // A localization a default run leaves out: one that reads another's strings has that one's budgets, and `qqq` is no user's.
            let locales = try resolveLocales(spec, strings: strings, file: file, pseudolocales: options.pseudolocales)
                .filter(\.isAudited)
            var devices = spec.devices
            if let only = options.devices { devices = devices.filter { only.contains($0.name) } }
            let orientation: Orientation = spec.orientations.contains(.portrait) ? .portrait : spec.orientations.first ?? .portrait
            guard let device = devices.min(by: { $0.metrics(orientation).width < $1.metrics(orientation).width }) else { continue }
            let categories = (options.categories ?? spec.categories ?? ContentSizeCategory.allCases).sorted()
            keys += try budgets(
                spec, file: file, strings: strings, locales: locales, device: device, orientation: orientation,
                categories: categories)
        }
        if let only = options.devices {
            // A device no selected screen has: the request cannot be honoured (as in the audit).
            let specDevices = Set(specs.flatMap { $0.spec.devices.map(\.name) })
            for (entry, d) in only.enumerated() where !specDevices.contains(d) {
                let known = Device.preset(named: d) != nil
                // A model that is not a preset: its size, never another device's name as a "did you mean".
                if !known, let model = DeviceModel.notAPreset(d) {
                    throw InputError(file: "--devices", message: model.message, hint: model.hint, entry: entry)
                }
                throw InputError(
                    file: "--devices",
                    message: known
                        ? "no selected screen has the device '\(ControlCharacters.escaped(d))'"
                        : "unknown device '\(ControlCharacters.escaped(d))'",
                    hint: Suggestion.hint(for: d, in: specDevices.sorted()) ?? "the screens' devices: "
                        + specDevices.sorted().joined(separator: ", "),
                    entry: entry)
            }
        }
        if keys.isEmpty {
            throw InputError(
                file: options.paths.joined(separator: ", "),
                message: "no localizable key to budget: no selected screen shows a key of its strings")
        }
        var filesRead = files
        for source in loaded.keys.sorted(by: { ($0.path, $0.table) < ($1.path, $1.table) }) {
            if source.isCatalog { filesRead.append(source.path); continue }
            let walker = FileManager.default.enumerator(atPath: source.path)
            while let item = walker?.nextObject() as? String { filesRead.append((source.path as NSString).appendingPathComponent(item)) }
        }
        return BudgetReport(keys: keys, filesRead: filesRead)
    }

    func budgets(
        _ spec: ScreenSpec, file: String, strings: StringTables, locales: [ResolvedLocale], device: Device,
        orientation: Orientation, categories: [ContentSizeCategory]
    ) throws -> [KeyBudget] {
        // Which category each key is budgeted at, and which states to lay out.
        var wanted: [(element: Element, slot: BudgetSlot, category: ContentSizeCategory)] = []
        for e in spec.allElements where e.showsText {
            for s in Self.budgetSlots(of: e) {
                guard let c = Self.budgetCategory(e, slot: s.slot, categories: categories) else { continue }
                wanted.append((e, s, c))
            }
        }
        let states = Set(wanted.map(\.category)).sorted()
        var byKey: [Int: [LocaleBudget]] = [:]
        var grows: [Int: Bool] = [:]
        for locale in locales.sorted(by: { $0.requested < $1.requested }) {
            let auditor = StateAuditor(
                spec: spec, specPath: file, engine: engine, strings: strings,
                localizations: locale.localizations, severity: { _ in nil })
            // The measuring layouter: no memo, so a text field's text and placeholder (both slot −1) do not share candidates.
            let memo = TextMemo(policy: .disabled)
            let measurer = ScreenLayouter(
                engine: engine, memo: memo, strings: strings, locale: locale.requested,
                localizations: locale.localizations, category: .large)
            var rooms: [ContentSizeCategory: [ObjectIdentifier: BudgetRoom]] = [:]
            for c in states {
                var result = StateResult()
                try auditor.audit(
                    StateKey(device: device, orientation: orientation, locale: locale.requested, category: c, focused: nil), into: &result)
                rooms[c] = room(auditor.checkedNodes, spec: spec, device: device, orientation: orientation)
            }
            var advances: [ElementFont: Double] = [:]
            for (i, w) in wanted.enumerated() {
                guard let r = rooms[w.category]?[ObjectIdentifier(w.element)] else { continue }
                let advance: Double
                if let a = advances[r.font] {
                    advance = a
                } else {
                    advance = try averageAdvance(spec, strings: strings, locale: locale, font: r.font)
                    advances[r.font] = advance
                }
                grows[i] = r.maxLines == 0
                let lines: Int? = r.maxLines == 0 ? r.growLines : r.maxLines
                let chars = lines.map { advance > 0 ? Int((r.width * Double($0) / advance + 1e-9).rounded(.down)) : 0 }
                var budget = LocaleBudget(
                    locale: locale.requested, localization: locale.localization, width: round2(r.width), lines: lines,
                    fontSize: round2(r.font.size), lineHeight: round2(r.lineHeight), averageAdvance: round2(advance),
                    estimatedCharacters: chars, translation: nil)
                let table = strings.table(w.slot.table)
                let localization = table.map { $0.localization(in: locale.localizations) }
                let variants = strings.variants(key: w.slot.key, table: w.slot.table, localizations: locale.localizations) ?? []
                let isSource = localization != nil && localization == table?.sourceLanguage
                if !variants.isEmpty && (isSource || variants.contains { !$0.status.isFallback }) {
                    let m = try measurer.measure(
                        w.slot.source, slot: w.slot.slot, font: r.font, width: r.width,
                        lines: w.element.kind == .textField ? 1 : r.maxLines, mode: r.mode, heightLimit: nil,
                        node: LayoutNode(tree: w.element))
                    let layout = m.result.layout
                    // The engine's verdict; the share compares the one-line width with the total line length.
                    let fits = r.maxLines == 0 ? lines.map { layout.lineCount <= $0 } ?? true : m.fits
                    let share: Double? = lines.flatMap { $0 > 0 && r.width > 0 ? layout.naturalWidth / (r.width * Double($0)) : nil }
                    budget.translation = MeasuredTranslation(
                        text: m.result.text, variant: m.result.variant.flatMap { $0.label == "default" ? nil : $0.label },
                        isSource: isSource, width: round2(layout.naturalWidth), linesNeeded: layout.lineCount,
                        share: share.map { ($0 * 1000).rounded() / 1000 }, fits: fits)
                }
                byKey[i, default: []].append(budget)
            }
        }
        return wanted.enumerated().compactMap { i, w in
            guard let list = byKey[i] else { return nil }
            let sorted = list.sorted { a, b in
                let sa = a.translation?.share ?? -1, sb = b.translation?.share ?? -1
                return sa != sb ? sa > sb : a.locale < b.locale
            }
            return KeyBudget(
                spec: file, screen: spec.title, element: w.element.id, line: w.element.location.line, column: w.element.location.column,
                key: w.slot.key, table: w.slot.table ?? strings.tables[0].name, role: w.slot.role, device: device.name,
                orientation: orientation.rawValue, category: w.category.name, grows: grows[i] ?? false,
                locales: sorted)
        }
    }

    /// The room of every text element of a laid-out state. For text that grows (numberOfLines 0):
    /// the height the screen can still give — the safe area (above the bottom bar) minus the
    /// content's height — added to the text's own height, divided by its line height, rounded down.
    func room(_ nodes: [LayoutNode], spec: ScreenSpec, device: Device, orientation: Orientation) -> [ObjectIdentifier: BudgetRoom] {
        let metrics = device.metrics(orientation)
        let safe = metrics.safeArea + spec.additionalSafeAreaInsets
        let barTop = spec.bottomBar.flatMap { bar in nodes.first { $0.element === bar }?.frame.minY } ?? .infinity
        let bottomLimit = min(metrics.height - safe.bottom, barTop)
        let root = nodes.first { $0.element === spec.content }
        let spare = root.map { (bottomLimit - safe.top) - $0.frame.height } ?? 0
        var out: [ObjectIdentifier: BudgetRoom] = [:]
        for n in nodes {
            guard let t = n.text else { continue }
            let lineHeight = t.layout.lineHeight
            var grow: Int?
            if t.maxLines == 0 && !spec.scrolls && lineHeight > 0 {
                grow = max(1, Int(((t.layout.height + spare) / lineHeight + 1e-9).rounded(.down)))
            }
            out[ObjectIdentifier(n.element)] = BudgetRoom(
                width: n.textWidth, font: t.font, maxLines: t.maxLines, mode: t.mode,
                lineHeight: lineHeight, growLines: grow)
        }
        return out
    }

    /// The locale's average advance per character, in points, in `font`: the one-line widths of
    /// every string the screen shows in this locale, divided by their characters (grapheme clusters).
    func averageAdvance(_ spec: ScreenSpec, strings: StringTables, locale: ResolvedLocale, font: ElementFont) throws -> Double {
        let texts = Self.budgetTexts(spec, strings: strings, localizations: locale.localizations)
        return try Self.averageAdvance(texts, locale: locale.requested, font: font, engine: engine)
    }

    /// Every distinct string the screen shows in the localizations (each key's every variant, in
    /// element order), and their characters (grapheme clusters): what the average advance averages.
    /// The same for every font and size, so a job lists them once. Strings are told apart by their
    /// exact code units, as the engine's caches do: two spellings of "é" are two strings shown (and
    /// hashing a `String` normalises it first, which cost thousands of instructions per translation).
    /// - Parameter candidates: a key's variants as candidates (node index, key index, key, table
    ///   entry, localization), when the caller keeps them for its job (`StateAuditor.keyCandidates`);
    ///   by default resolved from the table.
    static func budgetTexts(
        _ spec: ScreenSpec, strings: StringTables, localizations: [String],
        candidates: ((Int, Int, String, StringTables.Table, String) -> [Candidate]?)? = nil
    ) -> (texts: [String], characters: Int) {
        var texts: [String] = [], characters = 0
        // A screen shows a few distinct strings: they are told apart by comparing their bytes with
        // the ones listed (no hashing, and no set regrown insert by insert) until there are
        // `linearLimit`, then by a set of them all.
        let linearLimit = 32
        var seen: Set<ExactText>?
        func isNew(_ text: String) -> Bool {
            if seen != nil { return seen!.insert(ExactText(text)).inserted }
            return !texts.contains { SameBytes.equal($0, text) }
        }
        var tableLocalizations = TableLocalizations(localizations)
        for (i, e) in spec.allElements.enumerated() {
            for (j, (k, table)) in keys(of: e).enumerated() {
                guard let entry = strings.named(table) else { continue }
                let localization = tableLocalizations.localization(of: entry, named: table)
                func add(_ text: String) {
                    guard isNew(text) else { return }
                    texts.append(text)
                    characters += CharacterCount.of(text)
                    if seen == nil && texts.count == linearLimit { seen = Set(texts.map(ExactText.init)) }
                }
                if let candidates {
                    for c in candidates(i, j, k, entry, localization) ?? [] { add(c.text) }
                } else {
                    for v in entry.variants(key: k, localization: localization, given: e.argumentSamples) ?? [] { add(v.text) }
                }
            }
        }
        return (texts, characters)
    }

    /// The average advance of `texts` in `font`: their one-line widths (`TextEngine.naturalWidths`,
    /// exactly `layout(request).naturalWidth` for each) added up in order (`totalNaturalWidth`), over
    /// their characters.
    /// `shaped`: the texts' shaped paragraphs kept between calls for the same texts (one job's).
    static func averageAdvance(
        _ texts: (texts: [String], characters: Int), locale: String, font: ElementFont, engine: TextEngine, shaped: ShapedTexts? = nil
    ) throws -> Double {
        guard texts.characters > 0 else { return 0 }
        let width = try engine.totalNaturalWidth(
            texts.texts, fonts: font.selection, weight: font.weight, size: font.size, locale: locale, shaped: shaped)
        return width / Double(texts.characters)
    }
}
