import Foundation
import TypefitCore
import TypefitLayout
import TypefitShaping
import TypefitSpec
import TypefitStrings
import TypefitText

/// What to audit and how.
public struct AuditOptions: Sendable {
    /// Spec files or folders (searched for *.yaml / *.yml).
    public var paths: [String] = ["Specs"]
    /// Override the locales of every spec.
    public var locales: [String]?
    /// Override the categories of every spec.
    public var categories: [ContentSizeCategory]?
    /// Only these devices (by name) of each spec.
    public var devices: [String]?
    /// Font folders searched before the bundled fonts.
    public var fontDirectories: [String] = []
    /// The bundled Fonts/ folder; nil finds it automatically.
    public var bundledFonts: String?
    /// Findings it accepts are marked `accepted` and do not fail the run.
    public var baseline: Baseline?
    /// Warnings fail the run too.
    public var strict = false
    /// Worker threads; nil = all cores.
    public var threads: Int?
    /// Pseudolocales added to every catalog (e.g. pseudo-double).
    public var pseudolocales: [Pseudolocale] = []
    /// Benchmark only: reshape everything (no caches).
    public var naiveShaping = false
    /// Keep what the HTML report needs to draw previews (the layouts of failing texts). Costs memory;
    /// the command line turns it on only when an html report is requested.
    public var keepPreviews = false
    /// Compute the SHA-256 of every font used (`AuditReport.fonts`); when false the digests are empty
    /// strings. Only the JSON report shows them; hashing the CJK collections (20 MB each) is a tenth
    /// of a small audit, so the command line turns it off when no JSON report is requested.
    public var fontDigests = true

    public init() {}
}

/// Runs the audit: every spec × device × orientation × locale × category (× focused field).
public final class Auditor: @unchecked Sendable {
    public let options: AuditOptions
    public let engine: TextEngine
    /// Wall-clock seconds of the last run's phases: loading (specs, strings), checks, finishing
    /// (sorting, baseline, checksums).
    public private(set) var timings: (loading: Double, checks: Double, finishing: Double) = (0, 0, 0)
    /// The font files the last run drew text with, sorted (as in `AuditReport.fonts`).
    public private(set) var usedFontPaths: [String] = []

    public init(options: AuditOptions) {
        self.options = options
        engine = TextEngine(fontDirectories: options.fontDirectories,
                            bundledFonts: options.bundledFonts ?? FontLibrary.bundledDirectory(), naive: options.naiveShaping)
    }

    /// Spec files under the given paths, sorted.
    public static func specFiles(_ paths: [String]) throws -> [String] {
        let fm = FileManager.default
        var files: [String] = []
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
                throw InputError(file: path, message: "no such file or folder")
            }
            if isDir.boolValue {
                guard let walker = fm.enumerator(atPath: path) else { continue }
                var found: [String] = []
                for case let item as String in walker where item.hasSuffix(".yaml") || item.hasSuffix(".yml") {
                    found.append((path as NSString).appendingPathComponent(item))
                }
                files += found.sorted()
            } else {
                files.append(path)
            }
        }
        return files.map(displayPath)
    }

    /// A path relative to the working directory when it is under it.
    static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        if absolute.hasPrefix(cwd + "/") { return String(absolute.dropFirst(cwd.count + 1)) }
        return absolute
    }

    struct Job {
        var spec: ScreenSpec
        var specPath: String
        var strings: LocalizedStrings?
        var locale: String
        var categories: [ContentSizeCategory]
        var devices: [Device]
    }

    public func run() throws -> AuditReport {
        let t0 = Date()
        let files = try Self.specFiles(options.paths)
        guard !files.isEmpty else { throw InputError(file: options.paths.joined(separator: ", "), message: "no spec files (*.yaml) found") }
        var filesRead = files
        var tables: [String: LocalizedStrings] = [:]
        var jobs: [Job] = []
        var screens = 0
        var elementFindings: [Finding] = []
        for locale in options.locales ?? [] {
            if let problem = LocaleTag.problem(locale) {
                throw InputError(file: "--locales", message: "invalid locale '\(locale.prefix(80))': \(problem)")
            }
        }
        if let devices = options.devices {
            for d in devices where Device.preset(named: d) == nil {
                throw InputError(file: "--devices", message: "unknown device '\(d)'", hint: Suggestion.hint(for: d, in: Device.presets.map(\.name)))
            }
        }
        // Specs are parsed first and their string tables loaded in parallel (they are most of the
        // loading time); errors are then raised in file order, exactly as a serial load would.
        var parsed: [Result<[ScreenSpec], Error>] = []
        for file in files {
            let r = Result { try SpecLoader.load(path: file) }
            parsed.append(r)
            if case .failure = r { break }
        }
        var catalogKeys: [String] = []
        var catalogRefs: [String: (path: String, table: String)] = [:]
        for case .success(let specs) in parsed {
            for spec in specs {
                guard let ref = spec.strings else { continue }
                let cacheKey = ref.path + "|" + (ref.table ?? "")
                if catalogRefs[cacheKey] == nil {
                    catalogRefs[cacheKey] = (ref.path, ref.table ?? "Localizable")
                    catalogKeys.append(cacheKey)
                }
            }
        }
        let loaded = Slots<Result<LocalizedStrings, Error>>(count: catalogKeys.count, initial: .failure(CancellationError()))
        let pseudolocales = options.pseudolocales
        let toLoad = catalogKeys.map { catalogRefs[$0]! }
        parallelFor(toLoad.count) { i in
            let ref = toLoad[i]
            loaded.set(i, Result {
                var t = try LocalizedStrings.load(path: ref.path, table: ref.table)
                if !pseudolocales.isEmpty { t = t.addingPseudolocales(pseudolocales) }
                return t
            })
        }
        let preloaded = Dictionary(uniqueKeysWithValues: zip(catalogKeys, loaded.values))
        for (file, specs) in zip(files, parsed) {
            for spec in try specs.get() {
                screens += 1
                var strings: LocalizedStrings?
                if let ref = spec.strings {
                    let cacheKey = ref.path + "|" + (ref.table ?? "")
                    if tables[cacheKey] == nil {
                        let t: LocalizedStrings
                        do {
                            t = try preloaded[cacheKey]!.get()
                        } catch var e as InputError {
                            // Name the catalog as the spec's own path is named: relative to the working folder.
                            e.file = Self.displayPath(e.file)
                            throw e
                        }
                        tables[cacheKey] = t
                        filesRead.append(Self.displayPath(ref.path))
                    }
                    strings = tables[cacheKey]
                }
                try validateKeys(spec, strings: strings, file: file)
                let locales = options.locales ?? spec.locales ?? strings?.locales ?? ["en"]
                if let specLocales = spec.locales, let strings, options.locales == nil {
                    for l in specLocales where !strings.locales.contains(l) {
                        throw InputError(file: file, line: spec.location.line, column: spec.location.column,
                                         message: "locale '\(l)' is not in \(Self.displayPath(strings.file))",
                                         hint: Suggestion.hint(for: l, in: strings.locales))
                    }
                }
                let categories = options.categories ?? spec.categories ?? ContentSizeCategory.allCases
                var devices = spec.devices
                if let only = options.devices { devices = devices.filter { only.contains($0.name) } }
                if devices.isEmpty { continue }
                elementFindings += specLevelFindings(spec, file: file, strings: strings, locales: locales, categories: categories)
                for locale in locales.sorted() {
                    jobs.append(Job(spec: spec, specPath: file, strings: strings, locale: locale, categories: categories.sorted(), devices: devices))
                }
            }
        }
        let t1 = Date()
        var results = try runJobs(jobs)
        let t2 = Date()
        var findings = elementFindings
        var checks = 0
        var fontFiles = Set<String>()
        var summaries: [AuditReport.ElementSummary] = []
        // Merged into one array sized once; each job's own array is freed as soon as it is copied, so
        // the findings are held twice only one job at a time.
        findings.reserveCapacity(findings.count + results.reduce(0) { $0 + $1.findings.count })
        for i in results.indices {
            findings += results[i].findings
            results[i].findings = []
            let r = results[i]
            checks += r.checks
            fontFiles.formUnion(r.fontFiles.values)
            summaries += r.summaries
        }
        // Baseline: accepted findings stay in the report, marked, and are not counted as failures.
        var scope: [String: BaselineMatcher.Scope] = [:]
        if options.baseline != nil {
            for job in jobs {
                scope[job.specPath, default: .init()].merge(.init(locales: [job.locale], categories: Set(job.categories),
                                                                 devices: Set(job.devices.map(\.name))))
            }
        }
        let baselineResult = options.baseline.map { BaselineMatcher(baseline: $0).apply(to: &findings, scope: scope) }
        let baselined = baselineResult?.accepted ?? 0
        Finding.sort(&findings, threads: options.threads ?? ProcessInfo.processInfo.activeProcessorCount)
        // By ranks (integers), ties in their original order: as the stable sort on the strings would.
        let specRank = stringRanks(summaries.map(\.spec)), screenRank = stringRanks(summaries.map(\.screen))
        let elementRank = stringRanks(summaries.map(\.element)), localeRank = stringRanks(summaries.map(\.locale))
        let summaryOrder = summaries.indices.sorted { a, b in
            (specRank[a], screenRank[a], elementRank[a], localeRank[a], a) < (specRank[b], screenRank[b], elementRank[b], localeRank[b], b)
        }
        summaries = summaryOrder.map { summaries[$0] }
        if baselined > 0 { BaselineMatcher.markAcceptedCells(&summaries, findings: findings) }
        var errors = 0, warnings = 0, infos = 0
        for i in findings.indices where !findings[i].accepted {
            switch findings[i].severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
        }
        // Checksums of the fonts used (only when asked: only the JSON report shows them).
        let fontPaths = fontFiles.sorted()
        usedFontPaths = fontPaths
        let digests = options.fontDigests ? fontDigests(fontPaths) : Array(repeating: "", count: fontPaths.count)
        let fonts = fontPaths.enumerated().map { i, path in
            AuditReport.FontFile(file: (path as NSString).lastPathComponent, sha256: digests[i])
        }
        filesRead += fontFiles.sorted().map(Self.displayPath)
        timings = (t1.timeIntervalSince(t0), t2.timeIntervalSince(t1), Date().timeIntervalSince(t2))
        return AuditReport(
            tool: .init(version: TypefitInfo.version, harfbuzz: harfBuzzVersion, freetype: FontFileInfo.freeTypeVersion, icu: icuVersion),
            fonts: fonts, filesRead: filesRead,
            summary: .init(specs: files.count, screens: screens, checks: checks, errors: errors, warnings: warnings, infos: infos,
                           baselined: baselined, failed: errors > 0 || (options.strict && warnings > 0)),
            findings: findings, elements: summaries, baseline: baselineResult)
    }

    /// Runs `body` for 0..<count on the configured number of threads (serially with one).
    func parallelFor(_ count: Int, _ body: @Sendable (Int) -> Void) {
        let threads = options.threads ?? ProcessInfo.processInfo.activeProcessorCount
        if threads <= 1 || count <= 1 {
            for i in 0..<count { body(i) }
        } else {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
        }
    }

    /// The SHA-256 of font files, hashed in parallel (the CJK collections are 20 MB each).
    public func fontDigests(_ paths: [String]) -> [String] {
        let digests = Slots(count: paths.count, initial: "")
        let library = engine.library
        parallelFor(paths.count) { i in
            digests.set(i, library.sha256(ofFile: paths[i]) ?? "")
        }
        return digests.values
    }

    /// Fills in the digests of a report made with `fontDigests` off (by the last run).
    public func addFontDigests(to report: inout AuditReport) {
        let digests = fontDigests(usedFontPaths)
        for i in report.fonts.indices where i < digests.count { report.fonts[i].sha256 = digests[i] }
    }

    /// Every key a spec uses must exist in its catalog's source language.
    func validateKeys(_ spec: ScreenSpec, strings: LocalizedStrings?, file: String) throws {
        for e in spec.allElements {
            var sources: [TextSource] = [e.text, e.placeholder].compactMap { $0 }
            sources += e.fallbacks.map(\.text)
            for case .key(let k) in sources {
                guard let strings else {
                    throw InputError(file: file, line: e.location.line, column: e.location.column,
                                     message: "element '\(e.id)' uses key '\(k)' but the screen has no 'strings'")
                }
                if !strings.contains(key: k) {
                    throw InputError(file: file, line: e.location.line, column: e.location.column,
                                     message: "key '\(k)' is not in \(Self.displayPath(strings.file))",
                                     hint: Suggestion.hint(for: k, in: strings.keys))
                }
            }
        }
    }

    /// Findings about elements that do not depend on the layout: fonts that ignore Dynamic Type, and
    /// string problems of the catalog.
    func specLevelFindings(_ spec: ScreenSpec, file: String, strings: LocalizedStrings?, locales: [String],
                           categories: [ContentSizeCategory]) -> [Finding] {
        var out: [Finding] = []
        let auditor = StateAuditor(spec: spec, specPath: file, engine: engine, strings: strings, severity: severityFunction(spec))
        if let firstAX = categories.sorted().first(where: \.isAccessibilityCategory) {
            var result = StateResult()
            for e in spec.allElements where e.showsText {
                let f = ElementFont.resolve(e, category: firstAX)
                let clampedOut = e.maximumContentSizeCategory.map { $0 < firstAX } ?? false
                if !f.scales && !clampedOut {
                    let key = StateKey(device: spec.devices[0], orientation: .portrait, locale: "all", category: firstAX, focused: nil)
                    auditor.add(&result, .fixedFontSize, e, key,
                                "the font stays at \(pt(f.size)) pt at the accessibility sizes: it does not follow Dynamic Type",
                                fix: "use a text style (style: body) or font.relativeTo, and adjustsFontForContentSizeCategory",
                                numbers: { $0.fontSize = round2(f.size) })
                }
            }
            out += result.findings.map { var f = $0; f.device = "all"; f.orientation = "all"; return f }
        }
        if let strings {
            // The first element using each key, and the locales as a set: lookups, not scans, per problem.
            var firstUse: [String: Element] = [:]
            for e in spec.allElements {
                for case .key(let k) in [e.text, e.placeholder].compactMap({ $0 }) + e.fallbacks.map(\.text) where firstUse[k] == nil {
                    firstUse[k] = e
                }
            }
            let localeSet = Set(locales)
            for problem in strings.problems where localeSet.contains(problem.locale) {
                guard let element = firstUse[problem.key] else { continue }
                guard let sev = severityFunction(spec)(.stringProblem) else { continue }
                let screen = spec.title
                out.append(Finding(rule: .stringProblem, severity: sev,
                                   place: Finding.Place(spec: file, screen: screen, device: "all", orientation: "all", locale: problem.locale, category: "all"),
                                   line: element.location.line, column: element.location.column, element: element.id,
                                   message: "\(problem.key): \(problem.message)", fix: "fix the translation in \(Self.displayPath(strings.file))",
                                   fingerprintValue: Finding.fingerprintValue(spec: file, screen: screen, element: element.id, device: "all", orientation: "all",
                                                                    locale: problem.locale, category: problem.kind.rawValue, rule: .stringProblem),
                                   numbers: Finding.Numbers()))
            }
        }
        return out
    }

    func severityFunction(_ spec: ScreenSpec) -> @Sendable (RuleID) -> Severity? {
        let overrides = spec.severity
        return { rule in
            switch overrides[rule.rawValue] {
            case .ignore?: return nil
            case .error?: return .error
            case .warning?: return .warning
            case .info?: return .info
            case nil: return rule.defaultSeverity
            }
        }
    }

    struct JobResult {
        var findings: [Finding] = []
        var checks = 0
        var fontFiles: [Int: String] = [:]
        var summaries: [AuditReport.ElementSummary] = []
    }

    func runJobs(_ jobs: [Job]) throws -> [JobResult] {
        let box = Slots<Result<JobResult, Error>>(count: jobs.count, initial: .failure(CancellationError()))
        let threads = options.threads ?? ProcessInfo.processInfo.activeProcessorCount
        if threads <= 1 || jobs.count <= 1 {
            for (i, job) in jobs.enumerated() { box.set(i, Result { try runJob(job) }) }
        } else {
            // Work-stealing over jobs with a fixed number of workers, taken round-robin across
            // screens (the first locale of every screen, then the second…): jobs running at the
            // same time then touch different elements, whose reference counts would otherwise
            // bounce between cores. Results are stored by job index, so the order of the report
            // does not depend on it.
            var group: [Int] = [], rank: [Int] = []
            var counts: [Int] = []
            for (i, job) in jobs.enumerated() {
                let same = i > 0 && job.specPath == jobs[i - 1].specPath && job.spec.location == jobs[i - 1].spec.location
                if !same { counts.append(0) }
                group.append(counts.count - 1)
                rank.append(counts[counts.count - 1])
                counts[counts.count - 1] += 1
            }
            let schedule = jobs.indices.sorted { (rank[$0], group[$0]) < (rank[$1], group[$1]) }
            let next = WorkCounter()
            DispatchQueue.concurrentPerform(iterations: min(threads, jobs.count)) { _ in
                while true {
                    let n = next.take()
                    if n >= schedule.count { break }
                    let i = schedule[n]
                    box.set(i, Result { try self.runJob(jobs[i]) })
                }
            }
        }
        return try box.values.map { try $0.get() }
    }

    func runJob(_ job: Job) throws -> JobResult {
        let spec = job.spec
        let auditor = StateAuditor(spec: spec, specPath: job.specPath, engine: engine, strings: job.strings, severity: severityFunction(spec))
        auditor.memo.enabled = !options.naiveShaping
        auditor.keepPreviews = options.keepPreviews
        // One text result per element, category, width and height limit at most: sized once.
        auditor.memo.results.reserveCapacity(spec.allElements.count * job.categories.count * job.devices.count * spec.orientations.count)
        var out = JobResult()
        var facts: [String: ElementFacts] = [:]
        var worst: [String: [Severity?]] = [:]
        var audited: [Bool] = Array(repeating: false, count: 12)
        var buttonHeights: [String: [Double]] = [:]
        var fallbackFrom: [String: ContentSizeCategory] = [:]
        let focusStates: [String?] = (spec.keyboard?.focused.isEmpty ?? true) ? [nil] : spec.keyboard!.focused.map { $0 }
        for (d, device) in job.devices.enumerated() {
            for (o, orientation) in spec.orientations.enumerated() {
                for focused in focusStates {
                    for category in job.categories {
                        let key = StateKey(device: device, orientation: orientation, locale: job.locale, category: category, focused: focused)
                        // Locale-level facts do not depend on the device: collect them on the first one.
                        // Only the first state's facts are kept (every state lays out every element).
                        auditor.collectFacts = d == 0 && o == 0 && focused == focusStates[0] && category == job.categories[0]
                        auditor.collectButtonHeights = d == 0 && o == 0 && focused == focusStates[0]
                        // The job's findings are moved into the state's result and back: appended once, never copied.
                        var r = StateResult()
                        swap(&r.findings, &out.findings)
                        let firstNew = r.findings.count
                        do {
                            try auditor.audit(key, into: &r)
                        } catch {
                            swap(&r.findings, &out.findings)
                            throw error
                        }
                        out.checks += r.checks
                        out.fontFiles.merge(r.fontFiles) { a, _ in a }
                        audited[category.rawValue] = true
                        for (id, f) in r.facts where facts[id] == nil { facts[id] = f }
                        // By index: iterating the findings would copy each one.
                        for i in firstNew..<r.findings.count where r.findings[i].severity != .info {
                            let severity = r.findings[i].severity
                            worst[r.findings[i].element, default: Array(repeating: nil, count: 12)][category.rawValue]
                                = max(worst[r.findings[i].element]?[category.rawValue] ?? .info, severity)
                        }
                        swap(&r.findings, &out.findings)
                        for id in r.fallbackElements where fallbackFrom[id].map({ category < $0 }) ?? true { fallbackFrom[id] = category }
                        if d == 0 && o == 0 && focused == focusStates[0] {
                            for (id, h) in r.buttonHeights {
                                var row = buttonHeights[id] ?? Array(repeating: 0, count: 12)
                                row[category.rawValue] = round2(h)
                                buttonHeights[id] = row
                            }
                        }
                    }
                }
            }
        }
        // Locale-level facts, once per element.
        for id in facts.keys.sorted() {
            let f = facts[id]!
            var result = StateResult()
            let key = StateKey(device: job.devices[0], orientation: .portrait, locale: job.locale, category: .large, focused: nil)
            if !f.missing.isEmpty {
                auditor.add(&result, .missingGlyphs, f.element, key,
                            "\(f.missing.count) character(s) have no glyph in any font and show as boxes: \(f.missing.joined(separator: " ")) (\"\(f.missingText)\")",
                            fix: "add a font that covers them with --font-dir, or change the text",
                            numbers: { $0.missingCharacters = f.missing; $0.text = f.text })
            }
            if !f.fallbackFonts.isEmpty {
                auditor.add(&result, .fontFallback, f.element, key,
                            "the requested font lacks some characters; drawn with \(f.fallbackFonts.joined(separator: ", "))",
                            fix: "use a font that covers this locale, or accept the fallback",
                            numbers: { $0.fonts = f.fallbackFonts; $0.text = f.text })
            }
            if !f.untranslated.isEmpty, job.locale != job.strings?.sourceLanguage {
                auditor.add(&result, .untranslated, f.element, key,
                            "not translated into \(job.locale), shows the source text: \(f.untranslated.joined(separator: ", "))",
                            fix: "translate it in the String Catalog", numbers: { $0.text = f.text })
            }
            out.findings += result.findings.map { var x = $0; x.device = "all"; x.orientation = "all"; x.category = "all"
                x.fingerprintValue = Finding.fingerprintValue(spec: x.spec, screen: x.screen, element: x.element, device: "all", orientation: "all",
                                                    locale: x.locale, category: "all", rule: x.rule)
                return x }
        }
        // Summaries per element.
        for e in spec.allElements where e.showsText || worst[e.id] != nil {
            let row = worst[e.id] ?? Array(repeating: nil, count: 12)
            let cells = (0..<12).map { i -> String in
                guard audited[i] else { return "-" }
                return row[i].map(\.rawValue) ?? "ok"
            }
            let failing = (0..<12).first { audited[$0] && row[$0] != nil }
            let fitting = (0..<12).last { i in audited[i] && row[i] == nil && (failing.map { i < $0 } ?? true) }
            out.summaries.append(.init(spec: job.specPath, screen: spec.title, element: e.id, locale: job.locale,
                                       firstFailingCategory: failing.map { ContentSizeCategory(rawValue: $0)!.name },
                                       largestFittingCategory: fitting.map { ContentSizeCategory(rawValue: $0)!.name },
                                       categories: cells, buttonHeights: buttonHeights[e.id],
                                       fallbackFrom: fallbackFrom[e.id]?.name))
        }
        return out
    }
}

public enum TypefitInfo {
    public static let version = "0.1.0"
}
