/// `UIStackView.Alignment`: how arranged views are placed across the stack's axis.
///
/// A vstack takes `fill`, `leading`, `center`, `trailing`; an hstack `fill`, `top`, `center`,
/// `bottom` (and UIKit's `firstBaseline`/`lastBaseline`, which typefit rejects as not supported yet
/// rather than treat as another value).
public enum StackAlignment: String, Sendable, CaseIterable {
    case fill, leading, center, trailing, top, bottom, firstBaseline, lastBaseline

    /// Values a vstack accepts.
    public static let vertical: [StackAlignment] = [.fill, .leading, .center, .trailing]
    /// Values an hstack accepts.
    public static let horizontal: [StackAlignment] = [.fill, .top, .center, .bottom, .firstBaseline, .lastBaseline]
    /// Values typefit lays out as UIKit documents; the others are an error ("not supported yet").
    public var isSupported: Bool { self != .firstBaseline && self != .lastBaseline }
}

/// `UIStackView.Distribution`: how arranged views share the stack's axis.
///
/// Laid out as UIKit documents: `fill` (the extra space goes to flexible spacers, else — in an hstack
/// — to the last view; a shortage is taken from the lowest compression resistance), `equalSpacing`
/// (views at their natural size, the extra space added equally to the gaps) and, in an hstack,
/// `fillEqually` (every view the same width). `fillProportionally`, `equalCentering` and a vstack's
/// `fillEqually` are an error ("not supported yet"), never another distribution in disguise.
public enum StackDistribution: String, Sendable, CaseIterable {
    case fill, fillEqually, fillProportionally, equalSpacing, equalCentering

    /// Whether typefit lays this distribution out in a stack of `kind` (`.vstack` or `.hstack`).
    public func isSupported(in kind: Element.Kind) -> Bool {
        switch self {
        case .fill, .equalSpacing: true
        case .fillEqually: kind == .hstack
        case .fillProportionally, .equalCentering: false
        }
    }
}

/// `NSTextAlignment`. It places text inside its box and never changes what fits, so the audit's
/// verdicts do not depend on it; previews draw text at its alignment.
public enum TextAlignment: String, Sendable, CaseIterable {
    case natural, left, center, right, justified
}

/// A button's `UIButton.Configuration` style, or `none` for a legacy button (`configuration = nil`).
public enum ButtonConfiguration: String, Sendable, CaseIterable {
    case plain, gray, tinted, filled, borderless, bordered, borderedTinted, borderedProminent, none

    /// A legacy `UIButton` without a configuration: 6/0/6/0 insets, one line, middle truncation.
    public var isLegacy: Bool { self == .none }
}

/// `UITextField.BorderStyle`.
public enum TextFieldBorderStyle: String, Sendable, CaseIterable {
    case none, line, bezel, roundedRect
}
