import Foundation
import TypefitCore
import TypefitLayout
import TypefitStrings
import XCTest

@testable import TypefitAudit
@testable import TypefitSpec

/// A state reports button heights and fallback elements by their node's index in
/// `StateAuditor.checkedNodes`, and the job keeps them by element index in `ScreenSpec.allElements`
/// (`Auditor.runJob`): the two orders must be the same element for element. Checked on every screen
/// of the shipped specs (nested stacks, bottom bars) and on a tree written for it.
final class CheckedNodeOrderTests: XCTestCase {
    func auditor(_ spec: ScreenSpec) -> StateAuditor {
        StateAuditor(
            spec: spec, specPath: "/tmp/order.yaml", engine: NodeTextsTests.engine, strings: StringTables([]), localizations: ["en"],
            severity: { _ in .error })
    }

    func testCheckedNodesAreInTheOrderOfAllElements() throws {
        let specsFolder = AuditTests.root.appendingPathComponent("Specs")
        let files = try FileManager.default.subpathsOfDirectory(atPath: specsFolder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        var screens = 0, withBar = 0
        for file in files {
            for spec in try SpecLoader.load(path: specsFolder.appendingPathComponent(file).path) {
                let nodes = auditor(spec).checkedNodes
                XCTAssertEqual(nodes.map(\.element.id), spec.allElements.map(\.id), "\(file): \(spec.title)")
                XCTAssertTrue(zip(nodes, spec.allElements).allSatisfy { $0.element === $1 }, "\(file): \(spec.title)")
                screens += 1
                if spec.bottomBar != nil { withBar += 1 }
            }
        }
        XCTAssertEqual(files.count, 6, "the shipped spec files")
        XCTAssertGreaterThanOrEqual(screens, files.count)
        XCTAssertGreaterThan(withBar, 0, "a screen with a bottom bar is checked")
    }

    func testNestedStacksAndABottomBarKeepTheirOrder() throws {
        let yaml = """
            screen: S
            content:
              vstack: root
              children:
                - {label: a, text: "A"}
                - hstack: row
                  children:
                    - {label: b, text: "B"}
                    - vstack: column
                      children:
                        - {button: c, text: "C"}
                - {label: d, text: "D"}
            bottomBar:
              vstack: bar
              children:
                - {button: e, text: "E"}
            """
        let spec = try XCTUnwrap(SpecLoader.load(yaml: yaml, file: "/tmp/order.yaml").first)
        XCTAssertEqual(auditor(spec).checkedNodes.map(\.element.id), ["root", "a", "row", "b", "column", "c", "d", "bar", "e"])
    }
}
