import Foundation

/// A shell glob pattern as XcodeGen reads a target source's `excludes`: "Bash 4's Glob behaviors
/// where globstar (**) is enabled" (XcodeGen's Docs/ProjectSpec.md, "Target Source"), with the
/// braces its `Glob` passes to `glob(3)` (`GLOB_BRACE`). Matched against a path relative to the
/// source's folder, never against the file system:
///
/// - `*` matches any characters but `/`, `?` one character but `/`, `[abc]`, `[a-z]` and `[!abc]`
///   one character of (or not of) a set;
/// - `**/` matches no folder or any number of them (`**/igl.lproj` is `igl.lproj` and
///   `a/b/igl.lproj`), a trailing `/**` the folder and everything below it (`Tests/**`), and `**`
///   elsewhere any characters;
/// - `{a,b}` either of its comma-separated parts, expanded first as bash expands braces;
/// - `\x` the character `x` itself.
///
/// A folder the pattern matches stands for everything in it: XcodeGen excludes a matched folder's
/// files recursively (`SourceGenerator.getSourceMatches`), so `matches(path:)` also asks about the
/// path's folders.
public struct GlobPattern: Sendable, Equatable {
    /// The pattern as written.
    public let text: String
    /// The pattern's brace expansions, each a list of tokens.
    private let alternatives: [[Token]]

    /// The most alternatives braces may expand to, and the longest pattern read.
    static let maximumAlternatives = 256
    static let maximumLength = 1024

    enum Token: Sendable, Equatable {
        case character(Character)
        /// `?`
        case one
        /// `*`
        case star
        /// `**/`: no folder, or any number of them.
        case folders
        /// A trailing `/**`: nothing, or `/` and anything.
        case below
        /// `**` elsewhere: anything.
        case anything
        /// `[…]`: ranges (a single character is a range of one), negated with `!` or `^`.
        case set(negated: Bool, ranges: [ClosedRange<Character>])
    }

    /// Nil for a pattern that cannot be read (an unclosed `[`, unbalanced braces, a trailing `\`,
    /// more than 256 brace expansions, more than 1,024 characters, or an empty pattern).
    public init?(_ text: String) {
        guard !text.isEmpty, text.count <= Self.maximumLength, let expanded = Self.expandBraces(text) else { return nil }
        var alternatives: [[Token]] = []
        for pattern in expanded {
            var body = Substring(pattern)
            while body.hasPrefix("./") { body = body.dropFirst(2) }
            guard let tokens = Self.tokens(Array(body)) else { return nil }
            alternatives.append(tokens)
        }
        self.text = text
        self.alternatives = alternatives
    }

    public static func == (a: GlobPattern, b: GlobPattern) -> Bool { a.text == b.text }

    /// Whether the pattern matches `path` (relative to the pattern's folder, `/`-separated, no
    /// leading `./`) or one of the folders it is in.
    public func matches(path: String) -> Bool {
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
            if matchesExactly(prefix) { return true }
        }
        return false
    }

    /// Whether the pattern matches `path` itself.
    public func matchesExactly(_ path: String) -> Bool {
        let chars = Array(path)
        return alternatives.contains { tokens in
            var matcher = Matcher(tokens: tokens, path: chars)
            return matcher.matches()
        }
    }

    /// `{a,b}` expanded, outermost first, as bash expands braces before it globs; a brace without a
    /// comma at its level is kept as written. Nil when the braces do not balance or expand to too many.
    static func expandBraces(_ pattern: String) -> [String]? {
        let chars = Array(pattern)
        var depth = 0, open: Int?
        var commas: [Int] = []
        var i = 0
        while i < chars.count {
            switch chars[i] {
            case "\\": i += 1
            case "{":
                if depth == 0 { open = i; commas = [] }
                depth += 1
            case "," where depth == 1: commas.append(i)
            case "}":
                guard depth > 0 else { return nil }
                depth -= 1
                if depth == 0, let start = open, !commas.isEmpty {
                    let head = String(chars[..<start]), tail = String(chars[(i + 1)...])
                    let bounds = [start] + commas + [i]
                    var out: [String] = []
                    for k in 0..<(bounds.count - 1) {
                        let part = String(chars[(bounds[k] + 1)..<bounds[k + 1]])
                        guard let rest = expandBraces(head + part + tail) else { return nil }
                        out += rest
                        if out.count > maximumAlternatives { return nil }
                    }
                    return out
                }
            default: break
            }
            i += 1
        }
        return depth == 0 ? [pattern] : nil
    }

    /// The tokens of one brace-free pattern; nil when it cannot be read.
    static func tokens(_ chars: [Character]) -> [Token]? {
        var out: [Token] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "*":
                guard i + 1 < chars.count, chars[i + 1] == "*" else {
                    out.append(.star)
                    break
                }
                let atStart = i == 0 || chars[i - 1] == "/"
                if atStart, i + 2 < chars.count, chars[i + 2] == "/" {
                    out.append(.folders)
                    i += 3
                    continue
                }
                if atStart, i + 2 == chars.count, out.last == .character("/") {
                    // A trailing `/**`: the folder itself and everything in it (bash lists `dir1/`
                    // for `dir1/**`; XcodeGen's Glob adds the globstar's root too).
                    out.removeLast()
                    out.append(.below)
                    i += 2
                    continue
                }
                out.append(.anything)
                i += 1
            case "?": out.append(.one)
            case "[":
                var j = i + 1
                var negated = false
                if j < chars.count, chars[j] == "!" || chars[j] == "^" {
                    negated = true
                    j += 1
                }
                var ranges: [ClosedRange<Character>] = []
                var first = true
                while j < chars.count, chars[j] != "]" || first {
                    first = false
                    if j + 2 < chars.count, chars[j + 1] == "-", chars[j + 2] != "]" {
                        guard chars[j] <= chars[j + 2] else { return nil }
                        ranges.append(chars[j]...chars[j + 2])
                        j += 3
                    } else {
                        ranges.append(chars[j]...chars[j])
                        j += 1
                    }
                }
                guard j < chars.count else { return nil }
                out.append(.set(negated: negated, ranges: ranges))
                i = j
            case "\\":
                guard i + 1 < chars.count else { return nil }
                out.append(.character(chars[i + 1]))
                i += 1
            default: out.append(.character(c))
            }
            i += 1
        }
        return out
    }

    /// Matches tokens against a path, remembering each (token, position) already tried, so that
    /// no pattern costs more than tokens × characters steps.
    private struct Matcher {
        let tokens: [Token]
        let path: [Character]
        /// Per token and position: 0 not tried, 1 no match, 2 a match.
        var tried: [UInt8]

        init(tokens: [Token], path: [Character]) {
            self.tokens = tokens
            self.path = path
            tried = Array(repeating: 0, count: (tokens.count + 1) * (path.count + 1))
        }

        mutating func matches() -> Bool { match(0, 0) }

        private mutating func match(_ t: Int, _ p: Int) -> Bool {
            let slot = t * (path.count + 1) + p
            if tried[slot] != 0 { return tried[slot] == 2 }
            let result = step(t, p)
            tried[slot] = result ? 2 : 1
            return result
        }

        private mutating func step(_ t: Int, _ p: Int) -> Bool {
            guard t < tokens.count else { return p == path.count }
            switch tokens[t] {
            case .character(let c): return p < path.count && path[p] == c && match(t + 1, p + 1)
            case .one: return p < path.count && path[p] != "/" && match(t + 1, p + 1)
            case .set(let negated, let ranges):
                guard p < path.count, path[p] != "/" else { return false }
                return ranges.contains { $0.contains(path[p]) } != negated && match(t + 1, p + 1)
            case .star:
                var q = p
                while true {
                    if match(t + 1, q) { return true }
                    guard q < path.count, path[q] != "/" else { return false }
                    q += 1
                }
            case .folders:
                if match(t + 1, p) { return true }
                for q in p..<path.count where path[q] == "/" && match(t + 1, q + 1) { return true }
                return false
            case .below: return p == path.count || path[p] == "/"
            case .anything:
                for q in p...path.count where match(t + 1, q) { return true }
                return false
            }
        }
    }
}
