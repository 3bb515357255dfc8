import TypefitCore

/// One element of a screen (docs/spec-format.md §8): a label, button, text field, stack, divider,
/// spacer or image view, with the UIKit properties that change what fits.
///
/// A reference type so the layout tree and results can point at it without copying ~30 fields per
/// node; the loader fills it and nothing changes it afterwards (hence `@unchecked Sendable`).
public final class Element: @unchecked Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case label, button, textField, vstack, hstack, divider, spacer, imageView
    }

    public internal(set) var kind: Kind
    public internal(set) var id: String
    public internal(set) var location: SourceLocation

    // Text
    public internal(set) var text: TextSource?
    public internal(set) var placeholder: TextSource?
    /// The string table (`strings` entry) the element's keys live in; nil: the screen's first table.
    public internal(set) var table: String?
    /// Where `table:` is written.
    public internal(set) var tableLocation: SourceLocation?
    public internal(set) var arguments: [ArgumentValue] = []
    public internal(set) var fallbacks: [Fallback] = []

    // Font
    public internal(set) var font: FontSpecification = .unspecified
    public internal(set) var weight: FontWeight?
    public internal(set) var adjustsFontForContentSizeCategory: Bool?
    public internal(set) var minimumContentSizeCategory: ContentSizeCategory?
    public internal(set) var maximumContentSizeCategory: ContentSizeCategory?

    // Lines
    public internal(set) var numberOfLines: Int?
    public internal(set) var lineBreakMode: LineBreakMode?
    public internal(set) var textAlignment: TextAlignment?
    public internal(set) var adjustsFontSizeToFitWidth = false
    public internal(set) var minimumScaleFactor: Double = 0

    // Size
    public internal(set) var width: Dimension?
    public internal(set) var height: Dimension?
    public internal(set) var minWidth: Double?
    public internal(set) var minHeight: Double?
    public internal(set) var maxHeight: Double?
    public internal(set) var compressionResistance: Double = 750

    // Button
    public internal(set) var configuration: ButtonConfiguration?
    public internal(set) var contentInsets: Edges?
    public internal(set) var image: ButtonImage?
    public internal(set) var cornerRadius: Double?
    public internal(set) var isPrimary = false

    // Text field
    public internal(set) var borderStyle: TextFieldBorderStyle?

    // Stacks
    public internal(set) var spacing: Double = 0
    public internal(set) var alignment: StackAlignment?
    public internal(set) var distribution: StackDistribution?
    public internal(set) var layoutMargins: Edges = .zero
    public internal(set) var children: [Element] = []

    public init(kind: Kind, id: String, location: SourceLocation) {
        self.kind = kind
        self.id = id
        self.location = location
    }

    public var isStack: Bool { kind == .vstack || kind == .hstack }
    /// A button without `UIButton.Configuration` (`configuration: none`); buttons default to `plain`.
    public var isLegacyButton: Bool { kind == .button && (configuration ?? .plain).isLegacy }
    public var showsText: Bool { kind == .label || kind == .button || kind == .textField }
}

public enum TextSource: Sendable, Hashable, CustomStringConvertible {
    case literal(String)
    case key(String)
    public var description: String {
        switch self {
        case .literal(let t): "\"\(t)\""
        case .key(let k): "key \(k)"
        }
    }
}

/// One entry of an element's `arguments`: a value for the string's format specifier of the same
/// number (docs/spec-format.md §9).
public struct ArgumentValue: Sendable, Hashable {
    /// The value as written (what `%@` shows); nil for `~`, which keeps typefit's sample for the
    /// argument.
    public var text: String?
    /// The number it spells, if any (`3`, `"3"`, `2.5`; `007` is 7 for `%lld` and shows as written for
    /// `%@`); nil for any other string.
    public var number: Double?
    /// Where the entry is written.
    public var location: SourceLocation

    public init(text: String?, number: Double?, location: SourceLocation) {
        self.text = text
        self.number = number
        self.location = location
    }
}

public struct Fallback: Sendable, Hashable {
    public enum Condition: Sendable, Hashable {
        case fromCategory(ContentSizeCategory)
        case doesNotFit
    }
    public internal(set) var text: TextSource
    /// The string table of the fallback's key; nil: the element's table.
    public internal(set) var table: String?
    public internal(set) var when: Condition
    public internal(set) var location: SourceLocation
}

public enum FontSpecification: Sendable, Hashable {
    /// Neither `style` nor `font`: UIKit's default, the system font at 17 pt that does not scale.
    case unspecified
    case style(TextStyle)
    case custom(family: String, size: Double, relativeTo: TextStyle?, maximumPointSize: Double?)
}

public enum Dimension: Sendable, Hashable {
    case points(Double)
    case fill
    case fit
}

public struct ButtonImage: Sendable, Hashable {
    public internal(set) var width: Double
    public internal(set) var height: Double
    public internal(set) var padding: Double
}
