/// Folders typefit's searches of an app's tree never enter: hidden ones (`.git`, `.build`), what
/// builds and package managers make (`DerivedData`, `Pods`, `Carthage`, `build`, `node_modules`),
/// whose files are copies or someone else's, and Xcode Localization Catalogs (`NAME.xcloc`: the
/// strings Xcode exports for translators, copies of the app's tables, never built into the app).
/// One list for the three searches: spec files (`typefit audit FOLDER`), string tables (`typefit
/// init`) and `NSLocalizedString` calls in code (`strings: {code: …}`).
public enum SkippedFolder {
    /// The folder names skipped wherever they are.
    public static let names: Set<String> = ["DerivedData", "Pods", "Carthage", "build", "node_modules"]

    /// Whether a search skips the entry `name` (a file's own name is skipped alike: hidden files).
    public static func isSkipped(_ name: String) -> Bool {
        name.hasPrefix(".") || names.contains(name) || name.hasSuffix(".xcloc")
    }
}
