/// One example screen for a rule: a whole spec (YAML, one document), optionally with a String
/// Catalog (`Localizable.xcstrings`, JSON) beside it, and where the rule must fire.
public struct RuleExample: Sendable {
    public var spec: String
    /// The catalog the spec's `strings: Localizable.xcstrings` reads, if any.
    public var catalog: String?
    /// The element the finding must be about (triggering examples).
    public var element: String?
    /// The locale the finding must be in (triggering examples); nil: any.
    public var locale: String?
    /// Where the example is written, so a failing example points at itself.
    public var file: String
    public var line: Int

    public init(
        _ spec: String, catalog: String? = nil, element: String? = nil, locale: String? = nil,
        file: String = #filePath, line: Int = #line
    ) {
        self.spec = spec
        self.catalog = catalog
        self.element = element
        self.locale = locale
        self.file = file
        self.line = line
    }
}
