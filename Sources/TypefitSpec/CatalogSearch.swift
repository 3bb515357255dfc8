import Foundation

/// Finds an app's String Catalogs under a folder, for `typefit init`'s next step: `.xcstrings` files,
/// nearest first, skipping hidden folders and what builds and package managers make (`.build`,
/// `DerivedData`, `Pods`, `Carthage`, `build`, `node_modules`), whose catalogs are copies or
/// someone else's. Bounded, so that a huge repository never stalls `init`.
public enum CatalogSearch {
    /// Folders never entered.
    public static let skippedFolders: Set<String> = ["DerivedData", "Pods", "Carthage", "build", "node_modules"]
    /// How deep below `root` the search looks.
    public static let maximumDepth = 8
    /// How many folder entries it reads at most.
    public static let maximumEntries = 100_000

    /// The catalogs under `root`, as paths relative to it: shallower first, then by path.
    public static func catalogs(under root: String) -> [String] {
        let fm = FileManager.default
        var found: [(depth: Int, path: String)] = []
        var queue: [(relative: String, depth: Int)] = [("", 0)]
        var read = 0
        var next = 0
        while next < queue.count, read < maximumEntries {
            let (folder, depth) = queue[next]
            next += 1
            let absolute = folder.isEmpty ? root : (root as NSString).appendingPathComponent(folder)
            guard let names = try? fm.contentsOfDirectory(atPath: absolute) else { continue }
            for name in names.sorted() {
                read += 1
                guard read <= maximumEntries else { break }
                guard !name.hasPrefix("."), !skippedFolders.contains(name) else { continue }
                let relative = folder.isEmpty ? name : folder + "/" + name
                var isFolder: ObjCBool = false
                guard fm.fileExists(atPath: (absolute as NSString).appendingPathComponent(name), isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    if depth + 1 <= maximumDepth, !name.hasSuffix(".xcstrings") { queue.append((relative, depth + 1)) }
                } else if name.hasSuffix(".xcstrings") {
                    found.append((depth, relative))
                }
            }
        }
        return found.sorted { ($0.depth, $0.path) < ($1.depth, $1.path) }.map(\.path)
    }
}
