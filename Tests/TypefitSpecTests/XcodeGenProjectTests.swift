import Foundation
import XCTest

@testable import TypefitSpec

/// XcodeGen's target sources and their `excludes`, which "XcodeGen uses Bash 4's Glob behaviors where
/// globstar (**) is enabled" to expand (its Docs/ProjectSpec.md): the reference for `GlobPattern` is
/// bash itself, run with `globstar` on a real folder tree.
final class XcodeGenProjectTests: XCTestCase {
    /// What bash 4 with `globstar` expands `pattern` to in `folder` (folders without their trailing
    /// `/`), sorted: the paths that exist (brace expansion also makes words no file matches, which
    /// bash keeps as they are); nil when bash cannot be run.
    func bash(_ pattern: String, in folder: URL) throws -> [String]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-O", "globstar", "-O", "nullglob", "-c",
            "cd \"$1\" && for p in \(pattern); do [ -e \"$p\" ] && printf '%s\\n' \"$p\"; done; true", "bash", folder.path
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { String($0.hasSuffix("/") ? $0.dropLast() : $0) }.sorted()
    }

    func testGlobPatternsMatchWhatBashExpands() throws {
        let files = [
            "foo", "bar", "baz", "dir1/file1.ext", "dir1/dir2/dir3/file2.ext", "dir1/file1.extfoo",
            "Support/en.lproj/Localizable.strings", "Support/de.lproj/Localizable.strings", "Support/igl.lproj/Localizable.strings",
            "Support/igl.lproj/InfoPlist.strings", "Support/Nested/igl.lproj/Localizable.strings",
            "Support/zh-hans.lproj/Localizable.strings"
        ]
        let root = try tree("xcodegen-glob", Dictionary(uniqueKeysWithValues: files.map { ($0, "") }))
        // Every file and folder of the tree, relative to it.
        var paths: [String] = []
        for f in files {
            var prefix = ""
            for c in f.split(separator: "/") {
                prefix = prefix.isEmpty ? String(c) : prefix + "/" + c
                if !paths.contains(prefix) { paths.append(prefix) }
            }
        }
        let patterns = [
            "**/igl.lproj", "ba{r,y,z}", "dir1/*.ext", "**/*.ext", "dir1/**", "**/dir2/**/*", "Support/[a-h]*.lproj",
            "Support/[!d]*.lproj", "*", "?oo", "**", "**/*.lproj/InfoPlist.strings", "Support/*/igl.lproj", "**/zh-*.lproj",
            "dir1/file1.ext*", "nothing", "**/{igl,dag}.lproj", "Support/{en,de}.lproj/*", "[bf]??", "dir1/dir2/**",
            "**/*.{ext,extfoo}", "*/igl.lproj", "Support/**/Localizable.strings", "**/dir3", "d*/**/f*"
        ]
        for pattern in patterns {
            let glob = try XCTUnwrap(GlobPattern(pattern), pattern)
            guard let expected = try bash(pattern, in: root) else { throw XCTSkip("bash cannot be run here") }
            XCTAssertEqual(paths.filter(glob.matchesExactly).sorted(), expected, pattern)
        }
        // A matched folder stands for what it holds, as XcodeGen excludes a folder's files.
        XCTAssertTrue(try XCTUnwrap(GlobPattern("**/igl.lproj")).matches(path: "Support/igl.lproj/Localizable.strings"))
        XCTAssertFalse(try XCTUnwrap(GlobPattern("**/igl.lproj")).matches(path: "Support/de.lproj/Localizable.strings"))
        XCTAssertNil(GlobPattern("Support/[abc"))
        XCTAssertNil(GlobPattern("{a,b"))
        XCTAssertNil(GlobPattern(""))
    }

    /// Kiwix's layout (its project.yml, abridged: the Support source of its Kiwix target excludes
    /// three languages, and its template's sources do not hold the strings).
    static let kiwix = """
        name: Kiwix
        options:
          xcodeVersion: 16.0
        targetTemplates:
          ApplicationTemplate:
            type: application
            sources:
              - path: App
              - path: Views
        targets:
          Kiwix:
            templates:
              - ApplicationTemplate
            sources:
              - path: Support
                excludes:
                  - "**/qqq.lproj"
                  - "**/igl.lproj"
                  - "**/dag.lproj"
                  - "zimCookieTests/**"
        """

    func kiwixTree(_ name: String, project: String) throws -> URL {
        var files = ["project.yml": project, ".git/HEAD": "ref: refs/heads/main\n", "App/App.swift": ""]
        for l in ["en", "de", "qqq", "igl", "dag"] { files["Support/\(l).lproj/Localizable.strings"] = "\"a\" = \"A\";\n" }
        files["Support/en.lproj/InfoPlist.strings"] = "\"CFBundleDisplayName\" = \"Kiwix\";\n"
        return try tree("xcodegen-" + name, files)
    }

    func testTheLocalizationsATargetSourceExcludes() throws {
        let root = try kiwixTree("kiwix", project: Self.kiwix)
        let support = root.appendingPathComponent("Support").path
        let project = try XCTUnwrap(XcodeGenProject.nearest(to: support))
        XCTAssertEqual(project.file, root.appendingPathComponent("project.yml").path)
        XCTAssertEqual(project.localizationsExcluded(table: "Localizable", in: support), ["dag", "igl", "qqq"])
        // InfoPlist is in en.lproj only, which no pattern excludes.
        XCTAssertEqual(project.localizationsExcluded(table: "InfoPlist", in: support), [])
        XCTAssertEqual(project.localizationsExcluded(table: "Localizable", in: root.appendingPathComponent("App").path), [])
    }

    func testALocalizationAnotherTargetBuildsIsNotExcluded() throws {
        // A widget target builds the same folder without the excludes: the languages ship with it.
        let widget = Self.kiwix + "\n  Widget:\n    type: app-extension\n    sources: [Support]\n"
        let root = try kiwixTree("widget", project: widget)
        let support = root.appendingPathComponent("Support").path
        XCTAssertEqual(try XCTUnwrap(XcodeGenProject.nearest(to: support)).localizationsExcluded(table: "Localizable", in: support), [])
        // A source that lists includes is not judged; a pattern on one file excludes only that table.
        let included = Self.kiwix.replacingOccurrences(of: "excludes:", with: "includes: [\"**/*.strings\"]\n        excludes:")
        XCTAssertTrue(included.contains("\n        includes: [\"**/*.strings\"]\n        excludes:\n"), included)
        let withIncludes = try kiwixTree("includes", project: included)
        let supportIncluded = withIncludes.appendingPathComponent("Support").path
        XCTAssertEqual(
            try XCTUnwrap(XcodeGenProject.nearest(to: supportIncluded)).localizationsExcluded(table: "Localizable", in: supportIncluded), []
        )
        let oneFile = Self.kiwix.replacingOccurrences(of: "\"**/igl.lproj\"", with: "\"**/igl.lproj/InfoPlist.strings\"")
        let oneFileRoot = try kiwixTree("onefile", project: oneFile)
        let supportOneFile = oneFileRoot.appendingPathComponent("Support").path
        XCTAssertEqual(
            try XCTUnwrap(XcodeGenProject.nearest(to: supportOneFile)).localizationsExcluded(table: "Localizable", in: supportOneFile),
            ["dag", "qqq"])
    }

    func testOnlyTheNearestXcodeGenSpecIsRead() throws {
        // Not an XcodeGen spec (no top-level name), broken YAML, YAML nested deeper than a spec may be
        // (Yams builds its tree recursively), or a nearer Xcode project: nothing, and no crash.
        let deep = "name: A\ntargets: " + String(repeating: "[", count: 100_000) + "\n"
        for (name, text) in [("noname", "targets:\n  A:\n    sources: [Support]\n"), ("broken", "name: [unclosed\n"), ("deep", deep)] {
            let root = try kiwixTree(name, project: text)
            XCTAssertNil(XcodeGenProject.nearest(to: root.appendingPathComponent("Support").path), name)
        }
        let root = try kiwixTree("nearer", project: Self.kiwix)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Support/App.xcodeproj"), withIntermediateDirectories: true)
        XCTAssertNil(XcodeGenProject.nearest(to: root.appendingPathComponent("Support").path))
    }
}
