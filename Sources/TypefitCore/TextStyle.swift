import Foundation

/// The eleven iOS text styles with their Dynamic Type point sizes, leading and weights.
///
/// Every number is HIG data from shared/reference/dynamic-type-facts.md §1a (sizes),
/// §1b (leading) and §1c (weights); Caption 2 at AX5 is the HIG's 40 pt (an iOS 13.3
/// simulator measured 41, see §1a).
public enum TextStyle: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    public var description: String { rawValue }

    /// Accepts the UIKit name (`title1`, `subheadline`), the HIG spelling (`Title 1`, `Subhead`)
    /// and UIKit's raw values (`UICTFontTextStyleTitle0`).
    public init?(name: String) {
        guard let style = Self.byKey[Self.key(name)] else { return nil }
        self = style
    }

    /// The name lowercased, its spaces and then every `uictfonttextstyle` taken out (literally, left to
    /// right, as `replacingOccurrences(of:with:)` did for these ASCII patterns, in one pass over the
    /// bytes: Foundation's two replacements cost about 20,000 instructions a name, for every style a
    /// spec names and every `typefit measure` request).
    static func key(_ name: String) -> String {
        var lowered = name.lowercased()
        return lowered.withUTF8 { bytes in
            let prefix = Array("uictfonttextstyle".utf8)
            var spaceless: [UInt8] = []
            spaceless.reserveCapacity(bytes.count)
            for b in bytes where b != 0x20 { spaceless.append(b) }
            var out: [UInt8] = []
            out.reserveCapacity(spaceless.count)
            var i = 0
            while i < spaceless.count {
                if spaceless[i] == prefix[0], spaceless.count - i >= prefix.count, spaceless[i..<i + prefix.count].elementsEqual(prefix) {
                    i += prefix.count
                } else {
                    out.append(spaceless[i])
                    i += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Every accepted key (`key(_:)`): each style's raw value lowercased, then the aliases.
    static let byKey: [String: TextStyle] = {
        var keys: [String: TextStyle] = [:]
        for style in allCases where keys[style.rawValue.lowercased()] == nil { keys[style.rawValue.lowercased()] = style }
        let aliases: [(String, TextStyle)] = [
            ("title0", .largeTitle), ("title", .title1), ("subhead", .subheadline), ("caption", .caption1),
            ("emphasizedlargetitle", .largeTitle)
        ]
        for (alias, style) in aliases where keys[alias] == nil { keys[alias] = style }
        return keys
    }()

    /// Point size at each category, xSmall … AX5 (HIG table 1a).
    public var pointSizes: [Double] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// Leading (line height) in points at each category (HIG table 1b).
    public var leadings: [Double] {
        switch self {
        case .largeTitle: [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70]
        case .title1: [31, 32, 33, 34, 37, 39, 41, 46, 51, 57, 62, 68]
        case .title2: [24, 25, 26, 28, 30, 32, 34, 41, 47, 52, 59, 66]
        case .title3: [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 58, 65]
        case .headline: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62]
        case .body: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62]
        case .callout: [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 52, 60]
        case .subheadline: [16, 18, 19, 20, 22, 24, 28, 31, 37, 43, 50, 58]
        case .footnote: [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 46, 52]
        case .caption1: [13, 13, 13, 16, 19, 21, 23, 28, 32, 39, 44, 51]
        case .caption2: [13, 13, 13, 13, 18, 20, 22, 25, 30, 35, 41, 48]
        }
    }

    public func pointSize(at category: ContentSizeCategory) -> Double { Self.sizeTable[index][category.rawValue] }
    public func leading(at category: ContentSizeCategory) -> Double { Self.leadingTable[index][category.rawValue] }

    /// The tables of every style in `allCases` order, made once: `pointSizes` and `leadings` build
    /// their array on every call, and every element asks at every state.
    private static let sizeTable = allCases.map(\.pointSizes)
    private static let leadingTable = allCases.map(\.leadings)

    /// The style's place in `allCases` (a `TextStyle` hashes its raw value, a string: no dictionary).
    private var index: Int {
        switch self {
        case .largeTitle: 0
        case .title1: 1
        case .title2: 2
        case .title3: 3
        case .headline: 4
        case .body: 5
        case .callout: 6
        case .subheadline: 7
        case .footnote: 8
        case .caption1: 9
        case .caption2: 10
        }
    }

    /// Regular weight of the style (HIG table 1c): Headline is Semibold, all others Regular.
    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// Weight with the bold trait (HIG table 1c "emphasized weight").
    public var emphasizedWeight: FontWeight {
        switch self {
        case .largeTitle, .title1, .title2: .bold
        default: .semibold
        }
    }

    /// `size@category ÷ size@Large` — the approximation typefit uses for `UIFontMetrics`
    /// scaling of custom fonts (Apple does not publish its curve; §3b of the reference shows
    /// errors of about +2 % at Medium and −9 % at AX5 for body).
    public func scaleFactor(at category: ContentSizeCategory) -> Double {
        pointSize(at: category) / pointSize(at: .large)
    }
}
