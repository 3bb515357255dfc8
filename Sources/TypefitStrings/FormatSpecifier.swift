/// One `printf`-style conversion in a localized format string, such as `%@`, `%lld`, `%.1f` or `%2$@`.
public struct FormatSpecifier: Sendable, Hashable {
    /// The specifier as written, e.g. `%2$.1f`.
    public var text: String
    /// The explicit argument number of `%2$@`, 1-based; nil for sequential specifiers.
    public var position: Int?
    /// Flags among `-+ #0'`.
    public var flags: String
    /// Minimum width as written: digits, `*`, or empty.
    public var width: String
    /// Precision as written after the `.` (digits, `*` or empty); nil without a `.`.
    public var precision: String?
    /// Length modifier: `hh`, `h`, `l`, `ll`, `q`, `L`, `z`, `t`, `j` or empty.
    public var length: String
    /// The conversion character: `@`, `d`, `f`, `s`, …
    public var conversion: Character

    /// What kind of argument the specifier reads.
    public var kind: FormatArgumentKind {
        switch conversion {
        case "@": return .object
        case "d", "i", "o", "u", "x", "X":
            return ["l", "ll", "q", "z", "t", "j"].contains(length) ? .integer64 : .integer32
        case "D", "O", "U": return .integer64
        case "f", "F", "e", "E", "g", "G", "a", "A": return .double
        case "c", "C": return .character
        case "s", "S": return .cString
        default: return .pointer  // "p"
        }
    }

    /// How many extra arguments `*` width and precision read before the value (0–2).
    public var starArguments: Int {
        (width == "*" ? 1 : 0) + (precision == "*" ? 1 : 0)
    }
}

/// The kind of argument a format specifier reads. Two specifiers for the same argument must
/// agree on it, or the app reads garbage (or crashes) at run time.
public enum FormatArgumentKind: String, Sendable, Hashable, CustomStringConvertible {
    /// `%@`: an object (a `String`, a number formatted by Foundation, …).
    case object
    /// `%d`, `%i`, `%u`, `%x`, `%o` without a 64-bit length modifier.
    case integer32
    /// `%ld`, `%lld`, `%lu`, `%qd`, `%zd`, …: a 64-bit integer (Swift's `Int`).
    case integer64
    /// `%f`, `%e`, `%g`, `%a` and their upper-case forms.
    case double
    /// `%c`, `%C`.
    case character
    /// `%s`, `%S`: a C string.
    case cString
    /// `%p`.
    case pointer

    /// "an object (%@)", "a 64-bit integer (%lld)", …
    public var description: String {
        switch self {
        case .object: "an object"
        case .integer32: "a 32-bit integer"
        case .integer64: "a 64-bit integer"
        case .double: "a floating-point number"
        case .character: "a character"
        case .cString: "a C string"
        case .pointer: "a pointer"
        }
    }

    /// Whether a plural rule can read this argument.
    var isNumeric: Bool {
        self == .integer32 || self == .integer64 || self == .double
    }
}
