import Foundation
import TypefitCore
import TypefitLayout
import XCTest

@testable import TypefitAudit
@testable import TypefitReport

/// Findings within the system font stand-in's error are marked borderline (in the finding's numbers,
/// message and fix, the summary count and every report); other fonts' findings never are.
final class BorderlineTests: XCTestCase {
    static let root = AuditTests.root
    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-standin-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    let text = "Continue with Google"

    func audit(width: Double, font: String = "style: body", fontDirectories: [String] = []) throws -> AuditReport {
        try audit(text: text, locale: "en", width: "\(width)", font: font, fontDirectories: fontDirectories)
    }

    /// Audits one label showing `text` in `locale` at Large on an iPhone 16, `width` wide (points or `fit`).
    func audit(
        text: String, locale: String, width: String, font: String = "style: body", fontDirectories: [String] = []
    ) throws -> AuditReport {
        let url = work.appendingPathComponent("spec-\(UUID().uuidString).yaml")
        try """
        screen: Stand-in check
        locales: [\(locale)]
        devices: [iPhone 16]
        categories: [Large]
        content:
          label: title
          text: "\(text)"
          \(font)
          numberOfLines: 1
          width: \(width)
        """.write(to: url, atomically: true, encoding: .utf8)
        var options = AuditOptions()
        options.paths = [url.path]
        options.fontDirectories = fontDirectories
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        options.threads = 1
        return try Auditor(options: options).run()
    }

    func natural(_ fonts: FontSelection = .system, fontDirectories: [String] = []) throws -> Double {
        let engine = TextEngine(fontDirectories: fontDirectories, bundledFonts: Self.root.appendingPathComponent("Fonts").path)
        return try engine.layout(LayoutRequest(text: text, fonts: fonts, size: 17)).0.naturalWidth
    }

    func testOverflowWithinTheStandInsErrorIsBorderlineInEveryReport() throws {
        // Body at Large is 17 pt Regular: the stand-in's p95 error there is 1.4 %; 1 % over is within it.
        XCTAssertEqual(SystemFontModel.errorBound(weight: .regular, size: 17), 0.014)
        let report = try audit(width: (try natural() * 0.99).rounded(.down))
        let truncated = report.findings.filter { $0.rule == .truncated }
        XCTAssertEqual(truncated.count, 1, report.findings.map(\.message).joined(separator: "\n"))
        let f = try XCTUnwrap(truncated.first)
        XCTAssertEqual(f.numbers.borderline, true)
        XCTAssertTrue(f.message.hasSuffix("borderline: within the system font stand-in's error (±1.4 % at 17 pt)"), f.message)
        XCTAssertTrue(f.fix?.contains("verify with SF") == true, f.fix ?? "")
        XCTAssertTrue(
            f.fix?.contains("--font-dir") == true && f.fix?.contains("--variations opsz=17,wght=400 --tracking system --size 17") == true,
            f.fix ?? "")
        XCTAssertEqual(report.summary.borderline, 1)
        let json = JSONReporter().generateReport(report)
        XCTAssertEqual(json, JSONReporter().generateReportWithJSONEncoder(report))
        XCTAssertTrue(json.contains("\"borderline\" : true") || json.contains("\"borderline\":true"), json)
        XCTAssertTrue(json.contains("\"borderline\" : 1") || json.contains("\"borderline\":1"), json)
        let line = "1 finding is borderline: within the system font stand-in's measured error, verify with SF"
        XCTAssertTrue(TextReporter().generateReport(report).contains(line))
        XCTAssertTrue(MarkdownReporter().generateReport(report).contains("1 finding is borderline"))
        XCTAssertTrue(HTMLReporter().generateReport(report).contains(line.replacingOccurrences(of: "'", with: "&#39;")))
    }

    func testOverflowBeyondTheStandInsErrorIsNotBorderline() throws {
        let report = try audit(width: (try natural() * 0.95).rounded(.down))
        let f = try XCTUnwrap(report.findings.first { $0.rule == .truncated })
        XCTAssertNil(f.numbers.borderline)
        XCTAssertFalse(f.message.contains("borderline"))
        XCTAssertEqual(report.summary.borderline, 0)
        XCTAssertFalse(TextReporter().generateReport(report).contains("borderline"))
    }

    func testANamedFontIsNeverBorderline() throws {
        let inter = try natural(.fonts([FontSpec("Inter")]))
        let report = try audit(width: (inter * 0.995).rounded(.down), font: "font: {family: Inter, size: 17}")
        let f = try XCTUnwrap(report.findings.first { $0.rule == .truncated }, report.findings.map(\.message).joined(separator: "\n"))
        XCTAssertNil(f.numbers.borderline, "Inter is measured as itself: no stand-in error")
        XCTAssertEqual(report.summary.borderline, 0)
    }

    /// With real SF in a font folder (here the variable test font shaped like SF-Pro.ttf) the system
    /// font is measured as itself: no borderline marks.
    func testRealSFIsNeverBorderline() throws {
        let sf = Self.root.appendingPathComponent("Tests/TypefitLayoutTests/Fixtures/variable-sf").path
        let width = (try natural(fontDirectories: [sf]) * 0.995).rounded(.down)
        let report = try audit(width: width, fontDirectories: [sf])
        let f = try XCTUnwrap(report.findings.first { $0.rule == .truncated }, report.findings.map(\.message).joined(separator: "\n"))
        XCTAssertNil(f.numbers.borderline)
        XCTAssertEqual(f.numbers.fonts?.contains("SF Pro"), true, "\(f.numbers.fonts ?? [])")
        XCTAssertEqual(report.summary.borderline, 0)
        XCTAssertTrue(report.fonts.contains { $0.file == "TestSystemFont.ttf" }, "the report names the font that stood for SF")
    }

    // MARK: - Texts that fit by less than the stand-in's error (rule borderline-fit)

    func testAFitWithinTheStandInsErrorIsABorderlineFit() throws {
        // 0.6 % to spare at 17 pt Regular, where the stand-in's p95 error is 1.4 %.
        let needed = try natural()
        let width = (needed * 1.006 * 100).rounded(.up) / 100
        let report = try audit(width: width)
        XCTAssertEqual(report.findings.map(\.rule), [.borderlineFit], report.findings.map(\.message).joined(separator: "\n"))
        let f = report.findings[0]
        XCTAssertEqual(f.severity, .info, "a fit is not a failure: it never fails the gate")
        XCTAssertEqual(f.numbers.borderline, true)
        XCTAssertEqual(f.numbers.widthAvailable, width)
        XCTAssertTrue(f.message.contains("fits its one line with \(PointText.format(width - needed)) pt to spare"), f.message)
        XCTAssertTrue(
            f.message.contains("borderline: within the system font stand-in's error (±1.4 % at 17 pt): SF may truncate it"), f.message)
        XCTAssertTrue(f.fix?.contains("--variations opsz=17,wght=400 --tracking system --size 17") == true, f.fix ?? "")
        XCTAssertEqual(report.summary.borderline, 1)
        XCTAssertFalse(report.summary.failed)
        XCTAssertTrue(TextReporter().generateReport(report).contains("1 finding is borderline"))
    }

    func testAFitWithRoomBeyondTheStandInsErrorIsNotBorderline() throws {
        let report = try audit(width: (try natural() * 1.02).rounded(.up))
        XCTAssertTrue(report.findings.isEmpty, report.findings.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(report.summary.borderline, 0)
    }

    func testATextSizedToItselfIsNotABorderlineFit() throws {
        // A label without a width hugs its text (no room to spare at all): with SF's wider text it
        // grows instead of truncating.
        let report = try audit(text: text, locale: "en", width: "fit")
        XCTAssertEqual(report.summary.checks, 1)
        XCTAssertFalse(report.findings.contains { $0.rule == .borderlineFit }, report.findings.map(\.message).joined(separator: "\n"))
    }

    func testRealSFHasNoBorderlineFits() throws {
        let sf = Self.root.appendingPathComponent("Tests/TypefitLayoutTests/Fixtures/variable-sf").path
        let width = (try natural(fontDirectories: [sf]) * 1.004 * 100).rounded(.up) / 100
        let report = try audit(width: width, fontDirectories: [sf])
        XCTAssertTrue(report.findings.isEmpty, report.findings.map(\.message).joined(separator: "\n"))
    }

    /// The stand-in's error was measured on text it draws itself (Latin, Greek, Cyrillic): a Thai
    /// label in the system font is drawn by a fallback font standing for iOS's Thai font, with no
    /// measured bound, so neither its tight fit nor its small overflow is borderline.
    func testTextDrawnByFallbackFontsIsNeverBorderline() throws {
        let thai = "ลงชื่อเข้าด้วยอีเมล"
        let engine = TextEngine(fontDirectories: [], bundledFonts: Self.root.appendingPathComponent("Fonts").path)
        let (layout, _) = try engine.layout(LayoutRequest(text: thai, fonts: .system, size: 17, locale: "th"))
        for factor in [1.005, 0.995] {
            let width = "\((layout.naturalWidth * factor * 100).rounded() / 100)"
            let report = try audit(text: thai, locale: "th", width: width)
            XCTAssertEqual(report.summary.borderline, 0, report.findings.map(\.message).joined(separator: "\n"))
            XCTAssertFalse(report.findings.contains { $0.rule == .borderlineFit })
            if factor < 1 { XCTAssertTrue(report.findings.contains { $0.rule == .truncated }, "the overflow is still reported") }
        }
    }
}
