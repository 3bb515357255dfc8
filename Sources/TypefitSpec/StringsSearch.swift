import Foundation
import TypefitCore

/// Finds an app's string tables under a folder, for `typefit init`'s next step: String Catalogs
/// (`.xcstrings` files) and folders of `xx.lproj` folders, skipping hidden folders, what builds
/// and package managers make and Xcode's exports for translators (`SkippedFolder`), whose tables
/// are copies or someone else's. Bounded, so that a huge repository never stalls `init`.
public enum StringsSearch {
    /// How deep below `root` the search looks.
    public static let maximumDepth = 8
    /// How many folder entries it reads at most.
    public static let maximumEntries = 100_000

    /// A string table found: a catalog, or a folder holding `.lproj` folders.
    public struct Found: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case catalog
            /// A folder of `.lproj` folders and the tables they hold (`.strings`/`.stringsdict` names),
            /// sorted.
            case lprojFolder(tables: [String])
        }

        /// The path relative to the searched folder.
        public var path: String
        public var kind: Kind
        /// The size in bytes of the catalog, or of `table`'s files in all the `.lproj` folders.
        var bytes: Int
        /// In `.lproj` folders, the table `typefit init` would start from (see `table`).
        var startTable: String?

        /// The table `typefit init` would start from: a catalog's own; in `.lproj` folders the
        /// largest of their screen tables (`TableRole.screen`: its files in all the folders;
        /// `Localizable` on a tie), leaving out `InfoPlist` (the Info.plist's keys, not a screen's),
        /// tables that translate a storyboard, XIB or intent definition in `Base.lproj` and tables
        /// named for VoiceOver; nil when none is left.
        public var table: String? {
            switch kind {
            case .catalog: return ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            case .lprojFolder: return startTable
            }
        }

        /// Catalogs first, then `.lproj` folders with a screen's table; `InfoPlist` catalogs and
        /// folders with only `InfoPlist` (the Info.plist's keys: the app's name and permission
        /// prompts, not a screen's text) or storyboards' tables are not offered.
        var rank: Int {
            switch kind {
            case .catalog: return table.map(TableName.isInfoPlist) == true ? 3 : 0
            case .lprojFolder: return table == nil ? 3 : 1
            }
        }
    }

    /// The string tables under `root` that `typefit init` can start from: catalogs, then `.lproj`
    /// folder sets; within each, the largest first (an app's own strings outweigh its extensions' and
    /// widgets'), then by path.
    public static func tables(under root: String) -> [Found] {
        let fm = FileManager.default
        var found: [Found] = []
        var queue: [(relative: String, depth: Int)] = [("", 0)]
        var read = 0
        var next = 0
        while next < queue.count, read < maximumEntries {
            let (folder, depth) = queue[next]
            next += 1
            let absolute = folder.isEmpty ? root : (root as NSString).appendingPathComponent(folder)
            guard let names = try? fm.contentsOfDirectory(atPath: absolute) else { continue }
            var tableBytes: [String: Int] = [:]
            // Tables that translate a storyboard or XIB of Base.lproj (`Main` for `Main.storyboard`).
            var interfaceTables = Set<String>()
            var intentTables = Set<String>()
            var hasLproj = false
            for name in names.sorted() {
                read += 1
                guard read <= maximumEntries else { break }
                guard !SkippedFolder.isSkipped(name) else { continue }
                let relative = folder.isEmpty ? name : folder + "/" + name
                let path = (absolute as NSString).appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue && LprojName.localization(ofFolder: name) != nil {
                    // A localization: its tables, never a folder to search.
                    hasLproj = true
                    let files = (try? fm.contentsOfDirectory(atPath: path)) ?? []
                    read += files.count
                    for file in files {
                        // Storyboards' and XIBs' tables, and intent definitions' (Siri's and the
                        // Shortcuts app's strings): no screen's table to start from.
                        if name == "Base.lproj" {
                            if file.hasSuffix(".storyboard") || file.hasSuffix(".xib") {
                                interfaceTables.insert((file as NSString).deletingPathExtension)
                            } else if file.hasSuffix(".intentdefinition") {
                                intentTables.insert((file as NSString).deletingPathExtension)
                            }
                        }
                        guard let table = LprojName.table(ofFile: file) else { continue }
                        tableBytes[table, default: 0] += size((path as NSString).appendingPathComponent(file))
                    }
                } else if isFolder.boolValue {
                    if depth + 1 <= maximumDepth, !name.hasSuffix(".xcstrings") { queue.append((relative, depth + 1)) }
                } else if name.hasSuffix(".xcstrings") {
                    found.append(Found(path: relative, kind: .catalog, bytes: size(path)))
                }
            }
            if hasLproj && !tableBytes.isEmpty {
                let screens = tableBytes.filter {
                    TableRole.of(
                        $0.key, translatesInterface: interfaceTables.contains($0.key), translatesIntents: intentTables.contains($0.key))
                        == .screen
                }
                // The largest; on a tie Localizable, then by name.
                let start = screens.max { a, b in
                    (a.value, a.key == "Localizable" ? 1 : 0, b.key) < (b.value, b.key == "Localizable" ? 1 : 0, a.key)
                }
                found.append(
                    Found(
                        path: folder.isEmpty ? "." : folder, kind: .lprojFolder(tables: tableBytes.keys.sorted()),
                        bytes: start?.value ?? 0, startTable: start?.key))
            }
        }
        return found.filter { $0.rank < 3 }.sorted { ($0.rank, -$0.bytes, $0.path) < ($1.rank, -$1.bytes, $1.path) }
    }

    /// A file's size in bytes, 0 when it cannot be read.
    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}
