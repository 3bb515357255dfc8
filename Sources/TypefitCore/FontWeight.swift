import Foundation

/// A font weight on the OpenType `usWeightClass` scale (100 … 900), with UIKit's names.
public struct FontWeight: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let ultraLight = FontWeight(rawValue: 100)
    public static let thin = FontWeight(rawValue: 200)
    public static let light = FontWeight(rawValue: 300)
    public static let regular = FontWeight(rawValue: 400)
    public static let medium = FontWeight(rawValue: 500)
    public static let semibold = FontWeight(rawValue: 600)
    public static let bold = FontWeight(rawValue: 700)
    public static let heavy = FontWeight(rawValue: 800)
    public static let black = FontWeight(rawValue: 900)

    static let names: [(String, FontWeight)] = [
        ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
        ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black)
    ]

    /// Accepts UIKit names (`semibold`), `normal`, and numbers 1…1000.
    public init?(name: String) {
        let key = name.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: " ", with: "")
        if let n = Int(key), (1...1000).contains(n) { self.init(rawValue: n); return }
        if key == "normal" || key == "plain" { self = .regular; return }
        if key == "extrabold" { self = .heavy; return }
        if key == "extralight" { self = .ultraLight; return }
        guard let found = Self.names.first(where: { $0.0.lowercased() == key }) else { return nil }
        self = found.1
    }

    public static var allNames: [String] { names.map(\.0) }

    public var description: String {
        Self.names.first(where: { $0.1 == self })?.0 ?? String(rawValue)
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(Int.self) { self.init(rawValue: n); return }
        let s = try c.decode(String.self)
        guard let w = FontWeight(name: s) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown weight '\(s)'"))
        }
        self = w
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
