import TypefitCore

/// One element of a screen (docs/spec-format.md §8): a label, button, text field, stack, divider,
/// spacer or image view, with the UIKit properties that change what fits.
public struct Element: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case label, button, textField, vstack, hstack, divider, spacer, imageView
    }

    public var kind: Kind
    public var id: String
    public var location: SourceLocation

    // Text
    public var text: TextSource?
    public var placeholder: TextSource?
    public var arguments: [ArgumentValue] = []
    public var fallbacks: [Fallback] = []

    // Font
    public var font: FontSpecification = .unspecified
    public var weight: FontWeight?
    public var adjustsFontForContentSizeCategory: Bool?
    public var minimumContentSizeCategory: ContentSizeCategory?
    public var maximumContentSizeCategory: ContentSizeCategory?

    // Lines
    public var numberOfLines: Int?
    public var lineBreakMode: LineBreakMode?
    public var textAlignment: String?
    public var adjustsFontSizeToFitWidth = false
    public var minimumScaleFactor: Double = 0

    // Size
    public var width: Dimension?
    public var height: Dimension?
    public var minWidth: Double?
    public var minHeight: Double?
    public var maxHeight: Double?
    public var compressionResistance: Double = 750

    // Button
    public var configuration: String?
    public var contentInsets: Edges?
    public var image: ButtonImage?
    public var cornerRadius: Double?
    public var isPrimary = false

    // Text field
    public var borderStyle: String?

    // Stacks
    public var spacing: Double = 0
    public var alignment: String?
    public var distribution: String?
    public var layoutMargins: Edges = .zero
    public var children: [Element] = []

    public init(kind: Kind, id: String, location: SourceLocation) {
        self.kind = kind
        self.id = id
        self.location = location
    }

    public var isStack: Bool { kind == .vstack || kind == .hstack }
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

public enum ArgumentValue: Sendable, Hashable {
    case number(Double)
    case string(String)
}

public struct Fallback: Sendable, Hashable {
    public enum Condition: Sendable, Hashable {
        case fromCategory(ContentSizeCategory)
        case doesNotFit
    }
    public var text: TextSource
    public var when: Condition
    public var location: SourceLocation
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
    public var width: Double
    public var height: Double
    public var padding: Double
}
