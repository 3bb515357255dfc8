import TypefitCore

/// An option that takes one value, given more than once: an error, never the last value quietly
/// (swift-argument-parser keeps the last, so `--baseline a.json --baseline b.json` accepted b's
/// problems alone, and `--shard 0/2 --shard 1/2` audited one shard). Lists (`--locales`,
/// `--report`, `--font-dir`, …) are repeatable and add up; a flag given twice is the flag.
enum RepeatedOption {
    /// Every command's options that take a single value, by long name (a test checks the set
    /// against swift-argument-parser's own description of each command).
    static let singleValued: Set<String> = [
        "baseline", "catalog", "category", "code", "config", "development-language", "face-index", "format", "jsonl",
        "line-break", "line-height", "lines", "locale", "output", "script", "shard", "size", "strings", "style", "table",
        "threads", "tracking", "variations", "weight", "width", "write-baseline", "write-catalog", "write-xliff", "xliff"
    ]

    /// Throws for the first single-valued option given twice in `arguments` (those after the
    /// command name; `--` ends the options).
    static func check(_ arguments: [String]) throws {
        var seen: [String: String] = [:]
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" { return }
            guard a.hasPrefix("--") else { i += 1; continue }
            let body = a.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            guard singleValued.contains(name) else { i += 1; continue }
            // `--name=value`, or `--name value`.
            let value: String
            if let eq = body.firstIndex(of: "=") {
                value = String(body[body.index(after: eq)...])
                i += 1
            } else {
                value = i + 1 < arguments.count ? arguments[i + 1] : ""
                i += 2
            }
            if let first = seen[name] {
                throw InputError(
                    file: "--\(name)",
                    message: "given twice (\(first.prefix(80)), then \(value.prefix(80))): it takes one value, so give it once")
            }
            seen[name] = value
        }
    }
}
