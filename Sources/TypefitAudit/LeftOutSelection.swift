import TypefitCore

/// What a narrowed run did not check (`AuditReport.leftOut`): the devices and text sizes its
/// selection left out, and the rules turned off (`severity: ignore`). A gate run on one device, at
/// the Large size or with `truncated` ignored never reads as if everything had passed, in one run's
/// reports or in shards' merged.
public struct LeftOutSelection: Codable, Sendable, Equatable {
    /// A rule `severity: ignore` turns off (in `.typefit.yml`, or a spec's own `severity:`), and on
    /// how many screens (spec documents) of the run.
    public struct IgnoredRule: Codable, Sendable, Equatable {
        public var rule: RuleID
        public var screens: Int
    }

    /// The sizes `--categories` (or `.typefit.yml`'s `categories`) left out, smallest first.
    public var categories: [ContentSizeCategory]
    /// The devices the audited specs name that `--devices` (or `.typefit.yml`'s `devices`) left
    /// out, sorted.
    public var devices: [String]
    /// The rules ignored on some screen, in `RuleID` order (as `typefit rules` lists them).
    public var rules: [IgnoredRule]

    /// Nil when the run left out no size, device or rule.
    init?(categories: [ContentSizeCategory], devices: [String], rules: [IgnoredRule]) {
        guard !categories.isEmpty || !devices.isEmpty || !rules.isEmpty else { return nil }
        self.categories = categories
        self.devices = devices
        self.rules = rules
    }

    /// What a run with these options left out: the sizes `categories` does not name, the
    /// `specDevices` not audited when `devices` was asked for, and the rules each screen ignores
    /// (`ignored`: per rule, the screens that ignore it).
    init?(options: AuditOptions, specDevices: Set<String>, usedDevices: Set<String>, ignored: [RuleID: Int]) {
        self.init(
            categories: options.categories.map { c in ContentSizeCategory.allCases.filter { !c.contains($0) } } ?? [],
            devices: options.devices == nil ? [] : specDevices.subtracting(usedDevices).sorted(),
            rules: Self.rules(ignored))
    }

    /// Per rule ignored somewhere, in `RuleID` order, how many screens ignore it.
    private static func rules(_ ignored: [RuleID: Int]) -> [IgnoredRule] {
        RuleID.allCases.compactMap { rule in ignored[rule].map { IgnoredRule(rule: rule, screens: $0) } }
    }

    /// The shards' of one run together: the same options leave out the same sizes, each shard
    /// names the devices its own specs have, so the run's are all of theirs, and a rule is ignored
    /// on as many screens as the shards' together.
    static func merging(_ shards: [LeftOutSelection?]) -> LeftOutSelection? {
        var ignored: [RuleID: Int] = [:]
        for shard in shards { for r in shard?.rules ?? [] { ignored[r.rule, default: 0] += r.screens } }
        return LeftOutSelection(
            categories: shards.lazy.compactMap { $0?.categories }.first { !$0.isEmpty } ?? [],
            devices: Set(shards.flatMap { $0?.devices ?? [] }).sorted(),
            rules: rules(ignored))
    }
}
