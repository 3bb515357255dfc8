// typefit-bench: measures the audit on a generated corpus and on the shipped Specs/, against the
// HarfBuzz lower bound and a naive reshape-everything mode. Prints Markdown tables, which `--readme
// FILE` (what `make bench` passes) writes into the README's benchmark section (`ReadmeSection`).
//
//   swift build -c release --product typefit-bench && .build/release/typefit-bench [--screens 50] [--locales 40]
//   .build/release/typefit-bench --help      every option (`BenchOptions`)
import Foundation
import TypefitAudit
import TypefitBench
import TypefitCore
import TypefitLayout
import TypefitReport
import TypefitShaping
import TypefitStrings
import TypefitText

/// The command line (`BenchOptions`): a usage error says what is wrong and the usage, exit status 2;
/// `--help` prints the usage.
let options: BenchOptions = {
    do throws(BenchOptions.UsageError) {
        switch try BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) {
        case .run(let options): return options
        case .help:
            print(BenchOptions.usage)
            exit(0)
        }
    } catch {
        FileHandle.standardError.write(Data("typefit-bench: \(error.problem)\n\(BenchOptions.usage)\n".utf8))
        exit(2)
    }
}()

func peakRSSMegabytes() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    #if os(Linux)
    return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
    #else
    return Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
    #endif
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Real UI strings in the scripts the shipped catalogs do not cover (Armenian, Ethiopic, Georgian,
/// Gujarati, Gurmukhi, Kannada, Khmer, Lao, Malayalam, Myanmar, Sinhala, Telugu), from the hb-shape
/// fixtures' samples: locale → strings.
func scriptSamples(_ path: String, except shipped: Set<String>) -> [String: [String]] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("typefit-bench: no \(path); the corpus has only the shipped catalogs' scripts\n".utf8))
        return [:]
    }
    let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }.filter { $0.count == 7 }
    // Scripts a shipped locale already covers (Devanagari through hi, so not mr), and Zyyy (symbols).
    let covered = Set(rows.filter { shipped.contains($0[3]) }.map { $0[4] }).union(["Zyyy"])
    var out: [String: [String]] = [:]
    for f in rows where !shipped.contains(f[3]) && !covered.contains(f[4]) { out[f[3], default: []].append(f[6]) }
    return out
}

/// Generates `screens` specs with their own String Catalogs, drawing translated strings from the
/// shipped catalogs, so the corpus has realistic text in `locales` locales. Every script of Fonts/
/// is in: one locale per script first (the shipped catalogs' scripts, then the hb-shape samples'
/// for the scripts they lack), then the other shipped locales in alphabetical order.
func generateCorpus(screens: Int, locales wanted: Int, from specs: String, samples: String, into dir: URL) throws -> [String] {
    var pool: [String: [String: String]] = [:]  // key → locale → value
    let fm = FileManager.default
    // Run from the repository's root (or given --specs): without the shipped catalogs there is
    // nothing to make a corpus of.
    var isFolder: ObjCBool = false
    guard fm.fileExists(atPath: specs, isDirectory: &isFolder), isFolder.boolValue, let found = fm.enumerator(atPath: specs) else {
        throw InputError(
            file: specs, message: "no such folder", hint: "run typefit-bench from the repository's root, or pass --specs DIR")
    }
    for case let path as String in found where path.hasSuffix(".xcstrings") {
        let data = try Data(contentsOf: URL(fileURLWithPath: specs).appendingPathComponent(path))
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        for (key, entry) in json["strings"] as! [String: Any] {
            guard let locs = (entry as! [String: Any])["localizations"] as? [String: Any] else { continue }
            for (locale, l) in locs {
                if let unit = (l as! [String: Any])["stringUnit"] as? [String: Any], let v = unit["value"] as? String {
                    pool[key, default: [:]][locale] = v
                }
            }
        }
    }
    let keys = pool.keys.filter { (pool[$0]?.count ?? 0) > 30 && !(pool[$0]!["en"]!.contains("%")) }.sorted()
    guard !keys.isEmpty else {
        throw InputError(file: specs, message: "no String Catalog here has a string in more than 30 locales to make screens of")
    }
    let allLocales = Set(keys.flatMap { pool[$0]!.keys }).sorted()
    let extra = scriptSamples(samples, except: Set(allLocales))
    // One shipped locale per script (Latin, Arabic, Bengali, Greek, Hebrew, Devanagari, Japanese,
    // Korean, Cyrillic, Tamil, Thai, Urdu in Nastaliq, Chinese), then one per sample script.
    let firsts = ["en", "ar", "bn", "el", "he", "hi", "ja", "ko", "ru", "ta", "th", "ur", "zh-Hans"].filter(allLocales.contains)
    let ordered = firsts + extra.keys.sorted() + allLocales.filter { !firsts.contains($0) }
    let locales = Array(ordered.prefix(wanted))
    var files: [String] = []
    let elements: [(String, String)] = [
        ("label", "style: title1\n      numberOfLines: 0"), ("label", "style: body\n      numberOfLines: 2"),
        ("textField", "style: body\n      borderStyle: roundedRect"), ("textField", "style: body\n      borderStyle: roundedRect"),
        ("button", "configuration: filled\n      role: primary"),
        ("button", "configuration: none\n      style: subheadline\n      height: 44"),
        ("label", "style: footnote\n      numberOfLines: 0"), ("label", "style: caption1")
    ]
    for s in 0..<screens {
        var strings: [String: Any] = [:]
        var yaml =
            "screen: Generated \(s)\nstrings: Localizable.xcstrings\ndevices: [iPhone SE (1st generation), iPhone 16, iPhone 16 Pro Max]\nscrolls: \(s % 2 == 0)\ncontent:\n  vstack: root\n  spacing: 12\n  children:\n"
        for (j, (kind, props)) in elements.enumerated() {
            let base = keys[(s * 5 + j * 3) % keys.count]
            let key = "s\(s).e\(j)"
            // Every third screen reuses strings verbatim (apps repeat "Sign In"); the others vary them.
            var locs: [String: Any] = [:]
            for l in locales {
                var v = pool[base]?[l] ?? extra[l].map { $0[(s + j) % $0.count] } ?? pool[base]!["en"]!
                if s % 3 != 0 { v += " \(s)" }
                locs[l] = ["stringUnit": ["state": "translated", "value": v]]
            }
            strings[key] = ["localizations": locs]
            let textKey = kind == "textField" ? "placeholderKey" : "key"
            yaml += "    - \(kind): e\(j)\n      \(textKey): \(key)\n      \(props)\n"
        }
        let folder = dir.appendingPathComponent("screen\(s)")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        let catalog: [String: Any] = ["sourceLanguage": "en", "version": "1.0", "strings": strings]
        try JSONSerialization.data(withJSONObject: catalog, options: [.sortedKeys]).write(
            to: folder.appendingPathComponent("Localizable.xcstrings"))
        try yaml.write(to: folder.appendingPathComponent("screen.yaml"), atomically: true, encoding: .utf8)
        files.append(folder.appendingPathComponent("screen.yaml").path)
    }
    return files
}

/// An app's String Catalog, for the loading row: every screen's strings of the corpus in one
/// catalog, `copies` times (the copies' keys get a suffix), written as Xcode writes catalogs
/// (indented, keys sorted). Returns its keys, locales and bytes.
func writeAppCatalog(from files: [String], copies: Int, to url: URL) throws -> (keys: Int, locales: Int, bytes: Int) {
    var strings: [String: Any] = [:]
    var locales = Set<String>()
    for file in files {
        let catalog = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Localizable.xcstrings")
        // The corpus's own catalogs: one that is not as written is an error, not a smaller catalog measured.
        guard let root = try JSONSerialization.jsonObject(with: Data(contentsOf: catalog)) as? [String: Any],
            let entries = root["strings"] as? [String: Any]
        else { throw InputError(file: catalog.path, message: "not a String Catalog with \"strings\" (the corpus writes one per screen)") }
        for (key, entry) in entries {
            for copy in 0..<copies { strings[copy == 0 ? key : "\(key).\(copy)"] = entry }
            if let l = (entry as? [String: Any])?["localizations"] as? [String: Any] { locales.formUnion(l.keys) }
        }
    }
    let data = try JSONSerialization.data(
        withJSONObject: ["sourceLanguage": "en", "version": "1.0", "strings": strings], options: [.prettyPrinted, .sortedKeys])
    try data.write(to: url)
    return (strings.count, locales.count, data.count)
}

struct Run {
    var report: AuditReport
    var wall: Double
    var auditor: Auditor
    /// The profiler the run's engine reported to, when it had one.
    var profiler: Profiler?
    /// Time spent writing a report, included in `wall`.
    var reportTime = 0.0
}

/// One audit as `typefit audit` runs it with a text report: no font digests (only the JSON report
/// shows them; the benchmark hashes them in its reporting phase).
/// `profiler`: the engine reports its stages and shaped runs to one (the engine does not time itself).
/// `adjust`: changes to the options (to leave out what a part of the audit makes).
func audit(
    _ paths: [String], threads: Int?, naive: Bool = false, previews: Bool = false, profiler: Profiler? = nil,
    adjust: (inout AuditOptions) -> Void = { _ in }
) throws -> Run {
    var options = AuditOptions()
    options.fontDigests = previews
    options.keepPreviews = previews
    options.paths = paths
    options.threads = threads
    options.cachePolicy = naive ? .disabled : .enabled
    adjust(&options)
    let auditor = Auditor(options: options)
    auditor.engine.observer = profiler
    var report: AuditReport?
    let wall = try seconds { report = try auditor.run() }
    return Run(report: report!, wall: wall, auditor: auditor, profiler: profiler)
}

/// Where the `typefit` executable beside this one is (`make bench` builds both): the peak-memory row
/// and the scripted measurements run it.
let typefitBesideThisBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("typefit")

/// Peak resident memory, in MB, of `typefit` run with `arguments` as a child process, or nil when
/// there is no `typefit` executable beside this one. Exit codes 0 and 1 (findings) are a run.
func typefitPeakRSS(_ arguments: [String]) throws -> Double? {
    let binary = typefitBesideThisBinary
    guard FileManager.default.isExecutableFile(atPath: binary.path) else { return nil }
    let p = Process()
    p.executableURL = binary
    p.arguments = arguments
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    guard p.terminationStatus == 0 || p.terminationStatus == 1 else {
        throw InputError(file: binary.path, message: "exited with \(p.terminationStatus): typefit \(arguments.joined(separator: " "))")
    }
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
    #else
    getrusage(RUSAGE_CHILDREN, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
    #endif
}

/// The scripted measurements `--scripts` runs: measure against Pango, and memory at 100–500 copies.
let measureScript = "scripts/bench-measure.sh", memoryScript = "scripts/memory-scale.sh"
let scripts = [measureScript, memoryScript]

/// Runs `bash script arguments…` (`script` from the working directory, the repository's root) with
/// `BENCH_RESULTS=results`, its output printed in place (its tables between the benchmark's and the
/// targets) and written to the file `tables` (what `--readme` regenerates), and fails on its failure.
func runScript(_ script: String, _ arguments: [String], results: String, tables: String) throws {
    fflush(nil)  // every C stream: what print wrote so far comes before the script's output
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // `tee` shows the tables as they come (the scripts take minutes); pipefail keeps the script's status.
    p.arguments = ["bash", "-c", #"set -o pipefail; bash "$0" "$@" | tee "$BENCH_TABLES""#, script] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["BENCH_RESULTS"] = results
    environment["BENCH_TABLES"] = tables
    p.environment = environment
    try p.run()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else {
        throw InputError(file: script, message: "exited with \(p.terminationStatus)")
    }
}

/// The fastest of `n` runs (the machine's noise only ever adds time), each started as a `typefit
/// audit` process starts: with nothing of the runs before it held and the freed heap given back
/// (`SystemMemory`). `keep` takes what the rows need from a run, so its report is let go at once. Run
/// after the corpus's generation and with earlier reports still in memory, two-thread audits took
/// 0.51–0.57 s where the same audit as its own process took 0.46–0.49 s: `malloc` served them from a
/// heap fragmented by this process's earlier work, which no user's run has.
func fastest<Kept>(_ n: Int, _ body: () throws -> Run, keeping keep: (Run) -> Kept) rethrows -> (wall: Double, kept: Kept) {
    var best: (wall: Double, kept: Kept)?
    for _ in 0..<max(n, 1) {
        SystemMemory.giveBackFreedPages()
        let run = try body()
        if best.map({ run.wall < $0.wall }) ?? true { best = (run.wall, keep(run)) }
    }
    return best!
}

/// The wall time of the fastest of `n` runs (`fastest`).
func fastestWall(_ n: Int, _ body: () throws -> Run) rethrows -> Double {
    try fastest(n, body) { _ in () }.wall
}

let cores = ProcessInfo.processInfo.activeProcessorCount
let dir =
    options.writeCorpus.map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("typefit-bench-\(getpid())")
defer { if options.writeCorpus == nil { try? FileManager.default.removeItem(at: dir) } }
do {
    // Read first: a results file it cannot use fails the run before minutes of measuring.
    var scripted = try options.results.map { try ScriptResults(contentsOf: $0) }
    // And with --scripts, that the scripts and the typefit they run (the one beside this binary) are there.
    let scriptsTypefit: String? = try {
        guard options.scripts else { return nil }
        for script in scripts where !FileManager.default.fileExists(atPath: script) {
            throw InputError(file: script, message: "no such script", hint: "run typefit-bench from the repository's root")
        }
        let typefit = typefitBesideThisBinary.path
        guard FileManager.default.isExecutableFile(atPath: typefit) else {
            throw InputError(file: typefit, message: "no typefit beside typefit-bench", hint: "make bench builds both")
        }
        return typefit
    }()
    // And that the file whose section --readme regenerates has its markers (before minutes of measuring).
    if let readme = options.readme { try ReadmeSection.check(readme) }
    var genTime = 0.0
    var files: [String] = []
    genTime = try seconds {
        files = try generateCorpus(
            screens: options.screens, locales: options.locales, from: options.specs,
            samples: options.samples, into: dir)
    }
    FileHandle.standardError.write(Data("generated \(files.count) screens in \(String(format: "%.2f", genTime)) s\n".utf8))
    if options.writeCorpus != nil { exit(0) }

    // 0. Peak memory of `typefit audit Specs` writing every report, as its own process (the binary
    // `make bench` builds beside this one), first: a child forked later would start with this
    // process's memory counted in its peak.
    let shippedRSS = try typefitPeakRSS(
        ["audit", options.specs, "--quiet", "--force"]
            + ["json", "sarif", "junit", "html"].map {
                "--report=\($0):" + dir.appendingPathComponent("specs-report.\($0)").path
            })

    // 1. The full audit on all cores; peak RSS right after it (the process's first audit).
    let recorder = Profiler()
    // 2. Reporting: the fonts' digests (only the JSON report shows them), the JSON report as
    // `--report json:FILE` writes it (streamed in pieces, here to nowhere) and the text report.
    // What the later rows need is kept; the run and its report are let go before the timed runs.
    let (rss, checks, findingCount, digestTime, jsonTime, jsonBytes, textTime, textBytes, stats, paragraphs) = try {
        let full = try audit([dir.path], threads: nil, profiler: recorder)
        let rss = peakRSSMegabytes()
        var report = full.report
        var jsonBytes = 0, text = ""
        let digestTime = seconds { full.auditor.addFontDigests(to: &report) }
        let jsonTime = try seconds { try JSONReporter().writeReport(report) { jsonBytes += $0.count } }
        let textTime = seconds { text = TextReporter().generateReport(report) }
        let s = report.summary
        return (
            rss, s.checks, s.errors + s.warnings + s.infos, digestTime, jsonTime, jsonBytes, textTime, text.utf8.count,
            full.auditor.engine.shaper.statistics, full.auditor.engine.paragraphStatistics
        )
    }()
    // 3. All cores again and one thread, each the best of two.
    let parallel = try fastestWall(2) { try audit([dir.path], threads: nil) }
    let single = try fastestWall(2) { try audit([dir.path], threads: 1) }
    // 4. Where one thread's time goes: a profiled run (two clock reads per stage call).
    let stages = Profiler(recordsRuns: false)
    SystemMemory.giveBackFreedPages()
    let (profiledWall, pt) = try {
        let run = try audit([dir.path], threads: 1, profiler: stages)
        return (run.wall, run.auditor.timings)
    }()
    // 4b. What the findings cost, one thread: the audit as the CI gate runs it (no system font
    // digests, length budgets or problems, the findings counted but not kept), and with every rule off (the same layouts and
    // checks, no finding made).
    func likeTheGate(_ o: inout AuditOptions) {
        o.systemFontDigests = false
        o.budgets = false
        o.problems = false
        o.keepsFindings = false
    }
    let asGate = try fastestWall(2) { try audit([dir.path], threads: 1, adjust: likeTheGate) }
    let noFindings = try fastestWall(2) {
        try audit([dir.path], threads: 1) {
            likeTheGate(&$0)
            for rule in RuleID.allCases { $0.severity[rule.rawValue] = .ignore }
            $0.refusesEveryRuleIgnored = false
        }
    }
    // 4c. What the screens' states cost apart from measuring texts, one thread: the full audit with
    // every state laid out, checked and reported a second time, its texts already measured
    // (`AuditOptions.repeatsStates`), against the full audit. The flat per-job arrays of
    // docs/performance.md ("What item 4 would take") would make this part cheaper; it bounds what
    // they can win.
    let repeatedStates = try fastestWall(2) { try audit([dir.path], threads: 1) { $0.repeatsStates = true } }
    // 5. Lower bound: every unique shaping request once, plain HarfBuzz, one thread, best of three.
    let requests = recorder.shapedRuns
    var lower = Double.infinity
    var checksum = 0
    for _ in 0..<3 { lower = min(lower, seconds { checksum = LowerBound.shapeAll(requests) }) }
    // 6. Naive (reshape at every size and check) on a subset, against the full audit on the same subset.
    let subset = Array(files.prefix(options.naiveScreens))
    let subsetFull = try fastestWall(3) { try audit(subset, threads: 1) }
    SystemMemory.giveBackFreedPages()
    let subsetNaive = try audit(subset, threads: 1, naive: true).wall
    // 7. The shipped Specs/, as `typefit audit Specs` runs it: the audit, then the text report it prints.
    let shipped = try fastest(2) {
        var run = try audit([options.specs], threads: nil)
        run.reportTime = seconds { _ = TextReporter().generateReport(run.report) }
        run.wall += run.reportTime
        return run
    } keeping: {
        (checks: $0.report.summary.checks, timings: $0.auditor.timings, reportTime: $0.reportTime)
    }

    // 7b. Loading an app's String Catalog (all the corpus's strings in one, four times over), as the
    // audit loads a table: read, parsed, checked and every key's variants resolved, one thread.
    // (Beside the corpus, not in it: the later audits of the corpus's folder see no new file.)
    let appCatalog = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-bench-catalog-\(getpid()).xcstrings")
    defer { try? FileManager.default.removeItem(at: appCatalog) }
    let appCatalogSize = try writeAppCatalog(from: files, copies: 4, to: appCatalog)
    var appCatalogLoad = Double.infinity
    for _ in 0..<3 {
        appCatalogLoad = min(appCatalogLoad, try seconds { _ = try LocalizedStrings.loadCatalog(path: appCatalog.path) })
    }

    // 8. Every machine-readable report of one run (as `typefit audit --report json:… --report sarif:…
    // --report junit:… --report html:…` writes them: font digests, previews kept), against that run's audit.
    let withPreviews = try audit([dir.path], threads: nil, previews: true)
    // Written as the command line writes them (`Reporter.writeReport` in pieces, one report per
    // thread: `ConcurrentReports`), here to nowhere.
    let reporters: [any Reporter] = [JSONReporter(), SARIFReporter(), JUnitReporter(), HTMLReporter()]
    let written = Slots(count: reporters.count, initial: 0)
    let previewReport = withPreviews.report
    let reportsTime = try seconds {
        try ConcurrentReports.run(reporters.map { type(of: $0) }, threads: cores) { i in
            var bytes = 0
            try reporters[i].writeReport(previewReport) { bytes += $0.count }
            written.set(i, bytes)
        }
    }
    let reportBytes = written.values.reduce(0, +)
    func f(_ v: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", v) }
    func rate(_ wall: Double) -> String { "\(Int((Double(checks) / wall).rounded()))" }
    let cpuChecks = pt.checks
    let analysis = stages.seconds(.analysis), shaping = stages.seconds(.shaping), breaking = stages.seconds(.layout)
    // Paragraph building includes its HarfBuzz calls; the rest of it is fallback, runs and cluster advances.
    let paragraphRest = max(0, stages.seconds(.paragraph) - shaping)
    // What is printed from here on is the benchmark's section of the README (`--readme`).
    var printed: [String] = []
    func emit(_ line: String) {
        print(line)
        printed.append(line)
    }
    let at = options.revision.map { " at `\($0)`" } ?? ""
    emit("The benchmark (`typefit-bench`\(at), release build, \(cores) cores):")
    emit("")
    emit("| Measure | Value |")
    emit("|---|---|")
    emit(
        "| corpus | \(options.screens) screens × \(options.locales) locales × 12 categories × 3 devices = \(checks) element checks, \(findingCount) findings |"
    )
    emit("| full audit, \(cores) threads (best of 2) | \(f(parallel)) s — \(rate(parallel)) element checks/s |")
    emit("| full audit, 1 thread (best of 2) | \(f(single)) s — \(rate(single)) element checks/s |")
    emit("| (c) one thread ÷ \(cores) threads | \(f(single / parallel))× |")
    emit(
        "| unique shaping calls vs element checks | \(stats.shapingCalls) vs \(checks) (\(f(Double(stats.shapingCalls) / Double(checks), 3)) per check); \(stats.cacheHits) shape-cache hits; \(paragraphs.requests) paragraph requests, \(paragraphs.built) analysed and shaped |"
    )
    emit(
        "| time split, 1 thread (profiled run, \(f(profiledWall)) s) | loading specs and strings \(f(pt.loading)) s · Unicode analysis \(f(analysis)) s · HarfBuzz shaping \(f(shaping)) s · font fallback, runs and cluster advances \(f(paragraphRest)) s · line breaking and truncation \(f(breaking)) s · screen layout, checks, findings and finishing each spec (sorting, grouping, storing) \(f(max(0, cpuChecks - analysis - shaping - paragraphRest - breaking))) s · finishing the run \(f(pt.finishing)) s |"
    )
    emit(
        "| what the findings cost, 1 thread (best of 2 each) | every rule off, no finding made (loading, layouts and checks) \(f(noFindings)) s · making and counting the findings (numbers, wording, fingerprints), as the CI gate does \(f(max(0, asGate - noFindings))) s · length budgets, problems, and sorting and storing the findings \(f(max(0, single - asGate))) s |"
    )
    emit(
        "| reporting | font digests \(f(digestTime)) s · JSON report \(f(jsonTime)) s (\(jsonBytes / 1_000_000) MB, streamed) · text report \(f(textTime)) s (\(textBytes / 1000) kB) |"
    )
    emit(
        "| lower bound: \(requests.count) unique runs shaped once with plain HarfBuzz, 1 thread (best of 3) | \(f(lower, 3)) s (checksum \(checksum)) |"
    )
    emit("| (a) full audit, 1 thread ÷ lower bound | \(f(single / lower, 1))× |")
    let statesCost = max(0, repeatedStates - single)
    let withoutStates = single - statesCost
    emit(
        "| what the states cost, 1 thread (best of 2) | every state laid out, checked and its findings made a second time, its texts already measured: +\(f(statesCost)) s (\(Int((100 * statesCost / single).rounded())) % of one thread's full audit); were they free, one thread would take about \(f(withoutStates)) s, (a) \(f(withoutStates / lower, 1))×, and \(cores) threads at (c)'s speed-up \(rate(withoutStates / (single / parallel))) element checks/s |"
    )
    emit(
        "| (b) naive ÷ full (best of 3), \(subset.count) screens, 1 thread | \(f(subsetNaive)) s ÷ \(f(subsetFull)) s = \(f(subsetNaive / subsetFull, 1))× |"
    )
    emit("| peak RSS after the full audit | \(Int(rss)) MB |")
    emit(
        "| loading an app's String Catalog (the corpus's strings × 4 in one: \(appCatalogSize.keys) keys × \(appCatalogSize.locales) locales, \(f(Double(appCatalogSize.bytes) / 1e6, 1)) MB), 1 thread (best of 3) | \(f(appCatalogLoad)) s — \(f(Double(appCatalogSize.bytes) / 1e6 / appCatalogLoad, 1)) MB/s |"
    )
    let st = shipped.kept.timings
    emit(
        "| shipped Specs/ (as `typefit audit Specs`: audit and text report), \(cores) threads (best of 2) | \(shipped.kept.checks) checks in \(f(shipped.wall)) s (loading \(f(st.loading)) s · checks \(f(st.checks)) s · finishing \(f(st.finishing)) s · text report \(f(shipped.kept.reportTime)) s) |"
    )
    emit(
        "| every report of one run (JSON, SARIF, JUnit, HTML with previews; \(reportBytes / 1_000_000) MB), \(cores) threads | \(f(reportsTime)) s for an audit of \(f(withPreviews.wall)) s |"
    )

    // The scripted measurements, after the benchmark's own (their minutes of load, and the gigabytes
    // of JSON the memory runs write, would slow the timed audits that follow them), with the typefit
    // beside this binary.
    if let typefit = scriptsTypefit {
        let results = dir.appendingPathComponent("script-results.txt").path
        guard FileManager.default.createFile(atPath: results, contents: nil) else {
            throw InputError(file: results, message: "cannot create the scripts' results file")
        }
        // The scripts print their own tables (`tee`d to a file of each script's, read back for the
        // README's section).
        func run(_ script: String, _ arguments: [String], _ title: String) throws {
            emit("")
            emit(title)
            emit("")
            let tables = dir.appendingPathComponent("tables-" + URL(fileURLWithPath: script).lastPathComponent).path
            guard FileManager.default.createFile(atPath: tables, contents: nil) else {
                throw InputError(file: tables, message: "cannot create the file for the script's tables")
            }
            try runScript(script, arguments, results: results, tables: tables)
            printed += try String(contentsOfFile: tables, encoding: .utf8).split(separator: "\n").map(String.init)
        }
        try run(
            measureScript, [typefit],
            "`typefit measure --jsonl` against Pango (`\(measureScript)`, [Batch measure](docs/performance.md#batch-measure)):")
        try run(
            memoryScript, [typefit, "100", "200", "500"],
            "Memory as the work grows (`\(memoryScript) 100 200 500`, [Memory at app scale](docs/performance.md#memory-at-app-scale)):")
        scripted = try ScriptResults(contentsOf: results)
    }

    // The targets (README "Performance"): each with its measured value, met or not.
    func verdict(_ met: Bool) -> String { met ? "met" : "**not met**" }
    let perSecond = Double(checks) / parallel
    emit("")
    emit("Every target of issue 18, measured, met or not:")
    emit("")
    emit("| Target | Measured | Met? |")
    emit("|---|---|---|")
    emit("| ≥ 1.5 M element checks/s on \(cores) cores (corpus) | \(rate(parallel)) | \(verdict(perSecond >= 1_500_000)) |")
    emit("| one thread ≤ 5× the HarfBuzz lower bound | \(f(single / lower, 1))× | \(verdict(single <= 5 * lower)) |")
    emit(
        "| every report together costs less than the audit | \(f(reportsTime)) s vs \(f(withPreviews.wall)) s | \(verdict(reportsTime < withPreviews.wall)) |"
    )
    if let shippedRSS {
        emit("| peak RSS of `typefit audit Specs` with every report ≤ 120 MB | \(Int(shippedRSS)) MB | \(verdict(shippedRSS <= 120)) |")
    } else {
        emit("| peak RSS of `typefit audit Specs` with every report ≤ 120 MB | not measured: no typefit binary beside typefit-bench | — |")
    }
    emit("| peak RSS ≤ 200 MB (corpus) | \(Int(rss)) MB | \(verdict(rss <= 200)) |")
    emit(
        "| naive ≥ 10× slower than the audit | \(f(subsetNaive / subsetFull, 1))× | \(verdict(subsetNaive >= 10 * subsetFull)) |"
    )
    emit("| shipped `Specs/` under 1 s wall | \(f(shipped.wall)) s | \(verdict(shipped.wall < 1)) |")
    // Measured by scripts of their own (run above with --scripts, or read with --results).
    let memoryTarget = "500 copies of the signup screen with a JSON report ≤ 1 GB, flat (±20 %) from 100 to 500"
    let measureTarget = "`typefit measure --jsonl` ≥ 10× Pango per check"
    if let scripted {
        if let v = scripted.memoryVerdict {
            emit("| \(memoryTarget) | \(v.measured) | \(verdict(v.met)) |")
        } else {
            emit("| \(memoryTarget) | not measured: the results have no JSON run at 100 and at 500 copies | — |")
        }
        if let v = scripted.measureVerdict {
            emit("| \(measureTarget) | \(v.measured) | \(verdict(v.met)) |")
        } else {
            emit("| \(measureTarget) | not measured: the results have no measure line | — |")
        }
    } else {
        emit("| \(memoryTarget) | not run: `make bench` runs `scripts/memory-scale.sh` | — |")
        emit("| \(measureTarget) | not run: `make bench` runs `scripts/bench-measure.sh` | — |")
    }
    if let readme = options.readme {
        try ReadmeSection.update(readme, with: printed.joined(separator: "\n"))
        fflush(nil)  // every C stream: the tables first, then the note
        FileHandle.standardError.write(Data("typefit-bench: regenerated the benchmark section of \(readme)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("typefit-bench: \(error)\n".utf8))
    exit(2)
}
