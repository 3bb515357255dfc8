import Foundation
import TypefitCore

/// What a folder of `xx.lproj` folders holds: the tables (`Localizable` for `Localizable.strings`
/// and `Localizable.stringsdict`) and which localizations hold each. `typefit init` checks a table
/// with it before reading the folder; the reader names the tables when the one asked for is missing.
public struct LprojContents: Sendable {
    /// Why a table of the folder cannot be read as asked.
    public enum Problem: Equatable, Sendable {
        /// No `.lproj` folder holds a `.strings` or `.stringsdict` file.
        case noTables
        /// The folders hold other tables (sorted), not this one.
        case noSuchTable(tables: [String])
        /// Neither the development language's folder nor `Base.lproj` holds the table, so its source
        /// text is unknown; the localizations that do hold it, sorted.
        case noDevelopmentLanguage(localizationsWithTable: [String])
        /// The development language's file of the table (or Base.lproj's), named relative to the
        /// folder, holds no string: the app's text is elsewhere, as in its code
        /// (`NSLocalizedString(…, value:)`, `CodeLocalizedStrings`).
        case emptyDevelopmentTable(file: String)
        /// The table translates a storyboard or XIB (`Base.lproj/Settings.storyboard`, the path
        /// given relative to the folder): its source text is in that file, which typefit does not read.
        case translatesInterfaceFile(String)
    }

    /// The folder read.
    public let folder: String
    /// Every table any of its `.lproj` folders holds (`Base.lproj` included), sorted; empty for a
    /// folder that cannot be listed.
    public let tables: [String]

    public init(folder: String) {
        self.folder = folder
        let fm = FileManager.default
        var tables = Set<String>()
        for name in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] where LprojName.localization(ofFolder: name) != nil {
            let files = (try? fm.contentsOfDirectory(atPath: (folder as NSString).appendingPathComponent(name))) ?? []
            tables.formUnion(files.compactMap(LprojName.table(ofFile:)))
        }
        self.tables = tables.sorted()
    }

    /// The localizations (folder names without `.lproj`, `Base` included) holding `table`'s
    /// `.strings` or `.stringsdict`, sorted.
    public func localizations(holding table: String) -> [String] {
        guard TableName.problem(table) == nil, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return []
        }
        return names.compactMap { name in
            guard let localization = LprojName.localization(ofFolder: name) else { return nil }
            let path = (folder as NSString).appendingPathComponent(name)
            let holds = [".strings", ".stringsdict"].contains {
                FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(table + $0))
            }
            return holds ? localization : nil
        }.sorted()
    }

    /// Why `table` cannot be read with `developmentLanguage` as its source, or nil when its files are
    /// there (the reader still refuses a development language's file without a string).
    public func problem(table: String, developmentLanguage: String) -> Problem? {
        guard !tables.isEmpty else { return .noTables }
        guard tables.contains(table) else { return .noSuchTable(tables: tables) }
        let holding = localizations(holding: table)
        let development = LocaleResolver.localization(named: developmentLanguage, in: holding)
        guard development != nil || holding.contains("Base") else {
            return interfaceFile(for: table).map { .translatesInterfaceFile($0) } ?? .noDevelopmentLanguage(localizationsWithTable: holding)
        }
        // The development language's folder, and Base.lproj, which fills in for it.
        let sources = [development, holding.contains("Base") ? "Base" : nil].compactMap { $0 }
        let path = { (relative: String) in (self.folder as NSString).appendingPathComponent(relative) }
        if !sources.contains(where: { LprojReader.holdsStrings(folder: path("\($0).lproj"), table: table) }) {
            let strings = "\(sources[0]).lproj/\(table).strings"
            let file = FileManager.default.fileExists(atPath: path(strings)) ? strings : "\(sources[0]).lproj/\(table).stringsdict"
            return interfaceFile(for: table).map { .translatesInterfaceFile($0) } ?? .emptyDevelopmentTable(file: file)
        }
        return nil
    }

    /// The intent definition in `Base.lproj` that `table` translates (`Base.lproj/Intents.intentdefinition`
    /// for `Intents`: Loop's, Mastodon's widget's `WidgetExtension`), nil when none. Its strings, keyed
    /// by identifiers such as `"9KhaIS"`, are Siri's, the Shortcuts app's and a widget's settings
    /// sheet's, not a screen's of the app.
    public func intentDefinition(for table: String) -> String? {
        guard TableName.problem(table) == nil else { return nil }
        let relative = "Base.lproj/\(table).intentdefinition"
        return FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(relative)) ? relative : nil
    }

    /// What `table` is for (`TableRole`), from what `Base.lproj` holds beside it.
    public func role(of table: String) -> TableRole {
        TableRole.of(table, translatesInterface: interfaceFile(for: table) != nil, translatesIntents: intentDefinition(for: table) != nil)
    }

    /// What is wrong with reading a table that translates a storyboard or XIB (`interfaceFile`).
    public static func interfaceFileMessage(table: String, file: String) -> String {
        "\(table).strings translates \(file): its source text is in the \(file.hasSuffix(".xib") ? "XIB" : "storyboard"), which typefit does not read"
    }

    /// What to do instead.
    public static let interfaceFileHint =
        "typefit reads the text of .strings, .stringsdict and String Catalogs, not of storyboards: "
        + "give the screen's elements their literal text: (docs/spec-format.md) to audit the development language"

    /// The storyboard or XIB in `Base.lproj` that `table` translates (`Base.lproj/Settings.storyboard`
    /// for `Settings`: Xcode's base internationalization keeps the interface's own text there and a
    /// `Settings.strings` of object IDs, `"abc-12-xyz.text"`, in each translation), nil when none.
    public func interfaceFile(for table: String) -> String? {
        guard TableName.problem(table) == nil else { return nil }
        for ext in ["storyboard", "xib"] {
            let relative = "Base.lproj/\(table).\(ext)"
            if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(relative)) { return relative }
        }
        return nil
    }
}
