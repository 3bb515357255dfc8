import Foundation

/// A JSON input read whole (a baseline, a shard's report) — only a regular file, never more than a
/// limit: a FIFO, a device or a folder is refused before it is opened (opening a FIFO would block),
/// and a file that grew since it was measured is still read only up to the limit. Each caller says
/// what went wrong in its own words.
enum BoundedFile {
    /// Why a file was not read.
    enum Problem: Error, Equatable {
        case notFound
        case unreadable
        case folder
        case device
        /// A FIFO, a socket or another special file.
        case special
        case tooLarge
    }

    /// The bytes of the regular file at `path` (links followed), if it holds at most `limit` bytes.
    static func read(_ path: String, limit: Int) -> Result<Data, Problem> {
        let fm = FileManager.default
        guard fm.fileExists(atPath: path) else { return .failure(.notFound) }
        // The type and size of what the path finally names (attributesOfItem does not follow links).
        let resolved = Baseline.resolvedPath(path)
        guard let attributes = try? fm.attributesOfItem(atPath: resolved) else { return .failure(.unreadable) }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: break
        case .typeDirectory?: return .failure(.folder)
        case .typeCharacterSpecial?, .typeBlockSpecial?: return .failure(.device)
        default: return .failure(.special)
        }
        if let size = attributes[.size] as? NSNumber, size.int64Value > Int64(limit) { return .failure(.tooLarge) }
        guard let handle = FileHandle(forReadingAtPath: resolved) else { return .failure(.unreadable) }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit + 1) ?? Data() else { return .failure(.unreadable) }
        return data.count <= limit ? .success(data) : .failure(.tooLarge)
    }
}
