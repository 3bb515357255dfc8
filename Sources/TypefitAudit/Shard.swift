import TypefitCore

/// One of `count` shares of an audit's spec files, for CI runners that audit a large app in parallel:
/// runner `index` takes the spec files at positions index, index + count, index + 2·count… of the
/// sorted list. The shares are disjoint and together are every spec file, so the shards' findings
/// together are one run's (README "Scaling beyond one machine").
public struct Shard: Sendable, Equatable {
    public var index: Int
    public var count: Int

    /// "i/n" with 0 ≤ i < n, as `--shard` takes it.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw InputError(
                file: "--shard", message: "'\(ControlCharacters.escaped(text))' is not INDEX/COUNT",
                hint: "e.g. --shard 0/4 … --shard 3/4 for four runners")
        }
        guard n >= 1, n <= 10_000, i >= 0, i < n else {
            throw InputError(
                file: "--shard", message: "shard \(i)/\(n) does not exist",
                hint: "the count is 1 to 10000 and the index 0 to count − 1, e.g. --shard 0/\(max(n, 2))")
        }
        index = i
        count = n
    }

    /// Shard `index` of `count` (0 ≤ index < count), as a report read back names it.
    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// This shard's share of `files` (sorted as the audit sorts them).
    public func select(_ files: [String]) -> [String] {
        files.enumerated().filter { $0.offset % count == index }.map(\.element)
    }

    /// Where this shard's `k`-th file stands in the whole run's list: the inverse of `select`
    /// (`typefit merge` puts the shards' spec files back in the run's order).
    public func position(ofOwn k: Int) -> Int { index + k * count }
}
