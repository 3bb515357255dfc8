import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit
@testable import TypefitReport

/// Every report names the font that stood for the system font: file, version (`name` ID 5) and
/// SHA-256. Expected hashes come from Fonts/manifest.json (written when the fonts were added) and
/// from `sha256sum` of the test font; versions from fontTools (`TTFont(f)['name'].getDebugName(5)`).
final class SystemFontIdentityTests: XCTestCase {
    static let root = AuditTests.root
    static let variableSF = root.appendingPathComponent("Tests/TypefitLayoutTests/Fixtures/variable-sf").path

    /// A body (Regular) and a headline (Semibold) label at the default size.
    func audit(fontDirectories: [String] = [], content: String? = nil, systemFontDigests: Bool = true) throws -> AuditReport {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-sfid-\(getpid())-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: url) }
        try """
        screen: System font identity
        locales: [en]
        devices: [iPhone 16]
        categories: [Large]
        content:
        \(content ?? """
          vstack: stack
          children:
            - label: title
              text: "Account settings"
              style: headline
            - label: body
              text: "Your changes are saved automatically."
              style: body
        """)
        """.write(to: url, atomically: true, encoding: .utf8)
        var options = AuditOptions()
        options.paths = [url.path]
        options.fontDirectories = fontDirectories
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        options.threads = 1
        options.systemFontDigests = systemFontDigests
        return try Auditor(options: options).run()
    }

    /// file → sha256 from the bundled fonts' manifest.
    func manifestDigests() throws -> [String: String] {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("Fonts/manifest.json"))
        let fonts = try XCTUnwrap((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["fonts"] as? [[String: Any]])
        var out: [String: String] = [:]
        for f in fonts { if let file = f["file"] as? String, let digest = f["sha256"] as? String { out[file] = digest } }
        return out
    }

    func testTheStandInIsNamedWithTheCutsItUsedTheirVersionsAndHashes() throws {
        let report = try audit()
        let system = try XCTUnwrap(report.systemFont)
        XCTAssertEqual(system.kind, .standIn)
        let digests = try manifestDigests()
        let expected: [(String, String, String)] = [
            ("Inter-Regular.otf", "Inter", "Version 3.019;git-0a5106e0b"),
            ("Inter-SemiBold.otf", "Inter", "Version 3.019;git-0a5106e0b"),
            ("InterDisplay-Regular.otf", "Inter Display", "Version 3.019;git-1742b35dd"),
            ("InterDisplay-SemiBold.otf", "Inter Display", "Version 3.019;git-270d423ba")
        ]
        XCTAssertEqual(
            system.files,
            try expected.map { file, family, version in
                .init(file: file, family: family, version: version, sha256: try XCTUnwrap(digests[file]))
            })
        XCTAssertEqual(
            system.line,
            "system font: stand-in Inter 3.019 (Inter-Regular.otf sha256 a7e791e8f5a0…, Inter-SemiBold.otf sha256 "
                + digests["Inter-SemiBold.otf"]!.prefix(12) + "…) + Inter Display 3.019 (InterDisplay-Regular.otf sha256 "
                + digests["InterDisplay-Regular.otf"]!.prefix(12) + "…, InterDisplay-SemiBold.otf sha256 "
                + digests["InterDisplay-SemiBold.otf"]!.prefix(12) + "…), blended along SF's optical size")
        // The text report's header carries it, after the tool and locales lines and the sizes the
        // spec's `categories: [Large]` leaves out.
        let text = TextReporter().generateReport(report).split(separator: "\n").map(String.init)
        XCTAssertEqual(
            Array(text.prefix(4).dropFirst()),
            [
                "locales (requested → localization shown): en",
                "11 of the 12 text sizes not audited (not among the spec's categories): xSmall, Small, Medium, xLarge, xxLarge, xxxLarge, "
                    + "AX1, AX2, AX3, AX4, AX5",
                system.line
            ])
    }

    /// With `systemFontDigests` off (the command line's `--quiet` with no report file) the same files
    /// are named, unhashed; the digests are the manifest's again when it is on.
    func testTheSystemFontsFilesAreHashedOnlyWhenAsked() throws {
        let unhashed = try XCTUnwrap(try audit(systemFontDigests: false).systemFont)
        let hashed = try XCTUnwrap(try audit().systemFont)
        let digests = try manifestDigests()
        XCTAssertEqual(unhashed.kind, .standIn)
        XCTAssertEqual(
            unhashed.files.map(\.file), ["Inter-Regular.otf", "Inter-SemiBold.otf", "InterDisplay-Regular.otf", "InterDisplay-SemiBold.otf"]
        )
        XCTAssertEqual(unhashed.files.map(\.sha256), ["", "", "", ""])
        XCTAssertEqual(hashed.files.map(\.file), unhashed.files.map(\.file))
        XCTAssertEqual(hashed.files.map(\.sha256), try unhashed.files.map { try XCTUnwrap(digests[$0.file]) })
    }

    func testRealSFInAFontFolderIsNamedInEveryReport() throws {
        let report = try audit(fontDirectories: [Self.variableSF])
        let system = try XCTUnwrap(report.systemFont)
        XCTAssertEqual(system.kind, .variableSF)
        // sha256sum Tests/TypefitLayoutTests/Fixtures/variable-sf/TestSystemFont.ttf
        let digest = "2eb736329d44a106986f757b125fe17495c4f3f547d99bdadb0fb74e5d6700a6"
        XCTAssertEqual(
            system.files, [.init(file: "TestSystemFont.ttf", family: "SF Pro", version: "Version 17.0d9e1;test", sha256: digest)])
        let line = "system font: SF Pro 17.0d9e1 (TestSystemFont.ttf sha256 2eb736329d44…), variable: opsz = point size, wght = weight"
        XCTAssertEqual(system.line, line)

        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(JSONReporter().generateReport(report).utf8)) as? [String: Any])
        let field = try XCTUnwrap(json["systemFont"] as? [String: Any])
        XCTAssertEqual(field["kind"] as? String, "sf-variable")
        let files = try XCTUnwrap(field["files"] as? [[String: String]])
        XCTAssertEqual(files, [["file": "TestSystemFont.ttf", "family": "SF Pro", "version": "Version 17.0d9e1;test", "sha256": digest]])
        XCTAssertEqual(JSONReporter().generateReport(report), JSONReporter().generateReportWithJSONEncoder(report))

        XCTAssertTrue(TextReporter().generateReport(report).split(separator: "\n").prefix(4).contains { $0 == line })
        XCTAssertTrue(GitHubActionsReporter().generateReport(report).split(separator: "\n")[0].hasSuffix("; " + line))
        XCTAssertTrue(XcodeReporter().generateReport(report).split(separator: "\n")[0].hasSuffix("; " + line))
        XCTAssertTrue(JUnitReporter().generateReport(report).contains("<property name=\"typefit.systemFont\" value=\"\(line)\"/>"))
        XCTAssertTrue(
            MarkdownReporter().generateReport(report).contains("\nSystem font: SF Pro 17.0d9e1 (TestSystemFont.ttf sha256 2eb736329d44…)"))
        XCTAssertTrue(HTMLReporter().generateReport(report).contains("<p class=meta>system font: SF Pro 17.0d9e1"))
        let sarif = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(SARIFReporter().generateReport(report).utf8)) as? [String: Any])
        let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual((run["properties"] as? [String: Any])?["typefit/systemFont"] as? String, line)
    }

    func testARunWithoutSystemFontTextSaysSo() throws {
        let report = try audit(
            content: """
                  label: only
                  text: "Brand"
                  font: {family: Noto Sans, size: 17}
                """)
        XCTAssertEqual(report.systemFont, SystemFontIdentity(kind: .standIn, files: []))
        XCTAssertEqual(report.systemFont?.line, "system font: not used (no text in the system font)")
    }
}
