#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's size and kind from `stat(2)`, and nothing else. `FileManager.attributesOfItem` also
/// names the file's owner and group: on Linux each call read `/etc/passwd` and `/etc/group`, twice
/// for every spec file and String Catalog loaded (200 reads for the benchmark's 50 screens).
public struct FileStatus: Sendable {
    /// The size in bytes.
    public let size: Int64
    /// Whether it is a regular file (not a folder, FIFO, device or socket).
    public let isRegularFile: Bool

    /// The status of `path` (symbolic links followed), or nil when it cannot be read.
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        size = Int64(status.st_size)
        isRegularFile = (status.st_mode & S_IFMT) == S_IFREG
    }
}
