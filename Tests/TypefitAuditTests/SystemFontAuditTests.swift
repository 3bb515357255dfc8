import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit

/// The system font's metrics in an audit: SF's line height (1.19336 em) decides the 44-pt touch
/// target, where 0.1.0's Inter (1.21023 em) said a one-line configuration button passes at 25 pt.
final class SystemFontAuditTests: XCTestCase {
    func testOneLineButtonAt25ptIsUnderTheTouchTarget() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-sf-\(getpid())-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: url) }
        try """
        screen: Touch target at 25 pt
        locales: [en]
        devices: [iPhone 16]
        categories: [AX1]
        content:
          button: ok
          text: "OK"
          style: subheadline
        """.write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(TextStyle.subheadline.pointSize(at: .ax1), 25)
        var options = AuditOptions()
        options.paths = [url.path]
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        options.threads = 1
        let report = try Auditor(options: options).run()
        // 7 + 25 × 2444 / 2048 + 7 = 43.83 pt (SF); Inter's line would make it 44.26 pt.
        let f = try XCTUnwrap(report.findings.first { $0.rule == .touchTarget }, report.findings.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(f.message.contains("× 43.8 pt"), f.message)
    }

    func testEveryStylesSizeAndLeadingAtLargeAndAX5AreTheHIGs() {
        // dynamic-type-facts.md §1a (sizes) and §1b (leading), the Large and AX5 columns.
        let hig: [(TextStyle, size: (Double, Double), leading: (Double, Double))] = [
            (.largeTitle, (34, 60), (41, 70)), (.title1, (28, 58), (34, 68)), (.title2, (22, 56), (28, 66)),
            (.title3, (20, 55), (25, 65)), (.headline, (17, 53), (22, 62)), (.body, (17, 53), (22, 62)),
            (.callout, (16, 51), (21, 60)), (.subheadline, (15, 49), (20, 58)), (.footnote, (13, 44), (18, 52)),
            (.caption1, (12, 43), (16, 51)), (.caption2, (11, 40), (13, 48))
        ]
        XCTAssertEqual(hig.count, TextStyle.allCases.count)
        for (style, size, leading) in hig {
            XCTAssertEqual(style.pointSize(at: .large), size.0, "\(style)")
            XCTAssertEqual(style.pointSize(at: .ax5), size.1, "\(style)")
            XCTAssertEqual(style.leading(at: .large), leading.0, "\(style)")
            XCTAssertEqual(style.leading(at: .ax5), leading.1, "\(style)")
        }
    }
}
