/// "Did you mean" for a category name that is not one (every place that reads a category: specs,
/// `.typefit.yml`, `--categories`, baselines, `measure`).
extension ContentSizeCategory {
    /// The hint for an unknown category `name`, nil when nothing is close. An accessibility size past
    /// the last (`AX6`, `accessibility7`) points to AX5, the largest iOS has, rather than to the
    /// nearest spelling (`AX1`, one edit away). Otherwise the closest HIG or UIKit name, as written.
    public static func hint(for name: String) -> String? {
        // AX1 is accessibility size 1, so the largest's number is its distance from AX1, plus one.
        let largest = allCases[allCases.count - 1]
        if let n = accessibilityNumber(name), n > largest.rawValue - ax1.rawValue + 1 {
            return "did you mean '\(largest.name)'? It is the largest accessibility size"
        }
        return Suggestion.hint(for: name, in: allNames + allCases.map(\.uikitName))
    }

    /// N of `AXN` or `accessibilityN` (any case), nil for any other name.
    private static func accessibilityNumber(_ name: String) -> Int? {
        let lower = name.lowercased()
        for prefix in ["accessibility", "ax"] where lower.hasPrefix(prefix) {
            let digits = lower.dropFirst(prefix.count)
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(digits)
        }
        return nil
    }
}
