import Foundation
import TypefitCore

/// Reads a folder of `xx.lproj` folders holding one strings table: `<table>.strings` and/or
/// `<table>.stringsdict` (the `.stringsdict` entry wins for a key in both, as at run time).
///
/// `Base.lproj` is not a locale: its table fills in keys the source language's folder lacks.
enum LprojReader {
    /// `code`: Swift files or folders whose `NSLocalizedString(…, value:)` calls give the development
    /// language's text of keys its table lacks (`CodeLocalizedStrings`).
    ///
    /// `unshipped`: localizations (as their folders are named) the app's build leaves out. A file of
    /// theirs that cannot be read does not stop the reading: the localization is kept with no string,
    /// and the error in `RawStringTable.unreadable`, raised only if it is audited (Seafile's
    /// `zh.lproj`, which its project does not build, holds bytes that are not UTF-8).
    static func read(
        directory: String, sourceLanguage developmentLanguage: String, table tableName: String, code: [String] = [],
        unshipped: Set<String> = []
    ) throws -> RawStringTable {
        // The table name is joined to each folder's path: it must never walk out of it.
        if let problem = TableName.problem(tableName) {
            throw InputError(
                file: directory, message: "invalid table name '\(ControlCharacters.escaped(String(tableName.prefix(80))))': \(problem)")
        }
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(file: directory, message: "no such folder")
        }
        let names: [String]
        do {
            names = try fm.contentsOfDirectory(atPath: directory)
        } catch {
            throw InputError(file: directory, message: "cannot list the folder")
        }
        let folders = names.filter { LprojName.localization(ofFolder: $0) != nil }.sorted()
        guard !folders.isEmpty else {
            throw InputError(
                file: directory, message: "no .lproj folders",
                hint: "expected folders like en.lproj/\(tableName).strings")
        }
        // The development language's folder, as a bundle finds it: `en` is `English.lproj` in an old
        // project that has no `en.lproj` (and `English` is `en.lproj`).
        let sourceLanguage =
            LocaleResolver.localization(named: developmentLanguage, in: folders.compactMap(LprojName.localization(ofFolder:)))
            ?? developmentLanguage
        var table = RawStringTable(file: directory, sourceLanguage: sourceLanguage)
        table.keysAreSourceText = false
        var base: [String: RawLocalization] = [:]
        var baseFiles: [String: String] = [:]
        var found = false
        for folder in folders {
            let locale = LprojName.localization(ofFolder: folder) ?? folder
            // An old Apple name may have a space (`Brazilian Portuguese.lproj`): CFLocale reads it.
            if AppleLanguageName.code(for: locale) == nil, let problem = LocaleTag.problem(locale) {
                // A folder the build leaves out is not read, whatever its name: Jami keeps
                // `zh_CN.GB2312.lproj` and `zh_TW.Big5.lproj`, which its project does not build.
                if unshipped.contains(locale) && locale != sourceLanguage { continue }
                throw InputError(file: (directory as NSString).appendingPathComponent(folder), message: "invalid locale name: \(problem)")
            }
            if locale != "Base" { table.bundleLocalizations.insert(locale) }
            let folderPath = (directory as NSString).appendingPathComponent(folder)
            let stringsPath = (folderPath as NSString).appendingPathComponent(tableName + ".strings")
            let dictPath = (folderPath as NSString).appendingPathComponent(tableName + ".stringsdict")
            // A folder's files are read whole before any of it is kept: an unshipped localization
            // whose file cannot be read is kept with no string, its error for later.
            let read: FolderTable
            do {
                read = try readFolder(
                    locale: locale, folder: folder, stringsPath: stringsPath, dictPath: dictPath, tableName: tableName,
                    keepsFiles: locale == sourceLanguage || locale == "Base")
            } catch let error as InputError where unshipped.contains(locale) && locale != sourceLanguage && locale != "Base" {
                table.unreadable[locale] = error
                read = FolderTable(hasTable: true)
            }
            table.problems += read.problems
            table.stringsdictKeys.formUnion(read.dictKeys)
            let localizations = read.localizations, files = read.files
            guard read.hasTable else { continue }
            found = true
            if locale == "Base" {
                base = localizations
                baseFiles = files
                continue
            }
            table.locales.insert(locale)
            if locale == sourceLanguage { table.sourceFiles.merge(files) { _, new in new } }
            for (key, localization) in localizations {
                table.entries[key, default: RawEntry()].localizations[locale] = localization
            }
        }
        guard found else {
            throw InputError(
                file: directory, message: "no \(tableName).strings or \(tableName).stringsdict in any .lproj folder",
                hint: tablesHint(LprojContents(folder: directory).tables, for: tableName))
        }
        for (key, localization) in base where table.entries[key]?.localizations[sourceLanguage] == nil {
            table.entries[key, default: RawEntry()].localizations[sourceLanguage] = localization
            table.sourceFiles[key] = baseFiles[key]
        }
        if !code.isEmpty { try fillFromCode(code, table: &table, directory: directory, tableName: tableName) }
        // Without the development language's strings, every key would be measured as its own text
        // there and keys only translations have could not be found: refuse rather than guess.
        guard table.entries.values.contains(where: { $0.localizations[sourceLanguage] != nil }) else {
            if let file = LprojContents(folder: directory).interfaceFile(for: tableName) {
                throw InputError(
                    file: directory, message: LprojContents.interfaceFileMessage(table: tableName, file: file),
                    hint: LprojContents.interfaceFileHint)
            }
            let others = table.locales.sorted()
            if let file = ["\(sourceLanguage).lproj", "Base.lproj"].lazy.map({ "\($0)/\(tableName).strings" }).first(where: {
                FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent($0))
            }) {
                // The file is there but holds no string: the English is in the app's code.
                throw InputError(
                    file: directory,
                    message:
                        "\(file) holds no string, so typefit cannot tell what the development language (\(sourceLanguage)) shows "
                        + "(translations: \(others.filter { $0 != sourceLanguage }.joined(separator: ", ")))",
                    hint:
                        "if the app's code gives the text, as NSLocalizedString(\"key\", value: \"English\", comment: …), name its Swift "
                        + "folder: strings: {path: …, code: FOLDER} (docs/locales.md, \"Text in the code\")")
            }
            throw InputError(
                file: directory,
                message:
                    "neither \(sourceLanguage).lproj nor Base.lproj has a string of \(tableName).strings or \(tableName).stringsdict, "
                    + "so typefit cannot tell what the development language (\(sourceLanguage)) shows (localizations: \(others.joined(separator: ", ")))",
                // No value is offered: the first localization is no better a guess than any other, and
                // a wrong one would audit a translation as the source text.
                hint:
                    "add \(sourceLanguage).lproj/\(tableName).strings, or name the app's development language, its Xcode project's "
                    + "developmentRegion (CFBundleDevelopmentRegion): strings: {path: …, developmentLanguage: LANGUAGE}, or, if the app's code "
                    + "gives the text as NSLocalizedString's value:, its Swift folder: strings: {path: …, code: FOLDER}")
        }
        return table
    }

    /// One `.lproj` folder's files of a table, as read.
    private struct FolderTable {
        var hasTable = false
        var localizations: [String: RawLocalization] = [:]
        /// The file each key came from (kept for the development language's folder and Base.lproj's).
        var files: [String: String] = [:]
        var problems: [StringProblem] = []
        var dictKeys: Set<String> = []
    }

    /// Reads one folder's `.strings` and `.stringsdict` of the table (the `.stringsdict` entry wins for
    /// a key in both).
    private static func readFolder(
        locale: String, folder: String, stringsPath: String, dictPath: String, tableName: String, keepsFiles: Bool
    ) throws -> FolderTable {
        var out = FolderTable()
        if let bytes = try readBytes(stringsPath) {
            out.hasTable = true
            let parsed = try readStringsFile(bytes, file: stringsPath)
            let entries = parsed.entries
            var lines: [String: Int] = [:]
            for entry in entries {
                if let first = lines[entry.key] {
                    out.problems.append(
                        StringProblem(
                            key: entry.key, locale: locale, kind: .duplicateKey,
                            message:
                                "key appears twice in \(folder)/\(tableName).strings (lines \(first) and \(entry.line)); the last value is used"
                        ))
                } else {
                    lines[entry.key] = entry.line
                }
                if let at = entry.emptyEscape {
                    out.problems.append(
                        StringProblem(
                            key: entry.key, locale: locale, kind: .emptyEscape,
                            message:
                                "\\U without hex digits in \(folder)/\(tableName).strings (line \(at.line), column \(at.column)) is U+0000 to Foundation, "
                                + "which typefit measures as nothing: the string reads \"\(ControlCharacters.escaped(entry.value.replacingOccurrences(of: "\u{0}", with: "")))\" (a letter lost after a backslash?)"
                        ))
                }
                out.localizations[entry.key] = RawLocalization(node: .unit(RawUnit(value: entry.value)))
                if keepsFiles { out.files[entry.key] = "\(folder)/\(tableName).strings" }
            }
            // Strings after where Foundation stops reading the file are not in the app: each is a
            // problem of its own (Jami's Dutch `";;"` on line 70 hides the more than 200 after it).
            if let stop = parsed.stop {
                for entry in stop.unread where lines[entry.key] == nil {
                    lines[entry.key] = entry.line
                    out.problems.append(
                        StringProblem(
                            key: entry.key, locale: locale, kind: .unread,
                            message:
                                "not read: Foundation stops reading \(folder)/\(tableName).strings at line \(stop.position.line), column "
                                + "\(stop.position.column), at \(stop.found) where a key should start, and this string (line \(entry.line)) comes after it; "
                                + "the app shows what it shows for a missing translation"
                        ))
                }
            }
        }
        if let bytes = try readBytes(dictPath) {
            out.hasTable = true
            let (dict, problems) = try StringsDictReader.read(bytes: bytes, file: dictPath, locale: locale)
            out.problems += problems
            out.dictKeys.formUnion(dict.keys)
            out.localizations.merge(dict) { _, new in new }
            if keepsFiles { for key in dict.keys { out.files[key] = "\(folder)/\(tableName).stringsdict" } }
        }
        return out
    }

    /// Gives keys the development language's table lacks the text of the code's `NSLocalizedString`
    /// calls for this table (what the app shows where the table lacks a key: their `value:`). A key
    /// given two different values keeps the first (files by path, then lines) and is a problem.
    private static func fillFromCode(_ code: [String], table: inout RawStringTable, directory: String, tableName: String) throws {
        let read = try CodeLocalizedStrings.read(folders: code)
        table.code = code
        // The table's calls that give a value, with it.
        let calls = read.calls.compactMap { call in call.table == tableName ? call.value.map { (call, $0) } : nil }
        guard !calls.isEmpty else {
            throw InputError(
                file: directory,
                message:
                    "code: no NSLocalizedString call with a value: for the table \(tableName) in \(code.joined(separator: ", ")) "
                    + "(\(read.filesRead) Swift file\(read.filesRead == 1 ? "" : "s") read)",
                hint:
                    read.calls.isEmpty
                    ? "name the folder of the Swift files that call NSLocalizedString"
                    : "its calls name the tables \(Set(read.calls.map(\.table)).sorted().joined(separator: ", "))")
        }
        let base = URL(fileURLWithPath: directory).standardizedFileURL.path
        let relative = { (file: String) in RelativePath.of(URL(fileURLWithPath: file).standardizedFileURL.path, from: base) }
        var first: [String: CodeLocalizedStrings.Call] = [:]
        for (call, value) in calls {
            let place = relative(call.file)
            if let earlier = first[call.key] {
                if earlier.value != value {
                    table.problems.append(
                        StringProblem(
                            key: call.key, locale: table.sourceLanguage, kind: .duplicateKey,
                            message:
                                "the code gives the key two values: \(relative(earlier.file)):\(earlier.line) and \(place):\(call.line); "
                                + "the first is measured"))
                }
                continue
            }
            first[call.key] = call
            guard table.entries[call.key]?.localizations[table.sourceLanguage] == nil else { continue }
            table.entries[call.key, default: RawEntry()].localizations[table.sourceLanguage] = RawLocalization(
                node: .unit(RawUnit(value: value)))
            table.sourceFiles[call.key] = place
        }
    }

    /// What to say when `.lproj` folders lack the table asked for: the tables they do hold, and the
    /// closest of them.
    static func tablesHint(_ tables: [String], for tableName: String) -> String {
        guard !tables.isEmpty else { return "its .lproj folders hold no .strings or .stringsdict file" }
        let listed =
            tables.count <= 6 ? tables.joined(separator: ", ") : tables.prefix(6).joined(separator: ", ") + " and \(tables.count - 6) more"
        let closest = Suggestion.closest(to: tableName, in: tables)
        return "its .lproj folders hold the \(tables.count == 1 ? "table" : "tables") \(listed)"
            + (closest.map { "; did you mean '\($0)'?" }
                ?? "; name one: strings: {path: …, table: \(tables.first { !TableName.isInfoPlist($0) } ?? tables[0])}")
    }

    /// `.strings` as text, or a compiled (binary or XML) property list as found in app bundles.
    private static func readStrings(_ bytes: [UInt8], file: String) throws -> [StringsFileParser.Entry] {
        try readStringsFile(bytes, file: file).entries
    }

    /// `readStrings`, with where Foundation stops reading a text file before its end.
    private static func readStringsFile(_ bytes: [UInt8], file: String) throws -> StringsFileParser.Parsed {
        let head = String(decoding: bytes.prefix(8), as: UTF8.self)
        if head.hasPrefix("bplist") || head.hasPrefix("<?xml") || head.hasPrefix("<plist") {
            let plist: Any
            do {
                plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            } catch {
                throw InputError(file: file, message: "not a valid property list")
            }
            guard let dict = plist as? [String: Any] else {
                throw InputError(file: file, message: "expected a dictionary of strings")
            }
            let entries = try dict.keys.sorted().map { key in
                guard let value = dict[key] as? String else {
                    throw InputError(file: file, message: "\(KeyPath([key])): expected a string")
                }
                return StringsFileParser.Entry(key: key, value: value, line: 0)
            }
            return StringsFileParser.Parsed(entries: entries, stop: nil)
        }
        return try StringsFileParser.parseFile(bytes: bytes, file: file)
    }

    /// Whether the `.lproj` folder at `folder` holds a string of `table` (true too when a file
    /// cannot be read: the reader then says why).
    static func holdsStrings(folder: String, table tableName: String) -> Bool {
        let stringsPath = (folder as NSString).appendingPathComponent(tableName + ".strings")
        let dictPath = (folder as NSString).appendingPathComponent(tableName + ".stringsdict")
        do {
            if let bytes = try readBytes(stringsPath), !(try readStrings(bytes, file: stringsPath)).isEmpty { return true }
            if let bytes = try readBytes(dictPath), !(try StringsDictReader.read(bytes: bytes, file: dictPath, locale: "")).0.isEmpty {
                return true
            }
            return false
        } catch {
            return true
        }
    }

    /// The file's bytes, or nil when there is no such file.
    private static func readBytes(_ path: String) throws -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        try LocalizedStrings.checkSize(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "cannot read the file")
        }
        return [UInt8](data)
    }
}
