import TypefitCore

/// The devices and text sizes a narrowed run did not audit (`AuditReport.leftOut`): a gate run on
/// one device or at the Large size never reads as if every device or size had passed, in one run's
/// reports or in shards' merged.
public struct LeftOutSelection: Codable, Sendable, Equatable {
    /// The sizes `--categories` (or `.typefit.yml`'s `categories`) left out, smallest first.
    public var categories: [ContentSizeCategory]
    /// The devices the audited specs name that `--devices` (or `.typefit.yml`'s `devices`) left
    /// out, sorted.
    public var devices: [String]

    /// Nil when the run left out neither a size nor a device.
    init?(categories: [ContentSizeCategory], devices: [String]) {
        guard !categories.isEmpty || !devices.isEmpty else { return nil }
        self.categories = categories
        self.devices = devices
    }

    /// What a run with these options left out: the sizes `categories` does not name, and the
    /// `specDevices` not audited when `devices` was asked for.
    init?(options: AuditOptions, specDevices: Set<String>, usedDevices: Set<String>) {
        self.init(
            categories: options.categories.map { c in ContentSizeCategory.allCases.filter { !c.contains($0) } } ?? [],
            devices: options.devices == nil ? [] : specDevices.subtracting(usedDevices).sorted())
    }

    /// The shards' of one run together: the same options leave out the same sizes, and each shard
    /// names the devices its own specs have, so the run's are all of theirs.
    static func merging(_ shards: [LeftOutSelection?]) -> LeftOutSelection? {
        LeftOutSelection(
            categories: shards.lazy.compactMap { $0?.categories }.first { !$0.isEmpty } ?? [],
            devices: Set(shards.flatMap { $0?.devices ?? [] }).sorted())
    }
}
