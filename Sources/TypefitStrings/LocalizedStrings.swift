import TypefitCore

/// A loaded strings table: every key's variants in every locale, ready to be measured.
///
/// Load one with `LocalizedStrings.load(path:)` (a `.xcstrings` file or a folder of `.lproj`
/// folders). Variants are resolved when loading, so `problems` lists every format-specifier
/// mismatch at once. Keys, locales and problems are sorted; nothing depends on hash order.
public struct LocalizedStrings: Sendable {
    /// The file or folder the table was loaded from.
    public let file: String
    /// The development language (`sourceLanguage` of a catalog; given for `.lproj` folders).
    public let sourceLanguage: String
    /// Every locale with translations, the source language, and any pseudolocales added; sorted.
    public private(set) var locales: [String]
    /// Every live key, sorted.
    public let keys: [String]
    /// Keys skipped because their `extractionState` is `stale`, sorted.
    public let staleKeys: [String]
    /// Translation problems (format mismatches, undefined substitutions, …), sorted.
    public private(set) var problems: [StringProblem]
    /// The sample values the variants were filled with.
    public let samples: SampleValues
    /// The pseudolocales included in `locales`, sorted.
    public private(set) var pseudolocales: [Pseudolocale] = []
    /// What a localization that lacks a key shows: the source text, or (`.lproj` tables looked up
    /// with a bare `NSLocalizedString`) the key itself.
    public let missingShows: MissingTranslationDisplay

    /// The localizations whose strings are Crowdin In-Context's identifiers, not text
    /// (`InContextPseudolanguage`); sorted.
    public let inContextPseudolanguages: [String]

    /// The localizations (as their `.lproj` folders are named) whose files of this table the app's
    /// build leaves out, as the project says (an XcodeGen target source's `excludes`, read by the
    /// audit); sorted. Empty unless set.
    public var excludedFromBuild: [String] = []

    /// The localizations (as their `.lproj` folders are named) whose files of this table the Xcode
    /// project does not build, though it builds the table in others (`XcodeProject`, read by the
    /// audit); sorted. Empty unless set.
    public var notInXcodeProject: [String] = []

    /// Localizations the app's build leaves out whose file of this table could not be read (Seafile's
    /// `zh.lproj` holds bytes that are not UTF-8), with the error: kept with no string, so that a run
    /// over every localization can name them, and the error raised if one is audited.
    public var unreadable: [String: InputError] { raw.unreadable }

    /// key → locale → variants.
    private var table: [String: [String: [StringVariant]]]
    /// key → the key itself as shown where a localization lacks it (with `missingShows: .key`).
    private var keysShown: [String: [StringVariant]] = [:]
    private let raw: RawStringTable

    init(raw: RawStringTable, samples: SampleValues, missingShows: MissingTranslationDisplay = .source) {
        self.raw = raw
        self.missingShows = missingShows
        self.file = raw.file
        self.sourceLanguage = raw.sourceLanguage
        self.samples = samples
        self.staleKeys = raw.staleKeys.sorted()
        self.keys = raw.entries.keys.sorted()
        self.locales = raw.locales.union([raw.sourceLanguage]).sorted()
        var resolver = VariantResolver(table: raw, samples: samples)
        var table: [String: [String: [StringVariant]]] = [:]
        for key in keys {
            guard let entry = raw.entries[key] else { continue }
            var perLocale: [String: [StringVariant]] = [:]
            // Sized once (growing it locale by locale rehashed it several times per key).
            perLocale.reserveCapacity(entry.localizations.count + 1)
            // A locale without this key shows the source text, which `variants(key:locale:)` derives on
            // demand: storing it for every such locale cost keys × locales (a 200 KB catalog whose keys
            // each bring their own locale took minutes and gigabytes).
            // Every locale with a localization of the key is one of `locales` (each reader lists it).
            for locale in entry.localizations.keys {
                perLocale[locale] = resolver.variants(key: key, entry: entry, locale: locale)
            }
            if entry.localizations[raw.sourceLanguage] == nil {
                perLocale[raw.sourceLanguage] = resolver.variants(key: key, entry: entry, locale: raw.sourceLanguage)
            }
            table[key] = perLocale
            // Once per key: the key shows the same in every localization that lacks it.
            if missingShows == .key && perLocale.count < locales.count {
                keysShown[key] = resolver.keyShown(key: key, entry: entry)
            }
        }
        self.table = table
        self.problems = (raw.problems + resolver.problems).sorted()
        self.inContextPseudolanguages = InContextPseudolanguage.localizations(in: raw)
    }

    /// The number of stale keys skipped.
    public var staleCount: Int { staleKeys.count }

    /// The variants of `key` for a resolved locale, in the localization the table is read in for it.
    public func variants(key: String, in localizations: [String]) -> [StringVariant]? {
        variants(key: key, locale: localization(in: localizations))
    }

    /// The localization this table is read in for a resolved locale: the first of `localizations`
    /// (best match, then its fallbacks, as `LocaleResolver.resolve` gives them) that the table has —
    /// a bundle finds each table file along that search list — else the best match (whose strings
    /// then fall back to the source language).
    public func localization(in localizations: [String]) -> String {
        localizations.first { has(locale: $0) } ?? localizations.first ?? sourceLanguage
    }

    /// The variants to check for `key` in `locale`, in order (plural categories in CLDR order,
    /// devices alphabetically with `other` last); nil when no locale has the key.
    ///
    /// A locale the table does not know gets the source text, marked as a `.missing` fallback
    /// (or `.notTranslatable` for `shouldTranslate: false`), as an app not localized into it would show.
    public func variants(key: String, locale: String) -> [StringVariant]? {
        guard let perLocale = table[key] else { return nil }
        if let variants = perLocale[locale] { return variants }
        if showsKey(in: locale), let shown = keysShown[key] { return shown }
        return perLocale[sourceLanguage].map { sourceShown(for: key, $0) }
    }

    /// Whether a key `locale` lacks shows as the key itself: with `missingShows: .key`, where the
    /// table has a file in that localization (a bundle whose localization lacks the whole table reads
    /// the next along its search list, finally the development language's, whose text then shows).
    private func showsKey(in locale: String) -> Bool {
        missingShows == .key && locale != sourceLanguage && has(locale: locale)
    }

    /// The source language's `variants` of `key` as a locale without the key shows them: marked as a
    /// `.missing` fallback, or `.notTranslatable` for `shouldTranslate: false`.
    private func sourceShown(for key: String, _ variants: [StringVariant]) -> [StringVariant] {
        let status: TranslationStatus = raw.entries[key]?.shouldTranslate == false ? .notTranslatable : .fallback(.missing)
        return variants.map { StringVariant(steps: $0.steps, text: $0.text, format: $0.format, status: status) }
    }

    /// The variants of `key` for a resolved locale as `variants(key:in:)` gives them, with the
    /// spec's values for its arguments (`SampleValues.given`); resolved anew on each call.
    public func variants(key: String, in localizations: [String], given: [Int: ArgumentSample]) -> [StringVariant]? {
        variants(key: key, localization: localization(in: localizations), given: given)
    }

    /// The same in a localization already resolved (`localization(in:)`'s answer): a caller that asks
    /// for many keys in one locale finds it once, not by a search of the table's locales per key.
    public func variants(key: String, localization locale: String, given: [Int: ArgumentSample]) -> [StringVariant]? {
        guard !given.isEmpty else { return variants(key: key, locale: locale) }
        guard let perLocale = table[key], let entry = raw.entries[key] else { return nil }
        var filled = samples
        filled.given = given
        var resolver = VariantResolver(table: raw, samples: filled)
        if perLocale[locale] != nil { return resolver.variants(key: key, entry: entry, locale: locale) }
        if showsKey(in: locale) { return resolver.keyShown(key: key, entry: entry) }
        return sourceShown(for: key, resolver.variants(key: key, entry: entry, locale: sourceLanguage))
    }

    /// The arguments the source text of `key` reads in any of its variants, by number (empty for a
    /// key no locale has, or a text shown as typed).
    public func sourceArguments(key: String) -> [StringArgument] {
        guard let entry = raw.entries[key] else { return [] }
        var resolver = VariantResolver(table: raw, samples: samples)
        return resolver.sourceArgumentList(key: key, entry: entry)
    }

    /// Whether the source text of `key` has a word to measure: a letter outside its format
    /// specifiers in some variant (not "", "%@", "#%@" or "%lld. ").
    public func hasWords(key: String) -> Bool {
        (variants(key: key, locale: sourceLanguage) ?? []).contains { variant in
            FormatString.parse(variant.format).contains { token in
                if case .literal(let text) = token { text.unicodeScalars.contains { $0.properties.isAlphabetic } } else { false }
            }
        }
    }

    /// The localizations that have `key` when the development language's table lacks it: a key only
    /// translations have, which an app shows raw in its development language (`.lproj` tables, which
    /// `LprojReader` loads only when the development language's folder or `Base.lproj` has strings);
    /// empty for String Catalogs, whose keys are their own source text.
    public func localizationsWithoutSource(key: String) -> [String] {
        guard !raw.keysAreSourceText, let entry = raw.entries[key], entry.localizations[sourceLanguage] == nil else {
            return []
        }
        return entry.localizations.keys.sorted()
    }

    /// Whether `locale` is one of `locales` (found by halving the sorted list: the budget, the
    /// layout and the untranslated rule ask for every key of every job).
    public func has(locale: String) -> Bool {
        var lo = 0, hi = locales.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if locales[mid] < locale { lo = mid + 1 } else { hi = mid }
        }
        return lo < locales.count && locales[lo] == locale
    }

    /// The localizations of the app the table belongs to, sorted: `locales`, and for `.lproj` folders
    /// every folder but `Base.lproj`, with or without this table. A user whose language is one of
    /// them gets it as the bundle's localization, and a table its folder lacks then shows the
    /// development language's text (`CFBundle_Locale.c:972-974`): untranslated, not unaudited.
    public var bundleLocalizations: [String] {
        raw.bundleLocalizations.isSubset(of: locales) ? locales : Set(locales).union(raw.bundleLocalizations).sorted()
    }

    /// The file of an `.lproj` folder that holds `key` in this table: the development language's
    /// (`.stringsdict` for plural and width variations), else `.stringsdict` for a key some folder
    /// keeps there, else `.strings`.
    public func lprojFileExtension(key: String) -> String {
        if let file = raw.sourceFiles[key] { return file.hasSuffix(".stringsdict") ? "stringsdict" : "strings" }
        return raw.stringsdictKeys.contains(key) ? "stringsdict" : "strings"
    }

    /// The Swift files or folders the spec named (`code:`) whose `NSLocalizedString(…, value:)` calls
    /// give the development language's text of keys its `.lproj` table lacks; empty for none.
    public var code: [String] { raw.code }

    /// The development language's file that holds `key`, relative to the folder of `.lproj`
    /// folders (`en.lproj/Plurals.stringsdict`, or `Base.lproj/…` where it fills in); nil for a
    /// String Catalog, or a key the development language lacks.
    public func sourceFile(key: String) -> String? {
        raw.sourceFiles[key]
    }

    /// The file of `localization` that holds `key` in the `.lproj` table `table`, relative to the
    /// folder of `.lproj` folders: the development language's own (`sourceFile`), else
    /// `de.lproj/Localizable.strings` (or `.stringsdict`, `lprojFileExtension`).
    public func lprojFile(key: String, localization: String, table: String) -> String {
        if localization == sourceLanguage, let file = sourceFile(key: key) { return file }
        return "\(localization).lproj/\(table).\(lprojFileExtension(key: key))"
    }

    /// Whether any locale has `key`.
    public func contains(key: String) -> Bool {
        table[key] != nil
    }

    /// The direction text runs in `locale` (see `WritingDirection.of(locale:)`).
    public func writingDirection(locale: String) -> WritingDirection {
        WritingDirection.of(locale: locale)
    }

    /// The keys whose variants in `locale` include a fallback to the source language, sorted.
    public func untranslatedKeys(locale: String) -> [String] {
        keys.filter { key in variants(key: key, locale: locale)?.contains { $0.status.isFallback } ?? false }
    }

    /// The table with pseudolocales derived from the source language added to `locales`.
    public func addingPseudolocales(_ added: [Pseudolocale]) -> LocalizedStrings {
        var copy = self
        var resolver = VariantResolver(table: raw, samples: samples)
        for pseudolocale in Set(added).sorted() where !copy.pseudolocales.contains(pseudolocale) {
            let name = pseudolocale.localeName
            guard name != sourceLanguage, !raw.locales.contains(name) else { continue }
            for key in keys {
                guard let entry = raw.entries[key] else { continue }
                copy.table[key, default: [:]][name] = resolver.variants(key: key, entry: entry, locale: name)
            }
            copy.pseudolocales.append(pseudolocale)
            copy.locales.append(name)
        }
        copy.pseudolocales.sort()
        copy.locales.sort()
        copy.problems = (copy.problems + resolver.problems.filter { !copy.problems.contains($0) }).sorted()
        return copy
    }
}
