import Foundation
import TypefitCore

/// Everything one audit run produced. Encoded as the versioned JSON report (docs/report-format.md).
public struct AuditReport: Encodable, Sendable {
    public static let schemaVersion = 1

    enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case schemaVersion, tool, fonts, filesRead, locales, summary, findings, elements, baseline, systemFont
    }

    public struct Tool: Codable, Sendable, Equatable {
        public var name = "typefit"
        public var version: String
        public var harfbuzz: String
        public var freetype: String
        public var icu: String
    }

    public struct FontFile: Codable, Sendable, Equatable {
        public var file: String
        public var sha256: String
    }

    /// Which localization of the strings stood for a requested locale (as
    /// `Bundle.preferredLocalizations(from:forPreferences:)` picks it): `es-MX` → `es-419`.
    public struct LocaleResolution: Codable, Sendable, Equatable {
        /// The locale asked for (`--locales`, a spec's `locales`, or a localization itself), in
        /// canonical spelling (`pt_BR` → `pt-BR`); findings are labelled with it.
        public var requested: String
        /// The localization whose strings were shown.
        public var localization: String
        /// The localizations searched after it for a table it lacks (`es-MX`: es-419, then `es`), if any.
        public var fallbacks: [String]?
        /// The string tables (catalogs or `.lproj` folders) it was resolved in, sorted.
        public var strings: [String]
        /// Set when the locale was not audited: a run over every localization leaves out one whose
        /// tables are another's it audits (`en-US.lproj` without the screen's table reads `en`'s), and
        /// names that one here, the locale its findings are labelled with. Nil for an audited locale.
        public var auditedAs: String? = nil
        /// Set when a run over every localization left the locale out for what it is (`qqq`, Crowdin's
        /// in-context pseudo-language), or when the locales asked for left a localization out.
        public var leftOut: LeftOut? = nil
        /// Whether the locale was audited: neither left out for another localization nor for its code.
        public var isAudited: Bool { auditedAs == nil && leftOut == nil }

        /// Why a run over every localization leaves a localization out, beyond `auditedAs`.
        public enum LeftOut: String, Codable, Sendable, Equatable {
            /// Its language code is one of ISO 639's private-use codes (qaa–qtz), which no user's
            /// device has: `qqq.lproj` is translatewiki's message documentation (what each string is
            /// for), kept beside the translations of Wikipedia's and Kiwix's apps and not shipped.
            case privateUse = "private-use"
            /// Its strings are Crowdin In-Context's identifiers (`crwdns154292:0crwdne154292:0`), not
            /// text: the pseudo-language Crowdin's on-screen editor replaces (`lol.lproj` in Open Food
            /// Facts' app).
            case inContextPseudolanguage = "in-context-pseudolanguage"
            /// The project leaves its files out of the app's build: an XcodeGen target source's
            /// `excludes` (Kiwix excludes `**/igl.lproj` and `**/dag.lproj`, languages it keeps for
            /// its translators but does not ship yet).
            case excludedFromBuild = "excluded-from-build"
            /// The Xcode project builds the table in other languages, not in this one: no target's
            /// build phase names its file (Nextcloud Talk's project lists 29 of the 43 folders that
            /// hold its `Localizable.strings`).
            case notInXcodeProject = "not-in-xcode-project"
            /// The run asked for other locales (`--locales`, or `.typefit.yml`'s `locales`): a
            /// localization of the strings none of them shows. Listed so that a gate narrowed to
            /// English never reads as having checked every language.
            case notInRunLocales = "not-in-run-locales"
            /// The spec's `locales` asked for other locales: a localization of its strings none of
            /// them shows.
            case notInSpecLocales = "not-in-spec-locales"

            /// Why, as the reports say it after "not audited: ".
            public var reason: String {
                switch self {
                case .privateUse: return "a private-use language code, never a user's language"
                case .inContextPseudolanguage:
                    return "Crowdin In-Context's pseudo-language, whose strings are crwdns… identifiers, not text"
                case .excludedFromBuild: return "the XcodeGen project.yml excludes it from the app's build"
                case .notInXcodeProject: return "the Xcode project builds the table in other languages, not in this one"
                case .notInRunLocales: return "not asked for by --locales or .typefit.yml's locales"
                case .notInSpecLocales: return "not among the spec's locales"
                }
            }
        }

        /// The report's order: by requested locale, localization, then fallbacks.
        public static func reportOrder(_ a: Self, _ b: Self) -> Bool {
            if a.requested != b.requested { return a.requested < b.requested }
            if a.localization != b.localization { return a.localization < b.localization }
            if a.fallbacks != b.fallbacks { return (a.fallbacks ?? []).lexicographicallyPrecedes(b.fallbacks ?? []) }
            if a.auditedAs != b.auditedAs { return (a.auditedAs ?? "") < (b.auditedAs ?? "") }
            return (a.leftOut?.rawValue ?? "") < (b.leftOut?.rawValue ?? "")
        }
    }

    public struct Summary: Codable, Sendable, Equatable {
        /// Spec files audited.
        public var specs: Int
        /// Screen states (YAML documents).
        public var screens: Int
        /// Element checks: text elements laid out × device × orientation × locale × category × keyboard state.
        public var checks: Int
        public var errors: Int
        public var warnings: Int
        public var infos: Int
        /// Findings the baseline accepted (in `findings` with `accepted`, not counted above).
        public var baselined: Int
        /// Findings `.typefit.yml`'s waivers accepted (in `findings` with `accepted` and `waived`, not
        /// counted above or in `baselined`).
        public var waived: Int = 0

        /// What accepted the run's accepted findings (empty when none is).
        public var acceptances: Set<Acceptance> { Acceptance.kinds(baselined: baselined, waived: waived) }
        /// Findings whose verdict is within the system font stand-in's error (verify with SF).
        public var borderline: Int = 0
        /// Whether the run fails (exit code 1).
        public var failed: Bool
        /// Which share of a run split with `--shard` this is; nil for a whole run.
        public var shard: ShardSummary?
    }

    /// Per element and locale: where it starts failing and the largest category at which it fits.
    public struct ElementSummary: Codable, Sendable, Equatable {
        public var spec: String
        public var screen: String
        public var element: String
        public var locale: String
        /// First category with an error or warning on any device, or nil.
        public var firstFailingCategory: ContentSizeCategory?
        /// Largest category with none on every device, or nil.
        public var largestFittingCategory: ContentSizeCategory?
        /// The verdict per category, xSmall … AX5: the worst error or warning, `ok` when clean,
        /// `notAudited`, or `accepted` when the baseline accepts every error and warning there.
        public var categories: [CategoryVerdict]
        /// Button heights per category on the first device (pt), for buttons.
        public var buttonHeights: [Double]?
        /// Category from which a fallback string is shown, if any.
        public var fallbackFrom: ContentSizeCategory?
    }

    /// Names the format first in the file (keys are sorted): "typefit-report-1".
    public var schema = "typefit-report-\(AuditReport.schemaVersion)"
    public var schemaVersion = AuditReport.schemaVersion
    public var tool: Tool
    public var fonts: [FontFile]
    /// Every file read: specs, string catalogs, fonts.
    public var filesRead: [String]
    /// Every requested locale and the localization that stood for it, sorted by requested locale.
    public var locales: [LocaleResolution]
    public var summary: Summary
    /// Every finding, in report order, as the run keeps them (``FindingStore``: in memory, or in a
    /// temporary file for a large run); read them from here.
    public var findingList: FindingList {
        // A changed list drops the problems computed from the old one (a copy of the report that
        // shares the box keeps it).
        didSet { if problemBox.isFilled || !isKnownUniquelyReferenced(&problemBox) { problemBox = ProblemBox() } }
    }
    /// Every finding as an array: decoded from `findingList` on every read, and stored anew on every
    /// change (for tests and small reports; reporters read `findingList`).
    public var findings: [Finding] {
        get { Array(findingList) }
        set { findingList = FindingList(newValue) }
    }
    /// `problems`, computed on first use and kept until `findings` changes.
    private var problemBox = ProblemBox()
    /// Per element and locale, in report order, as the run keeps them (in memory, or in a temporary
    /// file for a large run); read them from here.
    public var elementList: ElementSummaryList
    /// The element summaries as an array: decoded from `elementList` on every read, and stored anew
    /// on every change (for tests and small reports; reporters read `elementList`).
    public var elements: [ElementSummary] {
        get { Array(elementList) }
        set { elementList = ElementSummaryList(newValue) }
    }
    /// What `--baseline` accepted and which of its entries are stale; nil without a baseline.
    public var baseline: BaselineResult?
    /// What the run's `--devices` and `--categories` (or `.typefit.yml`'s `devices` and `categories`)
    /// left out; nil when they left nothing out. In the JSON report as `leftOut`, so that a merge of
    /// shards names it as one run does; the localizations left out are in `locales`.
    public var leftOut: LeftOutSelection?
    /// The development languages of the strings (each table's source language, in spec order): the
    /// HTML report lists them first. Not in the JSON report.
    public var sourceLanguages: [String] = [] {
        didSet { problemBox = ProblemBox() }  // the ranking depends on them
    }
    /// Draws the screen states the HTML report pictures, and finds the string keys it links to; set
    /// when the run kept previews (`AuditOptions.keepPreviews`). Not in the JSON report.
    public var pictures: ScreenPictureSource?
    /// The problems that show in a source language of the strings, by id, as a JSON report read back
    /// says (it does not list the source languages themselves); nil for a report an audit made.
    public var sourceLanguageProblems: Set<String>? {
        didSet { problemBox = ProblemBox() }  // the ranking depends on them
    }
    /// The font that stood for the iOS system font (stand-in or SF: files, versions, hashes); nil in a
    /// report made without it (read back from an older JSON report).
    public var systemFont: SystemFontIdentity?

    /// `summary.borderline` is counted here from the findings.
    public init(
        tool: Tool, fonts: [FontFile], filesRead: [String], locales: [LocaleResolution], summary: Summary,
        findings: [Finding], elements: [ElementSummary], baseline: BaselineResult? = nil,
        systemFont: SystemFontIdentity? = nil
    ) {
        var summary = summary
        summary.borderline = findings.reduce(0) { $0 + ($1.isBorderline ? 1 : 0) }
        self.init(
            tool: tool, fonts: fonts, filesRead: filesRead, locales: locales, summary: summary, findingList: FindingList(findings),
            elementList: ElementSummaryList(elements), baseline: baseline, systemFont: systemFont)
    }

    /// A report of findings already stored (the audit's), `summary.borderline` counted by the caller;
    /// `problems`, when given, are the problems of those findings, ranked.
    init(
        tool: Tool, fonts: [FontFile], filesRead: [String], locales: [LocaleResolution], summary: Summary,
        findingList: FindingList, elementList: ElementSummaryList, baseline: BaselineResult?, systemFont: SystemFontIdentity?,
        sourceLanguages: [String] = [], problems: [Problem]? = nil
    ) {
        self.sourceLanguages = sourceLanguages
        self.baseline = baseline
        self.systemFont = systemFont
        self.tool = tool
        self.fonts = fonts
        self.filesRead = filesRead
        self.locales = locales
        self.summary = summary
        self.findingList = findingList
        self.elementList = elementList
        if let problems { _ = problemBox.value { problems } }
    }

    /// Throws the first error reading the run's findings or element summaries back from their
    /// temporary file (a report written from them is then incomplete).
    public func checkStoresRead() throws {
        if let error = findingList.store.readError ?? elementList.store.readError { throw error }
    }

    /// The findings grouped into problems, worst first (computed from `findings` once, on first use;
    /// in the JSON report as `problems`).
    public var problems: [Problem] {
        problemBox.value {
            if let ids = sourceLanguageProblems { return Problem.problems(in: findingList) { ids.contains($0.id) } }
            return Problem.problems(in: findingList, sourceLanguages: Set(sourceLanguages))
        }
    }

    enum EncodingKeys: String, CodingKey {
        case schema = "$schema"
        case schemaVersion, tool, fonts, filesRead, locales, summary, findings, elements, baseline, problems, systemFont, leftOut
    }

    /// As the synthesized encoding, plus `problems` (read back, the report recomputes them).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: EncodingKeys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encode(tool, forKey: .tool)
        try c.encode(fonts, forKey: .fonts)
        try c.encode(filesRead, forKey: .filesRead)
        try c.encode(locales, forKey: .locales)
        try c.encode(summary, forKey: .summary)
        try c.encode(Array(findingList), forKey: .findings)
        try c.encode(Array(elementList), forKey: .elements)
        try c.encodeIfPresent(baseline, forKey: .baseline)
        try c.encodeIfPresent(leftOut, forKey: .leftOut)
        try c.encode(problems, forKey: .problems)
        try c.encodeIfPresent(systemFont, forKey: .systemFont)
    }
}

/// Holds a report's problems once computed (reporters ask for them several times).
final class ProblemBox: @unchecked Sendable {
    private let lock = NSLock()
    private var problems: [Problem]?

    var isFilled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return problems != nil
    }

    func value(_ make: () -> [Problem]) -> [Problem] {
        lock.lock()
        defer { lock.unlock() }
        if let problems { return problems }
        let made = make()
        problems = made
        return made
    }
}
