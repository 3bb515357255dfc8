import Foundation
import XCTest
import TypefitCore
@testable import TypefitAudit
@testable import TypefitReport

/// The HTML report: self-contained, previews drawn from real glyph outlines, numbers that match the
/// JSON report, and a screenshot in headless Chromium that shows real content.
final class HTMLReportTests: XCTestCase {
    func report(_ path: String, locales: [String], categories: [ContentSizeCategory]) throws -> AuditReport {
        var options = AuditOptions()
        options.paths = [AuditTests.root.appendingPathComponent(path).path]
        options.locales = locales
        options.categories = categories
        options.keepPreviews = true
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        return try Auditor(options: options).run()
    }

    func testPreviewsShowTheTruncatedGermanButtonAndTheFallbackLabel() throws {
        let stock = try report("Specs/firebase-login", locales: ["de", "ar", "ja"], categories: [.large, .ax1, .ax3])
        let html = HTMLReporter().generateReport(stock)
        XCTAssertTrue(html.hasPrefix("<!doctype html>"))
        XCTAssertFalse(html.contains("http://") || html.contains("https://") || html.contains("<script src") || html.contains("<link "),
                       "self-contained: no network references")
        // Glyph outlines are defined once and drawn with <use>.
        let defs = html.components(separatedBy: "<path id=g").count - 1
        let uses = html.components(separatedBy: "<use href='#g").count - 1
        XCTAssertGreaterThan(defs, 20)
        XCTAssertGreaterThan(uses, defs)
        // The clipped German button at AX3, with the JSON report's numbers beside it.
        let clipped = try XCTUnwrap(stock.findings.first { $0.rule == .clipped && $0.locale == "de" && $0.category == "AX3" && $0.element == "google" })
        XCTAssertTrue(html.contains("Mit Google anmelden"))
        XCTAssertTrue(html.contains("width needed \(Self.num(clipped.numbers.widthNeeded!)) pt"), "caption numbers match JSON")
        // The fallback short label of the accessible login is drawn too.
        XCTAssertTrue(html.contains("fallback-used"))
        XCTAssertTrue(html.contains("class='gl fbk'"), "Arabic and Japanese glyphs come from fallback fonts and are marked")
        // Deterministic.
        XCTAssertEqual(html, HTMLReporter().generateReport(try report("Specs/firebase-login", locales: ["de", "ar", "ja"], categories: [.large, .ax1, .ax3])))
    }

    func testPreviewGlyphsFollowTheLayout() throws {
        let r = try report("Specs/paper-login/paper-login.yaml", locales: ["de"], categories: [.ax3])
        let truncated = try XCTUnwrap(r.findings.first { $0.rule == .truncated && $0.element == "username" })
        let preview = try XCTUnwrap(truncated.previewSource).preview()
        XCTAssertEqual(preview.lines.count, 1)
        let glyphs = preview.lines[0].glyphs
        XCTAssertTrue(glyphs.last?.isEllipsis ?? false, "the line ends with the ellipsis")
        XCTAssertEqual(glyphs.map(\.x), glyphs.map(\.x).sorted(), "left-to-right pen positions")
        XCTAssertLessThanOrEqual(glyphs.last!.x, preview.textWidth, "the ellipsis starts inside the field")
        XCTAssertLessThanOrEqual(preview.lines[0].width, truncated.numbers.widthAvailable! + 0.01, "the shown line fits the field")
    }

    func testScreenshotInHeadlessChromiumShowsContent() throws {
        let r = try report("Specs/firebase-login/firebase-stock-picker.yaml", locales: ["de"], categories: [.ax3])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-html-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = dir.appendingPathComponent("report.html")
        try HTMLReporter().generateReport(r).write(to: html, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", AuditTests.root.appendingPathComponent("scripts/check-screenshot.py").path, html.path, dir.appendingPathComponent("shot.png").path]
        try p.run()
        p.waitUntilExit()
        if p.terminationStatus == 77 { throw XCTSkip("headless Chromium is not installed (apt-get install chromium)") }
        XCTAssertEqual(p.terminationStatus, 0, "the screenshot shows the report's content")
    }

    static func num(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
