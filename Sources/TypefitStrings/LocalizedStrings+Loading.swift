import Foundation
import TypefitCore

extension LocalizedStrings {
    /// Loads a String Catalog (a path ending in `.xcstrings`) or a folder of `xx.lproj` folders.
    ///
    /// - Parameters:
    ///   - sourceLanguage: the development language of an `.lproj` folder (default `en`);
    ///     ignored for catalogs, which name their own.
    ///   - table: the table name in `.lproj` folders: `Localizable` reads `Localizable.strings`
    ///     and `Localizable.stringsdict`.
    ///   - samples: the argument values format specifiers are filled with.
    /// - Throws: `InputError` with file, line and column for unreadable or malformed input.
    public static func load(
        path: String, sourceLanguage: String? = nil, table: String = "Localizable",
        samples: SampleValues = .default
    ) throws -> LocalizedStrings {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            return try loadLprojFolder(path: path, sourceLanguage: sourceLanguage ?? "en", table: table, samples: samples)
        }
        guard path.hasSuffix(".xcstrings") else {
            if !exists { throw InputError(file: path, message: "no such file or folder") }
            throw InputError(
                file: path, message: "not a String Catalog or a folder of .lproj folders",
                hint: "pass an .xcstrings file or the folder holding en.lproj, de.lproj, …")
        }
        return try loadCatalog(path: path, samples: samples)
    }

    /// Largest String Catalog, `.strings` or `.stringsdict` file read, in bytes (checked before reading).
    public static let maximumFileSize = 64 << 20

    /// Refuses a file larger than `maximumFileSize` before it is read.
    static func checkSize(_ path: String) throws {
        if let size = FileStatus(path: path)?.size, size > Int64(maximumFileSize) {
            throw InputError(file: path, message: "the file is larger than \(maximumFileSize >> 20) MB")
        }
    }

    /// Loads a String Catalog (`.xcstrings`) file.
    public static func loadCatalog(path: String, samples: SampleValues = .default) throws -> LocalizedStrings {
        try checkSize(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(
                file: path,
                message: FileManager.default.fileExists(atPath: path)
                    ? "cannot read the file" : "no such file")
        }
        return try parseCatalog(bytes: [UInt8](data), file: path, samples: samples)
    }

    /// Parses the bytes of a String Catalog; `file` names it in errors.
    public static func parseCatalog(bytes: [UInt8], file: String, samples: SampleValues = .default) throws -> LocalizedStrings {
        LocalizedStrings(raw: try StringCatalogReader.read(bytes: bytes, file: file), samples: samples)
    }

    /// Parses the text of a String Catalog; `file` names it in errors.
    public static func parseCatalog(_ text: String, file: String, samples: SampleValues = .default) throws -> LocalizedStrings {
        try parseCatalog(bytes: Array(text.utf8), file: file, samples: samples)
    }

    /// Loads `<table>.strings` and `<table>.stringsdict` from every `xx.lproj` folder in `path`.
    /// `missingShows`: what a localization that lacks a key shows (the source text, or the key).
    /// `code`: Swift files or folders whose `NSLocalizedString(…, value:)` calls give the development
    /// language's text of keys its table lacks (`CodeLocalizedStrings`).
    ///
    /// `unshipped`: localizations the app's build leaves out, whose files are read if they can be
    /// (`unreadable` keeps the error of one that cannot).
    public static func loadLprojFolder(
        path: String, sourceLanguage: String = "en", table: String = "Localizable",
        samples: SampleValues = .default, missingShows: MissingTranslationDisplay = .source, code: [String] = [],
        unshipped: Set<String> = []
    ) throws -> LocalizedStrings {
        LocalizedStrings(
            raw: try LprojReader.read(directory: path, sourceLanguage: sourceLanguage, table: table, code: code, unshipped: unshipped),
            samples: samples, missingShows: missingShows)
    }
}
