/// Which strings can name a strings table (`NSLocalizedString(_:tableName:)`): the file name of a
/// `.strings`/`.stringsdict` pair inside each `.lproj` folder, or of a String Catalog. A table name
/// is joined to a folder path, so it must never walk out of that folder: it is checked on every
/// path that reads a table (spec `strings:`, element `table:`, the `.lproj` reader).
public enum TableName {
    /// Longest table name accepted, in UTF-8 bytes (file systems allow 255 for a whole file name).
    public static let maximumLength = 200

    /// nil when `name` can name a table; otherwise what is wrong with it, for an error message.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "a table name must not be empty" }
        if name.utf8.count > maximumLength { return "a table name is at most \(maximumLength) bytes long" }
        if name.hasPrefix(".") { return "a table name must not start with '.'" }
        for scalar in name.unicodeScalars {
            if scalar == "/" || scalar == "\\" { return "a table name is a file name, not a path: it must not contain '/' or '\\'" }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return "a table name must not contain control characters" }
        }
        if name.hasSuffix(".strings") || name.hasSuffix(".stringsdict") || name.hasSuffix(".xcstrings") {
            return "give the table's name without its extension"
        }
        return nil
    }

    /// Whether `name` is a table of the Info.plist's keys, which no screen shows: `init` offers it
    /// last or not at all. `InfoPlist` whatever its case (Trio keeps an `infoPlist.strings`), and a
    /// name ending so: Threema's twelve `ThreemaShareExtension-InfoPlist.xcstrings` and the like,
    /// for its extensions' `…-Info.plist` files, hold `CFBundleDisplayName` and `CFBundleName`.
    public static func isInfoPlist(_ name: String) -> Bool { name.lowercased().hasSuffix("infoplist") }
}
