/// A value a spec gives for one argument of a format string (an element's `arguments`), and what
/// each specifier shows for it.
///
/// - `%@`, `%s`, `%c` show the value as written in the spec (`007` stays `007`, `%lld` shows 7).
/// - An integer specifier (`%d`, `%lld`, …) shows a whole number as `printf` formats it; a
///   floating-point one (`%f`, `%.1f`, …) any number.
/// - A number for an argument that chooses a plural form (a plural variation, or a substitution's
///   own argument) is shown in the one form Foundation chooses for it in each language
///   (`PluralRules.form`); the other forms of that plural are not shown.
public enum ArgumentSample: Sendable, Hashable {
    /// A string that is not a number.
    case text(String)
    /// A number, with its spelling in the spec.
    case number(Double, written: String)

    /// The value as written in the spec.
    public var written: String {
        switch self {
        case .text(let s): s
        case .number(_, let written): written
        }
    }

    /// Whether a specifier reading `kind` can show this value (`%lld` needs a whole number, `%f` a
    /// number; the others show any value as written).
    public func fits(_ kind: FormatArgumentKind) -> Bool {
        switch (kind, self) {
        case (.integer32, .number(let n, _)), (.integer64, .number(let n, _)):
            n == n.rounded() && abs(n) < 9.2e18
        case (.double, .number): true
        case (.integer32, .text), (.integer64, .text), (.double, .text): false
        case (.object, _), (.cString, _), (.character, _), (.pointer, _): true
        }
    }
}
