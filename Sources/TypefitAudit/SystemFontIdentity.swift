import Foundation
import TypefitCore
import TypefitLayout
import TypefitShaping

/// Which font stood for the iOS system font in an audit: typefit's calibrated stand-in or Apple's SF,
/// each file with its version (`name` ID 5) and SHA-256. Every `style:` verdict rests on it, so every
/// report names it in its header (`line`) and the JSON report carries it as `systemFont`.
public struct SystemFontIdentity: Codable, Sendable, Equatable {
    /// What stood for the system font (`SystemFontSource`).
    public enum Kind: String, Codable, Sendable {
        /// Inter and Inter Display blended along SF's optical size, calibrated against SF.
        case standIn = "stand-in"
        /// A variable SF (`SF-Pro.ttf`, macOS's `SFNS.ttf`) at opsz = the point size.
        case variableSF = "sf-variable"
        /// Static SF Pro Text and SF Pro Display blended along SF's optical size.
        case staticSF = "sf-static"
    }

    /// One font file that stood for the system font.
    public struct File: Codable, Sendable, Equatable {
        /// The file name, without folders.
        public var file: String
        public var family: String
        /// `name` ID 5 as the font gives it ("Version 4.000;git-…"); nil when the font has none.
        public var version: String?
        public var sha256: String
    }

    public var kind: Kind
    /// The files, sorted by path; empty when no text of the run used the system font (the variable
    /// SF's file is listed whenever it was found).
    public var files: [File]

    public init(kind: Kind, files: [File]) {
        self.kind = kind
        self.files = files
    }

    /// What the engine used for the system font so far, with each file hashed (once per process)
    /// unless `digests` is false (the digests are then empty strings).
    public init(engine: TextEngine, digests: Bool = true) {
        switch engine.systemFontSource {
        case .standIn: kind = .standIn
        case .variable: kind = .variableSF
        case .staticCuts: kind = .staticSF
        }
        files = engine.systemFontFaces.map { face in
            File(
                file: face.fileName, family: face.family, version: face.versionString,
                sha256: digests ? engine.library.sha256(ofFile: face.path) ?? "" : "")
        }
    }

    /// The report header's line: "system font: stand-in Inter 4.000 (Inter-Regular.otf sha256 a7e791e8f5a0…) +
    /// Inter Display 4.000 (…), blended along SF's optical size", or "system font: SF Pro 17.0d9e1
    /// (SF-Pro.ttf sha256 …), variable: opsz = point size, wght = weight". Font names are escaped.
    public var line: String {
        guard !files.isEmpty else { return "system font: not used (no text in the system font)" }
        var families: [String] = []
        for f in files where !families.contains(f.family) { families.append(f.family) }
        let parts = families.map { family -> String in
            let members = files.filter { $0.family == family }
            var versions: [String] = []
            for v in members.map(\.shortVersion) where !versions.contains(v) { versions.append(v) }
            let name = ([family] + versions.filter { !$0.isEmpty }).joined(separator: " ")
            let list = members.map { "\($0.file) sha256 \($0.sha256.prefix(12))…" }.joined(separator: ", ")
            return ControlCharacters.escaped("\(name) (\(list))")
        }.joined(separator: " + ")
        switch kind {
        case .standIn: return "system font: stand-in \(parts), blended along SF's optical size"
        case .staticSF: return "system font: \(parts), blended along SF's optical size"
        case .variableSF: return "system font: \(parts), variable: opsz = point size, wght = weight"
        }
    }
}

extension SystemFontIdentity.File {
    /// The version without its "Version " prefix and anything after the first ";": "4.000".
    var shortVersion: String {
        guard var v = version else { return "" }
        if let semicolon = v.firstIndex(of: ";") { v = String(v[..<semicolon]) }
        if v.lowercased().hasPrefix("version ") { v = String(v.dropFirst(8)) }
        return v.trimmingCharacters(in: .whitespaces)
    }
}
