import TypefitSpec
import TypefitStrings

extension Element {
    /// The element's `arguments` as the string tables fill format specifiers with them: argument
    /// number (1-based) → value; empty without `arguments`, and without the numbers of `~` entries.
    var argumentSamples: [Int: ArgumentSample] {
        var out: [Int: ArgumentSample] = [:]
        for (i, a) in arguments.enumerated() {
            guard let text = a.text else { continue }
            out[i + 1] = a.number.map { .number($0, written: text) } ?? .text(text)
        }
        return out
    }
}
