import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit
@testable import TypefitReport

/// The audit over the shipped screens, with the bundled fonts. Locales are limited to keep the suite
/// quick; the README's `make audit` runs them all.
final class AuditTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func audit(
        _ path: String, locales: [String]? = ["en", "de"], categories: [ContentSizeCategory]? = nil, threads: Int? = nil,
        baseline: Baseline? = nil, previews: Bool = false
    ) throws -> AuditReport {
        var options = AuditOptions()
        options.keepPreviews = previews
        options.categories = categories
        options.paths = [Self.root.appendingPathComponent(path).path]
        options.locales = locales
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        options.threads = threads
        options.baseline = baseline
        return try Auditor(options: options).run()
    }

    func testStockFirebasePickerFailsAtTheAccessibilitySizes() throws {
        let report = try audit("Specs/firebase-login/firebase-stock-picker.yaml")
        let clipped = report.findings.filter { $0.rule == .clipped && $0.screen.contains("Dynamic Type font") }
        XCTAssertFalse(clipped.isEmpty)
        let categories = Set(clipped.map(\.category))
        for ax in [ContentSizeCategory.ax1, .ax2, .ax3, .ax4, .ax5] { XCTAssertTrue(categories.contains(ax), "clipped at \(ax)") }
        XCTAssertFalse(categories.contains(.large), "fits at the default size")
        for button in ["google", "twitter", "email"] {
            XCTAssertTrue(clipped.contains { $0.element == button && $0.category == .ax5 && $0.locale == "en" })
        }
        // The numbers say by how much: the title is cut in width (the overflow the message names
        // first) and its one shown line is taller than the fixed 40 pt button.
        let ax5 = try XCTUnwrap(clipped.first { $0.element == "google" && $0.category == .ax5 && $0.locale == "en" })
        XCTAssertEqual(ax5.numbers.heightAvailable, 40)
        XCTAssertGreaterThan(ax5.numbers.heightNeeded ?? 0, 40)
        XCTAssertEqual(ax5.numbers.heightNeeded, ax5.numbers.lineHeight)
        XCTAssertEqual(ax5.numbers.overflow ?? 0, (ax5.numbers.widthNeeded ?? 0) - (ax5.numbers.widthAvailable ?? 0), accuracy: 0.02)
        XCTAssertTrue(report.summary.failed)
        // The shipped state (fixed 12 pt titles) does not clip, but ignores Dynamic Type.
        XCTAssertTrue(report.findings.contains { $0.rule == .fixedFontSize && $0.screen.contains("as shipped") })
    }

    func testAccessibleFirebaseLoginPassesThanksToShortLabels() throws {
        let report = try audit("Specs/firebase-login/firebase-custom-login.yaml")
        XCTAssertEqual(report.summary.errors, 0, report.findings.filter { $0.severity == .error }.map(\.message).joined(separator: "\n"))
        XCTAssertFalse(report.summary.failed)
        let fallbacks = report.findings.filter { $0.rule == .fallbackUsed }
        XCTAssertEqual(Set(fallbacks.compactMap(\.category)), [.ax1, .ax2, .ax3, .ax4, .ax5], "the short name engages from AX1 up")
        XCTAssertEqual(Set(fallbacks.filter { $0.element == "google" && $0.locale == "en" }.compactMap(\.numbers.text)), ["Google"])
        // Buttons grow with their titles: ≥ 40 pt, taller at AX5 than at Large.
        let google = try XCTUnwrap(report.elements.first { $0.element == "google" && $0.locale == "en" })
        let heights = try XCTUnwrap(google.buttonHeights)
        XCTAssertEqual(heights[ContentSizeCategory.large.rawValue], 40)
        XCTAssertGreaterThan(heights[ContentSizeCategory.ax5.rawValue], 60)
        XCTAssertEqual(google.fallbackFrom, .ax1)
        // Without the fallback the long title would wrap: check the same button with the long text
        // at AX5 still fits because numberOfLines is 0 (growth, not truncation).
        XCTAssertFalse(report.findings.contains { $0.rule == .truncated })
    }

    func testReportsAreByteIdenticalWhateverTheThreadCount() throws {
        let categories: [ContentSizeCategory] = [.xSmall, .large, .ax3, .ax5]
        let one = JSONReporter().generateReport(try audit("Specs", locales: ["en", "ar", "ja"], categories: categories, threads: 1))
        let many = JSONReporter().generateReport(try audit("Specs", locales: ["en", "ar", "ja"], categories: categories, threads: 4))
        XCTAssertEqual(one, many)
        XCTAssertEqual(
            TextReporter().generateReport(try audit("Specs/bankey-login", threads: 1)),
            TextReporter().generateReport(try audit("Specs/bankey-login", threads: 3)))
    }

    /// Every machine format — json, sarif, junit and html (with its glyph previews) — is byte-identical
    /// on one thread, on four (audited and written on four threads), and on a second run.
    func testEveryMachineFormatIsByteIdenticalOnOneThreadFourThreadsAndTwice() throws {
        let reporters: [(String, any Reporter)] = [
            ("json", JSONReporter()), ("sarif", SARIFReporter()),
            ("junit", JUnitReporter()), ("html", HTMLReporter())
        ]
        func reports(threads: Int) throws -> [String] {
            let r = try audit(
                "Specs/firebase-login", locales: ["en", "ar", "ja", "de"], categories: [.large, .ax1, .ax5],
                threads: threads, previews: true)
            XCTAssertFalse(r.findings.isEmpty)
            if threads == 1 { return reporters.map { $0.1.generateReport(r) } }
            // As the command line writes them: in pieces, every report at once on threads of its own.
            let written = Slots(count: reporters.count, initial: Data())
            let list = reporters.map(\.1)
            try ConcurrentReports.run(list.map { type(of: $0) }, threads: threads) { i in
                var bytes = Data()
                try list[i].writeReport(r) { bytes.append(contentsOf: $0) }
                written.set(i, bytes)
            }
            return written.values.map { String(decoding: $0, as: UTF8.self) }
        }
        let one = try reports(threads: 1), four = try reports(threads: 4), again = try reports(threads: 4)
        for (i, (name, _)) in reporters.enumerated() {
            XCTAssertFalse(one[i].isEmpty, name)
            XCTAssertTrue(one[i] == four[i], "\(name): 1 thread vs 4 threads")
            XCTAssertTrue(four[i] == again[i], "\(name): two runs")
        }
        XCTAssertTrue(one[3].contains("<svg"), "the html report has its previews")
    }

    /// Writing reports at once: every one runs even when others fail, the costliest (HTML, JSON)
    /// start first, and the error thrown is the first failing report's in the order given, on one
    /// thread as on four.
    func testConcurrentReportsRunEveryReportAndThrowTheFirstFailureInOrder() throws {
        struct Failed: Error, Equatable { var index: Int }
        let kinds: [any Reporter.Type] = [TextReporter.self, JSONReporter.self, SARIFReporter.self, HTMLReporter.self, JUnitReporter.self]
        XCTAssertEqual(ConcurrentReports.costOrder(kinds), [3, 1, 0, 2, 4])
        for threads in [1, 4] {
            let ran = Slots(count: 5, initial: false)
            XCTAssertThrowsError(
                try ConcurrentReports.run(kinds, threads: threads) { i in
                    ran.set(i, true)
                    if i == 2 || i == 4 { throw Failed(index: i) }
                }
            ) { XCTAssertEqual($0 as? Failed, Failed(index: 2), "threads \(threads)") }
            XCTAssertEqual(ran.values.filter { !$0 }.count, 0, "every report ran, threads \(threads)")
        }
    }

    func testJSONReportHasTheDocumentedTopLevel() throws {
        let report = try audit("Specs/bankey-login")
        let json = try JSONSerialization.jsonObject(with: Data(JSONReporter().generateReport(report).utf8)) as! [String: Any]
        let summary = json["summary"] as! [String: Any]
        for key in ["specs", "checks", "errors", "warnings"] { XCTAssertNotNil(summary[key], key) }
        let tool = json["tool"] as! [String: Any]
        XCTAssertEqual(tool["harfbuzz"] as? String, "6.0.0")
        XCTAssertFalse((json["fonts"] as! [[String: Any]]).isEmpty)
        let finding = try XCTUnwrap((json["findings"] as! [[String: Any]]).first)
        for key in ["rule", "severity", "spec", "line", "element", "device", "locale", "category", "message", "fingerprint"] {
            XCTAssertNotNil(finding[key], key)
        }
    }

    func testInvalidSpecNamesFileLineAndColumn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-audit-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bad.yaml")
        try "screen: Bad\ncontent:\n  vstack: root\n  children:\n    - label: t\n      text: Hi\n      lineBreakMode: byTruncatingTale\n"
            .write(
                to: file, atomically: true, encoding: .utf8)
        var options = AuditOptions()
        options.paths = [file.path]
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        XCTAssertThrowsError(try Auditor(options: options).run()) { error in
            let e = error as! InputError
            XCTAssertEqual(e.line, 7)
            XCTAssertEqual(e.column, 22)
            XCTAssertTrue(e.file.hasSuffix("bad.yaml"))
            XCTAssertEqual(e.hint, "did you mean 'byTruncatingTail'?")
        }
    }
}
