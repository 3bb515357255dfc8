/// The longest text typefit measures, on every path: a `measure` request, a spec's `text:`, a value in
/// a String Catalog, a `.strings` or `.stringsdict` file, and a variant once its substitutions are
/// expanded. Laying out text costs time in proportion to its length, at every category, locale and
/// device; this keeps one label's share of an audit under a second.
public enum TextLimit {
    /// In UTF-16 code units (as `NSString.length` counts).
    public static let maximumLength = 100_000

    /// nil when `text` is within the limit; else the message for an error.
    public static func problem(_ text: String) -> String? {
        // utf8.count ≥ utf16.count, and is O(1) for native strings: only long texts are counted.
        guard text.utf8.count > maximumLength, text.utf16.count > maximumLength else { return nil }
        return "the text is longer than \(maximumLength) UTF-16 units (\(text.utf16.count))"
    }
}
