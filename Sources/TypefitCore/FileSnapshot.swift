import Foundation

/// A file's bytes as typefit read them, to refuse writing a derived file (a String Catalog with
/// budgets) when the file changed on disk in the meantime — Xcode saved it, a merge rewrote it —
/// since the derived file would silently drop that change.
public struct FileSnapshot: Sendable {
    public let path: String
    public let bytes: [UInt8]

    /// Reads `path`; `what` names the file in the error ("the String Catalog").
    public init(path: String, what: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "cannot read \(what)")
        }
        self.path = path
        self.bytes = [UInt8](data)
    }

    /// Throws when the file no longer has the bytes it had when it was read (or is gone).
    public func checkUnchanged() throws {
        let now = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        guard now == bytes else {
            throw InputError(
                file: path,
                message: now == nil
                    ? "was removed while typefit worked on it; nothing written"
                    : "changed on disk since typefit read it; nothing written",
                hint: "run the command again on the saved file")
        }
    }
}
