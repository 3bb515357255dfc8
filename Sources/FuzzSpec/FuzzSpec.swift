// libFuzzer target: the spec loader on arbitrary bytes, and the XcodeGen project.yml and Xcode
// project.pbxproj readers on the same.
//
// Built only by scripts/fuzz.sh (TYPEFIT_FUZZ=1 declares the target; --sanitize fuzzer --sanitize address),
// never by `swift build` / `swift test`. See docs/fuzzing.md.
//
// The bytes are decoded as UTF-8 (lossily: `SpecLoader.load(path:)` rejects invalid UTF-8 before
// parsing, so only text reaches `load(yaml:file:)`) and loaded as a spec file that sits next to a real
// String Catalog, so `strings: Localizable.xcstrings` resolves. The only acceptable failure is a thrown
// `InputError`; anything else (another error, a trap, a sanitizer report, a hang) is a bug.
import Foundation
import TypefitCore
import TypefitSpec

/// Where the fuzzed spec "lives": the relative paths of the seeds resolve against this folder.
let specFile = FileManager.default.currentDirectoryPath + "/Specs/bankey-login/fuzz.yaml"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size), as: UTF8.self)
    // The same text as an XcodeGen project.yml, which the audit reads near `.lproj` strings: it never
    // throws, and must not trap (its sources are matched against the fuzzer's own folder).
    if let project = XcodeGenProject.parse(text, file: specFile) {
        _ = project.localizationsExcluded(table: "Localizable", in: FileManager.default.currentDirectoryPath)
    }
    // And as an Xcode project.pbxproj (an old-style property list): never throws, must not trap.
    if let project = XcodeProject.parse(text, file: FileManager.default.currentDirectoryPath + "/App.xcodeproj/project.pbxproj") {
        _ = XcodeProject.localizationsNotBuilt(table: "Localizable", in: FileManager.default.currentDirectoryPath, by: [project])
    }
    do {
        let specs = try SpecLoader.load(yaml: text, file: specFile)
        // Touch what the auditor walks first.
        for spec in specs { _ = spec.allElements.count; _ = spec.title }
    } catch is InputError {
    } catch {
        fatalError("SpecLoader threw something other than an InputError: \(error)")
    }
    return 0
}
