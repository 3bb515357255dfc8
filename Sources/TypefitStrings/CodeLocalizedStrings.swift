import Foundation
import TypefitCore

/// The development language's text an app keeps in its Swift code rather than in its
/// `en.lproj` tables: `NSLocalizedString("key", tableName: "T", bundle: …, value: "English",
/// comment: …)`. At run time a table that lacks the key returns `value` (Foundation's
/// `Bundle.localizedString(forKey:value:table:)`); Xcode's Export Localizations and `genstrings`
/// read the same calls to give translators the English. DuckDuckGo's, Brave's, KeePassium's and
/// Firefox Focus's apps are written this way: their `en.lproj` tables are empty, partial or missing.
///
/// Only calls whose key, table name and value are constant literals are read (a literal, or
/// literals joined with `+`); a call with any of them computed is skipped, as `genstrings` skips
/// it. The `bundle:` argument is not evaluated: every call naming the table counts.
public struct CodeLocalizedStrings: Sendable {
    /// One `NSLocalizedString` call.
    public struct Call: Sendable, Equatable {
        public var key: String
        /// `tableName:`, `Localizable` when absent or `nil`.
        public var table: String
        /// `value:`, nil when absent (the key is then its text).
        public var value: String?
        /// The file, as given to `scan`, and the call's line (1-based).
        public var file: String
        public var line: Int

        public init(key: String, table: String, value: String?, file: String, line: Int) {
            (self.key, self.table, self.value, self.file, self.line) = (key, table, value, file, line)
        }
    }

    /// Every call read, in file order (files sorted by path).
    public var calls: [Call]
    /// How many Swift files were read.
    public var filesRead: Int

    /// Every call in the Swift files under `folders` (a file may be named too), files sorted by path.
    public static func read(folders: [String]) throws -> CodeLocalizedStrings {
        var files: [String] = []
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
                throw InputError(file: folder, message: "no such file or folder")
            }
            guard isDirectory.boolValue else {
                files.append(folder)
                continue
            }
            guard let walker = FileManager.default.enumerator(atPath: folder) else {
                throw InputError(file: folder, message: "cannot list the folder")
            }
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                // Build products and checkouts of dependencies are not the app's code.
                if SkippedFolder.isSkipped(name) {
                    walker.skipDescendants()
                    continue
                }
                // A folder can be named `X.swift` too: only files are code.
                if name.hasSuffix(".swift"), walker.fileAttributes?[.type] as? FileAttributeType != .typeDirectory {
                    files.append((folder as NSString).appendingPathComponent(relative))
                }
            }
        }
        var calls: [Call] = []
        var seen = Set<String>()
        for file in files.sorted() where seen.insert(file).inserted {
            try LocalizedStrings.checkSize(file)
            guard let data = FileManager.default.contents(atPath: file) else {
                throw InputError(file: file, message: "cannot read the file")
            }
            calls += scan([UInt8](data), file: file)
        }
        return CodeLocalizedStrings(calls: calls, filesRead: seen.count)
    }

    /// The folder nearest a folder of `.lproj` folders whose Swift code gives `table` its text:
    /// the folder itself, else its parent (an app's `Resources` beside its code), never a
    /// repository's root (a folder holding `.git`) or the current folder, whose code may be another
    /// bundle's. With `keys`, the code must give a value to one of them. What `typefit init` offers.
    public static func nearest(table: String, keys: Set<String>? = nil, from folder: String) -> (folder: String, values: Int)? {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        var candidate = URL(fileURLWithPath: folder).standardizedFileURL
        for _ in 0..<2 {
            let path = candidate.path
            if path == current || path == "/" || FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(".git")) {
                return nil
            }
            if let read = try? CodeLocalizedStrings.read(folders: [path]) {
                let values = read.calls.filter { $0.table == table && $0.value != nil }
                if !values.isEmpty && (keys.map { wanted in values.contains { wanted.contains($0.key) } } ?? true) {
                    return (path, values.count)
                }
            }
            candidate.deleteLastPathComponent()
        }
        return nil
    }

    /// The `NSLocalizedString` calls of one Swift file's text.
    public static func scan(_ b: [UInt8], file: String) -> [Call] {
        var scanner = SwiftCallScanner(bytes: b)
        var out: [Call] = []
        while let call = scanner.nextCall(named: "NSLocalizedString") {
            guard let first = call.arguments.first, first.label == nil, let key = first.literal else { continue }
            var table = "Localizable", value: String?, constant = true
            for argument in call.arguments.dropFirst() {
                switch argument.label {
                case "tableName":
                    if argument.isNil { continue }
                    if let name = argument.literal { table = name } else { constant = false }
                case "value":
                    // An empty value is none: the key is returned.
                    if let text = argument.literal { value = text.isEmpty ? nil : text } else { constant = false }
                default: continue
                }
            }
            guard constant else { continue }
            out.append(Call(key: key, table: table, value: value, file: file, line: call.line))
        }
        return out
    }
}
