import Foundation

/// A shell glob pattern as XcodeGen reads a target source's `excludes`: "Bash 4's Glob behaviors
/// where globstar (**) is enabled" (XcodeGen's Docs/ProjectSpec.md, "Target Source"), with the
/// braces its `Glob` passes to `glob(3)` (`GLOB_BRACE`). Matched against a path relative to the
/// source's folder, never against the file system:
///
/// - `*` matches any characters but `/`, `?` one character but `/`, `[abc]`, `[a-z]` and `[!abc]`
///   one character of (or not of) a set;
/// - `**/` matches no folder or any number of them (`**/igl.lproj` is `igl.lproj` and
///   `a/b/igl.lproj`), and a trailing `/**` the folder and everything below it (`Tests/**`);
/// - `{a,b}` either of its comma-separated parts (one level, as most projects write them).
///
/// A folder the pattern matches stands for everything in it: XcodeGen excludes a matched folder's
/// files recursively (`SourceGenerator.getSourceMatches`), so `matches(path:)` also asks about the
/// path's folders.
public struct GlobPattern: Sendable, Equatable {
    /// The pattern as written.
    public let text: String
    private let regex: NSRegularExpressionBox

    /// Nil for a pattern that cannot be read (an unclosed `[` or `{`, or an empty pattern).
    public init?(_ text: String) {
        guard !text.isEmpty, let source = Self.regularExpression(for: text),
            let regex = try? NSRegularExpression(pattern: "^" + source + "$", options: [])
        else { return nil }
        self.text = text
        self.regex = NSRegularExpressionBox(regex)
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
        regex.value.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }

    /// The pattern as a regular expression (unanchored); nil when it cannot be read.
    static func regularExpression(for pattern: String) -> String? {
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        let chars = Array(text)
        var out = ""
        var i = 0
        var braceDepth = 0
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "*":
                if i + 1 < chars.count, chars[i + 1] == "*" {
                    let atStart = i == 0 || chars[i - 1] == "/"
                    if atStart, i + 2 < chars.count, chars[i + 2] == "/" {
                        // `**/`: no folder, or any number of them.
                        out += "(?:[^/]*/)*"
                        i += 3
                        continue
                    }
                    if atStart, i + 2 == chars.count, out.hasSuffix("/") {
                        // A trailing `/**`: the folder itself and everything in it (bash lists
                        // `dir1/` for `dir1/**`; XcodeGen's Glob adds the globstar's root too).
                        out.removeLast()
                        out += "(?:/.*)?"
                        i += 2
                        continue
                    }
                    // `**` elsewhere: anything, folders included.
                    out += ".*"
                    i += 2
                    continue
                }
                out += "[^/]*"
            case "/": out += "/"  // not escaped: the trailing `/**` case reads it back
            case "?": out += "[^/]"
            case "[":
                guard let close = chars[(i + 1)...].indices.first(where: { $0 > i + 1 && chars[$0] == "]" }) else { return nil }
                var set = String(chars[(i + 1)..<close])
                if set.hasPrefix("!") { set = "^" + set.dropFirst() }
                out += "[" + set.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[") + "]"
                i = close
            case "{":
                braceDepth += 1
                out += "(?:"
            case "," where braceDepth > 0: out += "|"
            case "}" where braceDepth > 0:
                braceDepth -= 1
                out += ")"
            case "\\":
                // An escaped character stands for itself.
                guard i + 1 < chars.count else { return nil }
                out += NSRegularExpression.escapedPattern(for: String(chars[i + 1]))
                i += 1
            default: out += NSRegularExpression.escapedPattern(for: String(c))
            }
            i += 1
        }
        return braceDepth == 0 ? out : nil
    }
}

/// `NSRegularExpression` is immutable and documented as safe to use from several threads.
struct NSRegularExpressionBox: @unchecked Sendable {
    let value: NSRegularExpression
    init(_ value: NSRegularExpression) { self.value = value }
}
