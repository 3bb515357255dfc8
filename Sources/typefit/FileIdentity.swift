import Foundation
import TypefitCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names, whatever its spelling: `out.json`, `./out.json`, `../x/out.json` and a
/// symbolic link to it are one file. Outputs are compared with each other and with the audit's inputs
/// by identity, never by spelling.
enum FileIdentity: Hashable {
    /// An existing file: its device and inode (hard links and symbolic links resolve to the same).
    case existing(device: UInt64, inode: UInt64)
    /// A file that does not exist yet: its folder, resolved (`realpath`), and its name.
    case new(folder: String, name: String)

    init(path: String) {
        var info = stat()
        if stat(path, &info) == 0 {
            self = .existing(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let resolved = realpath(folder.isEmpty ? "." : folder, nil).map { pointer -> String in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        self = .new(folder: resolved ?? (folder as NSString).standardizingPath, name: name)
    }
}
