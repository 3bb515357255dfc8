import Foundation
import TypefitCore

/// Finds an app's string tables under a folder, for `typefit init`'s next step: String Catalogs
/// (`.xcstrings` files) and folders of `xx.lproj` folders, skipping hidden folders and what builds
/// and package managers make (`.build`, `DerivedData`, `Pods`, `Carthage`, `build`,
/// `node_modules`), whose tables are copies or someone else's. Bounded, so that a huge repository
/// never stalls `init`.
public enum StringsSearch {
    /// Folders never entered.
    public static let skippedFolders: Set<String> = ["DerivedData", "Pods", "Carthage", "build", "node_modules"]
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

        /// The table `typefit init` would start from: a catalog's own; in `.lproj` folders
        /// `Localizable` when they hold it, else the first table other than `InfoPlist` (which holds
        /// the Info.plist's keys, not a screen's), nil when there is none.
        public var table: String? {
            switch kind {
            case .catalog: return ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            case .lprojFolder(let tables):
                return tables.contains("Localizable") ? "Localizable" : tables.first { $0 != "InfoPlist" }
            }
        }

        /// Catalogs first, then `.lproj` folders holding `Localizable`, then other `.lproj` folders with
        /// a screen's table; `InfoPlist` catalogs and folders with only `InfoPlist` are not offered (the
        /// Info.plist's keys: the app's name and permission prompts, not a screen's text).
        var rank: Int {
            switch kind {
            case .catalog: return table == "InfoPlist" ? 3 : 0
            case .lprojFolder(let tables): return tables.contains("Localizable") ? 1 : table == nil ? 3 : 2
            }
        }
    }

    /// The string tables under `root` that `typefit init` can start from: catalogs, then `.lproj`
    /// folder sets holding `Localizable`, then the others; within each, the largest first (an app's
    /// own strings outweigh its extensions' and widgets'), then by path.
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
            var hasLproj = false
            for name in names.sorted() {
                read += 1
                guard read <= maximumEntries else { break }
                guard !name.hasPrefix("."), !skippedFolders.contains(name) else { continue }
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
                var set = Found(path: folder.isEmpty ? "." : folder, kind: .lprojFolder(tables: tableBytes.keys.sorted()), bytes: 0)
                set.bytes = set.table.flatMap { tableBytes[$0] } ?? 0
                found.append(set)
            }
        }
        return found.filter { $0.rank < 3 }.sorted { ($0.rank, -$0.bytes, $0.path) < ($1.rank, -$1.bytes, $1.path) }
    }

    /// A file's size in bytes, 0 when it cannot be read.
    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}
