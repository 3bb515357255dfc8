/// A CLDR plural category, as used by String Catalogs (`variations.plural`) and
/// `.stringsdict` files (`NSStringPluralRuleType`).
///
/// Cases are in CLDR order, which is the order variants are listed in.
public enum PluralCategory: String, CaseIterable, Sendable, Comparable, Codable {
    case zero, one, two, few, many, other

    /// CLDR order: zero, one, two, few, many, other.
    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        a.order < b.order
    }

    private var order: Int {
        switch self {
        case .zero: 0
        case .one: 1
        case .two: 2
        case .few: 3
        case .many: 4
        case .other: 5
        }
    }
}
