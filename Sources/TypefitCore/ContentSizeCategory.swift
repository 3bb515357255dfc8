/// The twelve Dynamic Type categories of iOS, smallest first.
///
/// Names follow the HIG (xSmall … AX5); UIKit's `UIContentSizeCategory` names
/// (`extraSmall`, `accessibilityExtraLarge`, …), their raw values and SwiftUI's
/// `DynamicTypeSize` names are accepted too.
/// Source: shared/reference/dynamic-type-facts.md §1d.
public enum ContentSizeCategory: Int, CaseIterable, Sendable, Comparable, Codable, CustomStringConvertible {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case ax1, ax2, ax3, ax4, ax5

    /// The HIG name, used in every report.
    public var name: String {
        switch self {
        case .xSmall: "xSmall"
        case .small: "Small"
        case .medium: "Medium"
        case .large: "Large"
        case .xLarge: "xLarge"
        case .xxLarge: "xxLarge"
        case .xxxLarge: "xxxLarge"
        case .ax1: "AX1"
        case .ax2: "AX2"
        case .ax3: "AX3"
        case .ax4: "AX4"
        case .ax5: "AX5"
        }
    }

    /// UIKit's `UIContentSizeCategory` member name.
    public var uikitName: String {
        switch self {
        case .xSmall: "extraSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .xLarge: "extraLarge"
        case .xxLarge: "extraExtraLarge"
        case .xxxLarge: "extraExtraExtraLarge"
        case .ax1: "accessibilityMedium"
        case .ax2: "accessibilityLarge"
        case .ax3: "accessibilityExtraLarge"
        case .ax4: "accessibilityExtraExtraLarge"
        case .ax5: "accessibilityExtraExtraExtraLarge"
        }
    }

    /// `UIContentSizeCategory.isAccessibilityCategory`.
    public var isAccessibilityCategory: Bool { self >= .ax1 }

    public var description: String { name }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// Every spelling accepted for this category, lower-cased.
    public var spellings: [String] {
        let n = rawValue
        let raw = [
            "XS", "S", "M", "L", "XL", "XXL", "XXXL", "AccessibilityM", "AccessibilityL",
            "AccessibilityXL", "AccessibilityXXL", "AccessibilityXXXL"
        ][n]
        let swiftUI = [
            "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
            "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5"
        ][n]
        return [name, uikitName, "UICTContentSizeCategory" + raw, swiftUI, raw].map { $0.lowercased() }
    }

    /// Parses any accepted spelling (case-insensitive); nil when unknown. Reports parse their own
    /// category names back for every finding, so the HIG names take no lowercasing or lookup.
    public init?(name: String) {
        if let exact = Self.allCases.first(where: { $0.name == name }) {
            self = exact
        } else if let found = Self.bySpelling[name.lowercased()] {
            self = found
        } else {
            return nil
        }
    }

    /// Every lower-cased spelling → its category (the smallest category when two share one).
    private static let bySpelling: [String: ContentSizeCategory] = {
        var table: [String: ContentSizeCategory] = [:]
        for c in allCases {
            for s in c.spellings where table[s] == nil { table[s] = c }
        }
        return table
    }()

    /// All HIG names, for help texts and "did you mean" hints.
    public static var allNames: [String] { allCases.map(\.name) }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(name: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "unknown content size category '\(text)'"))
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(name)
    }

    /// The short name of the text report's matrices: xS, S, M, L, xL, xxL, xxxL, AX1 … AX5.
    public var shortName: String {
        switch self {
        case .xSmall: "xS"
        case .small: "S"
        case .medium: "M"
        case .large: "L"
        case .xLarge: "xL"
        case .xxLarge: "xxL"
        case .xxxLarge: "xxxL"
        default: name
        }
    }
}
