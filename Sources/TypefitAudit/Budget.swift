import TypefitCore

/// The room every localizable string of the audited screens has, per locale (`typefit budgets`,
/// docs/budgets.md): the element's available text width × its allowed lines, at the largest
/// category the string is meant to be shown at, on the narrowest device. The widths are the
/// audit's own: the same layout, the same state.
public struct BudgetReport: Sendable, Encodable {
    public var tool: String = "typefit"
    public var version: String = TypefitInfo.version
    /// "typefit-report-budgets-1": the JSON contract (docs/budgets.md).
    public var schema: String = "typefit-report-budgets-1"
    public var keys: [KeyBudget]
    /// Every file read (specs, catalogs, the files of `.lproj` folders): not in the JSON; the
    /// command line refuses to write onto them.
    public var filesRead: [String] = []

    enum CodingKeys: String, CodingKey {
        case tool, version, schema = "$schema", keys
    }
}

/// One key shown by one element, with its room in every audited locale.
public struct KeyBudget: Sendable, Encodable {
    public var spec: String
    public var screen: String
    public var element: String
    public var line: Int
    public var column: Int
    public var key: String
    /// The string table's name (`Localizable`, `FirebaseAuthUI`…).
    public var table: String
    /// Where the element shows the key: `text`, `placeholder`, or `fallback N` (1-based).
    public var role: String
    /// The device (the narrowest of the spec's selected devices) and the orientation laid out.
    public var device: String
    public var orientation: String
    /// The largest category at which the key is meant to be shown.
    public var category: String
    /// numberOfLines 0: the text grows; its budget is the lines the screen can still give.
    public var grows: Bool
    /// Worst first (the largest share of the budget used), then by locale.
    public var locales: [LocaleBudget]
}

/// A key's budget in one locale.
public struct LocaleBudget: Sendable, Encodable {
    /// The requested locale and the localization whose strings stand for it.
    public var locale: String
    public var localization: String
    /// The available text width in points (equal to an audit finding's `widthAvailable`).
    public var width: Double
    /// Lines allowed: numberOfLines, or (when the text grows) the lines the screen can still give;
    /// nil when it grows without limit (a scrolling screen).
    public var lines: Int?
    public var fontSize: Double
    public var lineHeight: Double
    /// The locale's average advance per character (points) in the element's font at this size,
    /// measured on the locale's own strings of the screen.
    public var averageAdvance: Double
    /// width × lines ÷ averageAdvance, rounded down: an estimate, not a limit. Nil when unlimited.
    public var estimatedCharacters: Int?
    /// The translation, measured; nil when the locale has none (it would show the source text).
    public var translation: MeasuredTranslation?
}

/// An existing translation measured against its budget.
public struct MeasuredTranslation: Sendable, Encodable {
    public var text: String
    /// The plural or device variant measured (the widest), when not the default one.
    public var variant: String?
    /// Whether this is the source language's own text.
    public var isSource: Bool
    /// Its width on one line, in points.
    public var width: Double
    /// Lines it needs at the budget's width.
    public var linesNeeded: Int
    /// width ÷ (budget width × lines): above 1, over budget. For several lines an estimate (wrapping
    /// leaves the ends of lines empty, so text can need more lines below 1: `fits` decides). Nil when
    /// the budget is unlimited.
    public var share: Double?
    /// The engine's verdict: it shows in full within the budget (not truncated, within the lines).
    public var fits: Bool
}
