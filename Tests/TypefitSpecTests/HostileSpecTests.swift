import Foundation
import TypefitCore
import XCTest

@testable import TypefitSpec

/// Hostile and broken specs: every one is an `InputError` naming the file and, where the problem has
/// one, the exact line and column — never a crash, a hang or a vague message. Inputs behind fixes
/// (docs/fuzzing.md) say how they were found.
final class HostileSpecTests: XCTestCase {
    let file = "/tmp/hostile/screen.yaml"

    func error(_ yaml: String, file callerFile: StaticString = #filePath, line callerLine: UInt = #line) -> InputError? {
        do {
            _ = try SpecLoader.load(yaml: yaml, file: file)
            XCTFail("loaded without an error", file: callerFile, line: callerLine)
        } catch let e as InputError {
            return e
        } catch {
            XCTFail("not an InputError: \(error)", file: callerFile, line: callerLine)
        }
        return nil
    }

    /// Asserts the whole one-line error, `file:line:column: error: message (hint)`.
    func assertError(_ yaml: String, _ expected: String, file callerFile: StaticString = #filePath, line callerLine: UInt = #line) {
        guard let e = error(yaml, file: callerFile, line: callerLine) else { return }
        XCTAssertEqual(e.description, expected, file: callerFile, line: callerLine)
        XCTAssertFalse(e.description.contains("\n"), "one line", file: callerFile, line: callerLine)
    }

    /// The same, for an error whose message begins with `expected`.
    func assertErrorPrefix(_ yaml: String, _ expected: String, file callerFile: StaticString = #filePath, line callerLine: UInt = #line) {
        guard let e = error(yaml, file: callerFile, line: callerLine) else { return }
        XCTAssertTrue(e.description.hasPrefix(expected), e.description, file: callerFile, line: callerLine)
        XCTAssertFalse(e.description.contains("\n"), "one line", file: callerFile, line: callerLine)
    }

    /// A valid screen with the element lines given (indented under `children:`).
    func screen(_ children: String, top: String = "") -> String {
        top + "screen: Hostile\ncontent:\n  vstack: root\n  children:\n" + children
    }

    // MARK: - YAML syntax

    func testYAMLSyntaxErrors() {
        assertError(
            "screen: \"unterminated\ncontent: x\n",
            "\(file):3:1: error: invalid YAML: found unexpected end of stream while scanning a quoted scalar")
        assertError(
            screen("    - label: a\n\ttext: tab\n"),
            "\(file):6:1: error: invalid YAML: found a tab character that violates indentation while scanning a plain scalar")
        assertError(
            screen("    - label: a\n      text: x\n     style: body\n"),
            "\(file):7:6: error: invalid YAML: did not find expected '-' indicator while parsing a block collection")
        assertError("screen: [a, b\n", "\(file):2:1: error: invalid YAML: did not find expected ',' or ']' while parsing a flow sequence")
        assertError("screen: *nowhere\n", "\(file):1:9: error: invalid YAML: found undefined alias")
    }

    func testEmptyAndNonMappingDocuments() {
        assertError("", "\(file):1:1: error: the spec file is empty")
        assertError("# only a comment\n", "\(file):1:1: error: the spec file is empty")
        assertError("- a\n- b\n", "\(file):1:1: error: a screen must be a mapping (key: value)")
        assertError("just text\n", "\(file):1:1: error: a screen must be a mapping (key: value)")
    }

    // MARK: - Wrong types, unknown keys and names

    func testWrongTypes() {
        assertError(
            screen("    - label: a\n      text: x\n      numberOfLines: [1]\n"),
            "\(file):7:22: error: numberOfLines must be a whole number")
        assertError(
            screen("    - label: a\n      text: x\n      numberOfLines: 1.5\n"),
            "\(file):7:22: error: numberOfLines must be a whole number")
        assertError(screen("    - label: a\n      text: {x: y}\n"), "\(file):6:13: error: text must be a string")
        assertError(
            screen("    - label: a\n      text: x\n      adjustsFontSizeToFitWidth: yes\n"),
            "\(file):7:34: error: adjustsFontSizeToFitWidth must be true or false (got 'yes')")
        assertError("screen: Hostile\ncontent:\n  vstack: root\n  children: none\n", "\(file):4:13: error: children must be a list")
        assertError("screen: Hostile\ncontent: [label]\n", "\(file):2:10: error: content must be an element mapping, e.g. 'vstack: root'")
        assertError("screen: [a]\ncontent:\n  label: a\n  text: x\n", "\(file):1:9: error: screen must be a string")
    }

    func testUnknownKeysSayWhatWasMeant() {
        assertError(
            screen("    - label: a\n      text: x\n").replacingOccurrences(of: "screen:", with: "screens:"),
            "\(file):1:1: error: unknown key 'screens' in a screen (did you mean 'screen'?)")
        assertError(screen("    - label: a\n      txt: x\n"), "\(file):6:7: error: unknown key 'txt' in a label (did you mean 'text'?)")
        assertError(
            screen("    - lable: a\n      text: x\n"),
            "\(file):5:7: error: an element needs a type key: label, button, textField, vstack, hstack, divider, spacer, imageView (did you mean 'label' instead of 'lable'?)"
        )
        assertError(
            screen("    - label: a\n      text: x\n", top: "severity: {truncate: warning}\n"),
            "\(file):1:12: error: unknown key 'truncate' in severity (did you mean 'truncated'? (unknown rule id))")
        // XCTest's audit types by their Swift names (XCUIAccessibilityAuditType, in the shared
        // reference's peer tools): the rules that check them.
        assertError(
            screen("    - label: a\n      text: x\n", top: "severity: {dynamicType: warning}\n"),
            "\(file):1:12: error: unknown key 'dynamicType' in severity ('dynamicType' is an XCTest audit type; typefit's rule for it: fixed-font-size)"
        )
    }

    /// A word carried over from SwiftUI, CSS or UIKit (`padding`, `lineLimit`, `arrangedSubviews`)
    /// is no typo of a key: no edit distance leads to `layoutMargins`, so the hint names the key
    /// that element has for it (a stack's margins, a button's insets), or says whose property it is.
    func testWordsOfOtherLayoutSystemsSayWhatWasMeant() {
        let cases: [(String, String)] = [
            (
                "    - label: a\n      text: x\n      lineLimit: 2\n",
                "7:7: error: unknown key 'lineLimit' in a label (did you mean 'numberOfLines'? (typefit's word for lineLimit))"
            ),
            (
                "    - label: a\n      text: x\n      truncationMode: tail\n",
                "7:7: error: unknown key 'truncationMode' in a label (did you mean 'lineBreakMode'? (typefit's word for truncationMode))"
            ),
            (
                "    - button: b\n      text: x\n      padding: {top: 4}\n",
                "7:7: error: unknown key 'padding' in a button (did you mean 'contentInsets'? (typefit's word for padding))"
            ),
            (
                "    - button: b\n      title: Sign in\n",
                "6:7: error: unknown key 'title' in a button (did you mean 'text'? (typefit's word for title))"
            ),
            (
                "    - vstack: s\n      padding: {leading: 16}\n      children: []\n",
                "6:7: error: unknown key 'padding' in a vstack (did you mean 'layoutMargins'? (typefit's word for padding))"
            ),
            (
                "    - hstack: s\n      arrangedSubviews: []\n",
                "6:7: error: unknown key 'arrangedSubviews' in a hstack (did you mean 'children'? (typefit's word for arrangedSubviews))"
            ),
            (
                "    - textField: f\n      Prompt: Email\n",
                "6:7: error: unknown key 'Prompt' in a textField (did you mean 'placeholder'? (typefit's word for Prompt))"
            ),
            // A word whose keys the element lacks says whose they are.
            (
                "    - label: a\n      text: x\n      gap: 8\n",
                "7:7: error: unknown key 'gap' in a label ('gap' would be 'spacing', a property of vstack/hstack, not of a label)"
            )
        ]
        for (children, expected) in cases {
            assertErrorPrefix(screen(children), "\(file):" + expected)
        }
        assertError(
            screen("    - label: a\n      text: x\n", top: "padding: {top: 8}\n"),
            "\(file):1:1: error: unknown key 'padding' in a screen (did you mean 'layoutMargins'? (typefit's word for padding))")
    }

    func testUnknownStylesCategoriesDevicesAndModes() {
        assertError(
            screen("    - label: a\n      text: x\n      style: Body\n").replacingOccurrences(of: "Body", with: "bdy"),
            "\(file):7:14: error: unknown text style 'bdy' (did you mean 'body'?)")
        assertError(
            screen("    - label: a\n      text: x\n", top: "categories: [AX1, extraLarge, AX7]\n"),
            "\(file):1:31: error: unknown content size category 'AX7' (did you mean 'AX5'? It is the largest accessibility size)")
        assertError(
            screen("    - label: a\n      text: x\n", top: "devices: [iPhone 16, Pixel 9 Pro]\n"),
            "\(file):1:22: error: unknown device 'Pixel 9 Pro' (presets: iPhone SE (1st generation), iPhone SE (3rd generation), iPhone 16, iPhone 16 Pro Max, iPad; or give {name, width, height})"
        )
        assertError(
            screen("    - label: a\n      text: x\n      weight: heavvy\n"),
            "\(file):7:15: error: unknown weight 'heavvy' (did you mean 'heavy'?)")
        assertError(
            screen("    - label: a\n      text: x\n      lineBreakMode: byClip\n"),
            "\(file):7:22: error: unknown lineBreakMode 'byClip' (modes: byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle)"
        )
        assertError(
            screen("    - label: a\n      text: x\n", top: "orientation: sideways\n"),
            "\(file):1:14: error: unknown orientation 'sideways' (use one of: landscape, portrait)")
    }

    // MARK: - Numbers

    func testNegativeAndAbsurdNumbers() {
        // Trapped (found in review, reproduced with FuzzSpec; now a fuzz seed): formatting 1e308 for the message went through Int.
        assertError(
            screen("    - label: a\n      text: x\n").replacingOccurrences(of: "vstack: root", with: "vstack: root\n  spacing: 1e308"),
            "\(file):4:12: error: spacing must be between -1000 and 10000 (got 1e+308)")
        assertError(
            screen("    - label: a\n      text: x\n      minWidth: -1e308\n"),
            "\(file):7:17: error: minWidth must be between 0 and 10000 (got -1e+308)")
        assertError(
            screen("    - label: a\n      text: x\n      minWidth: -3\n"),
            "\(file):7:17: error: minWidth must be between 0 and 10000 (got -3)")
        for nan in [".nan", "nan", "NaN", ".inf", "-.inf", "inf", "1e999"] {
            assertError(screen("    - label: a\n      text: x\n      minWidth: \(nan)\n"), "\(file):7:17: error: minWidth must be a number")
        }
        assertError(
            screen("    - label: a\n      text: x\n      numberOfLines: 99999999999999999999999\n"),
            "\(file):7:22: error: numberOfLines must be between 0 and 1000 (got 99999999999999999999999)")
        assertError(
            screen("    - label: a\n      text: x\n      numberOfLines: -9223372036854775809\n"),
            "\(file):7:22: error: numberOfLines must be between 0 and 1000 (got -9223372036854775809)")
        assertError(
            screen("    - label: a\n      text: x\n      font: {size: 0}\n"),
            "\(file):7:20: error: font.size must be between 1 and 1000 (got 0)")
        assertError(
            screen("    - label: a\n      text: x\n      minimumScaleFactor: 1.0000001\n"),
            "\(file):7:27: error: minimumScaleFactor must be between 0 and 1 (got 1.0000001)")
        assertError(
            screen("    - label: a\n      text: x\n", top: "devices: [{name: Tiny, width: 1e-300, height: 500}]\n"),
            "\(file):1:31: error: device width must be between 100 and 5000 (got 1e-300)")
        assertError(
            screen("    - label: a\n      text: x\n", top: "keyboard: {height: 1e308}\n"),
            "\(file):1:20: error: keyboard height must be between 0 and 5000")
    }

    func testNegativeZeroIsZero() throws {
        let spec = try XCTUnwrap(try SpecLoader.load(yaml: screen("    - label: a\n      text: x\n      minWidth: -0\n"), file: file).first)
        XCTAssertEqual(spec.content.children.first?.minWidth, 0)
    }

    // MARK: - Ids, duplicates, references

    func testDuplicates() {
        assertError(
            screen("    - label: a\n      text: x\n    - label: a\n      text: y\n"),
            "\(file):7:14: error: duplicate element id 'a' (first used at line 5)")
        assertError(screen("    - label: a\n      text: x\n      text: y\n"), "\(file):7:7: error: duplicate key 'text' in a label")
        assertError(
            screen("    - label: a\n      text: x\n", top: "state: s\n") + "---\n"
                + screen("    - label: a\n      text: x\n", top: "state: s\n"),
            "\(file):9:1: error: two documents describe the same screen state 'Hostile — s' (the first is at line 1; give each a different 'state')"
        )
        assertError(
            screen("    - label: 1abc\n      text: x\n"),
            "\(file):5:14: error: invalid element id '1abc' (ids start with a letter and use letters, digits, '_' or '-')")
    }

    func testMissingStringsFileIsResolvedAgainstTheSpecFolder() {
        assertError(
            screen("    - label: a\n      key: k\n", top: "strings: ../strings/Missing.xcstrings\n"),
            "\(file):1:10: error: strings file not found: /tmp/strings/Missing.xcstrings")
        assertError(
            screen("    - label: a\n      key: k\n", top: "strings: {path: Localizable.xcstrings, tabel: X}\n"),
            "\(file):1:40: error: unknown key 'tabel' in strings (did you mean 'table'?)")
        assertError(screen("    - label: a\n      key: k\n", top: "strings: {table: X}\n"), "\(file):1:10: error: strings needs a 'path'")
    }

    func testLocalesMustBeLocaleNames() {
        assertError(
            screen("    - label: a\n      text: x\n", top: "locales: [de, \"\(String(repeating: "x", count: 70))\"]\n"),
            "\(file):1:15: error: invalid locale '\(String(repeating: "x", count: 70))': a locale name is at most 64 characters long")
        assertError(
            screen("    - label: a\n      text: x\n", top: "locales: [\"de DE\"]\n"),
            "\(file):1:11: error: invalid locale 'de DE': a locale name uses only letters, digits, '-' and '_' (like zh-Hans or pt_BR)")
    }

    // MARK: - Nesting, aliases, size

    func testDeepYAMLNestingIsAnErrorNotAStackOverflow() {
        // Overflowed the stack (found in review, reproduced with FuzzSpec; now fuzz seeds): Yams composes and frees its
        // node tree recursively, and 200,000 '[' or '- ' went that deep.
        assertError(
            "screen: T\ncontent: " + String(repeating: "[", count: 200_000) + "\n",
            "\(file):2:265: error: YAML collections are nested more than 256 levels deep")
        assertError(
            "screen: T\ncontent:\n" + String(repeating: "- ", count: 200_000) + "x\n",
            "\(file):3:511: error: YAML collections are nested more than 256 levels deep")
        assertError(
            "screen: T\ncontent: " + String(repeating: "{a: ", count: 300) + "1" + String(repeating: "}", count: 300) + "\n",
            "\(file):2:1030: error: YAML collections are nested more than 256 levels deep")
    }

    func testAliasChainsCountAsTheirDepth() {
        // Each anchor is shallow, but every alias nests the previous one 70 levels deeper.
        var yaml = "screen: T\n"
        for i in 0..<4 {
            yaml +=
                "a\(i): &a\(i) " + String(repeating: "[", count: 70) + (i == 0 ? "1" : "*a\(i - 1)") + String(repeating: "]", count: 70)
                + "\n"
        }
        assertError(yaml, "\(file):5:79: error: YAML collections are nested more than 256 levels deep")
    }

    func testNestingJustUnderTheLimitLoadsToTheSpecError() {
        // 255 levels parse (and free) fine; the spec loader then names the real problem.
        assertError(
            "screen: T\ncontent:\n  vstack: root\n  children: " + String(repeating: "[", count: 250) + String(repeating: "]", count: 250)
                + "\n",
            "\(file):4:14: error: an element must be a mapping such as 'label: title'")
    }

    func testElementNestingLimit() {
        var yaml = "screen: Deep\ncontent:\n  vstack: s0\n  children:\n"
        var indent = "    "
        for i in 1...33 {
            yaml += "\(indent)- vstack: s\(i)\n\(indent)  children:\n"
            indent += "    "
        }
        yaml += "\(indent)- label: x\n\(indent)  text: y\n"
        assertError(yaml, "\(file):69:135: error: elements are nested more than 32 levels deep")
    }

    func testHugeAndNonUTF8FilesOnDisk() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-hostile-spec-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        let huge = dir.appendingPathComponent("huge.yaml")
        try Data(count: SpecLoader.maximumFileSize + 1).write(to: huge)
        XCTAssertThrowsError(try SpecLoader.load(path: huge.path)) {
            XCTAssertEqual("\($0)", "\(huge.path): error: spec file is larger than 4 MB")
        }

        // Just under the file limit: one 4 MB string is read and refused by the text limit at its
        // position, in well under a second.
        let big = dir.appendingPathComponent("big.yaml")
        let head = "screen: Big\ncontent:\n  label: a\n  text: \""
        let text = String(repeating: "x", count: SpecLoader.maximumFileSize - head.utf8.count - 2)
        try (head + text + "\"\n").write(to: big, atomically: true, encoding: .utf8)
        let start = Date()
        XCTAssertThrowsError(try SpecLoader.load(path: big.path)) {
            XCTAssertEqual("\($0)", "\(big.path):4:9: error: text: the text is longer than 100000 UTF-16 units (\(text.utf16.count))")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)

        let latin1 = dir.appendingPathComponent("latin1.yaml")
        try Data("screen: Caf".utf8 + [0xE9] + "\ncontent: x\n".utf8).write(to: latin1)
        XCTAssertThrowsError(try SpecLoader.load(path: latin1.path)) {
            XCTAssertEqual("\($0)", "\(latin1.path):1:12: error: spec file is not valid UTF-8 (byte 0xE9) (save it as UTF-8)")
        }
        let truncated = dir.appendingPathComponent("cut.yaml")
        try Data("screen: a\ntext: é".utf8.dropLast()).write(to: truncated)
        XCTAssertThrowsError(try SpecLoader.load(path: truncated.path)) {
            XCTAssertEqual("\($0)", "\(truncated.path):2:7: error: spec file is not valid UTF-8 (byte 0xC3) (save it as UTF-8)")
        }

        XCTAssertThrowsError(try SpecLoader.load(path: dir.path)) { XCTAssertEqual("\($0)", "\(dir.path): error: spec file not found") }
        XCTAssertThrowsError(try SpecLoader.load(path: "/dev/null")) {
            XCTAssertEqual("\($0)", "/dev/null: error: spec file cannot be read")
        }
    }

    func testTensOfThousandsOfDocumentsLoadInLinearTime() throws {
        // Quadratic (found by this hostile input; the fuzzer's inputs are too small to show it): the duplicate-state
        // check compared every document with every other; 60,000 minimal documents (3.4 MB) took minutes.
        let docs = (0..<60_000).map { "screen: a\nstate: s\($0)\ncontent: {label: a, text: x}\n" }
        let start = Date()
        XCTAssertEqual(try SpecLoader.load(yaml: docs.joined(separator: "---\n"), file: file).count, 60_000)
        XCTAssertLessThan(Date().timeIntervalSince(start), 60)
        assertError(
            docs[0] + "---\n" + docs[1] + "---\n" + docs[0],
            "\(file):9:1: error: two documents describe the same screen state 'a — s0' (the first is at line 1; give each a different 'state')"
        )
    }

    func testControlCharactersAndNULs() {
        assertError("screen: \"a\u{0}b\"\ncontent: x\n", "\(file):1:11: error: invalid YAML: control characters are not allowed (U+0000)")
        assertError("screen: T\u{7}\ncontent: x\n", "\(file):1:10: error: invalid YAML: control characters are not allowed (U+0007)")
    }

    // MARK: - Issue 13: alias expansion, text limit, escaped messages

    func testAliasesThatMultiplyAreRefusedAtTheAlias() {
        // A fallback list of 49 entries behind one anchor, named by 100 more elements: 4,949 texts to
        // lay out at every category, locale and device from a 6 KB spec. Aliases add 10,000 nodes at most.
        let texts = (0..<49).map { "{text: t\($0), when: doesNotFit}" }.joined(separator: ", ")
        func spec(_ elements: Int) -> String {
            var yaml = "screen: T\ncontent:\n  vstack: root\n  children:\n    - label: l0\n      text: hi\n      fallbacks: &f [\(texts)]\n"
            for i in 1..<elements { yaml += "    - label: l\(i)\n      text: hi\n      fallbacks: *f\n" }
            return yaml
        }
        // Each alias adds 49 mappings × 5 nodes + the list = 246 nodes; the 41st (element 41, whose
        // `fallbacks:` is on line 7 + 3 × 41) passes 10,000.
        assertError(
            spec(101),
            "\(file):\(7 + 3 * 41):18: error: YAML aliases expand to more than 10000 nodes (an alias (*name) repeats everything its anchor (&name) holds; write the elements out)"
        )
        // 40 aliases (9,840 nodes) load.
        XCTAssertEqual(try SpecLoader.load(yaml: spec(41), file: file).first?.content.children.count, 41)
    }

    func testTextLongerThanTheLimitIsAnErrorAtItsPosition() {
        let long = String(repeating: "é", count: 100_001)
        assertError(
            screen("    - label: a\n      text: \(long)\n"),
            "\(file):6:13: error: text: the text is longer than 100000 UTF-16 units (100001)")
        assertError(
            screen("    - textField: a\n      placeholder: \"\(long)\"\n"),
            "\(file):6:20: error: placeholder: the text is longer than 100000 UTF-16 units (100001)")
        assertError(
            screen("    - label: a\n      text: hi\n      fallbacks:\n        - text: \(long)\n"),
            "\(file):8:17: error: text: the text is longer than 100000 UTF-16 units (100001)")
        let fits = String(repeating: "é", count: 100_000)
        XCTAssertNoThrow(try SpecLoader.load(yaml: screen("    - label: a\n      text: \(fits)\n"), file: file))
    }

    func testControlCharactersFromTheSpecAreEscapedInMessages() {
        // YAML's double-quoted escapes put ESC, BEL, NUL, DEL, a C1 CSI and a bidi override into a value.
        assertError(
            screen("    - label: a\n      style: \"x\\e[2J\\a\\0\\x7F\\x9B\\u202E\"\n"),
            "\(file):6:14: error: unknown text style 'x\\u{1B}[2J\\u{7}\\u{0}\\u{7F}\\u{9B}\\u{202E}' (styles: largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2)"
        )
        XCTAssertEqual(ControlCharacters.escaped("a\nb\tc\r\u{2028}\u{200F}é中😀"), "a\\nb\\tc\\r\\u{2028}\\u{200F}é中😀")
        XCTAssertEqual(
            InputError(file: "x\u{1B}.yaml", line: 1, column: 2, message: "m\u{7}", hint: "h\n").description,
            "x\\u{1B}.yaml:1:2: error: m\\u{7} (h\\n)")
    }
}
