/// How a bundle names its localized string tables: `xx.lproj` folders, each holding
/// `Table.strings` and `Table.stringsdict` files. Shared by the `.lproj` reader and by `typefit
/// init`'s search for an app's strings.
public enum LprojName {
    /// The localization an `xx.lproj` folder's name names (`de` for `de.lproj`, `Base` for
    /// `Base.lproj`), nil for any other name.
    public static func localization(ofFolder name: String) -> String? {
        name.hasSuffix(".lproj") && name.count > ".lproj".count ? String(name.dropLast(".lproj".count)) : nil
    }

    /// The table a `.strings` or `.stringsdict` file belongs to (`Localizable` for
    /// `Localizable.stringsdict`), nil for any other file.
    public static func table(ofFile name: String) -> String? {
        for ext in [".strings", ".stringsdict"] where name.hasSuffix(ext) && name.count > ext.count {
            return String(name.dropLast(ext.count))
        }
        return nil
    }
}
