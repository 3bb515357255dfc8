import Foundation
import TypefitCore

/// What an Xcode project (`project.pbxproj`) builds into its targets, read for one thing: which
/// `.lproj` folders of a strings table the app never ships. Xcode copies a localized file only
/// when the project lists it: as a child of the table's variant group (`Localizable.strings`, with
/// one file reference per language, `path = de.lproj/Localizable.strings`) that a target's build
/// phase names. Translation tools add folders on disk that nobody adds to the project: Nextcloud
/// Talk keeps `Localizable.strings` in 43 folders and its project lists 29 of them; the other 14
/// (`ast`, `bg_BG`, `en-GB`, …) are no user's language.
///
/// Paths are resolved as Xcode resolves them: a group's or file's `path` is relative to its parent
/// group's folder for `sourceTree = "<group>"`, to the project's folder for `SOURCE_ROOT`, and
/// absolute for `<absolute>`; other source trees (`BUILT_PRODUCTS_DIR`, `SDKROOT`) are not files of
/// the repository and are skipped. Everything inside a folder reference or a synchronized folder
/// (Xcode 16's `PBXFileSystemSynchronizedRootGroup`, built as it is on disk) counts as built.
public struct XcodeProject: Sendable {
    /// The `project.pbxproj` file.
    public let file: String
    /// Files some target's build phase builds, absolute and standardized.
    let builtFiles: Set<String>
    /// Folders whose every file is built (folder references, synchronized folders).
    let builtFolders: [String]
    /// Its app targets and the platforms they build for, in the project's order.
    public let appTargets: [AppTargetPlatform.Target]

    /// The most objects read (a large app's project has some 10,000).
    static let maximumObjects = 1_000_000

    /// The Xcode projects in the folder of the project nearest `folder`: the nearest folder at or
    /// above it holding an `.xcodeproj`, a `Package.swift` or a `project.yml` (`NearestProject`, the
    /// walk `XcodeGenProject.nearest` takes), in name order. Empty when that folder holds a Swift
    /// package (whose resources ship as they are on disk) or no `.xcodeproj`, or when no project is
    /// found before the repository's root.
    public static func nearest(to folder: String) -> [XcodeProject] {
        NearestProject.projectFolder(from: folder).map { inProjectFolder($0.folder, names: $0.names) } ?? []
    }

    /// The Xcode projects of the project folder `folder` (a `NearestProject.projectFolder`, holding
    /// `names`), in name order; none when it holds a Swift package.
    public static func inProjectFolder(_ folder: URL, names: Set<String>) -> [XcodeProject] {
        if names.contains("Package.swift") { return [] }
        return names.filter { $0.hasSuffix(".xcodeproj") }.sorted().compactMap {
            read(file: folder.appendingPathComponent($0).appendingPathComponent("project.pbxproj").path)
        }
    }

    /// The project file at `file`; nil when it cannot be read, is implausibly large, or is not a
    /// project file. It is the app's own file, which typefit only reads: nothing in it is an error here.
    /// A file read before with the same bytes is not parsed again: each string table of a run asks for
    /// its project (DuckDuckGo's 1 MB project takes 18 ms to parse).
    public static func read(file: String) -> XcodeProject? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
            let size = attributes[.size] as? Int, size <= 64 << 20,
            let data = FileManager.default.contents(atPath: file)
        else { return nil }
        let key = ProjectFile(file: file, bytes: data)
        if let kept = parsed.value(for: key) { return kept }
        let project = parse(String(decoding: data, as: UTF8.self), file: file)
        parsed.store(project, for: key)
        return project
    }

    /// A project file as read: its path and its bytes (compared whole).
    struct ProjectFile: Hashable {
        let file: String
        let bytes: Data
    }

    /// The projects parsed in this process, by file and bytes.
    private static let parsed = LockedMemo<ProjectFile, XcodeProject?>(capacity: 16)

    /// The project in `text`, as read from `file` (in `NAME.xcodeproj`, whose folder is the project's
    /// folder); nil when it is not a project file. The spec-file fuzzer (`FuzzSpec`) reads its inputs
    /// with it too.
    public static func parse(_ text: String, file: String) -> XcodeProject? {
        guard let plist = OpenStepPropertyList.parse(text), let objects = plist["objects"]?.dictionary,
            objects.count <= maximumObjects, let rootID = plist["rootObject"]?.string, let root = objects[rootID],
            let mainGroup = root["mainGroup"]?.string
        else { return nil }
        let bundle = URL(fileURLWithPath: file).deletingLastPathComponent()
        var projectFolder = bundle.deletingLastPathComponent()
        if let dir = root["projectDirPath"]?.string, !dir.isEmpty {
            projectFolder = dir.hasPrefix("/") ? URL(fileURLWithPath: dir) : projectFolder.appendingPathComponent(dir)
        }
        projectFolder = projectFolder.standardizedFileURL

        // Each object's folder or file, walking the groups from the main group.
        var paths: [String: String] = [:]
        var stack: [(id: String, parent: URL, depth: Int)] = [(mainGroup, projectFolder, 0)]
        while let (id, parent, depth) = stack.popLast() {
            guard paths[id] == nil, depth < OpenStepPropertyList.maximumDepth * 4, let object = objects[id] else { continue }
            let path = object["path"]?.string
            let resolved: URL?
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<group>":
                resolved = path.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : parent.appendingPathComponent($0) } ?? parent
            case "SOURCE_ROOT": resolved = path.map { projectFolder.appendingPathComponent($0) } ?? projectFolder
            case "<absolute>": resolved = path.map { URL(fileURLWithPath: $0) }
            default: resolved = nil
            }
            guard let resolved = resolved?.standardizedFileURL else { continue }
            paths[id] = resolved.path
            // A variant group's children are relative to its folder, as a group's are.
            for child in object["children"]?.array ?? [] {
                if let childID = child.string { stack.append((childID, resolved, depth + 1)) }
            }
        }

        var builtFiles = Set<String>(), builtFolders: [String] = []
        func isFolder(_ object: OpenStepPropertyList) -> Bool {
            let type = object["lastKnownFileType"]?.string ?? object["explicitFileType"]?.string ?? ""
            return type == "folder" || type.hasPrefix("folder.")
        }
        for (id, object) in objects {
            switch object["isa"]?.string {
            case "PBXBuildFile":
                guard let ref = object["fileRef"]?.string, let target = objects[ref], let path = paths[ref] else { continue }
                switch target["isa"]?.string {
                case "PBXVariantGroup":
                    for child in target["children"]?.array ?? [] {
                        if let childID = child.string, let childPath = paths[childID] { builtFiles.insert(childPath) }
                    }
                case "PBXFileReference":
                    if isFolder(target) { builtFolders.append(path) } else { builtFiles.insert(path) }
                default: continue
                }
            case "PBXFileSystemSynchronizedRootGroup":
                if let path = paths[id] { builtFolders.append(path) }
            default: continue
            }
        }
        return XcodeProject(
            file: file, builtFiles: builtFiles, builtFolders: builtFolders.sorted(),
            appTargets: AppTargetPlatform.appTargets(objects: objects, root: root))
    }

    /// The app targets of `projects` when every one builds for macOS only (and there is one); empty
    /// when one builds for another platform too, or one's platform the project file does not tell.
    public static func macOSOnlyApps(in projects: [XcodeProject]) -> [String] {
        let apps = projects.flatMap(\.appTargets)
        return !apps.isEmpty && apps.allSatisfy { $0.platform == .macOSOnly } ? apps.map(\.name) : []
    }

    /// Whether a target builds the file at `path` (absolute and standardized).
    func builds(_ path: String) -> Bool {
        builtFiles.contains(path) || builtFolders.contains { path.hasPrefix($0 + "/") }
    }

    /// The `.lproj` folders in `folder` (named as their folders are, `bg_BG` for `bg_BG.lproj`) none
    /// of whose files of `table` (`table.strings`, `table.stringsdict`) any of `projects` builds,
    /// when the projects build the table in another of them; sorted. Empty when no project builds
    /// the table in any language (its strings are then copied some other way, or built by a project
    /// typefit did not find): only a table the project builds tells which of its languages it leaves
    /// out.
    public static func localizationsNotBuilt(table: String, in folder: String, by projects: [XcodeProject]) -> [String] {
        guard !projects.isEmpty else { return [] }
        var built = false
        var notBuilt: [String] = []
        for (localization, files) in tableFiles(table, in: folder) where localization != "Base" {
            if files.contains(where: { file in projects.contains { $0.builds(file) } }) {
                built = true
            } else {
                notBuilt.append(localization)
            }
        }
        return built ? notBuilt : []
    }

    /// The `.lproj` folders in `folder` that hold `table` (`Base.lproj` included), by name, each with
    /// its files of the table that exist (`table.strings`, `table.stringsdict`; absolute, standardized).
    static func tableFiles(_ table: String, in folder: String) -> [(localization: String, files: [String])] {
        let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
        let fm = FileManager.default
        return ((try? fm.contentsOfDirectory(atPath: absolute)) ?? []).sorted().compactMap { name in
            guard let localization = LprojName.localization(ofFolder: name) else { return nil }
            let files = [".strings", ".stringsdict"].map { absolute + "/" + name + "/" + table + $0 }.filter { fm.fileExists(atPath: $0) }
            return files.isEmpty ? nil : (localization, files)
        }
    }

    /// The String Catalog `table.xcstrings` in `folder` (absolute, standardized) when one of `projects`
    /// builds it and none of them builds any of the folder's `.lproj` files of `table` (`Base.lproj`'s
    /// included): those files are left over from before the table moved to the catalog, and the app
    /// ships the catalog's strings, not theirs. ownCloud keeps 12 such `Localizable.strings` beside
    /// its `Localizable.xcstrings`. Nil otherwise: with no project, a file inside a folder reference or
    /// a synchronized folder (all built), or a catalog the projects do not build.
    ///
    /// The catalog's name is matched without regard to case: Trio builds `InfoPlist.xcstrings` and
    /// keeps an unbuilt `en.lproj/infoPlist.strings` beside it. Xcode compiles the catalog into each
    /// language's `InfoPlist.strings`, the name the old file had on a Mac's case-insensitive disk.
    public static func catalogReplacing(table: String, in folder: String, by projects: [XcodeProject]) -> String? {
        guard !projects.isEmpty, TableName.problem(table) == nil else { return nil }
        let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
        let wanted = (table + ".xcstrings").lowercased()
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? []).sorted()
        guard
            let catalog = names.filter({ $0.lowercased() == wanted }).map({ absolute + "/" + $0 })
                .first(where: { catalog in projects.contains { $0.builds(catalog) } })
        else { return nil }
        let lprojBuilt = tableFiles(table, in: folder).contains { _, files in
            files.contains { file in projects.contains { $0.builds(file) } }
        }
        return lprojBuilt ? nil : catalog
    }
}
