import TypefitCore
import TypefitSpec
import TypefitStrings

/// What one spec brings to the audit before its jobs run: its string tables, its locales, its
/// devices and the findings of the rules about the whole spec. Specs are prepared in parallel
/// (`Auditor.run`); everything that depends on the other specs is merged afterwards, in file order.
struct PreparedSpec: Sendable {
    /// The spec's string files as reports show them (once per spec, not per locale).
    let shownStrings: [String]
    let strings: StringTables
    /// Its locales: those audited, and those a default run leaves out (`auditedAs`).
    let locales: [Auditor.ResolvedLocale]
    /// The names of every device the spec has, before `--devices` selects among them.
    let specDevices: [String]
    /// What its jobs share; nil when `--devices` leaves the spec no device (it is not audited).
    let work: Auditor.Job.SpecWork?
    /// The findings of the rules about whole specs (`Rules.spec`); empty when not audited.
    let specFindings: [Finding]
    /// The rules its severities (its own, then `.typefit.yml`'s) turn off.
    let ignoredRules: [RuleID]
    /// The sizes its own `categories:` leaves out, smallest first; empty when it has none or
    /// `--categories` replaces them.
    let sizesLeftOut: [ContentSizeCategory]
}

extension Auditor {
    /// Prepares `spec` (from `file`), its tables taken from `tables` (loaded once for all specs).
    /// Throws what a serial load would raise at this spec: a table that failed to load, an unknown
    /// key, an unavailable locale.
    func prepare(
        _ spec: ScreenSpec, file: String, tables loaded: [TableSource: Result<LocalizedStrings, Error>]
    ) throws -> PreparedSpec {
        var tables: [StringTables.Table] = []
        let shownStrings = spec.strings.map { Self.displayPath($0.path) }
        for ref in spec.strings {
            let source = TableSource(ref)
            // Errors are raised at the spec that uses the table (the first, in file order).
            tables.append(.init(name: ref.table, strings: try loaded[source]!.get()))
        }
        let strings = StringTables(tables)
        try validateKeys(spec, strings: strings, file: file)
        let locales = try resolveLocales(spec, strings: strings, file: file, pseudolocales: options.pseudolocales)
        let categories = options.categories ?? spec.categories ?? ContentSizeCategory.allCases
        let severity = severityFunction(spec)
        let ignoredRules = RuleID.allCases.filter { severity($0) == nil }
        let sizesLeftOut =
            options.categories == nil ? spec.categories.map { own in ContentSizeCategory.allCases.filter { !own.contains($0) } } ?? [] : []
        var devices = spec.devices
        let specDevices = devices.map(\.name)
        if let only = options.devices { devices = devices.filter { only.contains($0.name) } }
        guard !devices.isEmpty else {
            return PreparedSpec(
                shownStrings: shownStrings, strings: strings, locales: locales, specDevices: specDevices, work: nil, specFindings: [],
                ignoredRules: ignoredRules, sizesLeftOut: sizesLeftOut)
        }
        let specCheck = SpecCheck(
            spec: spec, file: file, strings: strings, localizations: locales.filter(\.isAudited).flatMap(\.localizations),
            severity: severity)
        var findings: [Finding] = []
        for rule in Rules.spec { findings += rule.check(specCheck) }
        let work = Job.SpecWork(spec: spec, specPath: file, strings: strings, categories: categories.sorted(), devices: devices)
        return PreparedSpec(
            shownStrings: shownStrings, strings: strings, locales: locales, specDevices: specDevices, work: work, specFindings: findings,
            ignoredRules: ignoredRules, sizesLeftOut: sizesLeftOut)
    }
}
