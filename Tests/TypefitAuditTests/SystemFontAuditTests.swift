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
}
