import TypefitCore

/// What the baseline did in a run (`AuditReport.baseline`; absent without `--baseline`).
public struct BaselineResult: Codable, Sendable, Equatable {
    /// The baseline file, as given on the command line.
    public var file: String
    /// Entries in it.
    public var entries: Int
    /// Findings it accepted (`summary.baselined`).
    public var accepted: Int
    /// Entries that accept more than this run found, in file order.
    public var stale: [StaleEntry]

    public init(file: String, entries: Int, accepted: Int, stale: [StaleEntry]) {
        self.file = file
        self.entries = entries
        self.accepted = accepted
        self.stale = stale
    }

    /// An entry some of whose locales, devices, orientations or focused fields no finding matched,
    /// or whose findings now start at a larger category than its `from`: the problem was fixed or
    /// improved (or not audited in this run), and `--write-baseline` would tighten the entry.
    public struct StaleEntry: Codable, Sendable, Equatable {
        /// The entry's line in the baseline file.
        public var line: Int?
        public var spec: String
        public var screen: String
        public var element: String
        public var rule: RuleID
        public var from: String?
        /// Findings the entry accepted in this run (0: nothing it lists fails any more).
        public var matched: Int
        public var unmatchedLocales: [String]?
        public var unmatchedDevices: [String]?
        public var unmatchedOrientations: [String]?
        public var unmatchedEditing: [String]?
        /// The smallest category its findings start at now, when larger than `from`.
        public var nowFailsFrom: String?

        /// "hu, ms no longer fail; now fails from Large" — what changed, for the command line.
        public var change: String {
            var parts: [String] = []
            if matched == 0 { return "nothing it lists fails any more" }
            if let l = unmatchedLocales { parts.append("no finding in " + l.joined(separator: ", ")) }
            if let d = unmatchedDevices { parts.append("none on " + d.joined(separator: ", ")) }
            if let o = unmatchedOrientations { parts.append("none in " + o.joined(separator: ", ")) }
            if let e = unmatchedEditing { parts.append("none editing " + e.joined(separator: ", ")) }
            if let c = nowFailsFrom { parts.append("fails from \(c) now" + (from.map { ", not \($0)" } ?? "")) }
            return parts.joined(separator: "; ")
        }
    }
}

extension BaselineResult {
    /// The note the command line prints on standard error when entries are stale: a count, then at
    /// most `limit` entries (text from the baseline shown with control characters escaped).
    public func staleNote(limit: Int) -> [String] {
        guard !stale.isEmpty else { return [] }
        let file = Baseline.shown(self.file)
        var lines = [
            "typefit: \(stale.count) of \(entries) baseline entr\(entries == 1 ? "y is" : "ies are") stale (fixed, improved or not audited in this run); `typefit audit … --write-baseline \(file)` tightens them"
        ]
        for e in stale.prefix(limit) {
            let place = e.line.map { "\(file):\($0)" } ?? file
            lines.append(
                "  \(place): \(Baseline.shown(e.spec)) — \(Baseline.shown(e.screen)) — \(Baseline.shown(e.element)) \(e.rule.rawValue)\(e.from.map { " from \($0)" } ?? ""): \(Baseline.shown(e.change))"
            )
        }
        if stale.count > limit && limit > 0 {
            lines.append("  … and \(stale.count - limit) more (the JSON report lists them under baseline.stale)")
        }
        return lines
    }
}
