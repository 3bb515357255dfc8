import Foundation
import TypefitShaping

/// What stands for the iOS system font.
///
/// Apple's SF Pro in a user font folder (`--font-dir`, or a spec's or config's font folder) replaces
/// typefit's stand-in with no other flag: the variable `SF-Pro.ttf` (family "SF Pro"; macOS's
/// `SFNS.ttf`, used by default on a Mac) with `opsz` = the point size and `wght` from the weight, or
/// the static SF Pro Text and SF Pro Display files blended along SF's optical-size curve as the
/// stand-in's cuts are. Otherwise the calibrated Inter / Inter Display stand-in (`SystemFontModel`).
public enum SystemFontSource: Sendable, Equatable {
    /// Inter and Inter Display, calibrated against SF.
    case standIn
    /// A variable SF with an `opsz` axis: the file and face.
    case variable(path: String, faceIndex: Int)
    /// Static SF Pro Text and SF Pro Display families.
    case staticCuts(text: String, display: String)

    /// Family names of the variable system font: Apple's downloadable `SF-Pro.ttf` and macOS's `SFNS.ttf`.
    public static let variableFamilies = ["SF Pro", "System Font", ".SF NS", "SF NS"]
    /// The macOS system font file, used by default on a Mac.
    public static let macOSSystemFont = "/System/Library/Fonts/SFNS.ttf"

    /// Finds SF among the faces of the user's folders (never the bundled one), variable first.
    static func find(in library: FontLibrary, userDirectories: [String]) -> SystemFontSource {
        let user = Set(userDirectories.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        // Only the user's folders are opened (the bundled fonts are never SF).
        let entries = library.entries { user.contains(URL(fileURLWithPath: $0).standardizedFileURL.path) }
        let variable = variableFamilies.map { $0.lowercased() }
        for e in entries where variable.contains(e.family.lowercased()) && !e.isItalic {
            if let face = try? library.face(path: e.path, index: e.faceIndex), face.axisRanges["opsz"] != nil {
                return .variable(path: e.path, faceIndex: e.faceIndex)
            }
        }
        let families = Set(entries.map { $0.family.lowercased() })
        if families.contains("sf pro text") && families.contains("sf pro display") {
            return .staticCuts(text: "SF Pro Text", display: "SF Pro Display")
        }
        #if os(macOS)
        if FileManager.default.fileExists(atPath: macOSSystemFont),
            let face = try? library.face(path: macOSSystemFont), face.axisRanges["opsz"] != nil
        {
            return .variable(path: macOSSystemFont, faceIndex: 0)
        }
        #endif
        return .standIn
    }
}
