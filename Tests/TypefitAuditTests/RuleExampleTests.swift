import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit

/// Every rule proven by its own examples (Sources/TypefitAudit/Rules): each triggering example, audited
/// with the bundled fonts, produces the rule at the element (and locale) it names; each non-triggering
/// example produces no finding of the rule at all.
final class RuleExampleTests: XCTestCase {
    func audit(_ example: RuleExample, name: String) throws -> AuditReport {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-rule-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try example.spec.write(to: dir.appendingPathComponent("example.yaml"), atomically: true, encoding: .utf8)
        if let catalog = example.catalog {
            try catalog.write(to: dir.appendingPathComponent("Localizable.xcstrings"), atomically: true, encoding: .utf8)
        }
        var options = AuditOptions()
        options.paths = [dir.appendingPathComponent("example.yaml").path]
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        options.fontDigests = false
        return try Auditor(options: options).run()
    }

    func testEveryRuleHasExamples() {
        XCTAssertEqual(Rules.all.map(\.id), RuleID.allCases, "one description per rule, in RuleID order")
        for rule in Rules.all {
            XCTAssertFalse(rule.triggeringExamples.isEmpty, rule.id.rawValue)
            XCTAssertFalse(rule.nonTriggeringExamples.isEmpty, rule.id.rawValue)
            XCTAssertFalse(rule.rationale.isEmpty, rule.id.rawValue)
        }
    }

    func testTriggeringExamplesFire() throws {
        for rule in Rules.all {
            for (i, example) in rule.triggeringExamples.enumerated() {
                let report = try audit(example, name: "\(rule.id.rawValue)-t\(i)")
                let hits = report.findings.filter { $0.rule == rule.id }
                XCTAssertTrue(
                    hits.contains { f in f.element == example.element && (example.locale.map { f.locale == $0 } ?? true) },
                    "\(rule.id.rawValue) (example at \((example.file as NSString).lastPathComponent):\(example.line)) does not fire at \(example.element ?? "?") \(example.locale ?? ""): found \(report.findings.map { "\($0.rule.rawValue)@\($0.element)/\($0.locale ?? "-")" })"
                )
                XCTAssertEqual(Set(hits.map(\.severity)), [rule.defaultSeverity], rule.id.rawValue)
            }
        }
    }

    func testNonTriggeringExamplesDoNotFire() throws {
        for rule in Rules.all {
            for (i, example) in rule.nonTriggeringExamples.enumerated() {
                let report = try audit(example, name: "\(rule.id.rawValue)-n\(i)")
                XCTAssertGreaterThan(report.summary.checks, 0)
                let hits = report.findings.filter { $0.rule == rule.id }
                XCTAssertTrue(hits.isEmpty, "\(rule.id.rawValue) fires on its non-triggering example \(i): \(hits.map(\.message))")
            }
        }
    }

    func testTypefitRulesDescribesEveryRule() throws {
        for rule in Rules.all {
            let r = try TypefitCommand.run(["rules", rule.id.rawValue], in: AuditTests.root)
            XCTAssertEqual(r.code, 0, r.err)
            XCTAssertTrue(r.out.hasPrefix("\(rule.id.rawValue) — \(rule.name) (default severity: \(rule.defaultSeverity.rawValue))"), r.out)
            XCTAssertTrue(r.out.contains(rule.rationale))
            XCTAssertTrue(r.out.contains("Triggering example 1 — fires at '\(rule.triggeringExamples[0].element!)'"), r.out)
            XCTAssertTrue(r.out.contains("Non-triggering example 1:"), r.out)
        }
        let bad = try TypefitCommand.run(["rules", "truncate"], in: AuditTests.root)
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.err.hasPrefix("rules: error: unknown rule 'truncate' (did you mean 'truncated'?)"), bad.err)
    }
}
