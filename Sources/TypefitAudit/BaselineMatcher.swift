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

    private struct Key: Hashable {
        var spec: String, screen: String, element: String, rule: RuleID
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

    /// Marks the accepted findings and returns what the baseline did. `scope` is what the run
    /// audited per spec file (by the findings' spec path): an entry is stale only in what was audited.
    func apply(to findings: inout [Finding], scope: [String: Scope]) -> BaselineResult {
        var index: [Key: [Int]] = [:]
        var compiled: [Compiled] = []
        for (i, e) in baseline.entries.enumerated() {
            index[Key(spec: e.spec, screen: e.screen, element: e.element, rule: e.rule), default: []].append(i)
            compiled.append(Compiled(locales: Set(e.locales), devices: Set(e.devices), orientations: Set(e.orientations),
                                     editing: Set(e.editing)))
        }
        var specs: [String: String] = [:]
        var screens: [String: (screen: String, editing: String?)] = [:]
        var accepted = [Bool](repeating: false, count: findings.count)
        for i in findings.indices {
            let f = findings[i]
            let spec = specs[f.spec] ?? Baseline.relativePath(Baseline.resolvedPath(f.spec), from: baseline.directory)
            specs[f.spec] = spec
            let screen = screens[f.screen] ?? Baseline.splitScreen(f.screen)
            screens[f.screen] = screen
            guard let candidates = index[Key(spec: spec, screen: screen.screen, element: f.element, rule: f.rule)] else { continue }
            let category = ContentSizeCategory(name: f.category)
            let device = Baseline.specific(f.device)
            let orientation = Orientation(rawValue: f.orientation)
            for c in candidates {
                let e = baseline.entries[c]
                guard compiled[c].locales.contains(f.locale) else { continue }
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
                compiled[c].matchedLocales.insert(f.locale)
                if let device { compiled[c].matchedDevices.insert(device) }
                if let orientation, device != nil { compiled[c].matchedOrientations.insert(orientation) }
                if let field = screen.editing { compiled[c].matchedEditing.insert(field) }
                if let category { compiled[c].smallest = min(compiled[c].smallest ?? category, category) }
            }
        }
        // Set apart from the reads above, so each finding's box is uniquely referenced when written.
        var count = 0
        for i in findings.indices where accepted[i] {
            findings[i].accepted = true
            count += 1
        }
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
                  e.from.map({ from in s.categories.contains { $0 >= from } }) ?? true else { continue }
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
            let isStale = m.matched == 0 || entry.unmatchedLocales != nil || entry.unmatchedDevices != nil
                || entry.unmatchedOrientations != nil || entry.unmatchedEditing != nil || entry.nowFailsFrom != nil
            if isStale { stale.append(entry) }
        }
        return BaselineResult(file: baseline.file ?? baseline.directory, entries: baseline.entries.count, accepted: count, stale: stale)
    }

    /// Per-element summary cells whose errors and warnings are all accepted become `accepted`; a
    /// cell with an accepted error and a new warning shows the warning.
    static func markAcceptedCells(_ summaries: inout [AuditReport.ElementSummary], findings: [Finding]) {
        struct Cell: Hashable { var spec: String, screen: String, element: String, locale: String }
        var worstNew: [Cell: [Severity?]] = [:]
        var anyAccepted: [Cell: [Bool]] = [:]
        var screens: [String: String] = [:]
        for f in findings where f.severity != .info {
            guard let category = ContentSizeCategory(name: f.category) else { continue }
            let screen = screens[f.screen] ?? Baseline.splitScreen(f.screen).screen
            screens[f.screen] = screen
            let cell = Cell(spec: f.spec, screen: screen, element: f.element, locale: f.locale)
            if f.accepted {
                anyAccepted[cell, default: Array(repeating: false, count: 12)][category.rawValue] = true
            } else {
                var row = worstNew[cell] ?? Array(repeating: nil, count: 12)
                row[category.rawValue] = max(row[category.rawValue] ?? f.severity, f.severity)
                worstNew[cell] = row
            }
        }
        guard !anyAccepted.isEmpty else { return }
        for s in summaries.indices {
            let cell = Cell(spec: summaries[s].spec, screen: summaries[s].screen, element: summaries[s].element, locale: summaries[s].locale)
            guard let accepted = anyAccepted[cell] else { continue }
            for i in 0..<12 where accepted[i] && Severity(rawValue: summaries[s].categories[i]) != nil {
                summaries[s].categories[i] = worstNew[cell]?[i]?.rawValue ?? AuditReport.ElementSummary.acceptedCell
            }
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
