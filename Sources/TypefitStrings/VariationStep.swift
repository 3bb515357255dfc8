/// One choice made to reach a variant of a localized string.
///
/// A variant's steps read outermost first: a device variation containing a plural variation
/// is `device:iphone/plural:one`; a plural string whose text uses a substitution is
/// `plural:other/substitution:count=many`.
public enum VariationStep: Sendable, Hashable, CustomStringConvertible {
    /// A plural category of the string itself (`variations.plural`).
    case plural(PluralCategory)
    /// A device variation (`variations.device`, `NSStringDeviceSpecificRuleType`):
    /// `iphone`, `ipad`, `ipod`, `mac`, `applewatch`, `appletv`, `applevision`, `other`, …
    case device(String)
    /// A width variation of a `.stringsdict` entry (`NSStringVariableWidthRuleType`), e.g. `"20"`.
    case width(String)
    /// The plural category chosen for a substitution (`%#@name@`).
    case substitution(name: String, category: PluralCategory)

    /// `plural:one`, `device:iphone`, `width:20`, `substitution:count=many`.
    public var description: String {
        switch self {
        case .plural(let c): "plural:\(c.rawValue)"
        case .device(let d): "device:\(d)"
        case .width(let w): "width:\(w)"
        case .substitution(let name, let c): "substitution:\(name)=\(c.rawValue)"
        }
    }
}
