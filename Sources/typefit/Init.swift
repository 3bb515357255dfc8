import ArgumentParser
import Foundation
import TypefitAudit
import TypefitCore
import TypefitSpec
import TypefitStrings

extension Typefit {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Write a commented starter .typefit.yml here, and a first spec for a string table.",
            discussion: """
                Examples:
                  typefit init                                  # .typefit.yml only
                  typefit init --catalog App/Localizable.xcstrings
                  typefit init --strings App/Resources          # en.lproj, de.lproj, …
                  typefit init --strings Auth --table AuthUI    # their AuthUI.strings
                  typefit init --strings Lib/Resources --code Lib   # English in NSLocalizedString's value:
                With a table, a first spec is written too: Specs/TABLE.yaml. Existing
                files are never overwritten unless --force is given; with --catalog or
                --strings an existing .typefit.yml is kept and only the spec is written.
                """)

        @Option(help: ArgumentHelp("A String Catalog (.xcstrings): write a first spec listing its keys in Specs/.", valueName: "FILE"))
        var catalog: String?

        @Option(
            help: ArgumentHelp(
                "A String Catalog, or a folder holding en.lproj, de.lproj, … (as a spec's 'strings' names it): write a first spec listing its keys in Specs/.",
                valueName: "PATH"))
        var strings: String?

        @Option(
            help: ArgumentHelp(
                "With --strings FOLDER: the table its .lproj folders hold (TABLE.strings, TABLE.stringsdict).", valueName: "TABLE"))
        var table: String?

        @Option(
            help: ArgumentHelp(
                "With --strings FOLDER: the app's development language, as its .lproj folder is named (CFBundleDevelopmentRegion; default en).",
                valueName: "LANGUAGE"))
        var developmentLanguage: String?

        @Option(
            help: ArgumentHelp(
                "With --strings FOLDER: Swift code whose NSLocalizedString(…, value:) calls give the development language's text its tables lack (default: found beside FOLDER when they lack it).",
                valueName: "PATH"))
        var code: String?

        @Flag(help: "Overwrite .typefit.yml or the spec if they exist.")
        var force = false

        func validate() throws {
            if catalog != nil && strings != nil { throw ValidationError("'--catalog' and '--strings' are mutually exclusive: give one") }
            if strings == nil {
                if table != nil { throw ValidationError("--table applies to --strings FOLDER (a folder of .lproj folders)") }
                if developmentLanguage != nil {
                    throw ValidationError("--development-language applies to --strings FOLDER (a folder of .lproj folders)")
                }
                if code != nil { throw ValidationError("--code applies to --strings FOLDER (a folder of .lproj folders)") }
            }
        }

        func run() throws {
            let fm = FileManager.default
            let configPath = ProjectConfig.fileName
            var writes: [(path: String, text: String)] = []
            if let path = catalog ?? strings {
                writes.append(try starterSpec(path))
            }
            // With a table, an existing .typefit.yml is kept: `init --catalog` adds a spec to a
            // project that is already set up.
            let keepsConfig = !writes.isEmpty && fm.fileExists(atPath: configPath) && !force
            if !keepsConfig { writes.insert((configPath, ProjectStarter.config(version: TypefitInfo.version)), at: 0) }
            for w in writes where fm.fileExists(atPath: w.path) && !force {
                throw InputError(file: w.path, message: "already exists", hint: "use --force to overwrite it")
            }
            if writes.contains(where: { $0.path.hasPrefix("Specs/") }) && !fm.fileExists(atPath: "Specs") {
                do { try fm.createDirectory(atPath: "Specs", withIntermediateDirectories: false) } catch {
                    throw InputError(file: "Specs", message: "the folder cannot be created")
                }
            }
            for w in writes {
                try OutputFile.write(w.text, to: w.path)
                try StandardStream.error.writeLine("typefit: wrote \(w.path)")
            }
            if keepsConfig { try StandardStream.error.writeLine("typefit: kept \(configPath) (it exists; --force rewrites it)") }
            if let folder = strings,
                let note = Self.otherTables(
                    in: folder, besides: table ?? Self.defaultTable(in: folder),
                    developmentLanguage: developmentLanguage ?? ProjectDevelopmentRegion.nonEnglish(near: folder)?.region ?? "en")
            {
                try StandardStream.error.writeLine("typefit: " + note)
            }
            var stringsFolder = strings ?? catalog.map { ($0 as NSString).deletingLastPathComponent }
            if catalog == nil && strings == nil {
                let found = StringsSearch.tables(under: ".")
                try StandardStream.error.writeLine("typefit: next: " + Self.nextStep(found: found))
                stringsFolder = found.first.map { $0.kind == .catalog ? ($0.path as NSString).deletingLastPathComponent : $0.path } ?? "."
            }
            if let note = stringsFolder.flatMap({ Self.macOSOnlyNote(near: $0) }) {
                try StandardStream.error.writeLine("typefit: note: " + note)
            }
        }

        /// What init says when the Xcode project nearest `folder` builds every app it has for macOS
        /// only (`XcodeProject.macOSOnlyApps`): a Mac app's text does not follow Dynamic Type, so the
        /// audit's iPhone screens at the 12 text sizes are not its screens. Nil otherwise.
        static func macOSOnlyNote(near folder: String) -> String? {
            let projects = XcodeProject.nearest(to: folder.isEmpty ? "." : folder)
            let apps = XcodeProject.macOSOnlyApps(in: projects)
            guard !apps.isEmpty else { return nil }
            let names = projects.map { URL(fileURLWithPath: $0.file).deletingLastPathComponent().lastPathComponent }
            return "\(names.joined(separator: ", ")) build\(names.count == 1 ? "s" : "") \(apps.count == 1 ? "its app" : "its apps") "
                + "\(apps.joined(separator: ", ")) for macOS only, where a user cannot change the Dynamic Type size and it does not "
                + "affect the text size: typefit audits iPhone and iPad screens at the 12 sizes, which this project does not build"
        }

        /// The first spec for a String Catalog or a folder of `.lproj` folders: its path in Specs/ and
        /// its text. Keys with no words, and in `.lproj` folders keys only translations have, are left out.
        func starterSpec(_ path: String) throws -> (path: String, text: String) {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            let loaded: LocalizedStrings
            let name: String
            // The development language written in the spec (`.lproj` folders only; `en` is the default).
            var written: String?
            // The code the spec names (`.lproj` folders only).
            var codeWritten: [String] = []
            if exists && isFolder.boolValue && catalog == nil {
                let tableName = table ?? Self.defaultTable(in: path)
                if table == nil && tableName != "Localizable" {
                    try StandardStream.error.writeLine(
                        "typefit: its .lproj folders hold no Localizable table: starting from \(tableName), their only screen table"
                    )
                }
                // Unless given, the development language is the project's, when it is not English
                // (the audit refuses a German-first app's folders read as English-first).
                let fromProject = developmentLanguage == nil ? ProjectDevelopmentRegion.nonEnglish(near: path) : nil
                let development = developmentLanguage ?? fromProject?.region ?? "en"
                written = development
                if let fromProject {
                    try StandardStream.error.writeLine(
                        "typefit: development language \(fromProject.region), as \(Auditor.displayPath(fromProject.file)):\(fromProject.line) says"
                    )
                }
                if let problem = LocaleTag.problem(development) {
                    throw ValidationError(
                        "invalid --development-language '\(ControlCharacters.escaped(String(development.prefix(80))))': \(problem)")
                }
                var code: [String] = []
                if let given = self.code {
                    var isFolder: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: given, isDirectory: &isFolder) else {
                        throw InputError(file: given, message: "no such file or folder")
                    }
                    // As the spec's `code:` is checked: the spec written must load.
                    guard isFolder.boolValue || given.hasSuffix(".swift") else {
                        throw InputError(file: given, message: "--code must be a folder of Swift files or a .swift file")
                    }
                    code = [given]
                }
                // What the build leaves out, from the project nearest the folder.
                let unshipped = UnshippedLocalizations(table: tableName, in: path, developmentLanguage: development)
                if let catalog = unshipped.replacedByCatalog {
                    throw InputError(
                        file: path, message: Auditor.replacedByCatalog(table: tableName, catalog: catalog),
                        hint: "start from the catalog: typefit init --catalog \(ShellWord.quoted(Self.relativeToCurrentFolder(catalog)))")
                }
                if let problem = LprojContents(folder: path).problem(table: tableName, developmentLanguage: development) {
                    // The development language's text may be in the code beside the folder.
                    let textElsewhere: Bool
                    switch problem {
                    case .noDevelopmentLanguage, .emptyDevelopmentTable: textElsewhere = true
                    default: textElsewhere = false
                    }
                    if textElsewhere && code.isEmpty, let found = CodeLocalizedStrings.nearest(table: tableName, from: path) {
                        code = [found.folder]
                        try Self.sayCode(found, table: tableName)
                    } else if !textElsewhere || code.isEmpty {
                        throw Self.error(problem, folder: path, table: tableName, developmentLanguage: development)
                    }
                }
                // A file of a localization the build leaves out that cannot be read does not stop init.
                var strings = try LocalizedStrings.loadLprojFolder(
                    path: path, sourceLanguage: development, table: tableName, code: code, unshipped: unshipped.all)
                // A table that lacks keys its translations have: the code beside it may give their text.
                let missing = Set(strings.keysOnlyInTranslations)
                if code.isEmpty && !missing.isEmpty, let found = CodeLocalizedStrings.nearest(table: tableName, keys: missing, from: path) {
                    code = [found.folder]
                    try Self.sayCode(found, table: tableName)
                    strings = try LocalizedStrings.loadLprojFolder(
                        path: path, sourceLanguage: development, table: tableName, code: code, unshipped: unshipped.all)
                }
                codeWritten = code
                loaded = strings
                name = tableName
            } else {
                guard path.hasSuffix(".xcstrings") else {
                    throw InputError(
                        file: path,
                        message: !exists
                            ? "no such file or folder" : catalog != nil ? "is not a String Catalog" : "is not a String Catalog or a folder",
                        hint: catalog != nil
                            ? "give a .xcstrings file" : "give a .xcstrings file or the folder holding en.lproj, de.lproj, …")
                }
                if let table {
                    throw InputError(
                        file: path, message: "--table \(table) is for .lproj folders: a String Catalog's table is its file name")
                }
                if developmentLanguage != nil {
                    throw InputError(file: path, message: "--development-language is for .lproj folders: a String Catalog names its own")
                }
                if code != nil {
                    throw InputError(file: path, message: "--code is for .lproj folders: a String Catalog holds its source text itself")
                }
                loaded = try LocalizedStrings.loadCatalog(path: path)
                name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            }
            // The table's path as the spec (in Specs/) names it.
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            let specsFolder = URL(fileURLWithPath: "Specs").standardizedFileURL.path
            let relative = Self.relativePath(absolute, from: specsFolder)
            let keys = loaded.starterKeys
            let isFolderTable = !path.hasSuffix(".xcstrings")
            return (
                "Specs/\(name).yaml",
                ProjectStarter.spec(
                    screen: name, strings: relative, table: isFolderTable ? name : nil,
                    developmentLanguage: written,
                    code: codeWritten.map { Self.relativePath(URL(fileURLWithPath: $0).standardizedFileURL.path, from: specsFolder) },
                    keys: keys.measured,
                    skipped: keys.withoutWords, onlyInTranslations: keys.onlyInTranslations, spoken: keys.spoken,
                    appIntents: keys.appIntents)
            )
        }

        /// Says which code gives the development language's text, found beside the folder.
        static func sayCode(_ found: (folder: String, values: Int), table: String) throws {
            try StandardStream.error.writeLine(
                "typefit: the development language's text of \(table) is in the code: \(found.values) NSLocalizedString value\(found.values == 1 ? "" : "s") in \(relativeToCurrentFolder(found.folder)) (the spec's strings names it: code:)"
            )
        }

        /// The table `--strings FOLDER` reads without `--table`: `Localizable`, unless the folders hold
        /// one screen table only (`TableRole.screen`), another (Mastodon's widget keeps its strings
        /// in `WidgetExtension`, beside `InfoPlist`): nothing to choose between. Where they hold
        /// several and no `Localizable`, the error names them (init does not guess which screen is meant).
        static func defaultTable(in folder: String) -> String {
            guard !folder.hasSuffix(".xcstrings") else { return "Localizable" }
            let contents = LprojContents(folder: folder)
            let screens = contents.tables.filter { contents.role(of: $0) == .screen }
            return screens.count == 1 ? screens[0] : "Localizable"
        }

        /// "its .lproj folders hold other tables too: …" when the folder of `.lproj` folders a spec was
        /// written for has screen tables besides `table` (InfoPlist's strings are the system's, not a
        /// screen's); nil otherwise, and for a String Catalog.
        static func otherTables(in folder: String, besides table: String, developmentLanguage: String) -> String? {
            guard !folder.hasSuffix(".xcstrings") else { return nil }
            let contents = LprojContents(folder: folder)
            let roles = contents.tables.filter { $0 != table }.map { (table: $0, role: contents.role(of: $0)) }
            // A storyboard's or XIB's table whose development language has the strings can still be
            // a start (iina's `en.lproj` translates each XIB into English): offered with the others;
            // one whose source text is only in the storyboard is set apart.
            let interfaces = roles.filter {
                $0.role == .interface && contents.problem(table: $0.table, developmentLanguage: developmentLanguage) != nil
            }.map(\.table)
            // Siri's and the Shortcuts app's: no screen of the app shows them (Loop's `Intents`).
            let intents = roles.filter { $0.role == .intents }.map(\.table)
            // Spoken, not shown (Rocket.Chat's `VoiceOver`: "auth.more.label" = "More").
            let spoken = roles.filter { $0.role == .spoken }.map(\.table)
            let tables = roles.filter { $0.role == .screen || ($0.role == .interface && !interfaces.contains($0.table)) }.map(\.table)
            var notes: [String] = []
            if let first = tables.first {
                notes.append(
                    "its .lproj folders hold other tables too: \(tables.joined(separator: ", ")) "
                        + "(a spec for one: `typefit init --strings \(ShellWord.quoted(folder)) --table \(ShellWord.quoted(first))`; "
                        + "a screen that reads several lists them all: docs/locales.md, \"Several string tables\")")
            }
            if !interfaces.isEmpty {
                notes.append(
                    "\(interfaces.joined(separator: ", ")) translate\(interfaces.count == 1 ? "s" : "") storyboards or XIBs in Base.lproj, whose text typefit does not read"
                )
            }
            if !spoken.isEmpty {
                notes.append(
                    "\(spoken.joined(separator: ", ")) \(spoken.count == 1 ? "is" : "are") named for VoiceOver, which speaks \(spoken.count == 1 ? "its" : "their") strings rather than a screen showing them"
                )
            }
            if !intents.isEmpty {
                notes.append(
                    "\(intents.joined(separator: ", ")) translate\(intents.count == 1 ? "s an intent definition" : " intent definitions") in Base.lproj (Siri, Shortcuts, widget settings), not a screen"
                )
            }
            return notes.isEmpty ? nil : notes.joined(separator: "; ")
        }

        /// What `--strings FOLDER` cannot read, in the command line's words.
        static func error(_ problem: LprojContents.Problem, folder: String, table: String, developmentLanguage: String) -> InputError {
            switch problem {
            case .noTables:
                return InputError(
                    file: folder, message: "no .lproj folder here holds a .strings or .stringsdict file",
                    hint: "give the folder holding en.lproj, de.lproj, …, or a String Catalog")
            case .noSuchTable(let tables):
                let screens = tables.filter { !TableName.isInfoPlist($0) }
                return InputError(
                    file: folder,
                    message:
                        "its .lproj folders hold no \(table).strings or \(table).stringsdict (tables: \(tables.joined(separator: ", ")))",
                    hint: Suggestion.closest(to: table, in: screens).map { "did you mean --table \(ShellWord.quoted($0))?" }
                        ?? "name the table: --table \(ShellWord.quoted(screens.first ?? tables[0]))")
            case .translatesInterfaceFile(let file):
                return InputError(
                    file: folder,
                    message:
                        LprojContents.interfaceFileMessage(table: table, file: file),
                    hint: LprojContents.interfaceFileHint)
            case .noDevelopmentLanguage(let holding):
                return InputError(
                    file: folder,
                    message:
                        "neither \(developmentLanguage).lproj nor Base.lproj holds \(table).strings or \(table).stringsdict (localizations with it: \(holding.joined(separator: ", ")))",
                    hint:
                        "if the app's code gives its text, as NSLocalizedString(…, value: \"…\"), name that code: --code FOLDER; "
                        + "else name the app's development language (CFBundleDevelopmentRegion), one of those: --development-language LANGUAGE"
                )
            case .emptyDevelopmentTable(let file):
                return InputError(
                    file: folder,
                    message: "\(file) holds no string, and no Swift code beside the folder gives \(table) its text",
                    hint: "if the app's code gives its text, as NSLocalizedString(…, value: \"…\"), name that code: --code FOLDER"
                )
            }
        }

        /// How `init --strings` can start from a table a plain `init` found.
        enum Start: Equatable {
            /// Its development language's folder, or Base.lproj, holds its strings (a catalog always).
            case fromTable
            /// The code in this folder (absolute) gives their text (`--code`).
            case fromCode(String)
        }

        /// What to do after a plain `typefit init`: a first spec for a string table found here (a
        /// String Catalog, else `.lproj` folders), or one written by hand.
        static func nextStep(found candidates: [StringsSearch.Found]) -> String {
            // Folders whose table the project now builds from a String Catalog beside them hold
            // left-over files: neither offered nor counted.
            let all = candidates.filter { candidate in
                guard case .lprojFolder = candidate.kind, let table = candidate.table else { return true }
                return XcodeProject.catalogReplacing(table: table, in: candidate.path, by: XcodeProject.nearest(to: candidate.path)) == nil
            }
            let byHand =
                "describe a screen in Specs/ (docs/spec-format.md; `typefit schema` prints its JSON Schema), then run `typefit audit`"
            let described: (StringsSearch.Found) -> String = {
                switch $0.kind {
                case .catalog: return $0.path
                case .lprojFolder: return "\($0.path)/*.lproj"
                }
            }
            let listed = { (found: [StringsSearch.Found]) in
                found.prefix(5).map(described).joined(separator: ", ") + (found.count > 5 ? ", …" : "")
            }
            // The command offered must work: folder sets whose development language's text is in
            // neither their tables nor the code beside them (an extension whose English is
            // NSLocalizedString's value: in code elsewhere) are counted, never offered.
            let startable = all.compactMap { found in start(from: found).map { (found, $0) } }
            guard let (first, start) = startable.first, let table = first.table else {
                guard !all.isEmpty else { return byHand }
                return
                    "no string table here holds its development language's text (\(all.count) set\(all.count == 1 ? "" : "s") of strings: "
                    + "\(listed(all))): if the app keeps its English in the code, as NSLocalizedString's value:, name it: "
                    + "`typefit init --strings \(ShellWord.quoted(all[0].path)) --code FOLDER`; else \(byHand)"
            }
            let found = startable.map(\.0) + all.filter { f in !startable.contains { $0.0.path == f.path } }
            let what = found.allSatisfy { $0.kind == .catalog } ? "String Catalogs" : "sets of strings"
            let elsewhere = found.count == 1 ? nil : "\(found.count) \(what) here: \(listed(found))"
            switch first.kind {
            case .catalog:
                return
                    "`typefit init --catalog \(ShellWord.quoted(first.path))` writes a first spec for the String Catalog \(first.path)\(elsewhere.map { " (\($0))" } ?? ""), then run `typefit audit`"
            case .lprojFolder(let tables):
                var option = table == "Localizable" ? "" : " --table \(ShellWord.quoted(table))"
                if case .fromCode(let folder) = start { option += " --code \(ShellWord.quoted(relativeToCurrentFolder(folder)))" }
                let notes = (tables.count == 1 ? [] : ["its tables: \(tables.joined(separator: ", "))"]) + [elsewhere].compactMap { $0 }
                return
                    "`typefit init --strings \(ShellWord.quoted(first.path))\(option)` writes a first spec for the table \(table) of the .lproj folders in \(first.path)\(notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"), then run `typefit audit`"
            }
        }

        /// How `init --strings` can write a spec for the table `found` offers; nil when it cannot.
        static func start(from found: StringsSearch.Found) -> Start? {
            guard case .lprojFolder = found.kind, let table = found.table else { return .fromTable }
            let development = ProjectDevelopmentRegion.nonEnglish(near: found.path)?.region ?? "en"
            switch LprojContents(folder: found.path).problem(table: table, developmentLanguage: development) {
            case nil: return .fromTable
            case .noDevelopmentLanguage, .emptyDevelopmentTable:
                return CodeLocalizedStrings.nearest(table: table, from: found.path).map { .fromCode($0.folder) }
            default: return nil
            }
        }

        /// `path` relative to the folder `base` (both absolute, standardized).
        static func relativePath(_ path: String, from base: String) -> String {
            RelativePath.of(path, from: base)
        }

        /// `path` (absolute) relative to the current folder, as the commands init offers name it.
        static func relativeToCurrentFolder(_ path: String) -> String {
            RelativePath.of(path, from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path)
        }
    }
}
