import Foundation
import TypefitAudit
import TypefitCore

/// The human report: grouped by screen and element, one entry per rule with where it starts
/// failing per locale, an example with its numbers and fix, then a category × locale summary.
public struct TextReporter: Reporter {
    public static let identifier = "text"
    public static let description =
        "Readable report grouped by screen and element, with a category × locale summary (colour on a terminal)."

    public let colour: Bool
    public init(colour: Bool = false) { self.colour = colour }

    func paint(_ s: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    func mark(_ severity: Severity) -> String {
        switch severity {
        case .error: paint("✗ error  ", "31")
        case .warning: paint("! warning", "33")
        case .info: paint("i info   ", "36")
        }
    }
    /// Findings the baseline accepts or a waiver waives: not failures, whatever their severity.
    var acceptedMark: String { paint("~ accepted", "2") }

    public func generateReport(_ report: AuditReport) -> String {
        var out: [String] = [
            paint(
                "typefit \(report.tool.version) — Dynamic Type audit (HarfBuzz \(report.tool.harfbuzz), FreeType \(report.tool.freetype), ICU \(report.tool.icu))",
                "2")
        ]
        if let locales = LocaleSummary.line(report) { out.append(paint(locales, "2")) }
        for line in NarrowingNotes.selection(report) { out.append(paint(line, "2")) }
        if let system = report.systemFont { out.append(paint(system.line, "2")) }
        out.append("")
        let problems = report.problems
        let sizes = AuditedSizes(report)
        out += lead(problems, report, sizes: sizes)
        out.append("")
        out += details(report, sizes: sizes)
        let s = report.summary
        var tail =
            "\(counted(s.specs, "spec file")), \(counted(s.screens, "screen state")), \(s.checks) element checks: "
        tail += "\(counted(s.errors, "error")), \(counted(s.warnings, "warning")), \(s.infos) info"
        let accepted = [(s.baselined, Acceptance.baseline), (s.waived, .waiver)].compactMap { n, kind in
            n > 0 ? Acceptance.phrase([kind]).map { "\(n) \($0)" } : nil
        }
        if !accepted.isEmpty { tail += " (" + accepted.joined(separator: ", ") + ")" }
        if s.borderline > 0 { tail += "; \(BorderlineSummary.line(s.borderline))" }
        out.append(paint(tail, s.failed ? "31;1" : "32;1"))
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: - What to fix first

    /// "50 problems (47721 findings) in 10 screen states — fix first:", then each problem worst first
    /// in two lines (what and where; its worst case and fix), or one line when the baseline accepts it.
    func lead(_ problems: [Problem], _ report: AuditReport, sizes: AuditedSizes) -> [String] {
        let s = report.summary
        let findings = problems.reduce(0) { $0 + $1.findings.count }
        let open = problems.filter { !$0.isAccepted }
        let states = "\(s.screens) screen state\(s.screens == 1 ? "" : "s")"
        guard !problems.isEmpty else { return [paint("No problems in \(states).", "32;1")] }
        var head =
            "\(problems.count) problem\(problems.count == 1 ? "" : "s") (\(findings) finding\(findings == 1 ? "" : "s")) in \(states)"
        if open.count < problems.count, let by = Acceptance.phrase(Set(problems.filter(\.isAccepted).flatMap(\.acceptances))) {
            head += ", \(problems.count - open.count) of them \(by)"
        }
        var out = [paint(head + (open.isEmpty ? "." : " — fix first:"), "1")]
        let width = String(problems.count).count
        // Borderline fits are not failures: one line says which elements to verify with SF.
        var fits: [Problem] = []
        for p in problems {
            if p.rule == .borderlineFit && !p.isAccepted { fits.append(p); continue }
            let number = String(repeating: " ", count: width - String(p.rank).count) + "\(p.rank)."
            let mark = p.isAccepted ? acceptedMark : self.mark(p.severity)
            var first =
                "  \(number) \(mark) \(p.rule.rawValue) · \(ControlCharacters.escaped(p.element)) — \(ControlCharacters.escaped(p.spec)):\(p.line) — \(extent(p, sizes: sizes))"
            if p.isAccepted { first += " (\(p.severity.rawValue))"; out.append(first); continue }
            out.append(first)
            let pad = String(repeating: " ", count: width + 4)
            var second = pad + "worst: " + worstCase(p)
            if let fix = p.fix { second += " — fix: " + ControlCharacters.escaped(fix) }
            out.append(second)
        }
        if !fits.isEmpty { out.append(borderlineFits(fits, indent: width + 4)) }
        return out
    }

    /// "  ⋯ 17 borderline fits (info, #48–#51, #55–#67): one-line texts with less room to spare than the
    /// system font stand-in's error — verify with SF: firebase-stock-picker.yaml email, twitter; …".
    func borderlineFits(_ fits: [Problem], indent: Int) -> String {
        var ranges: [String] = []
        var i = 0
        while i < fits.count {
            var j = i
            while j + 1 < fits.count && fits[j + 1].rank == fits[j].rank + 1 { j += 1 }
            ranges.append(i == j ? "#\(fits[i].rank)" : "#\(fits[i].rank)–#\(fits[j].rank)")
            i = j + 1
        }
        var specs: [String] = []
        var elements: [String: [String]] = [:]
        for p in fits {
            let file = (p.spec as NSString).lastPathComponent
            if elements[file] == nil { specs.append(file) }
            elements[file, default: []].append(ControlCharacters.escaped(p.element))
        }
        let list = specs.map { ControlCharacters.escaped($0) + " " + (elements[$0] ?? []).joined(separator: ", ") }.joined(separator: "; ")
        let count = "\(fits.count) borderline fit\(fits.count == 1 ? "" : "s")"
        return String(repeating: " ", count: max(0, indent - 2))
            + "\(paint("i", "36")) \(count) (info, \(ranges.joined(separator: ", "))): "
            + "one-line texts with less room to spare than the system font stand-in's error — verify with SF: \(list)"
    }

    /// "1320 findings in 42 locales on 4 devices, from xLarge" (and how many the baseline accepts):
    /// the locales, devices and first category of the findings counted, those the baseline does not
    /// accept (Mastodon's German failure in a problem the baseline accepts in eight other languages
    /// was "3 findings in 9 locales"). "from Large (of the sizes audited: Large, AX5)" when smaller
    /// sizes were not audited.
    func extent(_ p: Problem, sizes: AuditedSizes) -> String {
        var s = FindingGroup.countedPlaces(p)
        if let c = p.describedCategories.first ?? p.rule.firstRelevantCategory {
            s += ", from \(c.name)"
            if let note = sizes.note(spec: p.spec, from: p.describedCategories.first) { s += " (\(note))" }
        }
        if !p.isAccepted, let by = Acceptance.phrase(p.acceptances) { s += ", and \(p.acceptedCount) \(by)" }
        return s
    }

    /// "ta, AX5, iPhone SE (1st generation), portrait, editing school: MESSAGE" — the context of the
    /// worst finding and its message, whose numbers are its JSON fields rounded to 0.1 pt (the
    /// overflow is the JSON's `worst.magnitude`).
    func worstCase(_ p: Problem) -> String {
        let w = p.worst
        let context = FindingGroup.context(w)
        return (context.isEmpty ? "" : context + ": ") + ControlCharacters.escaped(w.message)
    }

    // MARK: - Details per screen

    /// Per spec and screen: its problems by rank, the locales by where they fail (failing rows only,
    /// identical rows merged), button heights and fallback strings.
    func details(_ report: AuditReport, sizes: AuditedSizes) -> [String] {
        var out: [String] = []
        let problemsBySpec = Dictionary(grouping: FindingGroup.groups(report.problems, sizes: sizes), by: \.spec)
        // Each spec's summaries are read when its turn comes (a large run keeps them in a file).
        let summariesBySpec = Dictionary(report.elementList.grouped(by: \.spec), uniquingKeysWith: { a, _ in a })
        let specs = Set(problemsBySpec.keys).union(summariesBySpec.keys).sorted()
        // Findings about a locale or the whole spec are at no one category: the rows name them.
        let wide = WideProblems(report.problems)
        let narrowed = !report.localizationsLeftOut.isEmpty
        for spec in specs {
            out.append(paint(ControlCharacters.escaped(spec), "1"))
            let summariesByScreen = Dictionary(grouping: summariesBySpec[spec].map(Array.init) ?? [], by: \.screen)
            var ranksByScreen: [String: [Int]] = [:]
            for g in problemsBySpec[spec] ?? [] {
                for screen in g.problem.screens { ranksByScreen[screen, default: []].append(g.problem.rank) }
            }
            let screens = Set(ranksByScreen.keys).union(summariesByScreen.keys).sorted()
            for screen in screens {
                let ranks = (ranksByScreen[screen] ?? []).sorted()
                var title = "  " + paint(ControlCharacters.escaped(screen), "1")
                title +=
                    ranks.isEmpty ? " — " + paint("✓ no findings", "32") : " — problems " + ranks.map { "#\($0)" }.joined(separator: ", ")
                let summaries = summariesByScreen[screen] ?? []
                // The sizes some element was laid out at: a run narrowed to Large says so, never "at any size".
                let audited = AuditedSizes.audited(summaries)
                if !summaries.isEmpty && audited.count < ContentSizeCategory.allCases.count {
                    title += " — sizes audited: " + (audited.isEmpty ? "none" : audited.map(\.shortName).joined(separator: ", "))
                }
                out.append(title)
                out += matrix(summaries, audited: audited, narrowed: narrowed) { wide.rules(spec: spec, screen: screen, locale: $0) }
                out += buttonHeights(summaries)
                out += fallbacks(summaries, audited: audited)
            }
            out.append("")
        }
        return out
    }

    /// "signIn button heights (pt, first device, min–max over 42 locales) xS…AX5: 30.9 … 127.6–249; tallest 249 pt: el at AX5";
    /// "email button height (pt, first device): 40 at every size in all 42 locales: its text never made
    /// it taller" when it is one height throughout (a fixed height, or a minimum never exceeded).
    func buttonHeights(_ summaries: [AuditReport.ElementSummary]) -> [String] {
        let byElement = Dictionary(grouping: summaries.filter { $0.buttonHeights != nil }, by: \.element)
        var out: [String] = []
        for element in byElement.keys.sorted() {
            let rows = byElement[element] ?? []
            var cells: [String] = []
            var tallest: (height: Double, locale: String, category: Int)?
            for i in 0..<12 {
                var values: [Double] = []
                for r in rows where i < r.categories.count && r.categories[i] != .notAudited {
                    guard let h = r.buttonHeights?[i] else { continue }
                    values.append(h)
                    if tallest.map({ h > $0.height || (h == $0.height && (r.locale, i) < ($0.locale, $0.category)) }) ?? true {
                        tallest = (h, r.locale, i)
                    }
                }
                guard let lo = values.min(), let hi = values.max() else { cells.append("-"); continue }
                cells.append(pt(lo) == pt(hi) ? pt(lo) : "\(pt(lo))–\(pt(hi))")
            }
            guard let t = tallest else { continue }
            let locales = Set(rows.map(\.locale)).count
            // One height everywhere (a fixed height, or a minimum the text never exceeds): said once,
            // not as twelve equal columns.
            let heights = Set(cells.filter { $0 != "-" })
            if heights.count == 1, let only = heights.first, !only.contains("–") {
                out.append(
                    "    \(ControlCharacters.escaped(element)) button height (pt, first device): \(only) at every size"
                        + "\(cells.contains("-") ? " audited" : "")\(locales > 1 ? " in all \(locales) locales" : ""): its text never made it taller"
                )
                continue
            }
            out.append(
                "    \(ControlCharacters.escaped(element)) button heights (pt, first device\(locales > 1 ? ", min–max over \(locales) locales" : "")), xS…AX5: "
                    + cells.joined(separator: " ")
                    + "; tallest \(pt(t.height)) pt: \(t.locale) at \(ContentSizeCategory.allCases[t.category].shortName)")
        }
        return out
    }

    /// "email: fallback string shown from AX1 in ja, ko"; "from AX5 (of the sizes audited) in …"
    /// when a size below AX5 was not audited (the screen's title names those that were).
    func fallbacks(_ summaries: [AuditReport.ElementSummary], audited: [ContentSizeCategory]) -> [String] {
        let byElement = Dictionary(grouping: summaries.filter { $0.fallbackFrom != nil }, by: \.element)
        return byElement.keys.sorted().map { element in
            let groups = Dictionary(grouping: byElement[element] ?? [], by: { $0.fallbackFrom ?? .xSmall })
            let text = groups.keys.sorted()
                .map { c in
                    let unknownBelow = AuditedSizes.leavesOut(below: c, audited: audited)
                    return
                        "from \(c.name)\(unknownBelow ? " (of the sizes audited)" : "") in \(abbreviate((groups[c] ?? []).map(\.locale).sorted()))"
                }.joined(separator: "; ")
            return "    \(ControlCharacters.escaped(element)): fallback string shown \(text)"
        }
    }

    func abbreviate(_ items: [String]) -> String { FindingGroup.abbreviate(items) }

    func pt(_ v: Double) -> String { PointText.format(v) }

    /// The worst result per locale over the screen's elements and devices, as runs of categories:
    /// locales that fail identically share a row ("de, fr, it: ✗ from AX1"); locales with nothing to
    /// report at any category are counted on one line. `wide`: a locale's problems about the whole
    /// locale or spec (untranslated, string-problem, fixed-font-size), named after the runs ("ja: !
    /// warning untranslated"), so no locale they concern is counted as clean. `narrowed`: the locales
    /// asked for left localizations out, so the clean ones are named, never called "every locale".
    /// `audited`: the sizes the screen was laid out at; fewer than the 12 are named in the rows
    /// (``runs(_:audited:)``) and the clean line.
    func matrix(
        _ summaries: [AuditReport.ElementSummary], audited: [ContentSizeCategory], narrowed: Bool, wide: (String) -> [WideProblems.Rule]
    ) -> [String] {
        guard !summaries.isEmpty else { return [] }
        let locales = Set(summaries.map(\.locale)).sorted()
        var rows: [String: [String]] = [:]
        var order: [String] = []
        var clean: [String] = []
        for locale in locales {
            let mine = summaries.filter { $0.locale == locale }
            let cells = (0..<12).map { i in CategoryVerdict.worst(mine.map { i < $0.categories.count ? $0.categories[i] : .notAudited }) }
            let named = wide(locale).sorted { ($1.verdict, $0.rule.rawValue) < ($0.verdict, $1.rule.rawValue) }
            if !cells.contains(where: { $0 >= .accepted }) && named.isEmpty { clean.append(locale); continue }
            let verdicts = [runs(cells, audited: audited.map(\.rawValue))] + named.map { "\(label($0.verdict)) \($0.rule.rawValue)" }
            let row = verdicts.filter { !$0.isEmpty }.joined(separator: ", ")
            if rows[row] == nil { order.append(row) }
            rows[row, default: []].append(locale)
        }
        var out: [String] = []
        for row in order {
            out.append("    " + (rows[row] ?? []).joined(separator: ", ") + ": " + row)
        }
        if !clean.isEmpty {
            let sizes =
                audited.count == ContentSizeCategory.allCases.count
                ? "at any size" : "at the sizes audited (\(audited.map(\.name).joined(separator: ", ")))"
            out.append(
                "    " + paint("✓", "32")
                    + " \(clean.count == locales.count && !narrowed ? "every locale" : abbreviate(clean)): no errors or warnings \(sizes)"
            )
        }
        return out
    }

    /// "✗ error", "! warning" or "~ accepted", painted.
    func label(_ verdict: CategoryVerdict) -> String {
        switch verdict {
        case .error: paint("✗ error", "31")
        case .warning: paint("! warning", "33")
        default: paint("~ accepted", "2")
        }
    }

    /// "! warning xS–xxxL, ✗ error from AX2" (a run that reaches AX5 is "from"). When some sizes
    /// were not audited (`audited`, the indices of those that were), each verdict names the sizes it
    /// holds at, "! warning at L and AX5", never "from": "✗ error from AX5" of a run that laid out
    /// only Large and AX5 read as if xLarge … AX4 had passed.
    func runs(_ cells: [CategoryVerdict], audited: [Int]) -> String {
        if audited.count < cells.count { return namedRuns(cells, audited: audited) }
        var parts: [String] = []
        var i = 0
        while i < cells.count {
            var j = i
            while j + 1 < cells.count && cells[j + 1] == cells[i] { j += 1 }
            if cells[i] >= .accepted {
                let label = label(cells[i])
                let span =
                    j == cells.count - 1 ? "from \(Self.short(i))" : i == j ? "at \(Self.short(i))" : "\(Self.short(i))–\(Self.short(j))"
                parts.append("\(label) \(span)")
            }
            i = j + 1
        }
        return parts.joined(separator: ", ")
    }

    /// `runs` over the audited sizes only: consecutive audited sizes with one verdict are one part,
    /// its sizes listed ("xS–M, L and AX1": adjacent sizes as a range).
    func namedRuns(_ cells: [CategoryVerdict], audited: [Int]) -> String {
        var parts: [String] = []
        var k = 0
        while k < audited.count {
            var m = k
            while m + 1 < audited.count && cells[audited[m + 1]] == cells[audited[k]] { m += 1 }
            if cells[audited[k]] >= .accepted {
                var spans: [String] = []
                var a = k
                while a <= m {
                    var b = a
                    while b + 1 <= m && audited[b + 1] == audited[b] + 1 { b += 1 }
                    spans.append(a == b ? Self.short(audited[a]) : "\(Self.short(audited[a]))–\(Self.short(audited[b]))")
                    a = b + 1
                }
                let list = spans.count == 1 ? spans[0] : spans.dropLast().joined(separator: ", ") + " and " + spans[spans.count - 1]
                parts.append("\(label(cells[audited[k]])) at \(list)")
            }
            k = m + 1
        }
        return parts.joined(separator: ", ")
    }

    /// The short name of the category at `index` in xSmall … AX5 (the matrices' columns).
    static func short(_ index: Int) -> String { ContentSizeCategory.allCases[index].shortName }
}
