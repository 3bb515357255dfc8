import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit

/// A truncated translation's finding carries its budget (message and `numbers.budget`), and in the
/// budget's own state its numbers are `typefit budgets`' (docs/budgets.md, docs/report-format.md).
final class BudgetInAuditTests: XCTestCase {
    static let root = AuditTests.root
    static let fixture = root.appendingPathComponent("Tests/TypefitAuditTests/Fixtures/firebaseui")

    func options(_ paths: [String], locales: [String]) -> AuditOptions {
        var options = AuditOptions()
        options.paths = paths
        options.locales = locales
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        options.fontDigests = false
        return options
    }

    /// The audit's findings in a budget's state for one element and locale (the one place these
    /// tests read the finding's state fields).
    static func findings(_ report: AuditReport, _ k: KeyBudget, _ b: LocaleBudget) -> [Finding] {
        report.findings.filter {
            $0.device == k.device && $0.orientation?.rawValue == k.orientation && $0.category?.name == k.category && $0.locale == b.locale
                && $0.element == k.element && $0.screen == k.screen && ($0.rule == .truncated || $0.rule == .clipped)
        }
    }

    func compare(_ paths: [String], locales: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let budgets = try Auditor(options: options(paths, locales: locales)).budgets()
        let audit = try Auditor(options: options(paths, locales: locales)).run()
        var compared = 0
        for k in budgets.keys where !k.grows {
            for b in k.locales {
                guard let t = b.translation, !t.fits else { continue }
                for f in Self.findings(audit, k, b) where f.numbers.text == t.text && f.numbers.heightAvailable == nil {
                    let budget = try XCTUnwrap(f.numbers.budget, "\(k.key) \(b.locale): \(f.message)", file: file, line: line)
                    XCTAssertEqual(budget.width, b.width, file: file, line: line)
                    XCTAssertEqual(budget.lines, b.lines, file: file, line: line)
                    XCTAssertEqual(budget.averageAdvance, b.averageAdvance, "\(k.key) \(b.locale)", file: file, line: line)
                    XCTAssertEqual(budget.estimatedCharacters, b.estimatedCharacters, "\(k.key) \(b.locale)", file: file, line: line)
                    XCTAssertEqual(budget.share, t.share, "\(k.key) \(b.locale)", file: file, line: line)
                    XCTAssertTrue(
                        f.message.contains("text uses \(Int(((t.share ?? 0) * 100).rounded())) % of its ")
                            && f.message.contains("; at most ≈ \(b.estimatedCharacters!) characters"), f.message, file: file, line: line)
                    // Over its budget: the share is above 1 for one line.
                    if b.lines == 1 { XCTAssertGreaterThan(budget.share, 1, file: file, line: line) }
                    compared += 1
                }
            }
        }
        return compared
    }

    func testBudgetNumbersEqualTheBudgetsOnTheFirebaseUIFixture() throws {
        let compared = try compare([Self.fixture.path], locales: ["en", "de", "ja", "ar", "el", "zh-Hans"])
        XCTAssertGreaterThan(compared, 3)
    }

    func testBudgetNumbersEqualTheBudgetsOnTheShippedSpecs() throws {
        let compared = try compare([Self.root.appendingPathComponent("Specs").path], locales: ["de", "fi", "ja", "ar", "en-XA"])
        XCTAssertGreaterThan(compared, 3)
    }

    /// The message names the language and the room; a German title one line too long for its button.
    func testMessage() throws {
        let audit = try Auditor(options: options([Self.fixture.path], locales: ["de"])).run()
        let f = try XCTUnwrap(
            audit.findings.first { $0.rule == .truncated && $0.numbers.text == "Über Google anmelden" && $0.numbers.budget != nil })
        let b = try XCTUnwrap(f.numbers.budget)
        XCTAssertTrue(
            f.message.hasSuffix(
                "; the German text uses \(Int((b.share * 100).rounded())) % of its \(pt(b.width))-pt budget; at most ≈ \(b.estimatedCharacters) characters"
            ),
            f.message)
        XCTAssertEqual(b.estimatedCharacters, Int((b.width / b.averageAdvance).rounded(.down)))
        XCTAssertEqual(b.share, ((f.numbers.widthNeeded! / b.width) * 1000).rounded() / 1000, accuracy: 0.002)
        // Findings that are not a translation over its width have none.
        for other in audit.findings where other.rule != .truncated && other.rule != .clipped {
            XCTAssertNil(other.numbers.budget, other.message)
        }
    }

    /// docs/budgets.md's example message is a message of the documented audit.
    func testDocumentedMessageIsReal() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/budgets.md"), encoding: .utf8)
        let section = try XCTUnwrap(doc.components(separatedBy: "## In the audit").last)
        XCTAssertTrue(section.contains("`typefit audit Specs/firebase-login --locales de --categories AX1`"))
        let message = try XCTUnwrap(section.components(separatedBy: "```text\n").dropFirst().first?.components(separatedBy: "\n```").first)
        var opts = options([Self.root.appendingPathComponent("Specs/firebase-login").path], locales: ["de"])
        opts.categories = [.ax1]
        let audit = try Auditor(options: opts).run()
        XCTAssertTrue(audit.findings.contains { $0.message == message }, message)
    }

}
