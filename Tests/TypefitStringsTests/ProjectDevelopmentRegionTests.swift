import XCTest

@testable import TypefitStrings

/// The development region of the project nearest a strings folder: Xcode's `developmentRegion` in
/// `project.pbxproj`, a package's `defaultLocalization` in `Package.swift`.
final class ProjectDevelopmentRegionTests: XCTestCase {
    func write(_ root: URL, _ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func testTheNearestProjectIsRead() throws {
        let root = try Fixtures.temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        // As Xcode writes it, quoted when the value has a '-'.
        try write(
            root, "App.xcodeproj/project.pbxproj",
            "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA1 = {\n\t\t\tisa = PBXProject;\n\t\t\tdevelopmentRegion = \"zh-Hans\";\n\t\t};\n\t};\n}\n"
        )
        try write(
            root, "Packages/Feature/Package.swift",
            "// swift-tools-version: 5.9\nimport PackageDescription\n\nlet package = Package(\n    name: \"Feature\",\n"
                + "    defaultLocalization: \"de\",\n    targets: [.target(name: \"Feature\", resources: [.process(\"Resources\")])]\n)\n")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Packages/Feature/Sources/Feature/Resources/de.lproj"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/Strings"), withIntermediateDirectories: true)

        let app = ProjectDevelopmentRegion.near(root.appendingPathComponent("App/Strings").path)
        XCTAssertEqual(app.map(\.region), ["zh-Hans"])
        XCTAssertEqual(app.map(\.line), [6])
        XCTAssertTrue(app[0].file.hasSuffix("/App.xcodeproj/project.pbxproj"), app[0].file)
        // A package's resources belong to the package, not to the app around it.
        let feature = ProjectDevelopmentRegion.near(root.appendingPathComponent("Packages/Feature/Sources/Feature/Resources").path)
        XCTAssertEqual(feature.map { [$0.region, "\($0.line)"] }, [["de", "6"]])
        XCTAssertEqual(ProjectDevelopmentRegion.language("zh-Hans"), "zh")
        XCTAssertEqual(ProjectDevelopmentRegion.language("English"), "en")
        XCTAssertEqual(ProjectDevelopmentRegion.language("en_GB"), "en")

        // Two projects that disagree: no language is agreed. The search stops at the repository's root.
        try write(root, "Old.xcodeproj/project.pbxproj", "{ developmentRegion = English; }")
        XCTAssertEqual(ProjectDevelopmentRegion.near(root.appendingPathComponent("App/Strings").path).map(\.region), ["zh-Hans", "English"])
        XCTAssertNil(ProjectDevelopmentRegion.agreed(near: root.appendingPathComponent("App/Strings").path))
        try write(root, "Old.xcodeproj/project.pbxproj", "{ developmentRegion = zh_Hans; }")
        let agreed = ProjectDevelopmentRegion.agreed(near: root.appendingPathComponent("App").path)
        XCTAssertEqual(agreed?.region, "zh-Hans", "the first, by file")
        // A value that cannot name a language is not read.
        try write(root, "Old.xcodeproj/project.pbxproj", "{ developmentRegion = ../../x; }")
        XCTAssertEqual(ProjectDevelopmentRegion.near(root.appendingPathComponent("App").path).map(\.region), ["zh-Hans"])
        let outside = try Fixtures.temporaryFolder(self)
        try FileManager.default.createDirectory(at: outside.appendingPathComponent(".git"), withIntermediateDirectories: true)
        XCTAssertEqual(ProjectDevelopmentRegion.near(outside.path), [])
    }
}
