/// Something wrong with a translation that does not stop loading: the audit reports it.
public struct StringProblem: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// What kind of problem.
    public enum Kind: String, Sendable, Hashable {
        /// A translation's format specifiers do not match the source's (count or types).
        case formatMismatch = "format-mismatch"
        /// `%#@name@` names a substitution or variable that is not defined.
        case undefinedSubstitution = "undefined-substitution"
        /// A substitution whose variants use `%#@name@` of itself, directly or through others.
        case recursiveSubstitution = "recursive-substitution"
        /// A plural variation without the required `other` category.
        case missingOtherCategory = "missing-other"
        /// A plural category name that is not one of zero/one/two/few/many/other.
        case unknownPluralCategory = "unknown-plural-category"
        /// A variation or rule type typefit does not know; it was skipped.
        case unsupportedVariation = "unsupported-variation"
        /// A `stringUnit` state typefit does not know; the value was used as translated.
        case unknownState = "unknown-state"
        /// The same key twice in one `.strings` file; the last one wins.
        case duplicateKey = "duplicate-key"
        /// `\U` without hex digits in a `.strings` file: Foundation reads U+0000 (typefit measures it as nothing).
        case emptyEscape = "empty-escape"
        /// A `.strings` entry after where Foundation stops reading the file (`";;"`): not in the app.
        case unread = "unread"
        /// Too many combinations of variations; only the first ones are checked.
        case tooManyVariants = "too-many-variants"
    }

    /// The string's key.
    public var key: String
    /// The locale whose translation has the problem.
    public var locale: String
    /// What kind of problem.
    public var kind: Kind
    /// A sentence describing it, naming the variant where that helps.
    public var message: String

    /// A problem with `key` in `locale`.
    public init(key: String, locale: String, kind: Kind, message: String) {
        self.key = key
        self.locale = locale
        self.kind = kind
        self.message = message
    }

    /// Ordered by key, locale, then message.
    public static func < (a: StringProblem, b: StringProblem) -> Bool {
        (a.key, a.locale, a.message, a.kind.rawValue) < (b.key, b.locale, b.message, b.kind.rawValue)
    }

    /// `ru: "%lld files": message`.
    public var description: String {
        "\(locale): \"\(key)\": \(message)"
    }
}
