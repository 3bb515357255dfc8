import TypefitCore
import TypefitShaping
import TypefitSpec
import TypefitStrings

/// What to audit and how.
public struct AuditOptions: Sendable {
    /// Spec files or folders (searched for *.yaml / *.yml).
    public var paths: [String] = ["Specs"]
    /// Only this shard's share of the spec files (`--shard i/n`).
    public var shard: Shard?
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
    /// `.disabled`: reshape and lay out everything again (the no-cache oracle, `CachePolicy`).
    public var cachePolicy = CachePolicy.enabled
    /// Keep what the HTML report needs to draw previews and screen pictures (`AuditReport.pictures`:
    /// the run's jobs, to lay a state out again when the report draws it; the audit keeps no layout
    /// for them). The command line turns it on only when an html report is requested.
    public var keepPreviews = false
    /// Compute the SHA-256 of every font used (`AuditReport.fonts`); when false the digests are empty
    /// strings. Only the JSON report shows them; hashing the CJK collections (20 MB each) is a tenth
    /// of a small audit, so the command line turns it off when no JSON report is requested.
    public var fontDigests = true
    /// Compute the SHA-256 of the system font's files (`AuditReport.systemFont`, which every report's
    /// header names); when false the identity lists the files with empty digests. The command line
    /// turns it off when nothing shows it (`--quiet` with no report file: the CI gate's one line), so
    /// the gate does not hash the stand-in's 2 MB on every run.
    public var systemFontDigests = true
    /// Estimate each truncated translation's length budget (`Finding.Numbers.budget`, and the
    /// sentence its message gains: "the German text uses 124 % of its 186-pt budget…"); when false
    /// findings have none. The budget measures every string of the screen in the truncated text's
    /// font at its size (5–7 % of an audit), so the command line turns it off when nothing it writes
    /// shows a finding's numbers or message: `--quiet` with no report file (the CI gate's one line).
    public var budgets = true
    /// Group each spec's findings into problems (`AuditReport.problems`, what every report is
    /// organised by); when false the report has none, and its findings, counts and baseline are the
    /// same. Grouping is about 3 % of an audit, so the command line turns it off when nothing it
    /// writes reads them: `--quiet` with no report file (the CI gate's one line), and
    /// `--write-baseline`, which groups the findings in its own way.
    public var problems = true
    /// Keep the findings and element summaries (`AuditReport.findingList`, `elementList`: what every
    /// report, a written baseline and `.typefit.yml`'s waivers read); when false each spec's findings
    /// are counted (errors, warnings, info, borderline, those a baseline accepts) and dropped, unsorted,
    /// and the report lists none, its counts and baseline result the same. The command line turns it
    /// off when nothing reads them: `--quiet` with no report file and no waivers (the CI gate's one
    /// line), so the gate sorts, stores and (past 250,000 findings) spills none.
    public var keepsFindings = true
    /// Lay out and check every screen state a second time, right after the first, its texts already
    /// measured, and throw that second pass away: the benchmark's measure of what the states cost
    /// apart from measuring texts (`typefit-bench`, docs/performance.md). Reports are the same either
    /// way; no command-line option sets it.
    public var repeatsStates = false
    /// Refuse a run whose severities ignore every rule on every screen (exit 2: it could never find
    /// anything). Off only for the benchmark's measure of the audit with no finding made
    /// (`typefit-bench`, docs/performance.md); no command-line option turns it off.
    public var refusesEveryRuleIgnored = true
    /// Severity per rule for every screen (`.typefit.yml`'s `severity`); a spec's own `severity:` wins.
    public var severity: [String: SeverityLevel] = [:]
    /// Findings kept in memory before they all go to a temporary file (``FindingStore``); the tests
    /// set 0 to write every finding to the file.
    public var findingMemoryLimit = FindingStore.defaultMemoryLimit
    /// Element summaries kept in memory before they all go to a temporary file (0 in the tests).
    public var elementMemoryLimit = RecordStore<AuditReport.ElementSummary>.defaultMemoryLimit

    public init() {}
}
