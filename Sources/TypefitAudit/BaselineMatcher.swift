import TypefitCore
import TypefitSpec

/// Applies a baseline to an audit's findings: marks the ones it accepts (`Finding.accepted`) and
/// finds its stale entries. The rule is `Baseline`'s: same spec (relative to the baseline's folder),
/// screen, element and rule; locale, device, orientation and focused field listed; category at
/// least `from`.
struct BaselineMatcher {
    let baseline: Baseline

    /// What a run audited in one spec file: only entries within it can be found stale.
    struct Scope {
        var locales: Set<String> = []
        var categories: Set<ContentSizeCategory> = []
        var devices: Set<String> = []
    }

    private struct Screen: Hashable {
        var spec: String, screen: String
    }

    /// An entry's lists as sets, and what matched it.
    private struct Compiled {
        var locales: Set<String>
        var devices: Set<String>
        var orientations: Set<Orientation>
        var editing: Set<String>
        var matched = 0
        var matchedLocales: Set<String> = []
        var matchedDevices: Set<String> = []
        var matchedOrientations: Set<Orientation> = []
        var matchedEditing: Set<String> = []
        var smallest: ContentSizeCategory?
    }

    /// Entries by screen, then element (a finding hashes only its element).
    private var index: [Screen: [String: [Int]]] = [:]
    private var compiled: [Compiled] = []
    private var specs: [String: String] = [:]
    /// Findings accepted so far.
    private(set) var acceptedCount = 0

    init(baseline: Baseline) {
        self.baseline = baseline
        for (i, e) in baseline.entries.enumerated() {
            index[Screen(spec: e.spec, screen: e.screen), default: [:]][e.element, default: []].append(i)
            compiled.append(
                Compiled(
                    locales: Set(e.locales), devices: Set(e.devices), orientations: Set(e.orientations),
                    editing: Set(e.editing)))
        }
    }

    /// Marks the findings the baseline accepts, and remembers which entries matched them (an audit
    /// passes its findings a spec at a time).
    mutating func accept(_ findings: inout [Finding]) {
        var accepted = [Bool](repeating: false, count: findings.count)
        // Findings of one screen state come together and share their spec and screen strings, so the
        // last ones seen are compared (by identity, mostly) before anything is looked up.
        var lastSpec = "", lastScreen = ""
        var current: (screen: String, editing: String?, elements: [String: [Int]]?) = ("", nil, nil)
        for i in findings.indices {
            let f = findings[i]
            if f.spec != lastSpec || f.screen != lastScreen {
                lastSpec = f.spec
                lastScreen = f.screen
                let spec = specs[f.spec] ?? Baseline.relativePath(Baseline.resolvedPath(f.spec), from: baseline.directory)
                specs[f.spec] = spec
                current = (f.title, f.editing, index[Screen(spec: spec, screen: f.title)])
            }
            guard let candidates = current.elements?[f.element] else { continue }
            let screen = (screen: current.screen, editing: current.editing)
            let category = f.category ?? f.rule.firstRelevantCategory, device = f.device, orientation = f.orientation
            let locale = f.locale ?? Baseline.independent
            for c in candidates {
                let e = baseline.entries[c]
                guard e.rule == f.rule, compiled[c].locales.contains(locale) else { continue }
                switch (category, e.from) {
                case (nil, nil): break
                case let (x?, from?) where x >= from: break
                default: continue
                }
                if let device {
                    guard compiled[c].devices.contains(device) else { continue }
                } else if !e.devices.isEmpty {
                    continue
                }
                if let orientation, device != nil, !compiled[c].orientations.contains(orientation) { continue }
                if let field = screen.editing {
                    guard compiled[c].editing.contains(field) else { continue }
                } else if !e.editing.isEmpty {
                    continue
                }
                accepted[i] = true
                compiled[c].matched += 1
                compiled[c].matchedLocales.insert(locale)
                if let device { compiled[c].matchedDevices.insert(device) }
                if let orientation, device != nil { compiled[c].matchedOrientations.insert(orientation) }
                if let field = screen.editing { compiled[c].matchedEditing.insert(field) }
                if let category { compiled[c].smallest = min(compiled[c].smallest ?? category, category) }
            }
        }
        // Set apart from the reads above, so each finding's box is uniquely referenced when written.
        for i in findings.indices where accepted[i] {
            findings[i].acceptance = .baseline
            acceptedCount += 1
        }
    }

    /// What the baseline did to every finding passed to `accept`: `scope` is what the run audited per
    /// spec file (by the findings' spec path): an entry is stale only in what was audited.
    func result(scope: [String: Scope]) -> BaselineResult {
        var scopes: [String: Scope] = [:]
        for (path, s) in scope {
            scopes[Baseline.relativePath(Baseline.resolvedPath(path), from: baseline.directory), default: Scope()].merge(s)
        }
        var stale: [BaselineResult.StaleEntry] = []
        for (i, e) in baseline.entries.enumerated() {
            // Only what this run audited: a spec, locale, device or category left out is not fixed.
            guard let s = scopes[e.spec] else { continue }
            let locales = e.locales.filter { $0 == Baseline.independent || s.locales.contains($0) }
            let devices = e.devices.filter { s.devices.contains($0) }
            guard !locales.isEmpty, e.devices.isEmpty || !devices.isEmpty,
                e.from.map({ from in s.categories.contains { $0 >= from } }) ?? true
            else { continue }
            let m = compiled[i]
            func unmatched(_ all: [String], _ seen: Set<String>) -> [String]? {
                let rest = all.filter { !seen.contains($0) }
                return rest.isEmpty ? nil : rest
            }
            var entry = BaselineResult.StaleEntry(
                line: i < baseline.lines.count ? baseline.lines[i] : nil, spec: e.spec, screen: e.screen, element: e.element,
                rule: e.rule, from: e.from?.name, matched: m.matched)
            if m.matched > 0 {
                entry.unmatchedLocales = unmatched(locales, m.matchedLocales)
                entry.unmatchedDevices = unmatched(devices, m.matchedDevices)
                entry.unmatchedOrientations = unmatched(e.orientations.map(\.rawValue), Set(m.matchedOrientations.map(\.rawValue)))
                entry.unmatchedEditing = unmatched(e.editing, m.matchedEditing)
                if let from = e.from, s.categories.contains(from), let now = m.smallest, now > from { entry.nowFailsFrom = now.name }
            } else {
                entry.unmatchedLocales = locales
            }
            let isStale =
                m.matched == 0 || entry.unmatchedLocales != nil || entry.unmatchedDevices != nil
                || entry.unmatchedOrientations != nil || entry.unmatchedEditing != nil || entry.nowFailsFrom != nil
            if isStale { stale.append(entry) }
        }
        return BaselineResult(
            file: baseline.file ?? baseline.directory, entries: baseline.entries.count, accepted: acceptedCount, stale: stale)
    }

    /// Per-element summary cells whose errors and warnings are all accepted become `accepted`; a
    /// cell with an accepted error and a new warning shows the warning.
    static func markAcceptedCells(_ summaries: inout [AuditReport.ElementSummary], findings: any Sequence<Finding>) {
        guard let marks = AcceptedCells(findings: findings) else { return }
        for s in summaries.indices { marks.mark(&summaries[s]) }
    }

    /// What the findings say of each summary cell: which have accepted findings, and the worst
    /// finding there that is not accepted.
    struct AcceptedCells {
        private struct Cell: Hashable { var screen: Int, element: String, locale: String }
        private var screenIDs: [Screen: Int] = [:]
        private var worstNew: [Cell: [Severity?]] = [:]
        private var anyAccepted: [Cell: [Bool]] = [:]

        /// Nil when no finding is accepted (nothing to mark).
        init?(findings: any Sequence<Finding>) {
            // Screens (spec and title) by number, so a cell hashes a number, an element and a locale.
            var lastSpec = "", lastScreen = "", id = 0
            for f in findings where f.severity != .info {
                guard let category = f.category, let locale = f.locale else { continue }
                if f.spec != lastSpec || f.screen != lastScreen {
                    lastSpec = f.spec
                    lastScreen = f.screen
                    let key = Screen(spec: f.spec, screen: f.title)
                    id = screenIDs[key] ?? screenIDs.count
                    screenIDs[key] = id
                }
                let cell = Cell(screen: id, element: f.element, locale: locale)
                if f.accepted {
                    anyAccepted[cell, default: Array(repeating: false, count: 12)][category.rawValue] = true
                } else {
                    var row = worstNew[cell] ?? Array(repeating: nil, count: 12)
                    row[category.rawValue] = max(row[category.rawValue] ?? f.severity, f.severity)
                    worstNew[cell] = row
                }
            }
            if anyAccepted.isEmpty { return nil }
        }

        /// Marks one summary's cells; false when it has none to mark.
        @discardableResult
        func mark(_ summary: inout AuditReport.ElementSummary) -> Bool {
            guard let screen = screenIDs[Screen(spec: summary.spec, screen: summary.screen)] else { return false }
            let cell = Cell(screen: screen, element: summary.element, locale: summary.locale)
            guard let accepted = anyAccepted[cell] else { return false }
            for i in 0..<12 where accepted[i] && summary.categories[i].isFailing {
                summary.categories[i] = worstNew[cell]?[i].flatMap(CategoryVerdict.init(failing:)) ?? .accepted
            }
            return true
        }
    }
}

extension BaselineMatcher.Scope {
    mutating func merge(_ other: Self) {
        locales.formUnion(other.locales)
        categories.formUnion(other.categories)
        devices.formUnion(other.devices)
    }
}
