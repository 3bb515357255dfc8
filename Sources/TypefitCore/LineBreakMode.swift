import Foundation

/// UIKit's `NSLineBreakMode`. Names accept UIKit's (`byTruncatingTail`) and short forms (`truncate-tail`).
public enum LineBreakMode: String, CaseIterable, Sendable, Codable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

    public var shortName: String {
        switch self {
        case .byWordWrapping: "word"
        case .byCharWrapping: "char"
        case .byClipping: "clip"
        case .byTruncatingHead: "truncate-head"
        case .byTruncatingTail: "truncate-tail"
        case .byTruncatingMiddle: "truncate-middle"
        }
    }

    public init?(name: String) {
        // The names as written in the docs, without case folding (every `measure --jsonl` request).
        if let m = Self.allCases.first(where: { $0.shortName == name || $0.rawValue == name }) {
            self = m
            return
        }
        let key = name.lowercased().replacingOccurrences(of: "_", with: "-")
        let aliases: [String: LineBreakMode] = [
            "wordwrap": .byWordWrapping, "charwrap": .byCharWrapping,
            "tail": .byTruncatingTail, "head": .byTruncatingHead,
            "middle": .byTruncatingMiddle, "clipping": .byClipping
        ]
        if let m = Self.allCases.first(where: { $0.rawValue.lowercased() == key || $0.shortName == key }) {
            self = m
        } else if let m = aliases[key] {
            self = m
        } else {
            return nil
        }
    }

    /// Whether the mode puts an ellipsis where text is cut.
    public var truncates: Bool {
        switch self {
        case .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle: true
        case .byWordWrapping, .byCharWrapping, .byClipping: false
        }
    }
}
