import Foundation
import XCTest
import TypefitCore
@testable import TypefitAudit
@testable import TypefitReport

/// The HTML report: self-contained, previews drawn from real glyph outlines, numbers that match the
/// JSON report, and a screenshot in headless Chromium that shows real content.
final class HTMLReportTests: XCTestCase {
    func report(_ path: String, locales: [String]?, categories: [ContentSizeCategory]) throws -> AuditReport {
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
        // The clipped google button is one problem; its preview is the worst case (the largest
        // overflow of its findings, found here from the findings), with the JSON report's numbers.
        let problem = try XCTUnwrap(stock.problems.first { $0.rule == .clipped && $0.element == "google" && $0.spec.hasSuffix("firebase-stock-picker.yaml") })
        let largest = try XCTUnwrap(problem.findings.compactMap(\.numbers.overflow).max())
        XCTAssertEqual(problem.worst.numbers.overflow, largest)
        XCTAssertTrue(html.contains("<li id=r\(problem.rank) data-sev='error' data-rule='clipped'"))
        XCTAssertTrue(html.contains("width needed \(Self.num(problem.worst.numbers.widthNeeded!)) pt"), "caption numbers match JSON")
        XCTAssertTrue(html.contains("role=img lang='\(problem.worst.locale)'"), "the text sample names its language")
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

    /// The whole shipped Specs/ report stays under 3 MB (previews per problem, not per cell), has a
    /// viewport, a main landmark and one entry per problem, and no locale opens by itself.
    func testTheSpecsReportIsUnder3MBWithOneEntryPerProblem() throws {
        let all = try report("Specs", locales: nil, categories: ContentSizeCategory.allCases)
        let html = HTMLReporter().generateReport(all)
        XCTAssertLessThan(html.utf8.count, 3_000_000)
        XCTAssertTrue(html.contains("<meta name=viewport content=\"width=device-width, initial-scale=1\">"))
        XCTAssertTrue(html.contains("<main>") && html.contains("<header>") && html.contains("<nav aria-label='problems'>"))
        XCTAssertEqual(html.components(separatedBy: "<li id=r").count - 1, all.problems.count)
        XCTAssertFalse(html.contains("<details open"))
        // Every cell links to an existing problem.
        for rank in Set(html.components(separatedBy: "<a href=#r").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }) {
            XCTAssertTrue(html.contains("<li id=r\(rank) "), "cell link to #r\(rank)")
        }
    }

    /// What a reviewer sees (scripts/check-html.py): headless Chromium at 1280 and 390 px without a
    /// sideways scroll, the severity filter working offline, and axe-core with no WCAG 2.0/2.1 A or
    /// AA violation, every locale's table open.
    func testReviewInHeadlessChromiumAt1280And390PxAndAxe() throws {
        let r = try report("Specs/firebase-login", locales: ["de", "ar", "ja"], categories: [.large, .ax1, .ax3])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-review-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = dir.appendingPathComponent("report.html")
        try HTMLReporter().generateReport(r).write(to: html, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", AuditTests.root.appendingPathComponent("scripts/check-html.py").path, html.path, dir.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        if p.terminationStatus == 77 { throw XCTSkip("Chromium, chromedriver, selenium or axe-core-python missing: \(text)") }
        XCTAssertEqual(p.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("report-390.png: viewport 390 px, page 390 px wide"), text)
        XCTAssertTrue(text.contains(" 0 violated"), text)
    }

    static func num(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
