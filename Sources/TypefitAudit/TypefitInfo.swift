/// The tool's version: the one constant every report, `--version` and the baseline read.
public enum TypefitInfo {
    public static let version = "0.1.0"
}
