import Foundation
import TypefitCore
import TypefitLayout
import XCTest

@testable import TypefitAudit
@testable import TypefitSpec

/// `textAlignment` as UIKit places lines (NSTextAlignment): the preview of a truncated two-line label
/// draws its first, shorter line where each alignment puts it, a button's title centred
/// (UIControl.contentHorizontalAlignment defaults to .center), and a justified line widened in its
/// spaces to the whole width. Positions are checked against the line's own width and the text area.
final class PreviewAlignmentTests: XCTestCase {
    /// The preview of the one truncated finding of a label (or button) in `yaml`'s element.
    func preview(_ element: String, alignment: String?, category: String = "Large") throws -> Preview {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "typefit-align-\(getpid())-\(alignment ?? "none")-\(category)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = """
            screen: Alignment
            categories: [\(category)]
            devices: [iPhone SE (1st generation)]
            content:
              vstack: root
              children:
                - \(element): title
                  text: Continue with your account and all of its settings and preferences, then sign in
                  style: body
                  width: 250
                  numberOfLines: 2\(alignment.map { "\n      textAlignment: \($0)" } ?? "")
            """
        try spec.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        var options = AuditOptions()
        options.paths = [dir.appendingPathComponent("s.yaml").path]
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        options.fontDigests = false
        options.keepPreviews = true
        let report = try Auditor(options: options).run()
        let findings = report.findings.filter { $0.hasPreview && $0.element == "title" }
        XCTAssertEqual(findings.count, 1, "\(findings.map(\.rule))")
        return try XCTUnwrap(findings.first.flatMap { report.pictures?.preview(of: $0) })
    }

    func testLineOffsetsAreUIKits() {
        // A 100-pt line in a 160-pt area.
        XCTAssertEqual(Preview.lineOffset(.left, lineWidth: 100, areaWidth: 160, rightToLeft: true), 0)
        XCTAssertEqual(Preview.lineOffset(.right, lineWidth: 100, areaWidth: 160, rightToLeft: false), 60)
        XCTAssertEqual(Preview.lineOffset(.center, lineWidth: 100, areaWidth: 160, rightToLeft: false), 30)
        XCTAssertEqual(Preview.lineOffset(.natural, lineWidth: 100, areaWidth: 160, rightToLeft: false), 0)
        XCTAssertEqual(Preview.lineOffset(.natural, lineWidth: 100, areaWidth: 160, rightToLeft: true), 60)
        XCTAssertEqual(Preview.lineOffset(.justified, lineWidth: 100, areaWidth: 160, rightToLeft: true), 60)
        // A line wider than its area starts at the leading edge whatever the alignment.
        XCTAssertEqual(Preview.lineOffset(.center, lineWidth: 200, areaWidth: 160, rightToLeft: false), 0)
        // Justified: 60 pt over 4 spaces; never on the last line or a line without spaces.
        XCTAssertEqual(Preview.justifiedSpacing(lineWidth: 100, areaWidth: 160, interiorSpaces: 4, isLastLine: false), 15)
        XCTAssertEqual(Preview.justifiedSpacing(lineWidth: 100, areaWidth: 160, interiorSpaces: 4, isLastLine: true), 0)
        XCTAssertEqual(Preview.justifiedSpacing(lineWidth: 100, areaWidth: 160, interiorSpaces: 0, isLastLine: false), 0)
    }

    func testALabelsFirstLineSitsWhereItsAlignmentPutsIt() throws {
        let left = try preview("label", alignment: nil)
        XCTAssertEqual(left.alignment, .natural, "a label's default alignment is natural")
        XCTAssertEqual(left.lines.count, 2)
        let line = left.lines[0]
        let slack = left.textWidth - line.width
        XCTAssertGreaterThan(slack, 1, "the first line leaves room at its end")
        let x0 = try XCTUnwrap(line.glyphs.first?.x)
        for (alignment, expected) in [("center", slack / 2), ("right", slack), ("left", 0)] {
            let p = try preview("label", alignment: alignment)
            XCTAssertEqual(p.lines[0].width, line.width, accuracy: 0.001, "alignment does not change what fits")
            XCTAssertEqual(try XCTUnwrap(p.lines[0].glyphs.first?.x) - x0, expected, accuracy: 0.001, alignment)
            // The truncated last line is placed by its own width the same way.
            let last = p.lines[1], lastSlack = p.textWidth - last.width
            let moved = try XCTUnwrap(last.glyphs.first?.x) - XCTUnwrap(left.lines[1].glyphs.first?.x)
            XCTAssertEqual(
                moved, alignment == "center" ? lastSlack / 2 : (alignment == "right" ? lastSlack : 0), accuracy: 0.001, alignment)
        }
    }

    /// At AX2 (33 pt) the system font stand-in's widths (Inter and Inter Display blended and calibrated
    /// as SF) differ from Inter's own advances by a few per cent: the preview draws each glyph where
    /// the layout measured it. The second word starts at the measured width of "Continue with" less
    /// that of "with", from the engine's own one-line measurements.
    func testGlyphsSitWhereTheLayoutMeasuredThem() throws {
        let p = try preview("label", alignment: "left", category: "AX2")
        let glyphs = p.lines[0].glyphs
        let size = try XCTUnwrap(glyphs.first?.size)
        let engine = TextEngine(bundledFonts: AuditTests.root.appendingPathComponent("Fonts").path)
        func width(_ text: String) throws -> Double { try engine.layout(LayoutRequest(text: text, size: size)).0.naturalWidth }
        XCTAssertEqual(p.lines[0].width, try width("Continue with"), accuracy: 0.01)
        // "Continue " is nine glyphs in Inter; the tenth is the "w" of "with".
        XCTAssertEqual(glyphs[9].x, try width("Continue with") - width("with"), accuracy: 0.3)
    }

    func testAButtonsTitleIsCentred() throws {
        let button = try preview("button", alignment: nil)
        XCTAssertEqual(button.alignment, .center)
        let leading = try preview("button", alignment: "left")
        let line = leading.lines[0]
        XCTAssertEqual(
            try XCTUnwrap(button.lines[0].glyphs.first?.x) - XCTUnwrap(line.glyphs.first?.x), (leading.textWidth - line.width) / 2,
            accuracy: 0.001)
    }

    func testJustifiedLinesFillTheWidthInTheirSpaces() throws {
        let natural = try preview("label", alignment: nil)
        let justified = try preview("label", alignment: "justified")
        let a = natural.lines[0].glyphs, b = justified.lines[0].glyphs
        XCTAssertEqual(a.count, b.count)
        let slack = natural.textWidth - natural.lines[0].width
        // The first word stays put; the last glyph moves by the whole slack; every glyph moves by a
        // whole number of the same space increment.
        XCTAssertEqual(b[0].x, a[0].x, accuracy: 0.001)
        XCTAssertEqual(b[b.count - 1].x - a[a.count - 1].x, slack, accuracy: 0.01)
        let moves = zip(a, b).map { $1.x - $0.x }
        for (a, b) in zip(moves, moves.dropFirst()) { XCTAssertLessThanOrEqual(a, b + 1e-9, "spaces only ever add") }
        let step = try XCTUnwrap(moves.first { $0 > 0.001 })
        for m in moves { XCTAssertEqual((m / step).rounded() * step, m, accuracy: 0.01) }
    }
}
