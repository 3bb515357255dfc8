import TypefitCore
import TypefitSpec

/// Each text element's font at every Dynamic Type category (`ElementFont.resolve`), worked out once
/// per spec and shared by all its jobs: an element's font depends on the category, not on the
/// locale, and each job worked out the same fonts again for every element it laid out (a custom
/// font's family lowercased and its list of one font made each time).
final class ElementFonts: Sendable {
    /// Per text element (label, button, text field), by identity: its font at each category,
    /// indexed by `ContentSizeCategory.rawValue`.
    private let fonts: [ObjectIdentifier: [ElementFont]]

    init(_ spec: ScreenSpec) {
        var fonts: [ObjectIdentifier: [ElementFont]] = [:]
        for e in spec.allElements {
            switch e.kind {
            case .label, .button, .textField:
                fonts[ObjectIdentifier(e)] = ContentSizeCategory.allCases.map { ElementFont.resolve(e, category: $0) }
            case .vstack, .hstack, .spacer, .divider, .imageView:
                break
            }
        }
        self.fonts = fonts
    }

    /// The fonts of `e` at each category (indexed by `ContentSizeCategory.rawValue`), nil for an
    /// element that shows no text or is not in the spec.
    func fonts(of e: Element) -> [ElementFont]? { fonts[ObjectIdentifier(e)] }
}
