import Foundation
import XCTest

@testable import TypefitSpec

/// Which platforms a project's app targets build for, from its build settings as Xcode resolves
/// them (the target's configuration, then the project's of the same name; an `.xcconfig` is not
/// read, so what it could set is unknown): `typefit init` says when every app is a Mac app.
final class AppTargetPlatformTests: XCTestCase {
    /// A target: its product type, and its configurations' build settings (`nil`: none given) and
    /// whether each has an `.xcconfig`.
    struct Target {
        var name: String
        var type = "com.apple.product-type.application"
        var debug: [String: String] = [:]
        var release: [String: String] = [:]
        var xcconfig = false
    }

    /// A project file with `targets` and the project's own Debug and Release settings.
    static func project(_ targets: [Target], project settings: [String: String] = [:], projectXcconfig: Bool = false) -> String {
        var objects: [String] = []
        func configuration(_ id: String, _ name: String, _ settings: [String: String], xcconfig: Bool) {
            let values = settings.sorted { $0.key < $1.key }.map { "\($0.key) = \"\($0.value)\";" }.joined(separator: " ")
            objects.append(
                "\(id) = {isa = XCBuildConfiguration; \(xcconfig ? "baseConfigurationReference = XC\(id);" : "") buildSettings = { \(values) }; name = \(name); };"
            )
        }
        configuration("PD", "Debug", settings, xcconfig: projectXcconfig)
        configuration("PR", "Release", settings, xcconfig: projectXcconfig)
        objects.append("PL = {isa = XCConfigurationList; buildConfigurations = (PD, PR); };")
        for (i, t) in targets.enumerated() {
            configuration("T\(i)D", "Debug", t.debug, xcconfig: t.xcconfig)
            configuration("T\(i)R", "Release", t.release, xcconfig: t.xcconfig)
            objects.append("T\(i)L = {isa = XCConfigurationList; buildConfigurations = (T\(i)D, T\(i)R); };")
            objects.append(
                "T\(i) = {isa = PBXNativeTarget; buildConfigurationList = T\(i)L; name = \"\(t.name)\"; productType = \"\(t.type)\"; };")
        }
        let ids = targets.indices.map { "T\($0)" }.joined(separator: ", ")
        objects.append("G = {isa = PBXGroup; children = (); sourceTree = \"<group>\"; };")
        objects.append("P = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G; targets = (\(ids)); };")
        return "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 56; objects = {\n" + objects.joined(separator: "\n")
            + "\n}; rootObject = P; }\n"
    }

    func platforms(_ text: String) throws -> [String: AppTargetPlatform] {
        let project = try XCTUnwrap(XcodeProject.parse(text, file: "/tmp/App.xcodeproj/project.pbxproj"))
        return Dictionary(uniqueKeysWithValues: project.appTargets.map { ($0.name, $0.platform) })
    }

    func testAppTargetsPlatformsAsTheirSettingsSayThem() throws {
        let mac = ["SDKROOT": "macosx"]
        let text = Self.project(
            [
                Target(name: "Mac", debug: mac, release: mac),
                // Inherits the project's (iOS) SDKROOT.
                Target(name: "Phone"),
                Target(
                    name: "Both", debug: ["SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx"],
                    release: ["SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx"]),
                Target(
                    name: "OnlyMacPlatforms", debug: ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "macosx"],
                    release: ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "macosx"]),
                Target(name: "Auto", debug: ["SDKROOT": "auto"], release: ["SDKROOT": "auto"]),
                Target(name: "Configured", xcconfig: true),
                Target(name: "Variable", debug: ["SDKROOT": "$(PLATFORM)"], release: mac),
                Target(name: "Split", debug: mac, release: ["SDKROOT": "iphoneos"]),
                Target(name: "Extension", type: "com.apple.product-type.app-extension", debug: mac, release: mac),
                Target(name: "Tool", type: "com.apple.product-type.tool", debug: mac, release: mac)
            ], project: ["SDKROOT": "iphoneos"])
        XCTAssertEqual(
            try platforms(text),
            [
                "Mac": .macOSOnly, "Phone": .other, "Both": .other, "OnlyMacPlatforms": .macOSOnly, "Auto": .unknown,
                "Configured": .unknown,
                "Variable": .unknown, "Split": .other
            ])
        // A target that sets nothing reads the project's configuration; an .xcconfig there may set it.
        XCTAssertEqual(try platforms(Self.project([Target(name: "App")], project: ["SDKROOT": "macosx"])), ["App": .macOSOnly])
        XCTAssertEqual(try platforms(Self.project([Target(name: "App")], projectXcconfig: true)), ["App": .unknown])
        XCTAssertEqual(try platforms(Self.project([Target(name: "App")])), ["App": .unknown])
    }

    func testAProjectIsMacOnlyWhenEveryAppIs() throws {
        let mac = Target(name: "Mac", debug: ["SDKROOT": "macosx"], release: ["SDKROOT": "macosx"])
        let helper = Target(name: "Helper", debug: ["SDKROOT": "macosx"], release: ["SDKROOT": "macosx"])
        let phone = Target(name: "Phone", debug: ["SDKROOT": "iphoneos"], release: ["SDKROOT": "iphoneos"])
        func read(_ text: String) throws -> XcodeProject {
            try XCTUnwrap(XcodeProject.parse(text, file: "/tmp/App.xcodeproj/project.pbxproj"))
        }
        XCTAssertEqual(XcodeProject.macOSOnlyApps(in: [try read(Self.project([mac, helper]))]), ["Mac", "Helper"])
        XCTAssertEqual(XcodeProject.macOSOnlyApps(in: [try read(Self.project([mac, phone]))]), [])
        XCTAssertEqual(XcodeProject.macOSOnlyApps(in: [try read(Self.project([mac])), try read(Self.project([phone]))]), [])
        XCTAssertEqual(XcodeProject.macOSOnlyApps(in: [try read(Self.project([mac, Target(name: "Configured", xcconfig: true)]))]), [])
        XCTAssertEqual(XcodeProject.macOSOnlyApps(in: [try read(Self.project([]))]), [])
        XCTAssertEqual(XcodeProject.macOSOnlyApps(in: []), [])
    }
}
