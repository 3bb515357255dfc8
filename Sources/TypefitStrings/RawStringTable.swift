import TypefitCore

/// The string table as read from a file, before variants are resolved: what the readers
/// (String Catalog, `.strings`, `.stringsdict`) produce and `VariantResolver` consumes.
struct RawStringTable: Sendable {
    /// The file or folder read, for messages.
    var file: String
    /// The development language.
    var sourceLanguage: String
    /// Every locale that has at least one localization (the source language is added later).
    var locales: Set<String> = []
    /// Every localization of the bundle the table is read from, whether or not it has this table:
    /// for `.lproj` folders each folder but `Base.lproj` (a bundle's localizations are its folders,
    /// and one that lacks a table reads the development language's); empty for a String Catalog.
    var bundleLocalizations: Set<String> = []
    /// Keys some `.lproj` folder holds in the table's `.stringsdict` (where their translations go).
    var stringsdictKeys: Set<String> = []
    /// Localizations the app's build leaves out whose file of the table could not be read, with why
    /// (`LprojReader.read`'s `unshipped`): kept with no string, the error raised if one is audited.
    var unreadable: [String: InputError] = [:]
    /// The file of the folder set each key of the development language was read from
    /// (`en.lproj/Plurals.stringsdict`, or `Base.lproj/…` where it fills in); empty for a catalog.
    var sourceFiles: [String: String] = [:]
    /// The Swift files or folders whose `NSLocalizedString(…, value:)` calls gave the development
    /// language's text of keys its table lacks; empty when none were named.
    var code: [String] = []
    /// Live strings by key.
    var entries: [String: RawEntry] = [:]
    /// Keys skipped because their `extractionState` is `stale`.
    var staleKeys: [String] = []
    /// Problems found while reading.
    var problems: [StringProblem] = []
    /// Whether a key is its own source text when the source language has no localization of it: a
    /// String Catalog's key is (Xcode shows the key, "API Versions", as the source); an `.lproj`
    /// key missing from the development language's table is shown raw there, an app bug.
    var keysAreSourceText = true
}

/// One key of the table.
struct RawEntry: Sendable {
    /// False for `shouldTranslate: false`.
    var shouldTranslate = true
    /// Translations by locale.
    var localizations: [String: RawLocalization] = [:]
}

/// One key in one locale.
struct RawLocalization: Sendable {
    /// The text, or its variations.
    var node: RawNode
    /// Substitutions (`%#@name@`) by name.
    var substitutions: [String: RawSubstitution] = [:]
}

/// A text or a set of variations of it.
enum RawNode: Sendable {
    case unit(RawUnit)
    case variations([RawBranch])

    /// Every unit with the steps that lead to it, in order.
    func flattened(prefix: [VariationStep] = []) -> [(steps: [VariationStep], unit: RawUnit)] {
        switch self {
        case .unit(let u):
            return [(prefix, u)]
        case .variations(let branches):
            return branches.flatMap { $0.node.flattened(prefix: prefix + [$0.step]) }
        }
    }

    /// Calls `body` with every unit, in the order of `flattened()`, without listing them.
    func forEachUnit(_ body: (RawUnit) -> Void) {
        switch self {
        case .unit(let u): body(u)
        case .variations(let branches): for b in branches { b.node.forEachUnit(body) }
        }
    }
}

/// One variation: the choice and what it leads to.
struct RawBranch: Sendable {
    var step: VariationStep
    var node: RawNode
}

/// A translated text and its state.
struct RawUnit: Sendable {
    var value: String
    var state: RawState = .translated
}

/// The states of a String Catalog `stringUnit` that matter: anything but `new` and
/// `needs_review` is shipped as translated.
enum RawState: Sendable, Equatable {
    case translated, new, needsReview
}

/// A substitution of a String Catalog, or a variable of a `.stringsdict` entry.
struct RawSubstitution: Sendable {
    /// The argument it formats (`argNum`); nil in `.stringsdict`, where the `%#@name@`
    /// token's own place in the argument list decides.
    var argumentNumber: Int?
    /// The specifier of its argument without `%` (`lld`, `d`, `@`); nil when not given.
    var formatSpecifier: String?
    /// True in String Catalogs, where the variant text names the argument `%arg`.
    var usesArgPlaceholder: Bool
    /// Plural variants, in CLDR order.
    var plural: [(category: PluralCategory, unit: RawUnit)]
}
