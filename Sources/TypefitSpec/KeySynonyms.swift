/// The words other tools use for the keys of a spec and of `.typefit.yml` — SwiftUI's modifiers, CSS, UIKit's own
/// property names — each with the keys of typefit it may mean, best first. A person who writes
/// `padding`, `lineLimit` or `arrangedSubviews` carries a word over from the system they know; no
/// edit distance leads from it to `layoutMargins`, `numberOfLines` or `children`, so the "did you
/// mean" comes from here: the first of its keys the element (or the screen) accepts.
enum KeySynonyms {
    /// Lower-cased word → keys it may mean, best first.
    static let table: [String: [String]] = [
        // SwiftUI `.padding`, CSS `padding`/`margin`, UIKit `layoutMargins`/`directionalLayoutMargins`,
        // a legacy UIButton's `contentEdgeInsets`, UIButton.Configuration's `contentInsets`.
        "padding": ["layoutMargins", "contentInsets"],
        "margin": ["layoutMargins", "contentInsets"],
        "margins": ["layoutMargins", "contentInsets"],
        "insets": ["contentInsets", "layoutMargins"],
        "directionallayoutmargins": ["layoutMargins"],
        "contentedgeinsets": ["contentInsets"],
        "titleedgeinsets": ["contentInsets"],
        "edgeinsets": ["contentInsets", "layoutMargins"],
        // SwiftUI `.lineLimit`, CSS `line-clamp`, Android's `maxLines`.
        "linelimit": ["numberOfLines"],
        "lineclamp": ["numberOfLines"],
        "maxlines": ["numberOfLines"],
        "lines": ["numberOfLines"],
        // SwiftUI `.truncationMode`, Android's `ellipsize`.
        "truncationmode": ["lineBreakMode"],
        "ellipsize": ["lineBreakMode"],
        // SwiftUI `.multilineTextAlignment`, CSS `text-align`.
        "multilinetextalignment": ["textAlignment"],
        "textalign": ["textAlignment"],
        // SwiftUI `.minimumScaleFactor` is UIKit's too; `.allowsTightening` is not autoshrink.
        "adjustsfontsizetofit": ["adjustsFontSizeToFitWidth"],
        // A font named by its text style (`UIFont.TextStyle`, SwiftUI `Font.TextStyle`).
        "textstyle": ["style"],
        "fontstyle": ["style"],
        "fontsize": ["font"],
        "fontweight": ["weight"],
        // SwiftUI `.dynamicTypeSize(...)`: the range is typefit's two keys.
        "dynamictypesize": ["maximumContentSizeCategory", "minimumContentSizeCategory"],
        // What a label or button shows.
        "title": ["text", "key"],
        "string": ["text", "key"],
        "value": ["text", "key"],
        "localizedkey": ["key"],
        "localizedstring": ["key"],
        "nslocalizedstring": ["key"],
        "tablename": ["table"],
        "prompt": ["placeholder", "placeholderKey"],
        // CSS `gap`, a stack's children under UIKit's and SwiftUI's names.
        "gap": ["spacing"],
        "arrangedsubviews": ["children"],
        "subviews": ["children"],
        "content": ["children"],
        "items": ["children"],
        // `.typefit.yml`: SwiftLint's `included:` and a list of `paths` are typefit's `specs`;
        // fonts by another name.
        "included": ["specs"],
        "include": ["specs"],
        "paths": ["specs"],
        "fonts": ["fontDirectories"],
        "fontdirs": ["fontDirectories"],
        "font_dirs": ["fontDirectories"],
        // UIKit's priority under its full name, SwiftUI's `.layoutPriority`.
        "contentcompressionresistancepriority": ["compressionResistance"],
        "layoutpriority": ["compressionResistance"]
    ]

    /// The first key `word` may mean that `allowed` holds; nil when the word is not another system's.
    static func key(for word: String, in allowed: [String]) -> String? {
        table[word.lowercased()]?.first { allowed.contains($0) }
    }

    /// The keys `word` may mean, best first; empty when it is not another system's word.
    static func keys(for word: String) -> [String] { table[word.lowercased()] ?? [] }

    /// "did you mean 'layoutMargins'? (typefit's word for padding)", or nil.
    static func hint(for word: String, in allowed: [String]) -> String? {
        key(for: word, in: allowed).map { "did you mean '\($0)'? (typefit's word for \(word))" }
    }
}
