import Foundation
import TypefitCore

/// The development region the project nearest a strings folder gives the app: what
/// `CFBundleDevelopmentRegion` (`$(DEVELOPMENT_LANGUAGE)` in Xcode's templates) becomes, and so the
/// language whose text a localization lacking a key shows.
///
/// An Xcode project writes it as `developmentRegion = de;` in its `project.pbxproj`; a Swift package
/// as `defaultLocalization: "de"` in its `Package.swift`; an XcodeGen spec (`project.yml`, from which
/// projects that keep no `.xcodeproj` in git are generated) as `developmentLanguage: de` under its
/// `options` (XcodeGen's Docs/ProjectSpec.md, "Options": "Sets the development language of the
/// project. Defaults to `en`"). typefit reads them only to catch a spec that
/// reads a German-first app's folders with English as their source (the `developmentLanguage`
/// default), never to change what a spec says.
public struct ProjectDevelopmentRegion: Equatable, Sendable {
    /// The region as the project writes it (`de`, `zh-Hans`, `English`).
    public let region: String
    /// The project file it is written in, and the line.
    public let file: String
    public let line: Int

    /// The regions of the projects in the nearest folder at or above `folder` that holds an
    /// `.xcodeproj`, a `Package.swift` or an XcodeGen `project.yml`, one per project that names one
    /// (`.xcodeproj`s by name, then the package, then the XcodeGen spec); empty when
    /// no such folder is found before the repository's root (a folder holding `.git`) or the file
    /// system's (`NearestProject`).
    public static func near(_ folder: String) -> [ProjectDevelopmentRegion] {
        NearestProject.search(from: folder) { directory, names -> [ProjectDevelopmentRegion]? in
            var found: [ProjectDevelopmentRegion] = []
            var projects = 0
            for name in names.sorted() where name.hasSuffix(".xcodeproj") {
                let file = directory.appendingPathComponent(name).appendingPathComponent("project.pbxproj").path
                guard let text = read(file) else { continue }
                projects += 1
                if let (region, line) = match(#"developmentRegion\s*=\s*"?([^";\s]+)"?\s*;"#, in: text) {
                    found.append(ProjectDevelopmentRegion(region: region, file: file, line: line))
                }
            }
            let package = directory.appendingPathComponent("Package.swift").path
            if names.contains("Package.swift"), let text = read(package) {
                projects += 1
                if let (region, line) = match(#"defaultLocalization\s*:\s*"([^"]+)""#, in: text) {
                    found.append(ProjectDevelopmentRegion(region: region, file: package, line: line))
                }
            }
            let xcodeGen = directory.appendingPathComponent("project.yml").path
            if names.contains("project.yml"), let text = read(xcodeGen), let options = xcodeGenOptions(text) {
                projects += 1
                if let (region, line) = match(#"^[ \t]+developmentLanguage[ \t]*:[ \t]*["']?([^"'#\s]+)["']?"#, in: options.text) {
                    found.append(ProjectDevelopmentRegion(region: region, file: xcodeGen, line: options.firstLine - 1 + line))
                }
            }
            return projects > 0 ? found : nil
        } ?? []
    }

    /// The one language the regions near `folder` agree on (compared as codes: `English` is `en`),
    /// with the first that names it; nil when there is none, or when they disagree.
    public static func agreed(near folder: String) -> ProjectDevelopmentRegion? {
        let regions = near(folder)
        guard let first = regions.first,
            regions.allSatisfy({ LocaleResolver.canonical($0.region) == LocaleResolver.canonical(first.region) })
        else { return nil }
        return first
    }

    /// The region the projects near `folder` agree on when its language is not English, typefit's
    /// default development language; nil otherwise. The audit refuses a table read as English-first
    /// there, and `typefit init` writes it.
    public static func nonEnglish(near folder: String) -> ProjectDevelopmentRegion? {
        agreed(near: folder).flatMap { language($0.region) == "en" ? nil : $0 }
    }

    /// The language of a region as a project writes it: `de` for `de-AT`, `en` for `English`.
    public static func language(_ region: String) -> String {
        String(LocaleResolver.canonical(region).prefix { $0 != "-" })
    }

    /// The block of an XcodeGen spec's top-level `options:` key (its indented lines, from the line
    /// after the key) and the 1-based line it starts on; nil when the text is not an XcodeGen spec
    /// (it has no top-level `name:`, which XcodeGen requires) or has no `options:` block. Block
    /// style only, as XcodeGen's documentation writes it.
    static func xcodeGenOptions(_ text: String) -> (text: String, firstLine: Int)? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let topLevel = { (line: Substring, key: String) in
            line.hasPrefix(key + ":") && (line.dropFirst(key.count + 1).first.map { $0 == " " || $0 == "\t" || $0 == "\r" } ?? true)
        }
        guard lines.contains(where: { topLevel($0, "name") }), let start = lines.firstIndex(where: { topLevel($0, "options") }) else {
            return nil
        }
        var block: [Substring] = []
        for line in lines[(start + 1)...] {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            // The block ends at the next top-level key; blank lines and comments do not end it.
            if line.first.map({ $0 != " " && $0 != "\t" }) ?? false, !trimmed.hasPrefix("#"), !trimmed.isEmpty { break }
            block.append(line)
        }
        return (block.joined(separator: "\n"), start + 2)
    }

    /// A project file's text; nil when it cannot be read or is implausibly large (a project file is
    /// at most a few megabytes).
    private static func read(_ path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? Int, size <= 64 << 20,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The first capture of `pattern` in `text`, with its 1-based line; nil when there is none, or
    /// when it cannot name a language (`LocaleTag`, or an old Apple name).
    private static func match(_ pattern: String, in text: String) -> (String, Int)? {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]),
            let m = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(m.range(at: 1), in: text),
            LocaleTag.problem(String(text[range])) == nil || AppleLanguageName.code(for: String(text[range])) != nil
        else { return nil }
        let line = text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        return (String(text[range]), line)
    }
}
