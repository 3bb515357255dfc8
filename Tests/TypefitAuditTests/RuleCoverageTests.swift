import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit

/// Every rule is a unit: one type per `RuleID`, checked at exactly one granularity, in a file of its
/// own named after it (the file its description names).
final class RuleCoverageTests: XCTestCase {
    func testEveryRuleIsCheckedByExactlyOneRule() {
        let checkers: [RuleID] =
            Rules.text.map { $0.description.id } + Rules.screen.map { $0.description.id }
            + Rules.locale.map { $0.description.id } + Rules.spec.map { $0.description.id }
        XCTAssertEqual(checkers.sorted(), RuleID.allCases.sorted(), "each rule's check is listed exactly once in Rules")
        XCTAssertEqual(Rules.all.map(\.id), RuleID.allCases, "descriptions in RuleID order")
    }

    func testEachRuleLivesInAFileNamedAfterIt() throws {
        let rules: [any Rule.Type] = Rules.text + Rules.screen + Rules.locale + Rules.spec
        for rule in rules {
            let d = rule.description
            XCTAssertEqual(d.checkedIn, "Sources/TypefitAudit/Rules/\(String(describing: rule)).swift", d.id.rawValue)
            let source = try String(contentsOf: AuditTests.root.appendingPathComponent(d.checkedIn), encoding: .utf8)
            // The description and the check are both in the file.
            XCTAssertTrue(source.contains("id: .\(String(describing: d.id))"), d.checkedIn)
            XCTAssertTrue(source.contains("static func check("), d.checkedIn)
        }
    }
}
