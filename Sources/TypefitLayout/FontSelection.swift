import TypefitCore

/// Which fonts a text asks for before fallback.
public enum FontSelection: Hashable, Sendable, CustomStringConvertible {
    /// The system font: Apple's SF from the user's font folders when present, else typefit's
    /// calibrated stand-in, Inter and Inter Display blended along SF's optical-size curve
    /// (`SystemFontSource`, `SystemFontModel`), with SF's tracking and line height.
    case system
    /// Font files or family names, in order; each may name a face in a collection and variation axes.
    case fonts([FontSpec])

    /// Whether it is the system font: a test of the case alone (comparing with `== .system` went
    /// through the derived equality, which retained and released the other case's list around it,
    /// for every text measured and checked).
    @inlinable public var isSystem: Bool {
        if case .system = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .system: "system"
        case .fonts(let specs): specs.map(\.description).joined(separator: ", ")
        }
    }
}

/// A font file path or family name, with an optional face index and variation axis values.
public struct FontSpec: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var faceIndex: Int?
    public var variations: [String: Double]

    public init(_ name: String, faceIndex: Int? = nil, variations: [String: Double] = [:]) {
        self.name = name
        self.faceIndex = faceIndex
        self.variations = variations
    }

    /// Whether `name` looks like a path rather than a family name.
    public var isPath: Bool {
        name.contains("/") || [".otf", ".ttf", ".ttc", ".otc"].contains { name.lowercased().hasSuffix($0) }
    }

    public var description: String { faceIndex.map { "\(name)#\($0)" } ?? name }

    /// Parses `wght=600,opsz=20` axis settings.
    public static func parseVariations(_ text: String) -> [String: Double]? {
        var result: [String: Double] = [:]
        for part in text.split(separator: ",") {
            let kv = part.split(separator: "=")
            guard kv.count == 2, kv[0].count == 4, let v = Double(kv[1]) else { return nil }
            result[String(kv[0])] = v
        }
        return result
    }
}
