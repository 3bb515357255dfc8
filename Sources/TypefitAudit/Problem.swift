import Foundation
import TypefitCore

/// One thing to fix: the findings of one element, one rule and one root cause (the same missing
/// characters, the same fallback key), over every screen state, locale, category, device and
/// orientation they span. A fixed-height button that is too short yields one finding per locale ×
/// category × device × orientation × keyboard state, and one problem.
///
/// Problems come out worst first (``isWorse(than:)``), numbered by `rank` from 1. Every finding of
/// a report is in exactly one problem. Reports (docs/report-format.md `problems`) list each
/// problem's findings by fingerprint.
public struct Problem: Sendable {
    /// Stable identity: 32 hex digits over spec, element, rule and cause (survives re-runs and
    /// changes in which locales fail).
    public let id: String
    public let spec: String
    public let element: String
    public let rule: RuleID
    /// The root cause beyond element and rule, when a rule has several: the missing characters
    /// (`missing-glyphs`, `font-fallback`) or the fallback key shown (`fallback-used`).
    public let cause: String?
    /// Where the element is written: the smallest line and column among the findings.
    public let line: Int
    public let column: Int
    /// Every finding, in report order (accepted ones included), read from the run's store as the
    /// list is read.
    public let findings: FindingList
    /// How many of `findings` the baseline accepts or a waiver waives.
    public let acceptedCount: Int
    /// How many of those a waiver waives (`Acceptance.waiver`).
    public let waivedCount: Int
    /// The worst severity among the findings the baseline does not accept (among all of them when it
    /// accepts them all).
    public let severity: Severity
    /// The worst case: the finding with the largest ``magnitude(_:)`` (ties: the larger category,
    /// then the smaller fingerprint), among the findings the baseline does not accept when any.
    public let worst: Finding
    /// Screen titles (states) the findings are in, sorted.
    public let states: [String]
    /// The titles of those states' screens (without the field being edited), in the order of `states`,
    /// each once.
    public let screens: [String]
    /// Locales, devices and orientations named by the findings, sorted; a finding that holds for
    /// every locale (`fixed-font-size`, layout findings of screen-wide checks) adds none.
    public let locales: [String]
    public let devices: [String]
    public let orientations: [String]
    /// Locales and devices named by the findings the baseline does not accept (by all of them when
    /// it accepts them all), sorted.
    public let describedLocales: [String]
    public let describedDevices: [String]
    /// Categories named by those findings, xSmall … AX5.
    public let describedCategories: [ContentSizeCategory]
    /// Categories named by the findings, xSmall … AX5.
    public let categories: [ContentSizeCategory]
    /// Per first category (xSmall … AX5), the locales whose first finding is at that category
    /// ("every locale" is the empty list, for findings that hold for every locale).
    public let firstCategories: [FirstCategory]
    /// The same over the findings the baseline does not accept (over all of them when it accepts
    /// them all): where the findings a report counts begin.
    public let describedFirstCategories: [FirstCategory]
    /// Its 1-based place in the worst-first order of the report's problems.
    public internal(set) var rank = 0

    public struct FirstCategory: Sendable, Equatable {
        public let category: ContentSizeCategory
        /// Sorted; empty when the findings hold for every locale.
        public let locales: [String]
    }

    /// Every finding is accepted by the baseline or waived.
    public var isAccepted: Bool { acceptedCount == findings.count }

    /// What accepted its accepted findings (empty when none is).
    public var acceptances: Set<Acceptance> { Acceptance.kinds(baselined: acceptedCount - waivedCount, waived: waivedCount) }

    /// The smallest category with a finding (nil when no finding names one).
    public var earliestCategory: ContentSizeCategory? { categories.first ?? rule.firstRelevantCategory }

    /// Whether it shows in a source language of the strings (the development language a team reads
    /// first), or in every locale; set by `problems(in:sourceLanguages:)`.
    public internal(set) var failsInSourceLanguage = false

    /// Whether it shows at the default text size (Large) or smaller, or at every size.
    public let failsAtDefaultSize: Bool

    /// The fix of the worst case, else the first fix among the findings.
    public let fix: String?

    /// Some finding holds for every locale (it names none).
    let holdsForEveryLocale: Bool

    /// The worst case's overflow or shortfall, rounded to 0.1 pt as messages print it.
    public var worstMagnitude: Double? { Problem.magnitude(worst).map { ($0 * 10).rounded() / 10 } }

    // MARK: - Measuring

    /// How bad one finding of a rule that measures space is, in pt: its overflow, else how much
    /// height or width it lacks (a touch target's 44 pt minimum); nil for the other rules
    /// (`fallback-used`, `fixed-font-size`, …) and when nothing is lacking.
    public static func magnitude(_ f: Finding) -> Double? {
        switch f.rule {
        case .truncated, .clipped, .wordSplit, .doesNotFit, .hiddenByKeyboard, .touchTarget, .autoshrinkBelowMinimum, .fallbackOverflow:
            break
        case .fixedFontSize, .autoshrink, .fallbackUsed, .fontFallback, .missingGlyphs, .untranslated, .stringProblem, .borderlineFit,
            .literalText:
            return nil
        }
        let n = f.numbers
        if let o = n.overflow { return o }
        var short = 0.0
        if let need = n.heightNeeded, let have = n.heightAvailable { short = max(short, need - have) }
        if let need = n.widthNeeded, let have = n.widthAvailable { short = max(short, need - have) }
        return short > 0 ? short : nil
    }

    /// The root cause a rule adds to element and rule, if any.
    static func cause(_ f: Finding) -> String? {
        switch f.rule {
        case .missingGlyphs, .fontFallback: return f.numbers.missingCharacters.map { $0.joined(separator: " ") }
        case .fallbackUsed: return f.numbers.fallback
        default: return f.cause
        }
    }

    // MARK: - Grouping

    /// The problems of `findings`, worst first, ranked from 1; a problem seen in one of
    /// `sourceLanguages` (or in every locale) ranks above the same problem seen only in translations.
    public static func problems(in findings: [Finding], sourceLanguages: Set<String> = []) -> [Problem] {
        problems(in: FindingList(findings), sourceLanguages: sourceLanguages)
    }

    /// The problems of a run's findings, as ``problems(in:sourceLanguages:)-([Finding],_)`` says.
    public static func problems(in findings: FindingList, sourceLanguages: Set<String> = []) -> [Problem] {
        problems(in: findings) { $0.fails(inOneOf: sourceLanguages) }
    }

    /// Whether a finding is in one of `sourceLanguages` or holds for every locale (false without
    /// source languages).
    func fails(inOneOf sourceLanguages: Set<String>) -> Bool {
        !sourceLanguages.isEmpty && (holdsForEveryLocale || locales.contains { sourceLanguages.contains($0) })
    }

    /// The problems of `findings`, worst first, ranked from 1, with `failsInSourceLanguage` as
    /// `inSourceLanguage` says (a report read back knows it per problem, not the languages). Grouped
    /// one spec at a time (a problem is one spec's), so only one spec's findings are decoded at once.
    static func problems(in findings: FindingList, failsInSourceLanguage inSourceLanguage: (Problem) -> Bool) -> [Problem] {
        var out: [Problem] = []
        for (_, list) in findings.grouped(by: \.spec) {
            out += ungrouped(Array(list), at: list.ranges.flatMap { $0 }, in: findings.store)
        }
        return ranked(out, failsInSourceLanguage: inSourceLanguage)
    }

    /// The problems of findings (of any specs) whose indices in `store` are `indices`, unranked.
    static func ungrouped(_ findings: [Finding], at indices: [Int], in store: FindingStore) -> [Problem] {
        struct Key: Hashable { var spec: String, element: String, rule: RuleID, cause: String? }
        var index: [Key: Int] = [:]
        var groups: [[Int]] = []
        var keys: [Key] = []
        // Findings in report order come grouped by spec, element and rule: most have the previous
        // one's key, which is compared rather than hashed again.
        var last: (key: Key, group: Int)?
        for (n, f) in findings.enumerated() {
            let key = Key(spec: f.spec, element: f.element, rule: f.rule, cause: cause(f))
            if let last, last.key == key {
                groups[last.group].append(n)
            } else if let i = index[key] {
                groups[i].append(n)
                last = (key, i)
            } else {
                last = (key, groups.count)
                index[key] = groups.count
                groups.append([n])
                keys.append(key)
            }
        }
        return zip(keys, groups).map { key, members in
            Problem(
                spec: key.spec, element: key.element, rule: key.rule, cause: key.cause, findings: members.map { findings[$0] },
                list: FindingList(store: store, ranges: FindingList.runs(members.map { indices[$0] })))
        }
    }

    /// Problems worst first, ranked from 1, with `failsInSourceLanguage` as `inSourceLanguage` says.
    static func ranked(_ problems: [Problem], failsInSourceLanguage inSourceLanguage: (Problem) -> Bool) -> [Problem] {
        var marked = problems
        for i in marked.indices { marked[i].failsInSourceLanguage = inSourceLanguage(marked[i]) }
        // Their indices sorted (a stable sort, as sorting the problems was), each problem then copied
        // once: sorting the problems themselves copied and destroyed one (two dozen fields, a retain
        // and a release of each) at nearly every step, 18 million instructions on the benchmark corpus.
        let all = marked
        let keys = all.map(RankKey.init)
        let order = all.indices.sorted { a, b in
            let x = keys[a], y = keys[b]
            return x != y ? x.isWorse(than: y) : all[a].isWorse(sameRankAs: all[b])
        }
        var out: [Problem] = []
        out.reserveCapacity(all.count)
        for i in order {
            out.append(all[i])
            out[out.count - 1].rank = out.count
        }
        return out
    }

    /// A problem of `findings` (decoded, for its aggregates), which `list` keeps.
    init(spec: String, element: String, rule: RuleID, cause: String?, findings: [Finding], list: FindingList) {
        self.spec = spec
        self.element = element
        self.rule = rule
        self.cause = cause
        self.findings = list
        var h = StableHasher()
        h.feed(spec, separator: false)
        h.feed(element)
        h.feed(rule.rawValue)
        if let cause { h.feed(cause) }
        id = h.hex
        var line = Int.max, column = Int.max
        var accepted = 0
        // A problem's findings come in report order (device, orientation, locale, category): most
        // repeat the previous finding's values, which `RunSet` does not hash again.
        // Room from the start for the sets that grow with the findings (a set grown a value at a
        // time hashes its values again at each doubling); the others hold a few values.
        let room = min(findings.count, 128)
        var states = RunSet<String>(), locales = RunSet<String>(minimumCapacity: room), devices = RunSet<String>()
        var orientations = RunSet<String>()
        var titles: [String: String] = [:]
        var categories = CategorySet()
        var first = [String: ContentSizeCategory](minimumCapacity: room)  // per locale, as `locales`
        var lastFirst: (locale: String, category: ContentSizeCategory)?
        var everyLocaleFrom: ContentSizeCategory?
        var everyLocale = false
        // The open findings (those the baseline does not accept) are all of them when it accepts
        // none, or accepts them all: what is counted over them is gathered in the same pass.
        var waived = 0
        for f in findings {
            switch f.acceptance {
            case .baseline?: accepted += 1
            case .waiver?: accepted += 1; waived += 1
            case nil: break
            }
        }
        let everyOne = accepted == 0 || accepted == findings.count
        struct Pair: Hashable { var locale: String?, device: String? }
        var pairs = RunSet<Pair>(minimumCapacity: room), described = CategorySet()
        var openLocales = RunSet<String>(), openDevices = RunSet<String>()
        var failsAtDefault = false
        var lastPlace: Finding.Place?
        // The place whose values the open findings' sets last took: a following open finding of the
        // same place would insert the same values again.
        var lastOpenPlace: Finding.Place?
        for f in findings {
            if (f.line, f.column) < (line, column) { (line, column) = (f.line, f.column) }
            // What follows depends only on the finding's place (one object per screen state: its
            // screen, device, orientation, locale and category), whether the finding is open, and
            // the problem's rule.
            let place = f.storage.place
            if everyOne || !f.accepted, lastOpenPlace !== place {
                lastOpenPlace = place
                pairs.insert(Pair(locale: place.locale, device: place.device))
                if let c = place.category { described.insert(c) }
                if !everyOne {
                    if let locale = place.locale { openLocales.insert(locale) }
                    if let d = place.device { openDevices.insert(d) }
                }
            }
            guard lastPlace !== place else { continue }
            lastPlace = place
            let c = f.category ?? f.rule.firstRelevantCategory
            if states.insert(f.screen) { titles[f.screen] = f.title }
            if let c { categories.insert(c) }
            if let d = f.device { devices.insert(d) }
            if let o = f.orientation { orientations.insert(o.rawValue) }
            if let locale = f.locale { locales.insert(locale) }
            if c.map({ $0 <= .large }) ?? true { failsAtDefault = true }
            if let locale = f.locale {
                // The locale's first category so far is at most the last one seen for it.
                guard let c, !(lastFirst.map { $0.locale == locale && $0.category <= c } ?? false) else { continue }
                if first[locale].map({ c < $0 }) ?? true { first[locale] = c }
                lastFirst = (locale, c)
            } else {
                everyLocale = true
                if let c, everyLocaleFrom.map({ c < $0 }) ?? true { everyLocaleFrom = c }
            }
        }
        holdsForEveryLocale = everyLocale
        self.line = line
        self.column = column
        acceptedCount = accepted
        waivedCount = waived
        let open = everyOne ? findings : findings.filter { !$0.accepted }
        severity = open.map(\.severity).max() ?? .info
        reach = pairs.set.count
        failsAtDefaultSize = failsAtDefault
        var best = open[0]
        for f in open.dropFirst() where Problem.worse(f, than: best) { best = f }
        worst = best
        fix = best.fix ?? findings.lazy.compactMap(\.fix).first
        self.states = states.set.sorted()
        var screens: [String] = []
        for s in self.states { if let t = titles[s], !screens.contains(t) { screens.append(t) } }
        self.screens = screens
        self.locales = locales.set.sorted()
        self.devices = devices.set.sorted()
        // The same lists (one storage) when the open findings are all of them.
        describedLocales = everyOne ? self.locales : openLocales.set.sorted()
        describedDevices = everyOne ? self.devices : openDevices.set.sorted()
        describedCategories = described.sorted
        self.orientations = orientations.set.sorted()
        self.categories = categories.sorted
        firstCategories = Self.firstCategories(first, everyLocaleFrom: everyLocaleFrom)
        if everyOne {
            describedFirstCategories = firstCategories
        } else {
            var openFirst: [String: ContentSizeCategory] = [:]
            var openEveryLocaleFrom: ContentSizeCategory?
            for f in open {
                guard let c = f.category ?? f.rule.firstRelevantCategory else { continue }
                if let locale = f.locale {
                    if openFirst[locale].map({ c < $0 }) ?? true { openFirst[locale] = c }
                } else if openEveryLocaleFrom.map({ c < $0 }) ?? true {
                    openEveryLocaleFrom = c
                }
            }
            describedFirstCategories = Self.firstCategories(openFirst, everyLocaleFrom: openEveryLocaleFrom)
        }
    }

    /// The first categories per locale grouped by category, xSmall … AX5, with the category from
    /// which the findings that hold for every locale begin first.
    private static func firstCategories(_ first: [String: ContentSizeCategory], everyLocaleFrom: ContentSizeCategory?) -> [FirstCategory] {
        // A list per category, by its raw value (a table keyed by category hashed every locale, and
        // was grown and regrown as categories came).
        var byCategory = [[String]](repeating: [], count: ContentSizeCategory.allCases.count)
        for (locale, c) in first { byCategory[c.rawValue].append(locale) }
        var firsts: [FirstCategory] = []
        if let c = everyLocaleFrom { firsts.append(FirstCategory(category: c, locales: [])) }
        for c in ContentSizeCategory.allCases where !byCategory[c.rawValue].isEmpty {
            firsts.append(FirstCategory(category: c, locales: byCategory[c.rawValue].sorted()))
        }
        return firsts
    }

    /// Larger magnitude, then larger category, then smaller fingerprint.
    static func worse(_ a: Finding, than b: Finding) -> Bool {
        let ma = magnitude(a) ?? -1, mb = magnitude(b) ?? -1
        if ma != mb { return ma > mb }
        let ca = a.category?.rawValue ?? -1, cb = b.category?.rawValue ?? -1
        if ca != cb { return ca > cb }
        return a.fingerprintValue < b.fingerprintValue
    }

    // MARK: - Ranking

    /// How many (locale, device) pairs fail (among the findings the baseline does not accept, unless
    /// it accepts them all): the reach of the problem. Counted once, when the problem is made: the
    /// ranking compares it again and again.
    public let reach: Int

    /// The numbers `isWorse(than:)` compares first, as plain values: sorting compares these, and
    /// reads the problems themselves (each read copied one whole) only when they are all equal.
    private struct RankKey: Equatable {
        let accepted: Bool
        let severity: Severity
        let failsAtDefaultSize: Bool
        let failsInSourceLanguage: Bool
        let earliestCategory: Int
        let reach: Int
        let findings: Int

        init(_ p: Problem) {
            accepted = p.isAccepted
            severity = p.severity
            failsAtDefaultSize = p.failsAtDefaultSize
            failsInSourceLanguage = p.failsInSourceLanguage
            earliestCategory = p.earliestCategory?.rawValue ?? -1
            reach = p.reach
            findings = p.findings.count
        }

        /// Call only when the keys differ.
        func isWorse(than o: RankKey) -> Bool {
            if accepted != o.accepted { return !accepted }
            if severity != o.severity { return severity > o.severity }
            if failsAtDefaultSize != o.failsAtDefaultSize { return failsAtDefaultSize }
            if failsInSourceLanguage != o.failsInSourceLanguage { return failsInSourceLanguage }
            if earliestCategory != o.earliestCategory { return earliestCategory < o.earliestCategory }
            if reach != o.reach { return reach > o.reach }
            return findings > o.findings
        }
    }

    /// Worst first: problems the baseline does not wholly accept; severity; failing at the default
    /// size (or at every size); the earliest category; the number of locale × device pairs that fail;
    /// the number of findings; then spec, line, column, element, rule and cause.
    public func isWorse(than o: Problem) -> Bool {
        let a = RankKey(self), b = RankKey(o)
        if a != b { return a.isWorse(than: b) }
        return isWorse(sameRankAs: o)
    }

    /// Between two problems whose `RankKey`s are equal: spec, line, column, element, rule, cause.
    private func isWorse(sameRankAs o: Problem) -> Bool {
        if spec != o.spec { return spec < o.spec }
        if (line, column) != (o.line, o.column) { return (line, column) < (o.line, o.column) }
        if element != o.element { return element < o.element }
        if rule != o.rule { return rule < o.rule }
        return (cause ?? "") < (o.cause ?? "")
    }
}

extension Problem: Encodable {
    enum CodingKeys: String, CodingKey {
        case acceptedFindings, categories, cause, column, devices, element, failsAtDefaultSize, failsInSourceLanguage, findings,
            firstFailing, fix, id
        case line, locales, orientations, rank, rule, severity, spec, states, waivedFindings, worst
    }

    enum WorstKeys: String, CodingKey {
        case category, device, finding, locale, magnitude, message, orientation, screen
    }

    struct FirstFailingEntry: Encodable {
        var category: String
        var locales: [String]
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if acceptedCount > 0 { try c.encode(acceptedCount, forKey: .acceptedFindings) }
        try c.encode(categories.map(\.name), forKey: .categories)
        try c.encodeIfPresent(cause, forKey: .cause)
        try c.encode(column, forKey: .column)
        try c.encode(devices, forKey: .devices)
        try c.encode(element, forKey: .element)
        try c.encode(failsAtDefaultSize, forKey: .failsAtDefaultSize)
        try c.encode(failsInSourceLanguage, forKey: .failsInSourceLanguage)
        try c.encode(findings.map(\.fingerprint), forKey: .findings)
        try c.encode(firstCategories.map { FirstFailingEntry(category: $0.category.name, locales: $0.locales) }, forKey: .firstFailing)
        try c.encodeIfPresent(fix, forKey: .fix)
        try c.encode(id, forKey: .id)
        try c.encode(line, forKey: .line)
        try c.encode(locales, forKey: .locales)
        try c.encode(orientations, forKey: .orientations)
        try c.encode(rank, forKey: .rank)
        try c.encode(rule, forKey: .rule)
        try c.encode(severity, forKey: .severity)
        try c.encode(spec, forKey: .spec)
        try c.encode(states, forKey: .states)
        if waivedCount > 0 { try c.encode(waivedCount, forKey: .waivedFindings) }
        var w = c.nestedContainer(keyedBy: WorstKeys.self, forKey: .worst)
        try w.encodeIfPresent(worst.category?.name, forKey: .category)
        try w.encodeIfPresent(worst.device, forKey: .device)
        try w.encode(worst.fingerprint, forKey: .finding)
        try w.encodeIfPresent(worst.locale, forKey: .locale)
        try w.encodeIfPresent(worstMagnitude, forKey: .magnitude)
        try w.encode(worst.message, forKey: .message)
        try w.encodeIfPresent(worst.orientation, forKey: .orientation)
        try w.encode(worst.screen, forKey: .screen)
    }
}
