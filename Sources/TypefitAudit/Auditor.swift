import Foundation
import TypefitCore
import TypefitLayout
import TypefitShaping
import TypefitSpec
import TypefitStrings
import TypefitText

/// Runs the audit: every spec × device × orientation × locale × category (× focused field).
public final class Auditor: @unchecked Sendable {
    public let options: AuditOptions
    public let engine: TextEngine
    /// Wall-clock seconds of the last run's phases: loading (specs, strings), checks, finishing
    /// (sorting, baseline, checksums).
    public private(set) var timings: (loading: Double, checks: Double, finishing: Double) = (0, 0, 0)
    /// The font files the last run drew text with, sorted (as in `AuditReport.fonts`).
    public private(set) var usedFontPaths: [String] = []
    /// The most specs the last run had jobs of started or waiting to be finished at once
    /// (``SpecBatches/peakRunAhead``).
    private(set) var peakRunAhead = 0

    public init(options: AuditOptions) {
        self.options = options
        engine = TextEngine(
            fontDirectories: options.fontDirectories,
            bundledFonts: options.bundledFonts ?? FontLibrary.bundledDirectory(), cachePolicy: options.cachePolicy)
    }

    /// Spec files under the given paths, sorted: a folder's `.yaml` and `.yml` files (in any case),
    /// but not hidden ones (`.typefit.yml`) or those in hidden folders (`.github/workflows`) or in what builds and
    /// package managers make (`SkippedFolder`: Pods, DerivedData, …), so that
    /// `typefit audit .` at an app's root reads its specs; a file named on the command line is read.
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
                for case let item as String in walker {
                    let name = (item as NSString).lastPathComponent
                    if SkippedFolder.isSkipped(name) {
                        walker.skipDescendants()  // a file has none: only its own name is left out
                        continue
                    }
                    let lower = name.lowercased()
                    if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") { found.append((path as NSString).appendingPathComponent(item)) }
                }
                files += found.sorted()
            } else {
                files.append(path)
            }
        }
        return files.map(displayPath)
    }

    /// A path relative to the working directory when it is under it.
    public static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        if absolute.hasPrefix(cwd + "/") { return String(absolute.dropFirst(cwd.count + 1)) }
        return absolute
    }

    struct Job {
        /// What the jobs of one spec share, once for all its locales (a spec is about a kilobyte as
        /// a value: 500 specs in 42 locales held 27 MB of copies).
        final class SpecWork: Sendable {
            let spec: ScreenSpec
            let specPath: String
            let strings: StringTables
            let categories: [ContentSizeCategory]
            let devices: [Device]
            /// The names its findings give its screen states, one string each for all its locales.
            let names: ScreenNames
            /// Its text elements' fonts at every category, for all its locales.
            let fonts: ElementFonts

            init(spec: ScreenSpec, specPath: String, strings: StringTables, categories: [ContentSizeCategory], devices: [Device]) {
                self.names = ScreenNames(spec)
                self.fonts = ElementFonts(spec)
                self.spec = spec
                self.specPath = specPath
                self.strings = strings
                self.categories = categories
                self.devices = devices
            }
        }
        let work: SpecWork
        /// The requested locale (canonical spelling): what findings are labelled with.
        var locale: String
        /// The localizations whose strings stand for it, best first (`es-MX` → `[es-419, es]`).
        var localizations: [String]
        var localization: String { localizations[0] }
        var spec: ScreenSpec { work.spec }
        var specPath: String { work.specPath }
        var strings: StringTables { work.strings }
        var categories: [ContentSizeCategory] { work.categories }
        var devices: [Device] { work.devices }
    }

    /// Where a string table comes from: a spec's `strings` entry (loaded once per path and table).
    struct TableSource: Hashable {
        var path: String
        var table: String
        var isCatalog: Bool
        var developmentLanguage: String?
        var missingShows: MissingTranslationDisplay
        var code: [String]

        init(_ ref: StringsReference) {
            (path, table, isCatalog, developmentLanguage) = (ref.path, ref.table, ref.isCatalog, ref.developmentLanguage)
            (missingShows, code) = (ref.missingShows, ref.code)
        }
    }

    /// Loads one string table; errors about the table's file or folder itself name the spec line
    /// that points at it.
    static func loadTable(_ ref: StringsReference, specFile: String, pseudolocales: [Pseudolocale]) throws -> LocalizedStrings {
        if !ref.isCatalog, ref.developmentLanguage == nil, let project = ProjectDevelopmentRegion.nonEnglish(near: ref.path) {
            // A German-first app's folders read with English as their source would measure English
            // wherever a translation lacks a key, where the app shows German: refuse rather than guess.
            throw InputError(
                file: specFile, line: ref.location.line, column: ref.location.column,
                message:
                    "strings \(displayPath(ref.path)) (table \(ref.table)): the app's development language is \(project.region) "
                    + "(\(displayPath(project.file)):\(project.line)), but the spec reads the table as English-first, typefit's default",
                hint:
                    "add it: strings: {path: …, developmentLanguage: \(project.region)}; "
                    + "if the app's Info.plist sets CFBundleDevelopmentRegion to en instead, write developmentLanguage: en")
        }
        do {
            // What the build leaves out is known from the project before the strings are read: a file
            // of such a localization that cannot be read does not stop the audit unless it is asked for.
            let unshipped =
                ref.isCatalog
                ? nil : UnshippedLocalizations(table: ref.table, in: ref.path, developmentLanguage: ref.developmentLanguage ?? "en")
            if let catalog = unshipped?.replacedByCatalog {
                // Left-over files of a table the app now ships from a String Catalog: refuse to check them.
                let specFolder = URL(fileURLWithPath: specFile).deletingLastPathComponent().standardizedFileURL.path
                throw InputError(
                    file: ref.path, message: Self.replacedByCatalog(table: ref.table, catalog: catalog),
                    hint: "name the catalog: strings: \(RelativePath.of(catalog, from: specFolder))")
            }
            var t =
                ref.isCatalog
                ? try LocalizedStrings.loadCatalog(path: ref.path)
                : try LocalizedStrings.loadLprojFolder(
                    path: ref.path, sourceLanguage: ref.developmentLanguage ?? "en", table: ref.table, missingShows: ref.missingShows,
                    code: ref.code, unshipped: unshipped?.all ?? [])
            if !pseudolocales.isEmpty { t = t.addingPseudolocales(pseudolocales) }
            if let unshipped {
                t.excludedFromBuild = unshipped.excludedFromBuild
                t.notInXcodeProject = unshipped.notInXcodeProject
            }
            return t
        } catch var e as InputError {
            if e.file == ref.path && e.line == nil {
                // The catalog or folder as a whole (no position inside it): the spec's line is where to look.
                throw InputError(
                    file: specFile, line: ref.location.line, column: ref.location.column,
                    message: "strings \(displayPath(ref.path)) (table \(ref.table)): \(e.message)", hint: e.hint)
            }
            e.file = displayPath(e.file)
            throw e
        }
    }

    /// Why a folder's `.lproj` files of `table` are not read: the Xcode project builds `catalog` instead.
    public static func replacedByCatalog(table: String, catalog: String) -> String {
        "the Xcode project builds the String Catalog \(displayPath(catalog)) for table \(table), and none of the .lproj "
            + "folders' \(table).strings or \(table).stringsdict files: they are left over, and the app does not ship them"
    }

    public func run() throws -> AuditReport {
        let t0 = Date()
        var files = try Self.specFiles(options.paths)
        guard !files.isEmpty else { throw InputError(file: options.paths.joined(separator: ", "), message: "no spec files (*.yaml) found") }
        let allSpecFiles = files.count
        if let shard = options.shard {
            // A shard with nothing to audit is an error, never a green runner that checked nothing.
            let all = files.count
            files = shard.select(files)
            guard !files.isEmpty else {
                throw InputError(
                    file: "--shard", message: "shard \(shard.index)/\(shard.count) has no spec file: there are only \(all)",
                    hint: "use at most \(all) shards")
            }
        }
        var filesRead = files
        var jobs: [Job] = []
        var screens = 0
        var specFindings: [String: [Finding]] = [:]
        try checkSelection()
        var tableFiles = Set<String>()
        var resolutions: [LocaleResolutionKey: AuditReport.LocaleResolution] = [:]
        var usedDevices = Set<String>(), specDevices = Set<String>()
        // Per rule, the screens whose severities ignore it.
        var ignored: [RuleID: Int] = [:]
        // Per set of sizes specs' own `categories:` leave out, the screens.
        var specSizes: [[ContentSizeCategory]: Int] = [:]
        var sourceLanguages: [String] = []
        // What loading holds (the parsed specs, every string table, the prepared specs) ends with this
        // block: from then on a spec's parsed spec and tables are held only by its jobs, and let go
        // with the last of them (`JobList`).
        do {
            // Specs are parsed in parallel, then their string tables loaded in parallel; errors are then
            // raised in file order, exactly as a serial load would (the specs after the first that fails
            // to parse are read, but nothing uses them).
            let parsedSlots = Slots<Result<[ScreenSpec], Error>>(count: files.count, initial: .failure(CancellationError()))
            parallelFor(files.count) { [files] i in parsedSlots.set(i, Result { try SpecLoader.load(path: files[i]) }) }
            var parsed: [Result<[ScreenSpec], Error>] = []
            for r in parsedSlots.values {
                parsed.append(r)
                if case .failure = r { break }
            }
            // Pseudolocales: those asked for with --pseudolocales, and those named as locales.
            var pseudoSet = Set(options.pseudolocales)
            for case .success(let specs) in parsed {
                for spec in specs { for l in spec.locales ?? [] { if let p = Pseudolocale(rawValue: l.tag) { pseudoSet.insert(p) } } }
            }
            for l in options.locales ?? [] { if let p = Pseudolocale(rawValue: LocaleResolver.canonical(l)) { pseudoSet.insert(p) } }
            let pseudolocales = pseudoSet.sorted()
            var sources: [TableSource] = []
            var firstUse: [TableSource: (ref: StringsReference, file: String)] = [:]
            for case .success(let specs) in parsed {
                for spec in specs {
                    for ref in spec.strings {
                        let source = TableSource(ref)
                        if firstUse[source] == nil {
                            firstUse[source] = (ref, spec.file)
                            sources.append(source)
                        }
                    }
                }
            }
            let loaded = Slots<Result<LocalizedStrings, Error>>(count: sources.count, initial: .failure(CancellationError()))
            let uses = sources.map { firstUse[$0]! }
            parallelFor(uses.count) { i in
                let use = uses[i]
                loaded.set(i, Result { try Self.loadTable(use.ref, specFile: use.file, pseudolocales: pseudolocales) })
            }
            let preloaded = Dictionary(uniqueKeysWithValues: zip(sources, loaded.values))
            // Each spec's tables, keys, locales and whole-spec rules are prepared in parallel, then taken
            // in file order: the first error in that order is raised, as a serial load would raise it.
            var specsToPrepare: [(file: String, spec: ScreenSpec)] = []
            for case (let file, .success(let specs)) in zip(files, parsed) { specsToPrepare += specs.map { (file, $0) } }
            let prepared = Slots<Result<PreparedSpec, Error>>(count: specsToPrepare.count, initial: .failure(CancellationError()))
            parallelFor(specsToPrepare.count) { [specsToPrepare] i in
                let (file, spec) = specsToPrepare[i]
                prepared.set(i, Result { try self.prepare(spec, file: file, tables: preloaded) })
            }
            var preparedSpecs = prepared.values.makeIterator()
            for (file, specs) in zip(files, parsed) {
                for _ in try specs.get() {
                    screens += 1
                    let p = try preparedSpecs.next()!.get()
                    tableFiles.formUnion(p.shownStrings)
                    // As findings name them: the requested locale, so `English.lproj`'s is `en`.
                    for t in p.strings.tables {
                        let language = LocaleResolver.canonical(t.strings.sourceLanguage)
                        if !sourceLanguages.contains(language) { sourceLanguages.append(language) }
                    }
                    for l in p.locales {
                        let key = LocaleResolutionKey(
                            requested: l.requested, localizations: l.localizations, auditedAs: l.auditedAs, leftOut: l.leftOut)
                        var entry =
                            resolutions[key]
                            ?? AuditReport.LocaleResolution(
                                requested: l.requested, localization: l.localization,
                                fallbacks: l.localizations.count > 1 ? Array(l.localizations.dropFirst()) : nil, strings: [],
                                auditedAs: l.auditedAs, leftOut: l.leftOut)
                        for path in p.shownStrings where !entry.strings.contains(path) {
                            entry.strings.append(path)
                        }
                        entry.strings.sort()
                        resolutions[key] = entry
                    }
                    specDevices.formUnion(p.specDevices)
                    for rule in p.ignoredRules { ignored[rule, default: 0] += 1 }
                    if !p.sizesLeftOut.isEmpty { specSizes[p.sizesLeftOut, default: 0] += 1 }
                    guard let work = p.work else { continue }
                    usedDevices.formUnion(work.devices.map(\.name))
                    specFindings[file, default: []] += p.specFindings
                    for l in p.locales.sorted(by: { $0.requested < $1.requested }) where l.isAudited {
                        jobs.append(Job(work: work, locale: l.requested, localizations: l.localizations))
                    }
                }
            }
        }
        if let only = options.devices {
            // A device no audited screen has: the request cannot be honoured.
            for (entry, d) in only.enumerated() where !usedDevices.contains(d) {
                let known = Device.preset(named: d) != nil || specDevices.contains(d)
                // A model that is not a preset: its size, never another device's name as a "did you mean".
                if !known, let model = DeviceModel.notAPreset(d) {
                    throw InputError(file: "--devices", message: model.message, hint: model.hint, entry: entry)
                }
                throw InputError(
                    file: "--devices",
                    message: known
                        ? "no audited screen has the device '\(ControlCharacters.escaped(d))'"
                        : "unknown device '\(ControlCharacters.escaped(d))'",
                    hint: Suggestion.hint(for: d, in: specDevices.sorted()) ?? "the screens' devices: "
                        + specDevices.sorted().joined(separator: ", "),
                    entry: entry)
            }
        }
        if jobs.isEmpty {
            throw InputError(
                file: options.paths.joined(separator: ", "), message: "nothing to audit: the selection leaves no screen state to check")
        }
        if options.refusesEveryRuleIgnored && RuleID.allCases.allSatisfy({ ignored[$0] == screens }) {
            // Every rule off on every screen: a run that could never find anything is no gate.
            throw InputError(
                file: options.paths.joined(separator: ", "),
                message: "nothing to check: every rule is ignored (severity: ignore) on every screen",
                hint: "turn a rule back on in .typefit.yml's severity or the specs' own severity (`typefit rules` lists them)")
        }
        let t1 = Date()
        let batches = SpecBatches(
            jobSpecs: jobs.map(\.specPath), specFindings: specFindings, baseline: options.baseline,
            store: FindingStore(memoryLimit: options.findingMemoryLimit),
            elementStore: RecordStore(memoryLimit: options.elementMemoryLimit),
            threads: options.threads ?? ProcessInfo.processInfo.activeProcessorCount, groupsProblems: options.problems,
            keepsFindings: options.keepsFindings)
        var scope: [String: BaselineMatcher.Scope] = [:]
        if options.baseline != nil {
            for job in jobs {
                scope[job.specPath, default: .init()].merge(
                    .init(
                        locales: [job.locale], categories: Set(job.categories),
                        devices: Set(job.devices.map(\.name))))
            }
        }
        // The pictures lay the jobs out again after the audit; otherwise each job is let go once run.
        let pictures = options.keepPreviews ? ScreenPictureSource(jobs: jobs, engine: engine) : nil
        let list = JobList(jobs)
        jobs = []
        try runJobs(list, batches: batches)
        peakRunAhead = batches.peakRunAhead
        let t2 = Date()
        let checks = batches.checks
        if checks == 0 {
            // Never a green gate that checked nothing (screens without any text element, say).
            throw InputError(
                file: options.paths.joined(separator: ", "),
                message: "nothing to audit: 0 element checks (no screen state shows any text)")
        }
        let baselineResult = batches.baselineResult(scope: scope)
        let baselined = baselineResult?.accepted ?? 0
        let (errors, warnings, infos) = (batches.counts.errors, batches.counts.warnings, batches.counts.infos)
        let fontFiles = batches.fontFiles
        // Checksums of the fonts used (only when asked: only the JSON report shows them).
        // Sorted as they are shown (relative to the working directory when under it).
        let fontPaths = fontFiles.map { (path: $0, shown: Self.displayPath($0)) }.sorted { $0.shown < $1.shown }.map(\.path)
        usedFontPaths = fontPaths
        let digests = options.fontDigests ? fontDigests(fontPaths) : Array(repeating: "", count: fontPaths.count)
        let fonts = fontPaths.enumerated().map { i, path in
            AuditReport.FontFile(file: (path as NSString).lastPathComponent, sha256: digests[i])
        }
        // Spec files (in the order audited), then string tables and fonts, each sorted: the same list
        // whether the specs were audited in one run or in shards (`typefit merge`).
        filesRead += tableFiles.subtracting(filesRead).sorted()
        filesRead += fontPaths.map(Self.displayPath)
        timings = (t1.timeIntervalSince(t0), t2.timeIntervalSince(t1), Date().timeIntervalSince(t2))
        var report = AuditReport(
            tool: .init(version: TypefitInfo.version, harfbuzz: harfBuzzVersion, freetype: FontFileInfo.freeTypeVersion, icu: icuVersion),
            fonts: fonts, filesRead: filesRead,
            locales: resolutions.values.sorted(by: AuditReport.LocaleResolution.reportOrder),
            summary: .init(
                specs: files.count, screens: screens, checks: checks, errors: errors, warnings: warnings, infos: infos,
                baselined: baselined, borderline: batches.counts.borderline, failed: errors > 0 || (options.strict && warnings > 0),
                shard: options.shard.map {
                    ShardSummary(
                        index: $0.index, count: $0.count, specFiles: allSpecFiles, run: options.runFingerprint,
                        strict: options.strict)
                }),
            findingList: batches.store.all, elementList: batches.elementStore.all, baseline: baselineResult,
            systemFont: SystemFontIdentity(engine: engine, digests: options.systemFontDigests), sourceLanguages: sourceLanguages,
            problems: Problem.ranked(batches.problems) { $0.fails(inOneOf: Set(sourceLanguages)) })
        report.pictures = pictures
        report.leftOut = LeftOutSelection(
            options: options, specSizes: specSizes, specDevices: specDevices, usedDevices: usedDevices, ignored: ignored)
        return report
    }

    /// Command-line selections that can select nothing, checked before any spec is read.
    func checkSelection() throws {
        if let locales = options.locales {
            if locales.isEmpty {
                throw InputError(
                    file: "--locales", message: "the list of locales is empty",
                    hint: "give at least one, e.g. --locales de,ja, or leave the option out for every locale")
            }
            for locale in locales {
                if let problem = LocaleTag.problem(locale) {
                    throw InputError(
                        file: "--locales", message: "invalid locale '\(ControlCharacters.escaped(String(locale.prefix(80))))': \(problem)")
                }
            }
        }
        if let categories = options.categories, categories.isEmpty {
            throw InputError(
                file: "--categories", message: "the list of categories is empty", hint: "give at least one, e.g. --categories AX1,AX5")
        }
        if let devices = options.devices {
            if devices.isEmpty {
                throw InputError(
                    file: "--devices", message: "the list of devices is empty", hint: "give at least one, e.g. --devices \"iPhone 16\"")
            }
        }
    }

    struct LocaleResolutionKey: Hashable {
        var requested: String
        var localizations: [String]
        var auditedAs: String?
        var leftOut: AuditReport.LocaleResolution.LeftOut?
    }

    /// A requested locale and the localizations that stand for it, best first.
    struct ResolvedLocale {
        var requested: String
        var localizations: [String]
        var localization: String { localizations[0] }
        /// Set when a default run leaves the locale out: the localization, audited in the same run,
        /// whose tables it reads (`en-US.lproj` without the screen's table reads `en`'s). Nil for a
        /// locale that is audited.
        var auditedAs: String? = nil
        /// Set when a default run leaves the locale out for its code (`qqq`).
        var leftOut: AuditReport.LocaleResolution.LeftOut? = nil
        var isAudited: Bool { auditedAs == nil && leftOut == nil }
    }

    /// The locales a screen is audited in: `--locales`, else the spec's `locales`, else every
    /// localization of its strings; each requested one resolved as the bundle would
    /// (`Bundle.preferredLocalizations(from:forPreferences:)`). One that resolves to nothing is an error.
    /// A localization a default run leaves out is returned too, with `auditedAs` set, so that the
    /// reports can name it.
    func resolveLocales(_ spec: ScreenSpec, strings: StringTables, file: String, pseudolocales: [Pseudolocale]) throws -> [ResolvedLocale] {
        struct Request {
            var tag: String
            var location: SourceLocation?
            /// Its index in `--locales` (or `.typefit.yml`'s `locales`, which stands for it).
            var entry: Int? = nil
        }
        // The strings' localizations, listed once for all the requests.
        let available = strings.isEmpty ? [] : strings.localizations
        let availableToResolve = LocaleResolver.Available(available)
        var requests: [Request]
        // Whether the locales are every localization (none asked for): then one whose tables are all
        // read in another localization is that one's duplicate, and left out.
        var everyLocalization = false
        if let cli = options.locales {
            requests = cli.enumerated().map { Request(tag: $1, location: nil, entry: $0) }
        } else if let l = spec.locales {
            requests = l.map { Request(tag: $0.tag, location: $0.location) }
        } else if strings.isEmpty {
            requests = [Request(tag: "en", location: nil)]
        } else {
            everyLocalization = true
            requests = available.filter { name in
                // Pseudolocales named only in other specs' locales are not this screen's own.
                guard let p = Pseudolocale(rawValue: name) else { return true }
                return pseudolocales.contains(p)
            }.map { Request(tag: $0, location: nil) }
        }
        if options.locales != nil || spec.locales != nil {
            // --pseudolocales adds to the locales asked for.
            for p in pseudolocales where !requests.contains(where: { LocaleResolver.canonical($0.tag) == p.rawValue }) {
                requests.append(Request(tag: p.rawValue, location: nil))
            }
        }
        var out: [ResolvedLocale] = []
        var seen = Set<String>()
        for request in requests {
            let canonical = LocaleResolver.canonical(request.tag)
            guard seen.insert(canonical).inserted else { continue }
            if everyLocalization, let reason = Self.leftOut(request.tag, canonical: canonical, in: strings) {
                // Left out of a default run for what it is (asked for by name, it is audited).
                out.append(ResolvedLocale(requested: canonical, localizations: [request.tag], leftOut: reason))
                continue
            }
            if strings.isEmpty {
                // Literal text only: the locale sets the language of line breaking and fonts.
                out.append(ResolvedLocale(requested: canonical, localizations: [canonical]))
                continue
            }
            let chain: [String]?
            do {
                chain = try LocaleResolver.resolve(request.tag, in: availableToResolve)
            } catch {
                throw InputError(file: request.location.map { "\(file):\($0.line):\($0.column)" } ?? "--locales", message: "\(error)")
            }
            guard let chain else {
                var files: [String] = []
                for t in strings.tables where !files.contains(Self.displayPath(t.strings.file)) {
                    files.append(Self.displayPath(t.strings.file))
                }
                let catalogs = files.joined(separator: ", ")
                // A language that exists (Swahili) was asked for on purpose: the strings lack it, and
                // the nearest code (sk, Slovak) is another language, never what was meant. Only a code
                // no language has ("germn") gets a "did you mean".
                let language = Self.languageName(request.tag)
                let message =
                    "locale '\(ControlCharacters.escaped(request.tag))'\(language.map { ", \($0)," } ?? "") is not a localization of \(catalogs), nor falls back to one"
                let listed =
                    available.count <= 40
                    ? available.joined(separator: ", ") : available.prefix(40).joined(separator: ", ") + " and \(available.count - 40) more"
                let suggestion = language == nil ? Self.localizationMeant(by: request.tag, in: available) : nil
                let hint = (suggestion.map { $0 + " " } ?? "") + "localizations: " + listed
                if let at = request.location {
                    throw InputError(file: file, line: at.line, column: at.column, message: message, hint: hint)
                }
                throw InputError(file: "--locales", message: message + " (used by \(file))", hint: hint, entry: request.entry)
            }
            // A localization no table has (an `.lproj` folder without the screen's tables) reads each
            // table along its search list: the first localization there that a table has is the one
            // shown. When none has any, the development language's text shows, reported untranslated.
            let read = chain.firstIndex { l in strings.tables.contains { $0.strings.has(locale: l) } }
            // A localization the build leaves out whose file could not be read, shown here: its error.
            if let read, var unreadable = strings.tables.lazy.compactMap({ $0.strings.unreadable[chain[read]] }).first {
                unreadable.file = Self.displayPath(unreadable.file)
                throw unreadable
            }
            if let read, read > 0 {
                // Asked for by default, it would repeat the findings of the localization it reads,
                // which is audited as itself: left out, and named in the reports.
                out.append(
                    ResolvedLocale(
                        requested: canonical, localizations: Array(chain[read...]),
                        auditedAs: everyLocalization ? LocaleResolver.canonical(chain[read]) : nil))
            } else {
                out.append(ResolvedLocale(requested: canonical, localizations: chain))
            }
        }
        if !everyLocalization, !strings.isEmpty {
            out += Self.notAskedFor(
                available, shown: out, in: strings, reason: options.locales != nil ? .notInRunLocales : .notInSpecLocales)
        }
        return out
    }

    /// The localizations of `strings` that a run over every localization would audit as themselves
    /// and that no locale asked for shows (`shown`'s audited ones): each left out for `reason`, so
    /// that the reports name what a narrowed run did not check.
    static func notAskedFor(
        _ available: [String], shown: [ResolvedLocale], in strings: StringTables, reason: AuditReport.LocaleResolution.LeftOut
    ) -> [ResolvedLocale] {
        var covered = Set(shown.filter(\.isAudited).map { LocaleResolver.canonical($0.localization) })
        var out: [ResolvedLocale] = []
        for localization in available where Pseudolocale(rawValue: localization) == nil {
            let canonical = LocaleResolver.canonical(localization)
            guard !covered.contains(canonical), leftOut(localization, canonical: canonical, in: strings) == nil,
                strings.tables.contains(where: { $0.strings.has(locale: localization) })
            else { continue }
            covered.insert(canonical)
            out.append(ResolvedLocale(requested: canonical, localizations: [localization], leftOut: reason))
        }
        return out
    }

    /// Why a run over every localization leaves `localization` (canonically `canonical`) out, checked
    /// in this order; nil when it is audited. A private-use language code (`qqq`); a localization the
    /// app's build leaves out of every table that has it (`XcodeGenProject.localizationsExcluded`,
    /// `XcodeProject.localizationsNotBuilt`); one whose strings in every such table are Crowdin
    /// In-Context's identifiers, not text.
    static func leftOut(
        _ localization: String, canonical: String, in strings: StringTables
    ) -> AuditReport.LocaleResolution.LeftOut? {
        if isPrivateUse(canonical) { return .privateUse }
        if everyTable(holding: localization, in: strings, marked: \.excludedFromBuild) { return .excludedFromBuild }
        if everyTable(holding: localization, in: strings, marked: \.notInXcodeProject) { return .notInXcodeProject }
        if everyTable(holding: localization, in: strings, marked: \.inContextPseudolanguages) { return .inContextPseudolanguage }
        return nil
    }

    /// Whether every table that has `localization` lists it in `marked` (and one does): a default run
    /// leaves out a localization only where every table it is read from says so.
    private static func everyTable(
        holding localization: String, in strings: StringTables, marked: (LocalizedStrings) -> [String]
    ) -> Bool {
        let holding = strings.tables.filter { $0.strings.has(locale: localization) }
        return !holding.isEmpty && holding.allSatisfy { marked($0.strings).contains(localization) }
    }

    /// Whether the locale's language is one of ISO 639's private-use codes, qaa–qtz (`qqq`).
    static func isPrivateUse(_ tag: String) -> Bool {
        let language = tag.prefix { $0 != "-" && $0 != "_" }.lowercased()
        return language.count == 3 && language >= "qaa" && language <= "qtz"
    }

    /// The English name of a locale whose language exists ("Swahili", "Serbian (Latin)"), from
    /// Foundation's ICU data; nil for a code no language has.
    static func languageName(_ tag: String) -> String? {
        let english = Locale(identifier: "en")
        guard let code = Locale(identifier: tag).language.languageCode?.identifier,
            english.localizedString(forLanguageCode: code) != nil
        else { return nil }
        return english.localizedString(forIdentifier: tag)
    }

    /// "did you mean 'de', German?" for a locale code no language has: the one localization whose code,
    /// or name in English or in itself, is nearest to it ("germn", "Deutsch" → de); nil when none is
    /// near, or several are equally near (a two-letter typo is one letter from half the codes there are).
    static func localizationMeant(by tag: String, in available: [String]) -> String? {
        let english = Locale(identifier: "en")
        var best: [(localization: String, distance: Int)] = []
        for localization in available {
            // Its code, and its name in English and in itself, whole and language only ("pt-BR",
            // "Portuguese (Brazil)", "Portuguese", "português (Brasil)", "português").
            let own = Locale(identifier: localization)
            let code = own.language.languageCode?.identifier
            let names =
                [localization]
                + [
                    english.localizedString(forIdentifier: localization), code.flatMap { english.localizedString(forLanguageCode: $0) },
                    own.localizedString(forIdentifier: localization), code.flatMap { own.localizedString(forLanguageCode: $0) }
                ].compactMap { $0 }
            guard let distance = names.map({ Suggestion.distance(tag, $0) }).min() else { continue }
            if best.isEmpty || distance < best[0].distance {
                best = [(localization, distance)]
            } else if distance == best[0].distance {
                best.append((localization, distance))
            }
        }
        guard best.count == 1, best[0].distance <= max(1, tag.count / 3) else { return nil }
        let name = english.localizedString(forIdentifier: best[0].localization).map { ", \($0)" } ?? ""
        return "did you mean '\(best[0].localization)'\(name)?"
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

    /// The keys an element shows, each with its table (nil: the screen's default table).
    /// Built as the labelled list it returns: appending unlabelled pairs and returning them as
    /// labelled ones copied the list (a cast per element), which the budget and the untranslated
    /// rule paid in every job.
    static func keys(of e: Element) -> [(key: String, table: String?)] {
        var out: [(key: String, table: String?)] = []
        if case .key(let k)? = e.text { out.append((k, e.table)) }
        if case .key(let k)? = e.placeholder { out.append((k, e.table)) }
        for f in e.fallbacks { if case .key(let k) = f.text { out.append((k, f.table ?? e.table)) } }
        return out
    }

    /// Every key a spec uses must exist in its table's source language.
    func validateKeys(_ spec: ScreenSpec, strings: StringTables, file: String) throws {
        for e in spec.allElements {
            for (k, tableName) in Self.keys(of: e) {
                guard let table = strings.table(tableName) else {
                    throw InputError(
                        file: file, line: e.location.line, column: e.location.column,
                        message: "element '\(e.id)' uses key '\(ControlCharacters.escaped(k))' but the screen has no 'strings'")
                }
                if !table.contains(key: k) {
                    let name = tableName ?? strings.tables[0].name
                    if table.staleKeys.contains(k) {
                        // In the file, but marked stale: "not in table" would send the user looking for it.
                        throw InputError(
                            file: file, line: e.location.line, column: e.location.column,
                            message:
                                "key '\(ControlCharacters.escaped(k))' is stale in table '\(name)' (\(Self.displayPath(table.file))): Xcode marks a key `extractionState: stale` when no source file uses it any more, and typefit leaves stale keys out",
                            hint:
                                "use the key the screen shows now; a key the app looks up at run time is kept with `extractionState: manual`"
                        )
                    }
                    // In another table? Say which: NSLocalizedString needs its tableName.
                    let elsewhere = strings.tables.filter { $0.name != name && $0.strings.contains(key: k) }.map(\.name)
                    throw InputError(
                        file: file, line: e.location.line, column: e.location.column,
                        message: "key '\(ControlCharacters.escaped(k))' is not in table '\(name)' (\(Self.displayPath(table.file)))",
                        hint: elsewhere.first.map { "it is in table '\($0)': add 'table: \($0)'" }
                            ?? Suggestion.hint(for: k, in: table.keys))
                }
                let only = table.localizationsWithoutSource(key: k)
                if !only.isEmpty {
                    // Only translations have it: the development language shows the key itself.
                    let name = tableName ?? strings.tables[0].name
                    let listed =
                        only.count <= 5
                        ? only.joined(separator: ", ") : only.prefix(5).joined(separator: ", ") + " and \(only.count - 5) more"
                    throw InputError(
                        file: file, line: e.location.line, column: e.location.column,
                        message:
                            "key '\(ControlCharacters.escaped(k))' is not in \(table.sourceLanguage).lproj/\(name) (\(Self.displayPath(table.file)))"
                            + (table.code.isEmpty
                                ? "" : " nor given a value: in its code (\(table.code.map(Self.displayPath).joined(separator: ", ")))")
                            // With the code read, a key neither gives is more likely one the app no longer
                            // uses, or one whose value: the code computes, than one shown raw.
                            + (table.code.isEmpty
                                ? ", only in \(listed): the app shows the key itself in \(table.sourceLanguage)"
                                : ", only in \(listed): a key the app no longer uses, one whose value: the code computes "
                                    + "(typefit reads constant strings only), or one it shows as itself in \(table.sourceLanguage)"),
                        hint: "add it to \(table.sourceLanguage).lproj/\(name).\(table.lprojFileExtension(key: k)), or check the key"
                            + (table.code.isEmpty
                                ? "; if the app's code gives its text, as NSLocalizedString(…, value: \"…\"), name that code: strings: {path: …, code: FOLDER}"
                                : ""))
                }
            }
            try validateArguments(e, strings: strings, file: file)
        }
    }

    /// An element's `arguments` must be read by its strings: no more of them than the most its keys'
    /// source texts read, and a number where a specifier reads one (`ArgumentSample.fits`).
    func validateArguments(_ e: Element, strings: StringTables, file: String) throws {
        guard let first = e.arguments.first else { return }
        func error(_ at: SourceLocation, _ message: String, hint: String? = nil) -> InputError {
            InputError(file: file, line: at.line, column: at.column, message: message, hint: hint)
        }
        let keys = Self.keys(of: e)
        guard !keys.isEmpty else {
            throw error(
                first.location, "element '\(e.id)' has 'arguments' but no key",
                hint: "arguments fill the format specifiers of a key's string; 'text:' is shown as written")
        }
        var read: [(key: String, argument: StringArgument)] = []
        var most = 0
        var mostKey = keys[0].key
        for (k, tableName) in keys {
            guard let table = strings.table(tableName) else { continue }
            let arguments = table.sourceArguments(key: k)
            read += arguments.map { (k, $0) }
            if let last = arguments.last?.index, last > most { (most, mostKey) = (last, k) }
        }
        if e.arguments.count > most {
            let extra = e.arguments[most]
            let reads = counted(most, "argument", none: "no arguments")
            // One key: what its source text reads; several (a placeholder, fallbacks): the most any reads.
            let why =
                keys.count == 1
                ? "the source text of key '\(ControlCharacters.escaped(mostKey))' reads \(reads)"
                : most == 0
                    ? "the source texts of its keys read no arguments"
                    : "the source texts of its keys read at most \(reads) (key '\(ControlCharacters.escaped(mostKey))')"
            throw error(
                extra.location, "argument \(most + 1) ('\(ControlCharacters.escaped(extra.text ?? "~"))') is not read: \(why)",
                hint: "remove it, or check the key")
        }
        let samples = e.argumentSamples
        for (i, value) in e.arguments.enumerated() {
            guard let sample = samples[i + 1] else { continue }
            for (k, argument) in read where argument.index == i + 1 {
                guard let kind = argument.kinds.first(where: { !sample.fits($0) }) else { continue }
                let needs = kind == .double ? "a number" : "a whole number"
                throw error(
                    value.location,
                    "argument \(i + 1) ('\(ControlCharacters.escaped(value.text ?? "~"))') is read by \(argument.specifiers.joined(separator: ", ")) in key '\(ControlCharacters.escaped(k))', which needs \(needs)"
                )
            }
        }
    }

    func severityFunction(_ spec: ScreenSpec) -> @Sendable (RuleID) -> Severity? {
        let overrides = spec.severity.merging(options.severity) { specLevel, _ in specLevel }
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
        /// The findings' counts when the job counted and dropped them itself (``countsOnWorker``).
        var counted: FindingCounts?
        var checks = 0
        var fontFiles: [Int: String] = [:]
        var summaries: [AuditReport.ElementSummary] = []
    }

    /// Runs the jobs, each result handed to `batches` as it completes (which finishes each spec in
    /// report order as soon as its jobs are done); throws the first failing job's error, in job order.
    func runJobs(_ jobs: JobList, batches: SpecBatches) throws {
        let threads = options.threads ?? ProcessInfo.processInfo.activeProcessorCount
        let schedule = batches.schedule(screenOfJob: jobs.screenOfJob)
        if threads <= 1 || jobs.count <= 1 {
            for i in schedule {
                batches.waitForTurn(job: i)  // never waits: each spec is finished as its last job completes
                batches.complete(job: i, Result { try runJob(jobs.take(i)) })
                _ = batches.takeGarbage(worker: 0)
            }
        } else {
            // Work-stealing over jobs with a fixed number of workers, in the order `batches` asks for.
            // Results are handed over by job index, so the order of the report does not depend on it.
            let next = WorkCounter()
            DispatchQueue.concurrentPerform(iterations: min(threads, jobs.count)) { worker in
                while true {
                    // What this worker made for specs finished since (on any worker) is freed here.
                    _ = batches.takeGarbage(worker: worker)
                    let n = next.take()
                    if n >= schedule.count { break }
                    let i = schedule[n]
                    // Never further ahead of finishing than `batches.runAhead` specs.
                    batches.waitForTurn(job: i)
                    batches.complete(job: i, worker: worker, Result { try self.runJob(jobs.take(i)) })
                }
            }
        }
        try batches.finishAll()
    }

    /// The state `key` laid out and checked again, into a result that is thrown away
    /// (`AuditOptions.repeatsStates`): its texts were measured by the first pass, and every fact
    /// the job keeps once (fonts, glyphs) was recorded by it.
    private func repeatState(_ key: StateKey, _ auditor: StateAuditor, into repeated: inout StateResult) throws {
        repeated.clearForNextState()
        repeated.findings.removeAll(keepingCapacity: true)
        try auditor.audit(key, into: &repeated)
    }

    func runJob(_ job: Job) throws -> JobResult {
        let spec = job.spec
        let auditor = StateAuditor(
            spec: spec, specPath: job.specPath, engine: engine, strings: job.strings,
            localizations: job.localizations, severity: severityFunction(spec), names: job.work.names, fonts: job.work.fonts,
            budgets: options.budgets)
        var out = JobResult()
        // The worst severity per element and category: a row per element, by its index in
        // `spec.allElements` (the state says each finding's: `StateResult.findingElements`), made
        // when the element first fails.
        let elements = spec.allElements
        var worst = [[Severity?]?](filled: nil, count: elements.count)
        var audited = [Bool](filled: false, count: 12)
        // Per element, by its index in `spec.allElements` (a state reports elements by their index
        // in `StateAuditor.checkedNodes`, the same order): button heights per category and the
        // smallest category showing a fallback string, and the locale-level facts of its texts.
        var buttonHeights = [[Double]?](filled: nil, count: elements.count)
        var fallbackFrom = [ContentSizeCategory?](filled: nil, count: elements.count)
        var facts = [ElementFacts?](filled: nil, count: elements.count)
        let focusStates: [String?] = (spec.keyboard?.focused.isEmpty ?? true) ? [nil] : spec.keyboard!.focused.map { $0 }
        // One state's result, emptied for each state (its findings are the job's, moved in and out).
        var r = StateResult()
        var repeated = StateResult()
        for (d, device) in job.devices.enumerated() {
            for (o, orientation) in spec.orientations.enumerated() {
                for focused in focusStates {
                    for category in job.categories {
                        let key = StateKey(
                            device: device, orientation: orientation, locale: job.locale, category: category, focused: focused)
                        // Locale-level facts do not depend on the device: collect them on the first one.
                        // Only the first state's facts are kept (every state lays out every element).
                        auditor.collectFacts = d == 0 && o == 0 && focused == focusStates[0] && category == job.categories[0]
                        auditor.collectButtonHeights = d == 0 && o == 0 && focused == focusStates[0]
                        // The job's findings are moved into the state's result and back: appended once, never copied.
                        r.clearForNextState()
                        swap(&r.findings, &out.findings)
                        let firstNew = r.findings.count
                        do {
                            try auditor.audit(key, into: &r)
                            if options.repeatsStates { try repeatState(key, auditor, into: &repeated) }
                        } catch {
                            swap(&r.findings, &out.findings)
                            throw error
                        }
                        out.checks += r.checks
                        out.fontFiles.merge(r.fontFiles) { a, _ in a }
                        audited[category.rawValue] = true
                        for (i, f) in r.facts {
                            if facts[i] == nil { facts[i] = f } else { facts[i]!.merge(f) }
                        }
                        // By index: iterating the findings would copy each one.
                        assert(r.findingElements.count == r.findings.count - firstNew, "a finding without its element's index")
                        for i in firstNew..<r.findings.count where r.findings[i].severity != .info {
                            let severity = r.findings[i].severity
                            // Every element is a node of the state (nil only for one that is not: none).
                            guard let e = r.findingElements[i - firstNew] else { continue }
                            if worst[e] == nil { worst[e] = [Severity?](filled: nil, count: 12) }
                            worst[e]![category.rawValue] = max(worst[e]![category.rawValue] ?? .info, severity)
                        }
                        swap(&r.findings, &out.findings)
                        for i in r.fallbackNodes where fallbackFrom[i].map({ category < $0 }) ?? true { fallbackFrom[i] = category }
                        if d == 0 && o == 0 && focused == focusStates[0] {
                            for (i, h) in r.buttonHeights {
                                if buttonHeights[i] == nil { buttonHeights[i] = [Double](filled: 0, count: 12) }
                                buttonHeights[i]![category.rawValue] = round2(h)
                            }
                        }
                    }
                }
            }
        }
        // The rules about each element in the job's locale, over all its states.
        var result = StateResult()
        swap(&result.findings, &out.findings)
        for (i, e) in elements.enumerated() {
            let check = LocaleCheck(auditor: auditor, element: e, index: i, facts: facts[i], locale: job.locale)
            for rule in Rules.locale { rule.check(check, into: &result) }
        }
        swap(&result.findings, &out.findings)
        if countsOnWorker {
            // Nothing reads the job's element summaries: none are made.
            var counts = FindingCounts()
            for i in out.findings.indices { counts.add(out.findings[i]) }
            out.counted = counts
            out.findings = []
            return out
        }
        // Summaries per element, in a list allocated once (grown a summary at a time it was
        // reallocated three or four times per job, each time copying the summaries made so far).
        out.summaries.reserveCapacity(elements.count)
        for (i, e) in elements.enumerated() where e.showsText || worst[i] != nil {
            // An element that never failed has no row: every category it was audited at is ok.
            let row = worst[i]
            func failed(_ c: Int) -> Severity? { row?[c] ?? nil }
            // Filled in place, one allocation (a mapped range of the twelve grew its list twice or
            // three times, for every element summary of every job).
            let cells = [CategoryVerdict](unsafeUninitializedCapacity: 12) { buffer, initialized in
                for c in 0..<12 {
                    buffer[c] = audited[c] ? failed(c).flatMap(CategoryVerdict.init(failing:)) ?? .ok : .notAudited
                }
                initialized = 12
            }
            let failing = (0..<12).first { audited[$0] && failed($0) != nil }
            let fitting = (0..<12).last { c in audited[c] && failed(c) == nil && (failing.map { c < $0 } ?? true) }
            out.summaries.append(
                .init(
                    spec: job.specPath, screen: spec.title, element: e.id, locale: job.locale,
                    firstFailingCategory: failing.flatMap { ContentSizeCategory(rawValue: $0) },
                    largestFittingCategory: fitting.flatMap { ContentSizeCategory(rawValue: $0) },
                    categories: cells, buttonHeights: buttonHeights[i],
                    fallbackFrom: fallbackFrom[i]))
        }
        return out
    }

    /// Whether each job counts its findings and drops them on the thread that made them, and makes no
    /// element summaries (nothing would read them): when the run keeps no findings
    /// (`AuditOptions.keepsFindings`) and no baseline has to see them in order. Freed by the thread
    /// finishing the spec instead, they were freed into the other worker's `malloc` arena, under its
    /// lock (with two threads the benchmark corpus's gate made 10,632 `futex` calls, 4,097 with this
    /// alone; `strace -f -c`, one run each).
    private var countsOnWorker: Bool { !options.keepsFindings && options.baseline == nil }
}
