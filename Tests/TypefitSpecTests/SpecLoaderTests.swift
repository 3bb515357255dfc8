import Foundation
import TypefitCore
import XCTest

@testable import TypefitSpec

final class SpecLoaderTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func load(_ yaml: String) throws -> [ScreenSpec] { try SpecLoader.load(yaml: yaml, file: "/tmp/test.yaml") }

    func assertError(
        _ yaml: String, line: Int, column: Int, contains text: String, hint: String? = nil,
        file: StaticString = #filePath, fileLine: UInt = #line
    ) {
        XCTAssertThrowsError(try load(yaml), file: file, line: fileLine) { error in
            guard let e = error as? InputError else { return XCTFail("not an InputError: \(error)", file: file, line: fileLine) }
            XCTAssertEqual(e.line, line, "\(e)", file: file, line: fileLine)
            XCTAssertEqual(e.column, column, "\(e)", file: file, line: fileLine)
            XCTAssertTrue(e.message.contains(text), "\(e)", file: file, line: fileLine)
            if let hint { XCTAssertTrue(e.hint?.contains(hint) ?? false, "\(e)", file: file, line: fileLine) }
        }
    }

    let minimal = """
        screen: Test
        content:
          vstack: root
          children:
            - label: title
              text: Hello
              style: body
        """

    func testShippedSpecsLoad() throws {
        let specs = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent("Specs").path)
            .filter { $0.hasSuffix(".yaml") }
        XCTAssertGreaterThanOrEqual(specs.count, 5)
        for s in specs {
            let screens = try SpecLoader.load(path: Self.root.appendingPathComponent("Specs").appendingPathComponent(s).path)
            XCTAssertFalse(screens.isEmpty)
        }
    }

    func testMinimalSpecAndDefaults() throws {
        let spec = try XCTUnwrap(try load(minimal).first)
        XCTAssertEqual(spec.screen, "Test")
        XCTAssertEqual(spec.devices.map(\.name), Device.defaultPresetNames)
        XCTAssertEqual(spec.content.children.first?.font, .style(.body))
        XCTAssertEqual(spec.content.children.first?.location.line, 5)
    }

    func testUnknownKeyHasDidYouMean() {
        assertError(minimal + "\n      numberOfLine: 2", line: 8, column: 7, contains: "unknown key 'numberOfLine'", hint: "numberOfLines")
    }

    func testKeyOfAnotherElementKindSaysWhose() {
        assertError(minimal + "\n      spacing: 8", line: 8, column: 7, contains: "unknown key 'spacing'", hint: "vstack/hstack")
    }

    func testUnknownTextStyleCategoryAndDevice() {
        assertError(
            minimal.replacingOccurrences(of: "style: body", with: "style: bodyy"), line: 7, column: 14,
            contains: "unknown text style 'bodyy'", hint: "body")
        assertError("categories: [AX6]\n" + minimal, line: 1, column: 14, contains: "unknown content size category 'AX6'")
        assertError("devices: [iPhone 61]\n" + minimal, line: 1, column: 11, contains: "unknown device 'iPhone 61'", hint: "iPhone 16")
    }

    /// A real iPhone that is not a preset is refused with its screen size (the reference's §5f, from
    /// Apple's HIG), never with a "did you mean" another device: `iPhone 17` is 402 pt wide, not the
    /// 393 of the `iPhone 16` it is one letter from. A preset of the same size is offered as such.
    func testARealModelThatIsNotAPresetSaysItsSize() {
        assertError(
            "devices: [iPhone 17]\n" + minimal, line: 1, column: 11,
            contains: "'iPhone 17' is not a preset device: its screen is 402 × 874 pt (Apple's HIG)",
            hint: "{name: iPhone 17, width: 402, height: 874, safeArea: {top: …, bottom: …}}")
        XCTAssertThrowsError(try load("devices: [iphone  17]\n" + minimal)) { error in
            XCTAssertFalse((error as? InputError)?.hint?.contains("did you mean") ?? true, "\(error)")
        }
        assertError("devices: [iPhone Air]\n" + minimal, line: 1, column: 11, contains: "420 × 912 pt")
        assertError(
            "devices: [iPhone 17 Pro Max]\n" + minimal, line: 1, column: 11, contains: "440 × 956 pt",
            hint: "the preset 'iPhone 16 Pro Max' has the same screen")
        assertError(
            "devices: [iPhone SE (2nd generation)]\n" + minimal, line: 1, column: 11, contains: "375 × 667 pt",
            hint: "the preset 'iPhone SE (3rd generation)' has the same screen")
        // A preset is still a preset, and a name no model has still gets its "did you mean".
        XCTAssertNoThrow(try load("devices: [iPhone 16]\n" + minimal))
        assertError("devices: [iPhone 16 Pro Mx]\n" + minimal, line: 1, column: 11, contains: "unknown device", hint: "iPhone 16 Pro Max")
        assertError("devices: [iphone 16]\n" + minimal, line: 1, column: 11, contains: "unknown device 'iphone 16'", hint: "'iPhone 16'")
        // A model newer than typefit's data is not another model's typo: no "did you mean 'iPhone 16'".
        for model in ["iPhone 18", "iPhone 17e", "iPad Pro 13-inch (M4)"] {
            assertError(
                "devices: [\(model)]\n" + minimal, line: 1, column: 11,
                contains: "'\(model)' is not a preset device, nor a model whose screen typefit knows",
                hint: "{name: \(model), width: …, height: …, safeArea: {top: …, bottom: …}}")
        }
        assertError("devices: [iPhone 61]\n" + minimal, line: 1, column: 11, contains: "unknown device", hint: "'iPhone 16'")
        // A name three models begin with lists them with their screens, and offers the presets among them.
        assertError(
            "devices: [iphone se]\n" + minimal, line: 1, column: 11,
            contains: "'iphone se' names 3 models, with different screens: iPhone SE (1st generation) (320 × 568 pt), "
                + "iPhone SE (2nd generation) (375 × 667 pt) and iPhone SE (3rd generation) (375 × 667 pt)",
            hint: "did you mean 'iPhone SE (1st generation)' or 'iPhone SE (3rd generation)'? (presets)")
        // A custom device may take the model's name.
        XCTAssertNoThrow(try load("devices: [{name: iPhone 17, width: 402, height: 874}]\n" + minimal))
    }

    /// Another tool's YAML (XcodeGen's project.yml) is "not a screen spec", with why it was read; a
    /// spec with one misspelt key keeps its "did you mean".
    func testYAMLThatIsNotASpecSaysSo() {
        assertError(
            "name: App\noptions: {bundleIdPrefix: com.example}\ntargets: {}\n", line: 1, column: 1,
            contains: "not a screen spec: none of its keys (name, options, targets) is a spec's",
            hint: "typefit reads every .yaml and .yml file in the folders it is given")
        assertError("scren: Test\ncontent: {label: a, text: A}\n", line: 1, column: 1, contains: "unknown key 'scren'", hint: "screen")
    }

    /// A string table given where a spec was meant is refused by its kind, with the `typefit init`
    /// that writes a first spec for it (a catalog is JSON, which YAML would read).
    func testAStringTableIsNotASpec() {
        func refused(_ path: String, _ hint: String, line: UInt = #line) {
            XCTAssertThrowsError(try SpecLoader.load(path: path), line: line) { error in
                let e = error as? InputError
                XCTAssertEqual(e?.message, "is a string table, not a screen spec: a spec names its strings (`strings:`)", line: line)
                XCTAssertEqual(e?.hint, hint, line: line)
            }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let catalog = root.appendingPathComponent("Specs/bankey-login/Localizable.xcstrings").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: catalog))
        refused(catalog, "`typefit init --catalog \(catalog)` writes a first spec for it")
        refused("App/Resources/de.lproj/Localizable.strings", "`typefit init --strings App/Resources` writes a first spec for its table")
        refused(
            "My App/en.lproj/Plurals.stringsdict", "`typefit init --strings 'My App' --table Plurals` writes a first spec for its table")
        refused("Loose.strings", "a spec names the folder holding its .lproj folders")
    }

    func testDuplicateIdsAndBadNumbers() {
        assertError(minimal + "\n    - label: title\n      text: Again", line: 8, column: 14, contains: "duplicate element id 'title'")
        assertError(minimal + "\n      numberOfLines: -1", line: 8, column: 22, contains: "numberOfLines must be between 0")
        assertError(
            minimal.replacingOccurrences(of: "vstack: root", with: "vstack: root\n  spacing: lots"), line: 4, column: 12,
            contains: "spacing must be a number")
    }

    func testYAMLSyntaxErrorHasPosition() {
        assertError("screen: [unclosed\ncontent: x", line: 2, column: 8, contains: "invalid YAML")
    }

    func testMissingRequiredAndReferences() {
        assertError("screen: X", line: 1, column: 1, contains: "missing key 'content'")
        assertError(
            "keyboard: {height: software, focused: titel}\n" + minimal, line: 1, column: 11, contains: "names 'titel'", hint: "title")
        assertError("keyboard: {height: software, focused: title}\n" + minimal, line: 1, column: 11, contains: "must name text fields")
    }

    func testDeepNestingIsBounded() {
        var yaml = "screen: Deep\ncontent:\n  vstack: s0\n  children:\n"
        var indent = "    "
        for i in 1..<40 {
            yaml += "\(indent)- vstack: s\(i)\n\(indent)  children:\n"
            indent += "    "
        }
        yaml += "\(indent)- label: x\n\(indent)  text: y\n"
        XCTAssertThrowsError(try load(yaml)) { XCTAssertTrue("\($0)".contains("nested more than"), "\($0)") }
    }

    func testMultipleDocumentsAreStates() throws {
        let specs = try load("state: a\n" + minimal + "\n---\nstate: b\n" + minimal)
        XCTAssertEqual(specs.map(\.title), ["Test — a", "Test — b"])
        assertError("state: a\n" + minimal + "\n---\nstate: a\n" + minimal, line: 10, column: 1, contains: "same screen state")
    }

    /// `typefit init` names each label after its key: Loop's keys gave `min-glucose-regression-coefficient--b---`
    /// and `A-model-based-on-the-published-absorptio`; a run of other characters is one dash now,
    /// and a long key is cut after a whole word. Every id is valid in a spec and unique.
    func testInitNamesALabelAfterItsKeyReadably() throws {
        var used = Set<String>()
        let keys = [
            "15 min glucose regression coefficient (b₁), continued with decay over 30 min",
            "A model based on the published absorption of Fiasp insulin.",
            "A model based on the published absorption of Humalog, Novolog, and Apidra insulin in adults.",
            "Supercalifragilisticexpialidocious-and-then-some-more-letters",
            "— ✓ —", "Add CGM", "Add CGM!"
        ]
        let ids = keys.map { ProjectStarter.identifier(for: $0, used: &used) }
        XCTAssertEqual(
            ids,
            [
                "min-glucose-regression-coefficient-b", "A-model-based-on-the-published", "A-model-based-on-the-published-2",
                "Supercalifragilisticexpialidocious-and", "label", "Add-CGM", "Add-CGM-2"
            ])
        for id in ids {
            XCTAssertNoThrow(try load(minimal.replacingOccurrences(of: "label: title", with: "label: \(id)")), id)
            XCTAssertLessThanOrEqual(id.count, 42, id)
        }
    }
}
