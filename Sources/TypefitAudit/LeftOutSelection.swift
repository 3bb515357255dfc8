import TypefitCore

/// What a narrowed run did not check (`AuditReport.leftOut`): the devices and text sizes its
/// selection left out, the sizes specs' own `categories:` left out, and the rules turned off
/// (`severity: ignore`). A gate run on one device, at
/// the Large size or with `truncated` ignored never reads as if everything had passed, in one run's
/// reports or in shards' merged.
public struct LeftOutSelection: Codable, Sendable, Equatable {
    /// A rule `severity: ignore` turns off (in `.typefit.yml`, or a spec's own `severity:`), and on
    /// how many screens (spec documents) of the run.
    public struct IgnoredRule: Codable, Sendable, Equatable {
        public var rule: RuleID
        public var screens: Int
    }

    /// Text sizes a spec's own `categories:` leaves out (the run asked for no `--categories`, which
    /// would replace them), and on how many screens (spec documents) of the run.
    public struct SpecSizes: Codable, Sendable, Equatable {
        /// The sizes left out, smallest first.
        public var categories: [ContentSizeCategory]
        public var screens: Int
    }

    /// The sizes `--categories` (or `.typefit.yml`'s `categories`) left out, smallest first.
    public var categories: [ContentSizeCategory]
    /// The sizes screens' own specs left out, one entry per set of sizes: most screens first, then
    /// in xSmall … AX5 order of the sizes left out. Empty when no spec narrows its sizes.
    public var specCategories: [SpecSizes]
    /// The devices the audited specs name that `--devices` (or `.typefit.yml`'s `devices`) left
    /// out, sorted.
    public var devices: [String]
    /// The rules ignored on some screen, in `RuleID` order (as `typefit rules` lists them).
    public var rules: [IgnoredRule]

    /// Nil when the run left out no size, device or rule.
    init?(categories: [ContentSizeCategory], specCategories: [SpecSizes], devices: [String], rules: [IgnoredRule]) {
        guard !categories.isEmpty || !specCategories.isEmpty || !devices.isEmpty || !rules.isEmpty else { return nil }
        self.categories = categories
        self.specCategories = specCategories
        self.devices = devices
        self.rules = rules
    }

    /// What a run with these options left out: the sizes `categories` does not name, those the
    /// specs' own `categories:` do not (`specSizes`: per set of sizes left out, the screens), the
    /// `specDevices` not audited when `devices` was asked for, and the rules each screen ignores
    /// (`ignored`: per rule, the screens that ignore it).
    init?(
        options: AuditOptions, specSizes: [[ContentSizeCategory]: Int], specDevices: Set<String>, usedDevices: Set<String>,
        ignored: [RuleID: Int]
    ) {
        self.init(
            categories: options.categories.map { c in ContentSizeCategory.allCases.filter { !c.contains($0) } } ?? [],
            specCategories: Self.specCategories(specSizes),
            devices: options.devices == nil ? [] : specDevices.subtracting(usedDevices).sorted(),
            rules: Self.rules(ignored))
    }

    enum CodingKeys: String, CodingKey { case categories, specCategories, devices, rules }

    /// A report written before `specCategories` existed has none.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        categories = try c.decode([ContentSizeCategory].self, forKey: .categories)
        specCategories = try c.decodeIfPresent([SpecSizes].self, forKey: .specCategories) ?? []
        devices = try c.decode([String].self, forKey: .devices)
        rules = try c.decode([IgnoredRule].self, forKey: .rules)
    }

    /// The JSON report's `leftOut`: `specCategories` only when a spec left sizes out.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(categories, forKey: .categories)
        if !specCategories.isEmpty { try c.encode(specCategories, forKey: .specCategories) }
        try c.encode(devices, forKey: .devices)
        try c.encode(rules, forKey: .rules)
    }

    /// The sets of sizes specs left out, most screens first, then in size order.
    private static func specCategories(_ sizes: [[ContentSizeCategory]: Int]) -> [SpecSizes] {
        sizes.map { SpecSizes(categories: $0.key, screens: $0.value) }.sorted {
            $0.screens != $1.screens ? $0.screens > $1.screens : $0.categories.lexicographicallyPrecedes($1.categories)
        }
    }

    /// Per rule ignored somewhere, in `RuleID` order, how many screens ignore it.
    private static func rules(_ ignored: [RuleID: Int]) -> [IgnoredRule] {
        RuleID.allCases.compactMap { rule in ignored[rule].map { IgnoredRule(rule: rule, screens: $0) } }
    }

    /// The shards' of one run together: the same options leave out the same sizes, each shard
    /// names the devices its own specs have, so the run's are all of theirs, and a rule is ignored
    /// (or a set of sizes left out by specs) on as many screens as the shards' together.
    static func merging(_ shards: [LeftOutSelection?]) -> LeftOutSelection? {
        var ignored: [RuleID: Int] = [:]
        var specSizes: [[ContentSizeCategory]: Int] = [:]
        for shard in shards {
            for r in shard?.rules ?? [] { ignored[r.rule, default: 0] += r.screens }
            for s in shard?.specCategories ?? [] { specSizes[s.categories, default: 0] += s.screens }
        }
        return LeftOutSelection(
            categories: shards.lazy.compactMap { $0?.categories }.first { !$0.isEmpty } ?? [],
            specCategories: specCategories(specSizes),
            devices: Set(shards.flatMap { $0?.devices ?? [] }).sorted(),
            rules: rules(ignored))
    }
}
