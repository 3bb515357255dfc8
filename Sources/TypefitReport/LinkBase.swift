import Foundation

/// Links from a report file to the files it names (a spec line, a strings file): relative to the
/// folder the report is written to, so they work wherever the checkout and its report folder are
/// opened or archived together.
struct LinkBase: Sendable {
    /// The working folder the report's relative paths are relative to.
    var baseDirectory: String?
    /// The folder the report is written to (relative to `baseDirectory`, or absolute).
    var reportDirectory: String?

    /// `Specs/login.yaml` from a report in `build/typefit/` → `../../Specs/login.yaml`; an absolute
    /// path that is not under the base folder → `file:///…`. Percent-encoded. (A line is the
    /// fragment `#L12` after it: `Page.link`.)
    func href(_ path: String) -> String {
        let target = absolute(path)
        let from = absolute(reportDirectory ?? "")
        let t = components(target), f = components(from)
        var common = 0
        while common < t.count && common < f.count && t[common] == f[common] { common += 1 }
        let relative: [String]
        if common == 0 && target.hasPrefix("/") {
            return "file://" + encode(target)
        } else {
            relative = Array(repeating: "..", count: f.count - common) + t[common...]
        }
        return encode(relative.joined(separator: "/"))
    }

    private func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return (path as NSString).standardizingPath }
        guard let base = baseDirectory else { return path.isEmpty ? "." : path }
        return ((base as NSString).appendingPathComponent(path) as NSString).standardizingPath
    }

    private func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init).filter { $0 != "." && !$0.isEmpty }
    }

    private func encode(_ s: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "#?;")
        return s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s
    }
}
