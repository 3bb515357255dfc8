import Foundation
import TypefitCore
import Yams

/// Typed access to a Yams node tree with precise, one-line errors: every error names the file, line
/// and column of the offending node, and unknown keys get a "did you mean" hint from the keys valid
/// at that place.
struct YAMLReader {
    let file: String

    func location(_ node: Node) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    func error(_ node: Node, _ message: String, hint: String? = nil) -> InputError {
        let l = location(node)
        return InputError(file: file, line: l.line, column: l.column, message: message, hint: hint)
    }

    /// The pairs of a mapping, in order; rejects unknown keys, duplicate keys and non-string keys.
    func mapping(
        _ node: Node, allowed: [String], what: String, extraHint: (String) -> String? = { _ in nil }
    ) throws -> [(key: String, keyNode: Node, value: Node)] {
        guard case .mapping(let m) = node else {
            throw error(node, "\(what) must be a mapping (key: value)")
        }
        var seen = Set<String>()
        var out: [(String, Node, Node)] = []
        for (k, v) in m {
            guard case .scalar(let s) = k else { throw error(k, "keys must be plain strings") }
            let key = s.string
            guard allowed.contains(key) else {
                throw error(
                    k, "unknown key '\(key)' in \(what)",
                    hint: extraHint(key) ?? Suggestion.hint(for: key, in: allowed) ?? "valid keys: " + allowed.joined(separator: ", "))
            }
            guard seen.insert(key).inserted else { throw error(k, "duplicate key '\(key)' in \(what)") }
            out.append((key, k, v))
        }
        return out
    }

    /// Whether `node` is YAML's null: a plain `~`, `null`, `Null`, `NULL` or nothing (a quoted "~" is
    /// a string).
    func isNull(_ node: Node) -> Bool {
        guard case .scalar(let s) = node, s.style == .plain || s.style == .any else { return false }
        return ["~", "null", "Null", "NULL", ""].contains(s.string)
    }

    func string(_ node: Node, _ what: String) throws -> String {
        guard case .scalar(let s) = node else { throw error(node, "\(what) must be a string") }
        return s.string
    }

    /// A string that is measured (`text:`, `placeholder:`, a fallback's text): at most
    /// `TextLimit.maximumLength` UTF-16 units.
    func text(_ node: Node, _ what: String) throws -> String {
        let s = try string(node, what)
        if let problem = TextLimit.problem(s) { throw error(node, "\(what): \(problem)") }
        return s
    }

    func number(_ node: Node, _ what: String, min: Double = 0, max: Double = 100_000) throws -> Double {
        guard case .scalar(let s) = node, let v = Double(s.string.trimmingCharacters(in: .whitespaces)), v.isFinite else {
            throw error(node, "\(what) must be a number")
        }
        guard v >= min && v <= max else {
            throw error(node, "\(what) must be between \(Self.format(min)) and \(Self.format(max)) (got \(Self.format(v)))")
        }
        return v
    }

    func integer(_ node: Node, _ what: String, min: Int = 0, max: Int = 10_000) throws -> Int {
        guard case .scalar(let s) = node else { throw error(node, "\(what) must be a whole number") }
        let written = s.string.trimmingCharacters(in: .whitespaces)
        guard let v = Int(written) else {
            // 99999999999999999999 is a whole number, just not one Int holds: say it is out of range.
            if let d = Double(written), d.isFinite, d == d.rounded(), written.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }) {
                throw error(node, "\(what) must be between \(min) and \(max) (got \(written))")
            }
            throw error(node, "\(what) must be a whole number")
        }
        guard v >= min && v <= max else { throw error(node, "\(what) must be between \(min) and \(max) (got \(v))") }
        return v
    }

    func bool(_ node: Node, _ what: String) throws -> Bool {
        guard case .scalar(let s) = node else { throw error(node, "\(what) must be true or false") }
        switch s.string {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: throw error(node, "\(what) must be true or false (got '\(s.string)')")
        }
    }

    /// A list, or a single scalar taken as a one-element list.
    func list(_ node: Node, _ what: String, allowScalar: Bool = true) throws -> [Node] {
        switch node {
        case .sequence(let seq): return Array(seq)
        case .scalar where allowScalar: return [node]
        default: throw error(node, "\(what) must be a list")
        }
    }

    func choice<T>(_ node: Node, _ what: String, _ options: [String: T]) throws -> T {
        let s = try string(node, what)
        if let v = options[s] { return v }
        throw error(
            node, "unknown \(what) '\(s)'",
            hint: Suggestion.hint(for: s, in: options.keys.sorted()) ?? "use one of: " + options.keys.sorted().joined(separator: ", "))
    }

    /// One of an enum's raw values (`TextAlignment`, `RuleID`, …), with a hint as `choice` gives.
    func choice<T: CaseIterable & RawRepresentable>(_ node: Node, _ what: String, of type: T.Type) throws -> T
    where T.RawValue == String {
        try choice(node, what, Dictionary(uniqueKeysWithValues: T.allCases.map { ($0.rawValue, $0) }))
    }

    func category(_ node: Node, _ what: String) throws -> ContentSizeCategory {
        let s = try string(node, what)
        guard let c = ContentSizeCategory(name: s) else {
            throw error(
                node, "unknown content size category '\(s)'",
                hint: ContentSizeCategory.hint(for: s)
                    ?? "use one of: "
                    + ContentSizeCategory.allNames.joined(separator: ", "))
        }
        return c
    }

    func edges(_ node: Node, _ what: String) throws -> Edges {
        if case .scalar = node { return .all(try number(node, what)) }
        var e = Edges.zero
        for (key, _, value) in try mapping(node, allowed: ["top", "leading", "bottom", "trailing"], what: what) {
            let v = try number(value, "\(what).\(key)")
            switch key {
            case "top": e.top = v
            case "leading": e.leading = v
            case "bottom": e.bottom = v
            default: e.trailing = v
            }
        }
        return e
    }

    /// "12", "0.5", "1e+308": whole numbers without ".0" (through Int only where it cannot overflow).
    static func format(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}
