import TypefitCore
import TypefitLayout
import TypefitSpec

/// The font an element uses at a Dynamic Type category.
///
/// - Text styles take the HIG size of the category (reference §1a) and the style's weight (§1c).
/// - Custom fonts with `relativeTo` (or with `adjustsFontForContentSizeCategory: true`, which scales
///   with Body as `UIFontMetrics.default` does) take `size × style size at category ÷ style size at
///   Large`. Apple does not publish UIFontMetrics' curve; this ratio is typefit's approximation
///   (reference §3b measured ≈ +2 % at Medium and ≈ −9 % at AX5 for Body against it).
/// - Fonts that do not adjust stay at their Large size in every category.
struct ElementFont: Hashable {
    var selection: FontSelection
    var weight: FontWeight
    var size: Double
    /// Whether the size follows Dynamic Type.
    var scales: Bool
    /// The size at Large, to detect fixed fonts.
    var largeSize: Double

    static func resolve(_ e: Element, category: ContentSizeCategory) -> ElementFont {
        var font = e.font
        if case .unspecified = font, e.kind == .button, !e.isLegacyButton {
            font = .style(.body)  // configuration buttons follow Dynamic Type (ASSUMED, spec-format §8.3)
        }
        switch font {
        case .style(let style):
            let scales = e.adjustsFontForContentSizeCategory ?? true
            let size = style.pointSize(at: scales ? category : .large)
            return ElementFont(
                selection: .system, weight: e.weight ?? style.weight, size: size, scales: scales,
                largeSize: style.pointSize(at: .large))
        case .custom(let family, let base, let relativeTo, let maximum):
            let scales = e.adjustsFontForContentSizeCategory ?? (relativeTo != nil)
            let curve = relativeTo ?? .body
            var size = scales ? base * curve.scaleFactor(at: category) : base
            if let maximum { size = min(size, maximum) }
            let selection: FontSelection = family.lowercased() == "system" ? .system : .fonts([FontSpec(family)])
            return ElementFont(selection: selection, weight: e.weight ?? .regular, size: size, scales: scales, largeSize: base)
        case .unspecified:
            return ElementFont(selection: .system, weight: e.weight ?? .regular, size: 17, scales: false, largeSize: 17)
        }
    }
}
