import TypefitCore

/// Apple's XCTest accessibility audit types (`XCUIAccessibilityAuditType`) that typefit's rules
/// check without a simulator, for the "did you mean" of a `severity:` key: a team moving from
/// `performAccessibilityAudit(for: [.dynamicType, .textClipped])` writes the names it knows, and no
/// edit distance leads from `textClipped` to `truncated`.
enum RuleSynonyms {
    /// Lower-cased audit type → the rules that check it, as `typefit rules` names them.
    static let xcTestAuditTypes: [String: (name: String, rules: [RuleID])] = [
        "textclipped": ("textClipped", [.truncated, .clipped]),
        "dynamictype": ("dynamicType", [.fixedFontSize]),
        "hitregion": ("hitRegion", [.touchTarget])
    ]

    /// "'textClipped' is an XCTest audit type; typefit's rules for it: truncated, clipped", or nil.
    static func hint(for key: String) -> String? {
        let word = key.hasPrefix(".") ? String(key.dropFirst()) : key
        return xcTestAuditTypes[word.lowercased()].map {
            "'\($0.name)' is an XCTest audit type; typefit's rule\($0.rules.count == 1 ? "" : "s") for it: "
                + $0.rules.map(\.rawValue).joined(separator: ", ")
        }
    }
}
