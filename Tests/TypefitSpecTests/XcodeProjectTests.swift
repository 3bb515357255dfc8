import Foundation
import XCTest

@testable import TypefitSpec

/// Xcode's `project.pbxproj`: the property-list reader compared with Foundation's own reader of the
/// format (`PropertyListSerialization`, CoreFoundation's CFOldStylePList.c), and which `.lproj`
/// folders a project builds, on a project laid out as Xcode writes one.
final class XcodeProjectTests: XCTestCase {
    /// A project file as Xcode writes one: an app whose `Talk` group (folder `Talk`) holds the
    /// `Localizable.strings` variant group in `languages`, an `InfoPlist.strings` in English only,
    /// a `Resources` subgroup reached by `SOURCE_ROOT`, and `extra` objects.
    static func project(languages: [String], extra: String = "", extraChildren: String = "") -> String {
        let refs = languages.enumerated().map { i, l in
            let quoted = l.contains("-") ? "\"\(l)\"" : l
            let path = l.contains("-") ? "\"\(l).lproj/Localizable.strings\"" : "\(l).lproj/Localizable.strings"
            return
                "\t\tAA00000000000000000001\(String(format: "%02d", i)) /* \(l) */ = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = \(quoted); path = \(path); sourceTree = \"<group>\"; };\n"
        }.joined()
        let children = languages.indices.map { "\t\t\t\tAA00000000000000000001\(String(format: "%02d", $0)) /* x */,\n" }.joined()
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 56;
            \tobjects = {

            /* Begin PBXBuildFile section */
            \t\tBB0000000000000000000001 /* Localizable.strings in Resources */ = {isa = PBXBuildFile; fileRef = CC0000000000000000000001 /* Localizable.strings */; };
            \t\tBB0000000000000000000002 /* InfoPlist.strings in Resources */ = {isa = PBXBuildFile; fileRef = CC0000000000000000000002 /* InfoPlist.strings */; };
            /* End PBXBuildFile section */

            /* Begin PBXFileReference section */
            \(refs)\t\tDD0000000000000000000001 /* en */ = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = en; path = en.lproj/InfoPlist.strings; sourceTree = "<group>"; };
            \t\tDD0000000000000000000002 /* Talk.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Talk.app; sourceTree = BUILT_PRODUCTS_DIR; };
            \(extra)/* End PBXFileReference section */

            /* Begin PBXGroup section */
            \t\tEE0000000000000000000001 = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tEE0000000000000000000002 /* Talk */,
            \t\t\t\tDD0000000000000000000002 /* Talk.app */,
            \(extraChildren)\t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tEE0000000000000000000002 /* Talk */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tCC0000000000000000000001 /* Localizable.strings */,
            \t\t\t\tEE0000000000000000000003 /* Resources */,
            \t\t\t);
            \t\t\tpath = Talk;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tEE0000000000000000000003 /* Resources */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tCC0000000000000000000002 /* InfoPlist.strings */,
            \t\t\t);
            \t\t\tname = "Supporting Files";
            \t\t\tpath = "Talk/Supporting Files";
            \t\t\tsourceTree = SOURCE_ROOT;
            \t\t};
            /* End PBXGroup section */

            /* Begin PBXProject section */
            \t\tFF0000000000000000000001 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tdevelopmentRegion = en;
            \t\t\thasScannedForEncodings = 0;
            \t\t\tknownRegions = (
            \t\t\t\ten,
            \t\t\t\tBase,
            \t\t\t);
            \t\t\tmainGroup = EE0000000000000000000001;
            \t\t\tprojectDirPath = "";
            \t\t\tprojectRoot = "";
            \t\t\ttargets = (
            \t\t\t);
            \t\t};
            /* End PBXProject section */

            /* Begin PBXVariantGroup section */
            \t\tCC0000000000000000000001 /* Localizable.strings */ = {
            \t\t\tisa = PBXVariantGroup;
            \t\t\tchildren = (
            \(children)\t\t\t);
            \t\t\tname = Localizable.strings;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tCC0000000000000000000002 /* InfoPlist.strings */ = {
            \t\t\tisa = PBXVariantGroup;
            \t\t\tchildren = (
            \t\t\t\tDD0000000000000000000001 /* en */,
            \t\t\t);
            \t\t\tname = InfoPlist.strings;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXVariantGroup section */
            \t};
            \trootObject = FF0000000000000000000001 /* Project object */;
            }

            """
    }

    /// Foundation's reading of `text`, in the reader's terms (strings, arrays, dictionaries).
    func foundation(_ text: String) throws -> OpenStepPropertyList? {
        var format = PropertyListSerialization.PropertyListFormat.xml
        let value = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: &format)
        XCTAssertEqual(format, .openStep)
        func convert(_ v: Any) -> OpenStepPropertyList? {
            if let s = v as? String { return .string(s) }
            if let a = v as? [Any] {
                let items = a.compactMap(convert)
                return items.count == a.count ? .array(items) : nil
            }
            if let d = v as? [String: Any] {
                var out: [String: OpenStepPropertyList] = [:]
                for (k, x) in d {
                    guard let c = convert(x) else { return nil }
                    out[k] = c
                }
                return .dictionary(out)
            }
            return nil
        }
        return convert(value)
    }

    func testTheReaderReadsWhatFoundationReads() throws {
        let texts = [
            Self.project(languages: ["en", "de", "pt-BR", "zh-Hans"]),
            // Escapes and both quotes, as CoreFoundation reads them; comments anywhere; a trailing comma.
            #"{ a = "tab\there \"quoted\" back\\slash \U00e9t\U00E9 \101"; 'b c' = ( x, "y z", /* note */ w, ); // end"#
                + "\n" + #"  d = { e = "" ; }; f = $SRCROOT/a_b:d.e-f; g = "a+b"; }"#,
            "( )",
            "\"lonely\""
        ]
        for text in texts {
            XCTAssertEqual(OpenStepPropertyList.parse(text), try foundation(text), text.prefix(60) + "")
        }
        // Data is kept as its hex digits (Foundation gives bytes).
        XCTAssertEqual(OpenStepPropertyList.parse("{ d = <0fbd 7770>; }")?["d"], .string("0fbd7770"))
    }

    func testMalformedOrHostileTextIsNoPropertyList() {
        for text in [
            "", "{", "{ a = b }", "{ a = b; ", "( a b )", "\"open", "/* open", "{ a = <0g>; }", "{ = b; }", "{ a b; }", "(a,,b)",
            "{ a = b; } trailing", "{ a = b+c; }"
        ] {
            XCTAssertNil(OpenStepPropertyList.parse(text), text)
        }
        // Nesting deeper than the limit is refused without recursing through it.
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        XCTAssertNil(OpenStepPropertyList.parse(deep))
        let shallow = String(repeating: "(", count: 60) + String(repeating: ")", count: 60)
        XCTAssertNotNil(OpenStepPropertyList.parse(shallow))
        // A project file that is not one: no objects, no root, a root that is not there.
        for text in ["{ }", "{ objects = { }; }", "{ objects = { }; rootObject = X; }", "( a )"] {
            XCTAssertNil(XcodeProject.parse(text, file: "/tmp/App.xcodeproj/project.pbxproj"), text)
        }
    }

    /// Nextcloud Talk's case: the project lists Localizable.strings in 4 languages; the folder holds
    /// 6. The two it does not list are not built; `Base.lproj` and a folder without the table are not
    /// named.
    func testTheLanguagesAProjectDoesNotBuildAreNamed() throws {
        var files = ["Talk.xcodeproj/project.pbxproj": Self.project(languages: ["en", "de", "pt-BR", "zh-Hans"]), ".git/HEAD": "x"]
        for l in ["en", "de", "pt-BR", "zh-Hans", "ast", "bg_BG"] { files["Talk/\(l).lproj/Localizable.strings"] = "\"a\" = \"b\";\n" }
        files["Talk/Base.lproj/Localizable.strings"] = "\"a\" = \"b\";\n"
        files["Talk/fr.lproj/Other.strings"] = "\"a\" = \"b\";\n"
        files["Talk/Supporting Files/en.lproj/InfoPlist.strings"] = "\"a\" = \"b\";\n"
        files["Talk/Supporting Files/de.lproj/InfoPlist.strings"] = "\"a\" = \"b\";\n"
        let root = try tree("xcodeproj-talk", files)
        let talk = root.appendingPathComponent("Talk").path
        let projects = XcodeProject.nearest(to: talk)
        XCTAssertEqual(projects.map(\.file), [root.appendingPathComponent("Talk.xcodeproj/project.pbxproj").standardizedFileURL.path])
        XCTAssertEqual(XcodeProject.localizationsNotBuilt(table: "Localizable", in: talk, by: projects), ["ast", "bg_BG"])
        // The group reached by SOURCE_ROOT: English is built, German is not.
        let supporting = root.appendingPathComponent("Talk/Supporting Files").path
        XCTAssertEqual(XcodeProject.nearest(to: supporting).count, 1)
        XCTAssertEqual(XcodeProject.localizationsNotBuilt(table: "InfoPlist", in: supporting, by: projects), ["de"])
        // A table the project builds in no language tells nothing: none is named.
        XCTAssertEqual(XcodeProject.localizationsNotBuilt(table: "Other", in: talk, by: projects), [])
        // A .stringsdict built beside an unbuilt .strings: the language ships.
        try "<plist/>".write(toFile: talk + "/ast.lproj/Localizable.stringsdict", atomically: true, encoding: .utf8)
        try write(
            root,
            Self.project(
                languages: ["en", "de", "pt-BR", "zh-Hans"],
                extra:
                    "\t\tAB0000000000000000000001 /* ast */ = {isa = PBXFileReference; lastKnownFileType = text.plist.stringsdict; name = ast; path = ast.lproj/Localizable.stringsdict; sourceTree = \"<group>\"; };\n\t\tAB0000000000000000000002 /* Localizable.stringsdict in Resources */ = {isa = PBXBuildFile; fileRef = AB0000000000000000000003; };\n\t\tAB0000000000000000000003 = {isa = PBXVariantGroup; children = (AB0000000000000000000001); name = Localizable.stringsdict; sourceTree = \"<group>\"; };\n"
            ).replacingOccurrences(
                of: "\t\t\t\tEE0000000000000000000003 /* Resources */,\n",
                with: "\t\t\t\tEE0000000000000000000003 /* Resources */,\n\t\t\t\tAB0000000000000000000003,\n"))
        XCTAssertEqual(XcodeProject.localizationsNotBuilt(table: "Localizable", in: talk, by: XcodeProject.nearest(to: talk)), ["bg_BG"])
    }

    func write(_ root: URL, _ project: String) throws {
        try project.write(to: root.appendingPathComponent("Talk.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
    }

    /// Folders Xcode builds as they are on disk: nothing in them is named.
    func testFoldersBuiltWholeLeaveNothingOut() throws {
        var files = [".git/HEAD": "x"]
        for l in ["en", "de", "ast"] { files["Talk/\(l).lproj/Localizable.strings"] = "\"a\" = \"b\";\n" }
        let root = try tree("xcodeproj-whole", files)
        let talk = root.appendingPathComponent("Talk").path
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Talk.xcodeproj"), withIntermediateDirectories: true)
        // A synchronized folder (Xcode 16) over Talk.
        let synchronized = Self.project(
            languages: ["en", "de"],
            extra:
                "\t\tAC0000000000000000000001 /* Talk */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Talk; sourceTree = \"<group>\"; };\n",
            extraChildren: "\t\t\t\tAC0000000000000000000001 /* Talk */,\n")
        try write(root, synchronized)
        XCTAssertEqual(XcodeProject.localizationsNotBuilt(table: "Localizable", in: talk, by: XcodeProject.nearest(to: talk)), [])
        // A folder reference to Talk, copied whole by a build phase.
        let reference = Self.project(
            languages: ["en", "de"],
            extra:
                "\t\tAC0000000000000000000001 /* Talk */ = {isa = PBXFileReference; lastKnownFileType = folder; path = Talk; sourceTree = \"<group>\"; };\n\t\tAC0000000000000000000002 /* Talk in Resources */ = {isa = PBXBuildFile; fileRef = AC0000000000000000000001 /* Talk */; };\n",
            extraChildren: "\t\t\t\tAC0000000000000000000001 /* Talk */,\n")
        try write(root, reference)
        XCTAssertEqual(XcodeProject.localizationsNotBuilt(table: "Localizable", in: talk, by: XcodeProject.nearest(to: talk)), [])
        // Without them, ast is named.
        try write(root, Self.project(languages: ["en", "de"]))
        XCTAssertEqual(XcodeProject.localizationsNotBuilt(table: "Localizable", in: talk, by: XcodeProject.nearest(to: talk)), ["ast"])
        // A Swift package nearer the strings ships its resources as they are: no project is read.
        try "// swift-tools-version:5.9\n".write(to: root.appendingPathComponent("Talk/Package.swift"), atomically: true, encoding: .utf8)
        XCTAssertEqual(XcodeProject.nearest(to: talk).count, 0)
    }
}
