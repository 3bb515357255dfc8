import TypefitCore
import TypefitSpec

/// One screen state in one configuration: device, orientation, locale, category, focused field.
struct StateKey: Hashable {
    var device: Device
    var orientation: Orientation
    var locale: String
    var category: ContentSizeCategory
    var focused: String?

    /// The finding scope of this state.
    var findingState: Finding.State {
        Finding.State(device: device.name, orientation: orientation, locale: locale, category: category, focused: focused)
    }
}

extension StateKey {
    /// One state's key, made once per state and held by each of its text checks: a `StateKey`
    /// holds a whole `Device` (some thirty numbers and a name), which a value would copy per check.
    final class Shared {
        let key: StateKey
        init(_ key: StateKey) { self.key = key }
    }
}
