/// The argument values used to turn format strings into display text for measuring.
///
/// The goal is a realistic worst case for width, not an absurd one:
///
/// - **Numbers in a plural variant** use a number that really selects that category in the
///   language whose form it is (CLDR's rules, as Foundation's ICU applies them: `PluralRules`), so
///   `plural:one` shows "1 file", never "88888 file". The preferred numbers are
///   `zero` → 0, `one` → 1, `two` → 2, `few` → 3, `many` → 11, `other` → 888: 3 is `few` in Russian,
///   Polish, Czech and Arabic, 11 is `many` in Russian, Ukrainian, Polish and Arabic, and 888 is
///   `other` in English, French and German. Where the preferred number is in another category, the
///   first whole number of `PluralRules.sampleCandidates` (0–200, 888, then powers of ten) in this one is used (French, Spanish,
///   Italian and Portuguese `many` → 1000000, Welsh `many` → 6); where no whole number is (Russian
///   `other` and Czech `many` are for fractions, and a form the language lacks is never chosen), the
///   preferred number.
///   The same number fills every numeric argument of the variant that is not owned by a
///   substitution; a substitution's own argument uses the number of its chosen category.
/// - **Integers outside any plural** (`%d`, `%ld`, `%lld`, `%u`, `%x`, …) use `integer`, 888:
///   three digits of the widest digit shape.
/// - **Floating point** (`%f`, `%.1f`, `%g`, …) outside a plural uses `float`, 888.88, formatted with
///   the specifier's precision (`%.1f` → `888.9`); inside a plural, the category's number.
/// - **Objects and C strings** (`%@`, `%s`) use `text`, ten "W"s: the width of a long name in
///   wide letters. Set `overrides` for arguments whose real values are known to be shorter.
/// - **Characters** (`%c`, `%C`) use `character`, "W".
///
/// Numbers are formatted as `printf` does in the POSIX locale (ASCII digits, "." decimal point,
/// no grouping).
///
/// A spec's `arguments` are `given`: they replace these values for every key resolved with them; a
/// number for an argument that chooses a plural form also chooses the one form shown (see
/// `ArgumentSample`).
public struct SampleValues: Sendable, Hashable {
    /// The value of `%@` and `%s` arguments.
    public var text: String
    /// The value of integer arguments outside a plural.
    public var integer: Int64
    /// The value of floating-point arguments outside a plural.
    public var float: Double
    /// The value of `%c` and `%C` arguments.
    public var character: String
    /// The number used for each plural category (see the type's documentation).
    public var pluralNumbers: [PluralCategory: Int64]
    /// Exact argument text for particular strings: key → argument number (1-based) → text.
    /// An override replaces the formatted value whatever the specifier, in every locale and variant.
    public var overrides: [String: [Int: String]]
    /// Values a spec gives for the arguments of the string it shows: argument number (1-based) →
    /// value, applied to whichever key is resolved (see `ArgumentSample`).
    public var given: [Int: ArgumentSample] = [:]

    /// Sample values; every parameter defaults to the policy above.
    public init(
        text: String = String(repeating: "W", count: 10),
        integer: Int64 = 888,
        float: Double = 888.88,
        character: String = "W",
        pluralNumbers: [PluralCategory: Int64] = SampleValues.defaultPluralNumbers,
        overrides: [String: [Int: String]] = [:]
    ) {
        self.text = text
        self.integer = integer
        self.float = float
        self.character = character
        self.pluralNumbers = pluralNumbers
        self.overrides = overrides
    }

    /// zero 0, one 1, two 2, few 3, many 11, other 888.
    public static let defaultPluralNumbers: [PluralCategory: Int64] = [
        .zero: 0, .one: 1, .two: 2, .few: 3, .many: 11, .other: 888
    ]

    /// The defaults described above.
    public static let `default` = SampleValues()

    /// The number for `category`, falling back to `integer` when the table lacks it.
    public func number(for category: PluralCategory) -> Int64 {
        pluralNumbers[category] ?? integer
    }

    /// A number that selects `category` in `language`, preferring `number(for:)` (see the type's
    /// documentation).
    public func number(for category: PluralCategory, in language: String) -> Int64 {
        PluralRules.sampleNumber(for: category, in: language, preferring: number(for: category))
    }
}
