import TypefitCore
import TypefitSpec
import TypefitStrings

/// One screen spec as a whole: what a `SpecRule` looks at, whatever devices and sizes are audited.
struct SpecCheck {
    let spec: ScreenSpec
    /// The spec file, as reports show it.
    let file: String
    let strings: StringTables
    /// The localizations audited (every one standing for a requested locale).
    let localizations: [String]
    /// The severity of each rule for this spec; nil: the rule is off.
    let severity: (RuleID) -> Severity?
}
