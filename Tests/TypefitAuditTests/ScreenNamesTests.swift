import Foundation
import TypefitCore
import TypefitStrings
import XCTest

@testable import TypefitAudit
@testable import TypefitSpec

/// A spec's screen-state names are made once and shared by its jobs (`ScreenNames`), and a stack
/// moves a laid-out child's subtree through the list of its descendants (`LayoutNode.offset`): both
/// must give exactly what they replace.
final class ScreenNamesTests: XCTestCase {
    let yaml = """
        screen: Signup — about you
        state: software keyboard
        keyboard:
          height: software
          focused: [hometown, work, hometown]
        content:
          vstack: page
          children:
            - vstack: form
              children:
                - {textField: hometown, placeholder: "Hometown", style: body}
                - hstack: row
                  children:
                    - {textField: work, placeholder: "Work", style: body}
                    - {button: next, text: "Next", style: body}
            - {label: note, text: "You can change these later", style: footnote}
        """

    func spec() throws -> ScreenSpec { try XCTUnwrap(SpecLoader.load(yaml: yaml, file: "/tmp/screen-names.yaml").first) }

    func testEachScreenStateIsNamedAsFindingsNameItOncePerSpec() throws {
        let spec = try spec()
        let names = ScreenNames(spec)
        XCTAssertEqual(names.title, "Signup — about you — software keyboard")
        XCTAssertEqual(names.title, spec.title)
        XCTAssertEqual(names.name(focused: nil), spec.title)
        for field in ["hometown", "work"] {
            XCTAssertEqual(names.name(focused: field), Finding.screenName(title: spec.title, editing: field))
            XCTAssertEqual(names.name(focused: field), "Signup — about you — software keyboard (editing \(field))")
        }
        // A field the keyboard does not list (a locale-level finding has none) is named all the same.
        XCTAssertEqual(names.name(focused: "note"), Finding.screenName(title: spec.title, editing: "note"))
        // A place made with the shared name is the place made by naming it again.
        let scope = Finding.Scope.locale("de")
        let shared = Finding.Place(spec: "s.yaml", title: names.title, editing: "work", screen: names.name(focused: "work"), scope: scope)
        let named = Finding.Place(spec: "s.yaml", title: spec.title, editing: "work", scope: scope)
        XCTAssertEqual(shared.screen, named.screen)
        XCTAssertEqual(shared.title, named.title)
    }

    /// Moving a node moves every node of its subtree by the same amounts, and nothing else; moves
    /// of nested nodes add up as moving each child in turn does.
    func testMovingANodeMovesItsWholeSubtreeAndNothingElse() throws {
        let tree = LayoutNode(tree: try spec().content)
        let all = tree.all
        XCTAssertEqual(all.map(\.element.id), ["page", "form", "hometown", "row", "work", "next", "note"])
        for (i, n) in all.enumerated() { n.frame = Rect(x: Double(i), y: Double(10 * i), width: 5, height: 5) }
        var expected = all.map(\.frame)
        func move(_ node: LayoutNode, _ dx: Double, _ dy: Double) {
            // The reference: the node, then each child's subtree in turn.
            func walk(_ n: LayoutNode) {
                let i = all.firstIndex { $0 === n }!
                expected[i].x += dx
                expected[i].y += dy
                n.children.forEach(walk)
            }
            walk(node)
            node.offset(dx: dx, dy: dy)
            XCTAssertEqual(all.map(\.frame), expected)
        }
        let row = try XCTUnwrap(all.first { $0.element.id == "row" })
        let form = try XCTUnwrap(all.first { $0.element.id == "form" })
        move(row, 0.1, 0.2)
        move(form, 12.5, -3.25)
        move(tree, 1e-9, 375.0 / 3)
        // The row's own children moved three times, the note (outside the form) once.
        XCTAssertEqual(all[4].frame.x, ((4 + 0.1) + 12.5) + 1e-9)
        XCTAssertEqual(all[6].frame.y, 60 + 375.0 / 3)
    }
}
