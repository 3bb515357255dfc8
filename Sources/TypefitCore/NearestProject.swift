import Foundation

/// The walk up from a strings folder to the project that builds it, shared by the readers of project
/// files (`ProjectDevelopmentRegion`, `XcodeGenProject`, `XcodeProject`): each folder at or above the start is
/// listed, nearest first, until the reader finds what it looks for there, the repository's root (a
/// folder holding `.git`) is passed, or the file system's root is reached.
public enum NearestProject {
    /// How far up the walk goes at most.
    public static let maximumDepth = 32

    /// The first non-nil `found(folder, names)` along the walk from `folder` (its standardized URL
    /// and the names it holds); nil when none is found before a folder holding `.git` (which is still
    /// asked) or the file system's root.
    public static func search<T>(from folder: String, _ found: (URL, Set<String>) -> T?) -> T? {
        let fm = FileManager.default
        var directory = URL(fileURLWithPath: folder).standardizedFileURL
        for _ in 0..<maximumDepth {
            let names = Set((try? fm.contentsOfDirectory(atPath: directory.path)) ?? [])
            if let result = found(directory, names) { return result }
            if names.contains(".git") { return nil }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
        }
        return nil
    }

    /// The nearest folder at or above `folder` that holds a project (an `.xcodeproj`, a
    /// `Package.swift` or a `project.yml`), with the names it holds; nil when none is found before
    /// the repository's root. The project readers (`XcodeGenProject`, `XcodeProject`) read what it
    /// holds, so that one walk serves both.
    public static func projectFolder(from folder: String) -> (folder: URL, names: Set<String>)? {
        search(from: folder) { directory, names in
            names.contains("project.yml") || names.contains("Package.swift") || names.contains(where: { $0.hasSuffix(".xcodeproj") })
                ? (directory, names) : nil
        }
    }
}
