/// A path relative to a folder, both absolute and standardized: `login/login.yaml`,
/// `../Specs/login.yaml`, `.` for the folder itself. What reports, baselines and `typefit init`
/// write where a path must not depend on where the repository is checked out.
public enum RelativePath {
    public static func of(_ target: String, from directory: String) -> String {
        let t = target.split(separator: "/", omittingEmptySubsequences: true)
        let d = directory.split(separator: "/", omittingEmptySubsequences: true)
        var common = 0
        while common < t.count, common < d.count, t[common] == d[common] { common += 1 }
        let parts = Array(repeating: "..", count: d.count - common) + t[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
