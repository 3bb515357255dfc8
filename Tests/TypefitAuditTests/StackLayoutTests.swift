import Foundation
import TypefitCore
import TypefitLayout
import TypefitStrings
import XCTest

@testable import TypefitAudit
@testable import TypefitSpec

/// UIStackView's layout, stack by stack: each supported alignment and distribution against the
/// frames UIKit's documentation implies (computed here by hand from fixed-size views, so no text
/// measurement is involved), and every other value refused when the spec loads.
final class StackLayoutTests: XCTestCase {
    static let engine = TextEngine(bundledFonts: AuditTests.root.appendingPathComponent("Fonts").path)

    /// Lays out the root element of `yaml`'s content at `width` (and `height` for a stretched root).
    func layout(_ content: String, width: Double, height: Double? = nil) throws -> LayoutNode {
        let spec = try XCTUnwrap(SpecLoader.load(yaml: "screen: S\ncontent:\n" + content, file: "/tmp/stack.yaml").first)
        let layouter = ScreenLayouter(
            engine: Self.engine, memo: TextMemo(), strings: StringTables([]), locale: "en",
            localizations: ["en"], category: .large)
        let node = LayoutNode(tree: spec.content)
        try layouter.layout(node, width: width, clamp: (nil, nil), targetHeight: height)
        return node
    }

    func frames(_ node: LayoutNode) -> [[Double]] {
        node.children.map { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height] }
    }

    let threeImages = """
          spacing: 10
          children:
            - {imageView: a, width: 100, height: 40}
            - {imageView: b, width: 100, height: 40}
            - {imageView: c, width: 100, height: 40}
        """

    func testVStackAlignments() throws {
        // Across the axis: x at the leading edge, centred, or at the trailing edge; down the axis the
        // views follow each other, `spacing` apart.
        let expected: [String: Double] = ["fill": 0, "leading": 0, "center": 100, "trailing": 200]
        for (alignment, x) in expected {
            let node = try layout("  vstack: root\n  alignment: \(alignment)\n" + threeImages, width: 300)
            XCTAssertEqual(frames(node), [[x, 0, 100, 40], [x, 50, 100, 40], [x, 100, 100, 40]], alignment)
            XCTAssertEqual(node.frame.height, 140, alignment)
        }
        // fill: views without their own width take the stack's.
        let filled = try layout("  vstack: root\n  children:\n    - {divider: d}\n    - {spacer: s, height: 8}\n", width: 300)
        XCTAssertEqual(filled.children.map(\.frame.width), [300, 300])
    }

    func testVStackDistributionsWithRoomToSpare() throws {
        // equalSpacing: natural heights, the 160 pt to spare split between the two gaps.
        let spaced = try layout("  vstack: root\n  distribution: equalSpacing\n" + threeImages, width: 300, height: 300)
        XCTAssertEqual(frames(spaced).map { $0[1] }, [0, 130, 260])
        XCTAssertEqual(spaced.frame.height, 300)
        // fill: a flexible spacer takes all of it.
        let filled = try layout(
            """
              vstack: root
              spacing: 10
              children:
                - {imageView: a, width: 100, height: 40}
                - {spacer: s}
                - {imageView: b, width: 100, height: 40}
            """, width: 300, height: 300)
        XCTAssertEqual(frames(filled).map { $0[1] }, [0, 50, 260])
        XCTAssertEqual(filled.children[1].frame.height, 200)
    }

    let hstackChildren = """
          spacing: 10
          children:
            - {imageView: a, width: 50, height: 40}
            - {imageView: b, width: 80, height: 20}
            - {imageView: c, width: 30, height: 30}
        """

    func testHStackDistributions() throws {
        // fill: fixed-width views keep their widths (nothing flexible to take the spare width).
        let fill = try layout("  hstack: root\n" + hstackChildren, width: 300)
        XCTAssertEqual(frames(fill).map { $0[0] }, [0, 60, 150])
        XCTAssertEqual(frames(fill).map { $0[2] }, [50, 80, 30])
        // equalSpacing: 300 − 160 of views = 140 pt of gaps, 70 each.
        let spaced = try layout("  hstack: root\n  distribution: equalSpacing\n" + hstackChildren, width: 300)
        XCTAssertEqual(frames(spaced).map { $0[0] }, [0, 120, 270])
        // fillEqually: (300 − 2 × 10) / 3 each.
        let equal = try layout("  hstack: root\n  distribution: fillEqually\n" + hstackChildren, width: 300)
        let w = (300.0 - 20) / 3
        XCTAssertEqual(frames(equal).map { $0[2] }, [w, w, w])
        XCTAssertEqual(frames(equal).map { $0[0] }, [0, w + 10, 2 * w + 20])
        // A flexible spacer takes the spare width in fill.
        let spacer = try layout(
            """
              hstack: root
              spacing: 10
              children:
                - {imageView: a, width: 50, height: 40}
                - {spacer: s}
                - {imageView: b, width: 80, height: 20}
            """, width: 300)
        XCTAssertEqual(frames(spacer).map { $0[0] }, [0, 60, 220])
        XCTAssertEqual(spacer.children[1].frame.width, 150)
    }

    func testHStackAlignments() throws {
        // The row is as tall as the tallest view (40): top, centre and bottom place the others in it.
        let expected: [String: [Double]] = ["top": [0, 0, 0], "center": [0, 10, 5], "bottom": [0, 20, 10]]
        for (alignment, ys) in expected {
            let node = try layout("  hstack: root\n  alignment: \(alignment)\n" + hstackChildren, width: 300)
            XCTAssertEqual(frames(node).map { $0[1] }, ys, alignment)
            XCTAssertEqual(node.frame.height, 40)
        }
        // fill stretches views to the row's height, except those with a fixed height of their own.
        let fill = try layout(
            """
              hstack: root
              children:
                - {imageView: a, width: 50, height: 40}
                - {spacer: s, minHeight: 10, minWidth: 20}
                - {imageView: b, width: 80, height: 20}
            """, width: 300)
        XCTAssertEqual(fill.children.map(\.frame.height), [40, 40, 20])
    }

    func testValuesNotLaidOutAsUIKitDoesAreRefused() {
        let cases: [(String, String)] = [
            ("  hstack: r\n  alignment: firstBaseline\n  children: [{spacer: s}]\n", "alignment 'firstBaseline' is not supported yet"),
            ("  hstack: r\n  alignment: lastBaseline\n  children: [{spacer: s}]\n", "alignment 'lastBaseline' is not supported yet"),
            (
                "  hstack: r\n  distribution: fillProportionally\n  children: [{spacer: s}]\n",
                "distribution 'fillProportionally' is not supported yet in a hstack"
            ),
            (
                "  vstack: r\n  distribution: equalCentering\n  children: [{spacer: s}]\n",
                "distribution 'equalCentering' is not supported yet in a vstack"
            ),
            (
                "  vstack: r\n  distribution: fillEqually\n  children: [{spacer: s}]\n",
                "distribution 'fillEqually' is not supported yet in a vstack"
            ),
            ("  vstack: r\n  alignment: top\n  children: [{spacer: s}]\n", "unknown alignment 'top'")
        ]
        for (content, message) in cases {
            XCTAssertThrowsError(try SpecLoader.load(yaml: "screen: S\ncontent:\n" + content, file: "/tmp/s.yaml"), message) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
                XCTAssertEqual((error as? InputError)?.line, 4, "\(error)")
            }
        }
    }

    func testTextFieldBorderStyles() throws {
        // Body at Large is 17 pt; SF's line height is 2444/2048 em = 20.29 pt, 21 pt rounded up. A field
        // without a border is one line tall; a rounded-rect one is at least 30 pt (line + 8 = 29).
        let node = try layout(
            """
              vstack: form
              children:
                - {textField: plain, placeholder: Name, style: body, borderStyle: none}
                - {textField: unset, placeholder: Name, style: body}
                - {textField: rounded, placeholder: Name, style: body, borderStyle: roundedRect}
            """, width: 300)
        XCTAssertEqual(node.children.map(\.frame.height), [21, 21, 30])
    }
}
